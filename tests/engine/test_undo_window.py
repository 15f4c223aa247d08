"""A streaming replay keeps the undo chain only a window deep; a retraction reaching further
re-reads the record (format.md: retractions), and every answer is the one the whole chain gives."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from planets_log.engine.session import SPILLED
from planets_log.engine.replay import Replay, digest
from planets_log.record.errors import RecordError
from planets_log.record.events import Note, Retract
from planets_log.engine.play import make_header
from planets_log.audit.validate import validate_file
from tests.engine.test_memory import Writer
from tests.support.toy import Pile, Take

WINDOW = 4


def countdown(tmp_path: Path, pile: int = 400) -> tuple[Writer, str]:
    edition = tmp_path / "big.toml"
    edition.write_text(f'name = "big"\nmin_pile = {pile}\nmax_pile = {pile}\n')
    header, session = make_header("countdown", ["Ann", "Ben"], seed=None, edition_path=str(edition))
    out = Writer(tmp_path / "game.jsonl", header, session)
    out.add(Pile(size=pile))
    return out, str(edition)


def take(out: Writer) -> None:
    out.add(Take(by=out.session.to_move(out.pos), n=1))


def standing(pos) -> list[int]:
    seqs, u = [], pos.undo
    while u is not None and u.state is not SPILLED:
        seqs.append(u.seq)
        u = u.parent
    return seqs


def both(path: Path, edition: str):
    """The final positions of a windowed replay and of one keeping the whole chain."""
    windowed = Replay(str(path), edition, undo_window=WINDOW)
    return windowed, windowed.final(), Replay(str(path), edition, undo_window=None).final()


def test_a_long_game_keeps_only_a_window_of_undo_states(tmp_path):
    out, edition = countdown(tmp_path)
    for _ in range(50):
        take(out)
    out.close()
    replay, last, whole = both(out.handle.name, edition)
    assert len(standing(whole)) == 51
    kept = standing(last)
    assert WINDOW <= len(kept) < 2 * WINDOW + 1 and kept == standing(whole)[:len(kept)]
    assert replay.undo_window == WINDOW, "a replay without a deep retraction read the record once"


def test_a_retraction_beyond_the_window_restores_the_state_the_whole_chain_gives(tmp_path):
    out, edition = countdown(tmp_path)
    for _ in range(40):
        take(out)
    out.add(Retract(target=5, reason="back to the fourth take"))
    take(out)
    out.close()
    replay, last, whole = both(out.handle.name, edition)
    assert last.state == whole.state and last.state.pile == 400 - 4
    assert standing(last) == standing(whole)[:len(standing(last))] and standing(whole)[0] == last.seq
    assert replay.undo_window is None, "the deep retraction re-read the record and kept the chain whole after"


def test_a_trusted_replay_reaches_beyond_the_window_too(tmp_path):
    out, edition = countdown(tmp_path)
    for _ in range(30):
        take(out)
    out.add(Retract(target=3))
    out.close()
    trusted = Replay(out.handle.name, edition, undo_window=WINDOW).trusted()
    assert trusted.state == Replay(out.handle.name, edition, undo_window=None).final().state
    assert trusted.state.pile == 400 - 1


def test_a_deep_retraction_of_a_line_already_taken_back_is_refused_as_with_the_whole_chain(tmp_path):
    out, edition = countdown(tmp_path)
    for _ in range(10):
        take(out)
    out.add(Retract(target=8))  # takes back seq 8 onwards
    for _ in range(30):
        take(out)
    out.close()
    lines = Path(out.handle.name).read_bytes().splitlines()
    # seq 9 no longer stands: a retraction of it, appended by hand with a good chain, must be refused
    from planets_log.record.lines import line_hash

    bad = msgspec.json.encode(Retract(target=9, seq=len(lines), prev=line_hash(lines[-1])))
    Path(out.handle.name).write_bytes(b"\n".join(lines + [bad]) + b"\n")
    windowed = validate_file(out.handle.name, edition)
    assert not windowed.valid and [e.code for e in windowed.errors] == ["retract.target"]
    with pytest.raises(RecordError, match=r"retract\.target|not a standing line"):
        Replay(out.handle.name, edition, undo_window=WINDOW).final()
    whole = Replay(out.handle.name, edition, undo_window=None)
    with pytest.raises(RecordError) as exc:
        whole.final()
    assert str(exc.value) == str(windowed.errors[0])


@pytest.mark.parametrize("seed", range(12))
def test_random_retractions_give_the_same_positions_windowed_or_whole(tmp_path, seed):
    rnd = random.Random(seed)
    out, edition = countdown(tmp_path, pile=300)
    for _ in range(rnd.randrange(60, 160)):
        roll = rnd.random()
        if roll < 0.15 and out.pos.undo is not None:
            targets = standing(out.pos)
            out.add(Retract(target=rnd.choice(targets), reason="r"))
        elif roll < 0.2:
            out.add(Note(target=out.pos.seq, text="n"))
        elif out.session.to_move(out.pos) >= 0:
            take(out)
    out.close()
    windowed, whole = Replay(out.handle.name, edition, undo_window=WINDOW), Replay(out.handle.name, edition, undo_window=None)
    pairs = list(zip(windowed.steps(), whole.steps(), strict=True))
    for a, b in pairs:
        assert (a.after.seq, a.after.head, digest(a.after.state)) == (b.after.seq, b.after.head, digest(b.after.state))
        kept = standing(a.after)
        assert kept == standing(b.after)[:len(kept)]
