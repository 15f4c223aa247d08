"""Issue 11, players' entropy typed at the prompt: `new --ask-entropy` (and `campaign new
--ask-entropy`) shows the commitment, then asks each player in turn on the terminal, before
the setup is drawn; the entropy is recorded and the draws come from it. Run through a real
pseudo-terminal, as players at the table would type it."""

from __future__ import annotations

import json
from pathlib import Path

from planets_log.record.commit import effective_seed, seed_path

from .conftest import through_pty


def _converse(args: list[str], answers: dict[bytes, bytes], cwd: Path) -> bytes:
    """Run planets-log on a new pseudo-terminal, answering each prompt; it must succeed."""
    code, out = through_pty(args, answers, cwd)
    assert code == 0, out
    return out


def test_players_type_their_entropy_at_the_terminal_before_the_setup_is_drawn(tmp_path):
    out = _converse(["new", "four-planets", "--player", "Ann", "--player", "Ben", "--ask-entropy", "g.jsonl"],
                    {b"entropy from Ann": b"kumquat", b"entropy from Ben": b"7f3a owl"}, tmp_path)
    commit = out.index(b"commitment to the secret seed: ")
    assert commit < out.index(b"entropy from Ann") < out.index(b"entropy from Ben") < out.index(b"chance outcomes drawn")
    lines = [json.loads(line) for line in (tmp_path / "g.jsonl").read_bytes().splitlines()]
    assert [(e["type"], e.get("player"), e.get("text")) for e in lines[1:3]] == [
        ("entropy", "Ann", "kumquat"), ("entropy", "Ben", "7f3a owl")]
    assert lines[3]["type"] == "bonus"  # the first draw comes after the entropy
    from planets_log.engine.replay import Replay

    replay = Replay(str(tmp_path / "g.jsonl"), seed_file=str(seed_path(tmp_path / "g.jsonl")))
    first = next(step for step in replay.steps() if step.event.seq == 3)
    want = replay.session.rules.chance(first.before.state, _stream(replay, (("Ann", "kumquat"), ("Ben", "7f3a owl"))))
    assert want.cards == tuple(lines[3]["cards"])
    other = replay.session.rules.chance(first.before.state, _stream(replay, ()))
    assert other.cards != want.cards  # without the entropy the deal would differ: it is mixed in


def _stream(replay, entropy):
    from planets_log.engine.rng import chance_stream

    seed = effective_seed(replay.session.secret, entropy)
    return chance_stream(seed, 0, replay.session.header.rng or 1)


def test_a_campaign_takes_entropy_at_the_terminal_too(tmp_path):
    out = _converse(["campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben", "--ask-entropy",
                     "c.jsonl"], {b"entropy from Ann": b"fig", b"entropy from Ben": b""}, tmp_path)
    assert out.index(b"commitment to the secret seed: ") < out.index(b"entropy from Ann")
    header = json.loads((tmp_path / "c.jsonl").read_bytes().splitlines()[0])
    assert header["entropy"] == [["Ann", "fig"]]  # Ben pressed Enter: no entropy from Ben
