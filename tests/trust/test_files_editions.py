"""Issue 25, files and editions: the umask, an edition's parsed twin, the name rules on read, the arbiter's
overrides."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest

from planets_log.engine.edition import _CACHE
from tests.support.helpers import rechain, write_lines

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
    assert res.exit_code == 1
    assert "bad.jsonl:1: seq 0: invalid [header.players]: two player names are the same" in res.output


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


def _forged_twin(tmp_path):
    """printed.toml (the reference edition, renamed) beside a twin that carries its sha256 but other data (every
    1-VP card worth 3: still a valid edition), and forged.toml, the TOML of that data."""
    from planets_log.engine.edition import twin_path, write_twin
    from planets_log.engine.registry import get_rules

    text = (get_rules("four-planets").edition_dir / "reference.toml").read_text()
    printed = tmp_path / "printed.toml"
    printed.write_text(text.replace('name = "reference"', 'name = "printed"', 1))
    forged = tmp_path / "forged.toml"
    forged.write_text(printed.read_text().replace("\nvp = 1\n", "\nvp = 3\n"))
    twin = json.loads(write_twin(forged).read_text())
    twin["toml_sha256"] = hashlib.sha256(printed.read_bytes()).hexdigest()
    twin_path(printed).write_text(json.dumps(twin))
    return printed, forged


def _deals(path) -> list[dict]:
    """A record's lines after the header, without their chain (each record has its own log_id)."""
    return [{k: v for k, v in json.loads(line).items() if k != "prev"} for line in path.read_text().splitlines()[1:]]


def test_new_deals_from_the_toml_not_from_a_twin_that_claims_its_digest(runner, tmp_path):
    printed, forged = _forged_twin(tmp_path)
    args = ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3"]
    for edition, out in ((printed, "p.jsonl"), (forged, "f.jsonl"), (tmp_path / "plain.toml", "plain.jsonl")):
        if out == "plain.jsonl":  # the same TOML bytes, no twin beside them
            edition.write_bytes(printed.read_bytes())
        _CACHE.clear()
        assert run(runner, *args, "--edition", edition, tmp_path / out).exit_code == 0
    assert _deals(tmp_path / "p.jsonl") == _deals(tmp_path / "plain.jsonl") != _deals(tmp_path / "f.jsonl")


def test_a_record_dealt_from_a_forged_twin_is_invalid_with_the_toml(runner, tmp_path):
    """A record dealt from the twin's data, pinning the TOML's digest and carrying no copy of it: `validate` and
    `audit` with --edition printed.toml read the TOML, and the first deal is not the one it gives."""
    printed, forged = _forged_twin(tmp_path)
    rec = tmp_path / "r.jsonl"
    assert run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3", "--edition", forged,
               rec).exit_code == 0
    lines = rec.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["edition"] = {"name": "printed", "sha256": hashlib.sha256(printed.read_bytes()).hexdigest()}
    del header["edition_file"]
    write_lines(rec, rechain([json.dumps(header, separators=(",", ":")).encode()] + lines[1:]))
    _CACHE.clear()
    res = run(runner, "validate", rec, "--edition", printed)
    assert res.exit_code == 1 and "[chance.tampered]" in res.output, res.output
    _CACHE.clear()
    audited = run(runner, "audit", rec, "--edition", f"four-planets={printed}", "--quiet")
    assert audited.exit_code == 1 and "[chance.tampered]" in audited.output, audited.output


def _overridden(runner, finished, arbiter=("--arbiter", "TD Kim")):
    """The finished game with the arbiter's result: the player the rules do not make the winner."""
    rules = json.loads(run(runner, "audit", finished, "--json").output)["records"][0]["result"]["winners"]
    other = next(p for p in ("P1", "P2") if p not in rules)
    res = run(runner, "result", finished, "--winner", other, "--by", "arbiter", *arbiter, "--reason", "left early")
    assert res.exit_code == 0, res.output
    return other, rules[0]


def test_an_arbiters_override_is_listed_by_validate_and_audit_sealed_or_not(runner, finished, tmp_path):
    winner, ruled = _overridden(runner, finished)
    seq = len(finished.read_bytes().splitlines()) - 1
    words = f"seq {seq}: result overridden by the arbiter (TD Kim): the arbiter declared {winner} instead of {ruled}"
    assert run(runner, "keygen", "--out", tmp_path / "org").exit_code == 0
    assert run(runner, "seal", finished, "--key", tmp_path / "org.key").exit_code == 0
    text = run(runner, "validate", finished).output
    assert f"done.jsonl: {words} — reason: left early" in text
    listed = {"seq": seq, "arbiter": "TD Kim", "reason": "left early", "winners": [winner], "rules": [ruled]}
    assert json.loads(run(runner, "validate", finished, "--json").output)[0]["overrides"] == [listed]
    audited = run(runner, "audit", finished, "--key", tmp_path / "org.pub")
    assert audited.exit_code == 0
    assert "ok (four-planets, finished, result overridden by the arbiter, sealed, signature verified)" in audited.output
    assert f"done.jsonl: {words} — reason: left early" in audited.output
    report = json.loads(run(runner, "audit", finished, "--key", tmp_path / "org.pub", "--json").output)
    assert report["records"][0]["overrides"] == [listed] and report["problems"] == 0
    rows = run(runner, "audit", finished, "--key", tmp_path / "org.pub", "--csv").output.splitlines()
    assert rows[1:] == [f"{finished},{seq + 1},{seq},result.overridden,the arbiter declared {winner} instead of "
                        f"{ruled} (arbiter: TD Kim) — reason: left early,"]  # record: only when about another file (audit.md)


def test_audit_can_refuse_an_override_not_sealed_after_it(runner, finished, tmp_path):
    _overridden(runner, finished, arbiter=())
    seq = len(finished.read_bytes().splitlines()) - 1
    assert "(not named)" in run(runner, "validate", finished).output
    refused = run(runner, "audit", finished, "--require", "overrides-sealed", "--quiet")
    assert refused.exit_code == 1
    assert f"done.jsonl:{seq + 1}: seq {seq}: [policy.override] the tournament requires an arbiter's override to be " \
           "sealed after it; this record is not sealed" in refused.output
    assert run(runner, "keygen", "--out", tmp_path / "org").exit_code == 0
    assert run(runner, "seal", finished, "--key", tmp_path / "org.key").exit_code == 0
    assert run(runner, "audit", finished, "--require", "overrides-sealed", "--key", tmp_path / "org.pub").exit_code == 0


def test_arbiter_names_an_arbiters_result_only(runner, finished):
    res = run(runner, "result", finished, "--winner", "P1", "--arbiter", "TD Kim")
    assert res.exit_code == 2 and "--arbiter names who decided a result declared --by arbiter" in res.output
