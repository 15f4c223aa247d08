"""Issue 25, files and editions: the umask, an edition's parsed twin, the name rules on read, the arbiter's overrides."""

from __future__ import annotations

import json
import os
import stat

import pytest

from tests.helpers import rechain, write_lines

from .conftest import run


def _with_players(src, out, players):
    """`src` with other player names in its header (the chain rebuilt, as a forger would)."""
    lines = src.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["players"] = players
    write_lines(out, rechain([json.dumps(header, separators=(",", ":")).encode()] + lines[1:]))
    return out


@pytest.mark.parametrize("players, why", [
    (["P1", "p1 "], "two player names are the same once trimmed and case-folded"),
    (["P1", "3"], "a player's name may not be a number ('3')"),
])
def test_a_header_breaking_a_name_rule_new_enforces_is_invalid(runner, fp, tmp_path, players, why):
    bad = _with_players(fp, tmp_path / "bad.jsonl", players)
    res = run(runner, "validate", bad)
    assert res.exit_code == 1, res.output
    assert f"bad.jsonl:1: seq 0: invalid [header.players]: {why}" in res.output
    audited = run(runner, "audit", bad, "--quiet")
    assert audited.exit_code == 1 and "[header.players]" in audited.output
    res = run(runner, "new", "four-planets", *[a for p in players for a in ("--player", p)], tmp_path / "n.jsonl")
    assert res.exit_code == 2 and why in res.output  # the same rule, the same words, at `new`


def test_a_campaign_header_breaking_a_name_rule_is_invalid(runner, tmp_path):
    camp = tmp_path / "camp.jsonl"
    assert run(runner, "campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7",
               camp).exit_code == 0
    bad = _with_players(camp, tmp_path / "bad.jsonl", ["Ann", "ann"])
    res = run(runner, "campaign", "validate", bad)
    assert res.exit_code == 1 and "bad.jsonl:1: seq 0: invalid [header.players]: two player names are the same" in res.output


@pytest.fixture
def umask():
    """Set the process's umask for one test (restored after)."""
    old = os.umask(0o022)
    yield os.umask
    os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_every_new_file_follows_the_umask(runner, tmp_path, umask):
    umask(0o077)
    game, camp, org = tmp_path / "g.jsonl", tmp_path / "camp.jsonl", tmp_path / "org"
    assert run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", game).exit_code == 0
    assert run(runner, "export", game, "--html", tmp_path / "g.html").exit_code == 0
    assert run(runner, "render", game, "--svg", tmp_path / "g.svg").exit_code == 0
    assert run(runner, "campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", camp).exit_code == 0
    assert run(runner, "keygen", "--out", org).exit_code == 0
    game.write_bytes(game.read_bytes() + b'{"torn')
    assert run(runner, "repair", game).exit_code == 0
    made = ["g.jsonl", "g.jsonl.seed", "g.html", "g.svg", "camp.jsonl", "camp.jsonl.seed", "org.key", "org.pub",
            "g.jsonl.torn-1"]
    assert {name: oct(_mode(tmp_path / name)) for name in made} == {name: "0o600" for name in made}


def test_under_an_open_umask_a_record_is_readable_and_secrets_stay_owner_only(runner, tmp_path, umask):
    umask(0)
    game, org = tmp_path / "g.jsonl", tmp_path / "org"
    assert run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", game).exit_code == 0
    assert run(runner, "keygen", "--out", org).exit_code == 0
    assert run(runner, "keygen", "--hmac", "--out", tmp_path / "shared.json").exit_code == 0
    assert (_mode(game), _mode(tmp_path / "org.pub")) == (0o666, 0o666)
    assert {_mode(tmp_path / n) for n in ("g.jsonl.seed", "org.key", "shared.json")} == {0o600}


def test_what_is_written_again_keeps_its_permissions(runner, tmp_path, umask):
    game, page = tmp_path / "g.jsonl", tmp_path / "g.html"
    assert run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3", game).exit_code == 0
    assert run(runner, "export", game, "--html", page).exit_code == 0
    page.chmod(0o640)
    umask(0o077)
    assert run(runner, "export", game, "--html", page).exit_code == 0
    game.write_bytes(game.read_bytes() + b'{"torn')
    assert run(runner, "repair", game).exit_code == 0
    assert (_mode(page), _mode(game), _mode(tmp_path / "g.jsonl.torn-1")) == (0o640, 0o644, 0o600)
