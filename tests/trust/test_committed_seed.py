"""Issue 11, seeds nobody can foresee: a committed secret seed, entropy, the reveal, peeks, --require."""

from __future__ import annotations

import json
import stat

import pytest

from planets_log.record.commit import commitment, seed_path
from tests.support.helpers import edit_line, rechain, write_lines

from .conftest import run, with_secret


def _new(runner, path, *extra, game="countdown", players=("Ann", "Ben")):
    args = ["new", game, *[a for p in players for a in ("--player", p)], *extra, path]
    res = run(runner, *args)
    assert res.exit_code == 0, res.output
    return res


def _play_out(runner, path):
    """Take one counter at a time until the game is over."""
    for _ in range(50):
        res = run(runner, "record", path, "take 1")
        assert res.exit_code == 0, res.output
        if "the game is over" in res.output:
            return res
    raise AssertionError("the game did not end")


def _lines(path):
    return path.read_bytes().splitlines()


def test_new_commits_to_a_secret_kept_beside_the_record(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    res = _new(runner, path)
    header = json.loads(_lines(path)[0])
    side = seed_path(path)
    secret = bytes.fromhex(json.loads(side.read_text())["secret"])
    assert header["seed"] is None and header["commit"] == {"sha256": commitment(secret)}
    assert len(secret) == 32
    assert stat.S_IMODE(side.stat().st_mode) == 0o600
    assert secret.hex() not in path.read_text() and secret.hex() not in res.output
    assert "commitment to the secret seed: " + header["commit"]["sha256"] in res.output


def test_public_seed_says_plainly_that_draws_can_be_foreseen(runner, tmp_path):
    res = _new(runner, tmp_path / "p.jsonl", "--seed", "7")
    assert "PUBLIC seed 7: anyone holding this record can foresee every draw" in res.output
    assert not seed_path(tmp_path / "p.jsonl").exists()


READERS = [("replay", "--each"), ("replay", "--format", "json"), ("moves", "--json"), ("score", "--json"),
           ("annotate", "--list"), ("validate",)]


def test_output_before_the_reveal_tells_nothing_of_the_draws_to_come(runner, tmp_path):
    """The same record prefix under two different secrets prints the same; the next draws differ."""
    game = "space-planets"  # a draw after every roll
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = tmp_path / "a" / "g.jsonl", tmp_path / "b" / "g.jsonl"
    _new(runner, a, game=game)
    with_secret(a, b, "ab" * 32)
    for command in READERS:
        out_a = run(runner, command[0], a, *command[1:]).output.replace(str(tmp_path / "a"), "")
        out_b = run(runner, command[0], b, *command[1:]).output.replace(str(tmp_path / "b"), "")
        assert out_a == out_b, command
    for _ in range(3):  # three rolls in a, each landing drawn from a's secret
        assert run(runner, "record", a, "roll").exit_code == 0
        run(runner, "record", a, "collect")
    from planets_log.engine.replay import Replay
    from planets_log.record.events import Chance

    rep = Replay(str(a), seed_file=str(seed_path(a)))
    mine, theirs = [], []
    for step in rep.steps():  # verified against a's secret as it goes
        if isinstance(step.event, Chance) and step.event.seq > 1:
            secret = rep.session.secret
            rep.session.secret = bytes.fromhex("ab" * 32)
            theirs.append(rep.session.expected_chance(step.before))
            rep.session.secret = secret
            mine.append(step.event)
    assert len(mine) >= 3 and [type(e)(**{**_fields(e), "seq": 0, "prev": ""}) for e in mine] != theirs


def _fields(event):
    import msgspec

    return msgspec.structs.asdict(event)


def test_entropy_is_recorded_and_changes_the_draws(runner, tmp_path):
    from planets_log.record.commit import effective_seed
    from planets_log.engine.replay import Replay
    from planets_log.engine.rng import chance_stream

    path = tmp_path / "a.jsonl"
    _new(runner, path, "--entropy", "Ann=kumquat", "--entropy", "Ben=7f3a", game="space-planets")
    lines = _lines(path)
    assert [json.loads(line)["type"] for line in lines[1:4]] == ["entropy", "entropy", "dealt"]
    assert json.loads(lines[1])["text"] == "kumquat"
    rep = Replay(str(path), seed_file=str(seed_path(path)))
    secret = rep.session.secret
    deal = next(step for step in rep.steps() if step.event.seq == 3)
    rules, state = rep.session.rules, deal.before.state
    ours = effective_seed(secret, (("Ann", "kumquat"), ("Ben", "7f3a")))
    other = effective_seed(secret, (("Ann", "kumquat"), ("Ben", "7f3b")))
    version = rep.header.rng or 1
    assert rules.chance(state, chance_stream(ours, 0, version)).cards == deal.event.cards
    assert rules.chance(state, chance_stream(other, 0, version)).cards != deal.event.cards


def test_entropy_after_the_first_draw_is_refused(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    _new(runner, path)
    from planets_log.engine.recorder import Recorder

    before = path.read_bytes()
    with pytest.raises(Exception, match=r"entropy\.late"):
        Recorder(str(path)).add_entropy("Ann", "late")
    assert path.read_bytes() == before


def test_the_game_end_reveals_the_seed_and_then_every_draw_is_verified(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    _new(runner, path)
    assert "not yet revealed" in run(runner, "validate", path).output
    _play_out(runner, path)
    last = json.loads(_lines(path)[-1])
    assert last["type"] == "reveal-seed" and last["secret"] == json.loads(seed_path(path).read_text())["secret"]
    res = run(runner, "validate", path)
    assert res.exit_code == 0 and "revealed, every draw verified" in res.output
    assert run(runner, "audit", path, "--require", "seeded").exit_code == 0
    # after the reveal, a changed draw (the pile) is caught, even with the chain recomputed
    lines = _lines(path)
    size = json.loads(lines[1])["size"]
    forged = write_lines(tmp_path / "forged.jsonl", rechain(edit_line(lines, 1, size=size + 1 if size < 6 else size - 1)))
    res = run(runner, "validate", forged)
    assert res.exit_code == 1
    assert "forged.jsonl:2: seq 1: illegal [chance.tampered]: this outcome is not the one the seed gives" in res.output


def test_a_wrong_reveal_is_caught(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    _new(runner, path)
    _play_out(runner, path)
    lines = _lines(path)
    forged = write_lines(tmp_path / "f.jsonl", rechain(edit_line(lines, len(lines) - 1, secret="cd" * 32)))
    res = run(runner, "validate", forged)
    assert res.exit_code == 1 and "[reveal.mismatch]" in res.output


@pytest.mark.parametrize("seeded", [("--seed", "7"), ()], ids=["public", "committed"])
def test_a_seeded_game_turned_into_a_table_game_fails_the_policy(runner, tmp_path, seeded):
    path = tmp_path / "g.jsonl"
    _new(runner, path, *seeded)
    _play_out(runner, path)
    header = json.loads(_lines(path)[0])
    header["seed"] = None
    header.pop("commit", None)
    lines = [json.dumps(header, separators=(",", ":")).encode()] + [
        line for line in _lines(path)[1:] if b"reveal-seed" not in line]
    size = json.loads(lines[1])["size"]
    forged = write_lines(tmp_path / "forged.jsonl", rechain(edit_line(lines, 1, size=size)))
    before = forged.read_bytes()
    val = run(runner, "validate", forged)
    assert val.exit_code == 0 and "mode: table game" in val.output  # validate says what it is
    res = run(runner, "audit", forged, "--require", "seeded")
    assert res.exit_code == 1
    assert "forged.jsonl:1: seq 0: [policy.seeded] the tournament requires seeded games" in res.output
    assert forged.read_bytes() == before


def test_a_public_seed_fails_a_secret_seed_policy(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    _new(runner, path, "--seed", "7")
    _play_out(runner, path)
    res = run(runner, "audit", path, "--require", "seeded")
    assert res.exit_code == 1 and "[policy.public-seed]" in res.output


def test_an_undo_after_a_draw_is_a_peek_needing_a_reason_and_is_listed(runner, tmp_path):
    path = tmp_path / "s.jsonl"
    _new(runner, path, game="space-planets")
    assert run(runner, "record", path, "roll").exit_code == 0
    before = path.read_bytes()
    seq = len(before.splitlines())  # the undo's line (the roll may have drawn a refill as well)
    res = run(runner, "undo", path)
    assert res.exit_code == 1
    assert res.output.strip() == (
        f"planets-log: {path}:{seq + 1}: seq {seq}: illegal [retract.peek]: taking back seq 2 also takes back a chance outcome "
        f"already seen in a seeded game (a peek); it needs the arbiter's reason; type: planets-log undo {path} "
        '--reason "WHY" (security.md: undo after a draw)')
    assert path.read_bytes() == before
    assert run(runner, "undo", path, "--reason", "TD: the die fell off the table").exit_code == 0
    val = run(runner, "validate", path)
    assert f"{path}: seq {seq}: peek: undo of seq 2 after its chance outcome was seen — reason: TD: the die fell off" in val.output
    aud = run(runner, "audit", path, "--json")
    assert json.loads(aud.output)["records"][0]["peeks"] == [
        {"seq": seq, "target": 2, "reason": "TD: the die fell off the table"}]


def test_without_the_secret_nobody_can_record_a_draw(runner, tmp_path):
    path = tmp_path / "s.jsonl"
    _new(runner, path, game="space-planets")
    seed_path(path).unlink()
    before = path.read_bytes()
    res = run(runner, "record", path, "roll")
    assert res.exit_code == 1 and "[seed.secret-missing]" in res.output
    res = run(runner, "record", path, "land 5 3")
    assert res.exit_code == 1
    assert path.read_bytes() == before
    assert run(runner, "annotate", path, "--at", "1", "a note needs no secret").exit_code == 0


def test_validate_with_the_seed_file_verifies_before_the_reveal(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    _new(runner, path)
    res = run(runner, "validate", path, "--seed-file", seed_path(path))
    assert res.exit_code == 0 and "draws verified with --seed-file" in res.output
    lines = _lines(path)
    size = json.loads(lines[1])["size"]
    forged = write_lines(tmp_path / "f.jsonl", rechain(edit_line(lines, 1, size=size + 1 if size < 6 else size - 1)))
    res = run(runner, "validate", forged, "--seed-file", seed_path(path))
    assert res.exit_code == 1  # the log ids match: the same game's secret catches the changed pile
    assert "[chance.tampered]" in res.output


def test_ask_entropy_shows_the_commitment_before_the_players_type(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    res = run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", "--ask-entropy", path,
              input="kumquat\n\n")
    assert res.exit_code == 0, res.output
    commit = res.output.index("commitment to the secret seed: ")
    assert commit < res.output.index("entropy from Ann") < res.output.index("entropy from Ben")
    entropy = [json.loads(line) for line in _lines(path) if b'"entropy"' in line]
    assert [(e["player"], e["text"]) for e in entropy] == [("Ann", "kumquat")]  # Ben skipped


def test_entropy_needs_a_secret_seed_and_a_player(runner, tmp_path):
    res = run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", "--entropy", "Ann=x",
              tmp_path / "a.jsonl")
    assert res.exit_code == 2 and "--entropy goes with a secret seed" in res.output
    res = run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", "--entropy", "Zed=x",
              tmp_path / "b.jsonl")
    assert res.exit_code == 2 and "'Zed' is not a player" in res.output
    assert not (tmp_path / "a.jsonl").exists() and not (tmp_path / "b.jsonl").exists()
    assert not seed_path(tmp_path / "b.jsonl").exists()


def test_new_over_an_existing_file_leaves_no_seed_file(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text("mine\n")
    res = run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", path)
    assert res.exit_code == 2 and "already exists" in res.output
    assert path.read_text() == "mine\n" and not seed_path(path).exists()


def test_recording_after_the_arbiters_reveal_warns_that_draws_are_foreseeable(runner, tmp_path):
    """After `reveal` mid-game every later draw can be computed: `record` says so each time, on stderr."""
    path = tmp_path / "g.jsonl"
    _new(runner, path)
    res = run(runner, "record", path, "take 1")
    assert "seed was revealed" not in res.stderr
    assert run(runner, "reveal", path).exit_code == 0
    res = run(runner, "record", path, "take 1")
    assert res.exit_code == 0, res.output
    assert "warning: the seed was revealed at seq" in res.stderr
    assert "foresee every draw still to come" in res.stderr
    assert "seed was revealed" not in res.stdout
