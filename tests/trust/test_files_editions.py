"""Issue 25, files and editions: the umask, an edition's parsed twin, the name rules on read, the arbiter's overrides."""

from __future__ import annotations

import json

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
