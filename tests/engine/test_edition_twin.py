"""The parsed twin of a game's own TOML edition is used only for exactly the TOML bytes it was made from, and a
file given with --edition is always read from its TOML."""

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


@pytest.fixture
def own_folder(tmp_path, monkeypatch):
    """Four Planets' own edition folder, copied to tmp_path (so a test may change its files)."""
    rules = get_rules("four-planets")
    folder = tmp_path / "editions"
    shutil.copytree(rules.edition_dir, folder)
    monkeypatch.setattr(type(rules), "edition_dir", folder)
    _CACHE.clear()
    yield rules, folder / "reference.toml"
    _CACHE.clear()


def test_a_stale_twin_is_never_used(own_folder):
    """After the TOML changes, its old twin no longer matches: the TOML is parsed and its digest pinned."""
    rules, toml = own_folder
    assert load_edition(rules).data.name == "reference"
    toml.write_text(toml.read_text().replace('name = "reference"', 'name = "house"', 1))
    _CACHE.clear()
    edition = load_edition(rules)
    assert edition.data.name == "house"
    assert edition.ref.sha256 == hashlib.sha256(toml.read_bytes()).hexdigest()


def test_the_twin_of_a_games_own_edition_is_what_is_read(own_folder):
    """The twin is used for the game's own edition: a changed twin (carrying the right digest) shows; the same
    TOML named with --edition is read from the TOML itself."""
    rules, toml = own_folder
    twin = msgspec.json.decode(twin_path(toml).read_bytes())
    twin["data"]["name"] = "from the twin"
    twin_path(toml).write_bytes(msgspec.json.encode(twin))
    assert load_edition(rules).data.name == "from the twin"
    _CACHE.clear()
    assert load_edition(rules, toml).data.name == "reference"


def test_the_twin_gives_the_same_edition_as_the_toml(own_folder):
    """With or without its twin, a game's own TOML edition loads to the same data and digest."""
    rules, toml = own_folder
    twinned = load_edition(rules)
    twin_path(toml).unlink()
    _CACHE.clear()
    plain = load_edition(rules)
    assert twinned.data == plain.data and twinned.ref == plain.ref
    write_twin(toml)
    _CACHE.clear()
    assert load_edition(rules).data == plain.data
