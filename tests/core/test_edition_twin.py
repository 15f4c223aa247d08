"""The parsed twin of a TOML edition is used only for exactly the TOML bytes it was made from."""

from __future__ import annotations

import hashlib
import shutil

import msgspec
import pytest

from planets_log.engine.edition import _CACHE, load_edition, twin_path, write_twin
from planets_log.engine.registry import GAMES, get_rules

SHIPPED = [game for game, module in GAMES.items() if module.startswith("planets_log.games.")]


@pytest.mark.parametrize("game", SHIPPED)
def test_shipped_twins_are_fresh_and_decode_like_the_toml(game):
    """Each reference edition's twin matches its TOML; refresh with: python -m planets_log.engine.edition FILE.toml."""
    rules = get_rules(game)
    toml = rules.edition_dir / "reference.toml"
    raw = toml.read_bytes()
    twin = msgspec.json.decode(twin_path(toml).read_bytes())
    assert twin["toml_sha256"] == hashlib.sha256(raw).hexdigest(), f"stale twin: python -m planets_log.engine.edition {toml}"
    assert msgspec.json.decode(msgspec.json.encode(twin["data"]), type=rules.edition_type) == \
        msgspec.toml.decode(raw, type=rules.edition_type)


def test_a_stale_twin_is_never_used(tmp_path):
    """After the TOML changes, its old twin no longer matches: the TOML is parsed and its digest pinned."""
    rules = get_rules("four-planets")
    toml = tmp_path / "house.toml"
    shutil.copy(rules.edition_dir / "reference.toml", toml)
    write_twin(toml)
    assert load_edition(rules, toml).data.name == "reference"
    toml.write_text(toml.read_text().replace('name = "reference"', 'name = "house"', 1))
    _CACHE.clear()
    edition = load_edition(rules, toml)
    assert edition.data.name == "house"
    assert edition.ref.sha256 == hashlib.sha256(toml.read_bytes()).hexdigest()


def test_the_twin_gives_the_same_edition_as_the_toml(tmp_path):
    """With or without its twin, a TOML edition loads to the same data and digest."""
    rules = get_rules("planetopia")
    toml = tmp_path / "copy.toml"
    shutil.copy(rules.edition_dir / "reference.toml", toml)
    _CACHE.clear()
    plain = load_edition(rules, toml)
    write_twin(toml)
    _CACHE.clear()
    twinned = load_edition(rules, toml)
    assert twinned.data == plain.data and twinned.ref == plain.ref
