"""Issue 11, seeds nobody can foresee, for campaigns: Four Planets' mini-campaign gets the same
committed seed as a game (a 256-bit secret beside the record, its commitment and the players'
entropy in the header, each game's secret derived from it, the reveal when the campaign is
over); `--seed N` stays for demos, with the warning."""

from __future__ import annotations

import json
import stat

import pytest

from planets_log.audit.campaign import Campaign, game_secret
from planets_log.audit.campaign_links import validate_campaign
from planets_log.record.commit import commitment, seed_path
from planets_log.record.errors import RecordError
from planets_log.engine.recorder import Recorder
from planets_log.engine.rng import rng
from tests.support.helpers import rechain, write_lines

from .conftest import run, with_secret

PLAYERS = ("--player", "Ann", "--player", "Ben")


def _new(runner, path, *extra):
    res = run(runner, "campaign", "new", "four-planets", *PLAYERS, *extra, path)
    assert res.exit_code == 0, res.output
    return res


def _next(runner, path, *extra):
    res = run(runner, "campaign", "next", path, *extra)
    assert res.exit_code == 0, res.output
    return res.output


def _lines(path):
    return path.read_bytes().splitlines()


def test_a_campaign_commits_to_a_secret_kept_beside_it(runner, tmp_path):
    path = tmp_path / "camp.jsonl"
    res = _new(runner, path, "--entropy", "Ann=kumquat")
    header = json.loads(_lines(path)[0])
    side = seed_path(path)
    secret = bytes.fromhex(json.loads(side.read_text())["secret"])
    assert len(secret) == 32 and stat.S_IMODE(side.stat().st_mode) == 0o600
    assert header["seed"] is None and header["commit"] == {"sha256": commitment(secret)}
    assert header["entropy"] == [["Ann", "kumquat"]]
    assert secret.hex() not in path.read_text() + res.output
    assert res.output.startswith(f"commitment to the secret seed: {commitment(secret)}\n")


def test_a_public_seed_says_so_and_keeps_its_header_bytes(runner, tmp_path):
    path = tmp_path / "camp.jsonl"
    res = _new(runner, path, "--seed", "7")
    assert "PUBLIC seed 7: anyone holding this record can foresee every deal and draw" in res.output
    assert not seed_path(path).exists()
    header = json.loads(_lines(path)[0])
    assert "commit" not in header and "entropy" not in header and header["seed"] == 7


def test_entropy_needs_a_secret_seed(runner, tmp_path):
    res = run(runner, "campaign", "new", "four-planets", *PLAYERS, "--seed", "3", "--entropy", "Ann=x",
              tmp_path / "a.jsonl")
    assert res.exit_code == 2 and "--entropy goes with a secret seed" in res.output
    assert not (tmp_path / "a.jsonl").exists()


def test_ask_entropy_shows_the_commitment_first(runner, tmp_path):
    path = tmp_path / "camp.jsonl"
    res = run(runner, "campaign", "new", "four-planets", *PLAYERS, "--ask-entropy", path, input="fig\n\n")
    assert res.exit_code == 0, res.output
    assert res.output.index("commitment to the secret seed") < res.output.index("entropy from Ann")
    assert json.loads(_lines(path)[0])["entropy"] == [["Ann", "fig"]]


def test_output_before_the_reveal_tells_nothing_of_the_deals_to_come(runner, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = tmp_path / "a" / "camp.jsonl", tmp_path / "b" / "camp.jsonl"
    _new(runner, a)
    _next(runner, a)  # both deals drawn from a's secret
    with_secret(a, b, "cd" * 32)
    for command in [("status",), ("status", "--seat", "Ann"), ("status", "--json"), ("score",), ("validate",)]:
        out_a = run(runner, "campaign", command[0], a, *command[1:]).output.replace(str(tmp_path / "a"), "")
        out_b = run(runner, "campaign", command[0], b, *command[1:]).output.replace(str(tmp_path / "b"), "")
        assert out_a == out_b, command
    assert "deals not yet verifiable" in run(runner, "campaign", "validate", a).output
    # the secret, not the record, decides the deals: a's verify against a's secret, not against b's
    assert Campaign(a, seed_file=seed_path(a)).draw_seed is not None
    with pytest.raises(RecordError) as caught:
        Campaign(b, seed_file=seed_path(b))
    assert caught.value.code == "chance.tampered" and caught.value.line == 2


def _play_out(path):
    """Play a started committed game to its end through the recorder (which draws and, at the end, reveals)."""
    recorder = Recorder(str(path), fsync=False)
    policy = rng(5, "campaign-seed-policy")
    while recorder.rules.to_move(recorder.pos.state) >= 0:
        recorder.add(policy.choice(recorder.rules.legal(recorder.pos.state)))


def _whole_campaign(runner, folder):
    """A committed campaign played to its end; returns its path."""
    path = folder / "camp.jsonl"
    _new(runner, path, "--entropy", "Ben=owl")
    for _ in range(40):
        camp = Campaign(path)
        step, n = camp.rules.due(camp.state)
        if step == "over":
            return path
        if step in ("keep", "pick"):
            camp = Campaign(path, seed_file=seed_path(path))
            held = camp.state.hands[n] if step == "keep" else camp.state.passed
            _next(runner, path, "--keep", f"{('Ann', 'Ben')[n]}={held[0]}")
        elif step == "finish":
            _play_out(folder / camp.state.games[-1].file)
            _next(runner, path)
        else:
            _next(runner, path)
    raise AssertionError("the campaign did not end")


def test_games_get_secrets_from_the_campaign_and_the_reveal_makes_every_deal_checkable(runner, tmp_path):
    path = _whole_campaign(runner, tmp_path)
    lines = _lines(path)
    reveal = json.loads(lines[-1])
    assert reveal["type"] == "reveal-seed" and reveal["secret"] == json.loads(seed_path(path).read_text())["secret"]
    camp = Campaign(path)
    for n, game in enumerate(camp.state.games, 1):
        header = json.loads((tmp_path / game.file).read_bytes().splitlines()[0])
        assert header["seed"] is None and header["commit"]["sha256"] == commitment(game_secret(camp, n))
        last = json.loads((tmp_path / game.file).read_bytes().splitlines()[-1])
        assert last["type"] == "reveal-seed"  # each game revealed at its own end
    assert validate_campaign(path) == []
    res = run(runner, "campaign", "validate", path)
    assert res.exit_code == 0 and "secret seed revealed, every deal verified" in res.output
    # a deal changed after the fact, the chain rebuilt: caught once the seed is revealed
    deal = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "deal")
    obj = json.loads(lines[deal])
    box = [b for b in ("tower", "shipyard", "mint", "museum", "telescope", "observatorium")
           if b not in obj["buildings"]]
    obj["buildings"] = [box[0]] + obj["buildings"][1:]
    forged = list(lines)
    forged[deal] = json.dumps(obj, separators=(",", ":")).encode()
    write_lines(path, rechain(forged))
    errors = validate_campaign(path)
    assert errors and errors[0].code == "chance.tampered" and errors[0].line == deal + 1


def test_a_game_with_a_public_seed_in_a_committed_campaign_is_caught(runner, tmp_path):
    path = _whole_campaign(runner, tmp_path)
    game = tmp_path / Campaign(path).state.games[0].file
    glines = _lines(game)
    header = json.loads(glines[0])
    header["seed"], header["commit"] = 7, None
    del header["commit"]
    write_lines(game, rechain([json.dumps(header, separators=(",", ":")).encode()] + glines[1:]))
    errors = validate_campaign(path)
    assert any(e.code == "campaign.seed" and "a public seed" in e.message for e in errors), errors


def test_next_without_the_side_file_refuses(runner, tmp_path):
    path = tmp_path / "camp.jsonl"
    _new(runner, path)
    seed_path(path).unlink()
    before = path.read_bytes()
    res = run(runner, "campaign", "next", path)
    assert res.exit_code == 1 and "[seed.secret-missing]" in res.output
    assert path.read_bytes() == before
