"""Validate streams: its peak memory on a 100,000-event record stays under a fixed bound.

Measured with tracemalloc (every allocation Python makes), not with timings. Lines,
hashes and decoded events are dropped as soon as the next line is read; what a replay
keeps is the position, and the undo chain of standing actions that a retraction may
reach back into (format.md: retractions), only a window deep (`engine.UNDO_WINDOW`): a
retraction reaching further reads the record again.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import msgspec

from planets_log.engine.replay import Replay
from planets_log.record.events import Action, Note, Retract
from planets_log.engine.rules import CHANCE
from planets_log.engine.play import make_header, selfplay
from planets_log.record.lines import line_hash
from planets_log.audit.validate import validate_file
from tests.support.toy import Pile, Take

EVENTS = 100_000
MB = 1 << 20


class Writer:
    """Gates each event, writes its line and keeps only the position (never the lines)."""

    def __init__(self, path: Path, header, session):
        self.session, self.handle = session, open(path, "wb")
        raw = msgspec.json.encode(header)
        self.handle.write(raw + b"\n")
        self.pos = session.start(raw)

    def add(self, event) -> None:
        event = self.session.seal(self.pos, event)
        raw = self.session.encode(event)
        self.pos = self.session.step(self.pos, event, line_hash(raw))
        self.handle.write(raw + b"\n")

    def close(self) -> None:
        self.handle.close()


def peak_of_validate(path: Path, edition: str | None = None) -> tuple[int, object]:
    tracemalloc.start()
    try:
        report = validate_file(str(path), edition)
        return tracemalloc.get_traced_memory()[1], report
    finally:
        tracemalloc.stop()


def long_four_planets_record(path: Path) -> int:
    """A seeded Four Planets game with a long table talk in its middle (a move tried and taken
    back, a note), 100,000 events in all; the game then goes on to its end."""
    game = selfplay("four-planets", seed=3)
    src = path.with_suffix(".game")
    src.write_bytes(b"".join(line + b"\n" for line in game.lines))
    events = [step.event for step in Replay(str(src)).steps()]
    header, session = make_header("four-planets", list(game.session.header.players), seed=3, log_id="long-talk")
    out = Writer(path, header, session)
    middle = next(i for i in range(len(events) // 2, len(events)) if isinstance(events[i], Action))
    for event in events[:middle]:
        out.add(event)
    tried = events[middle]
    for i in range(-(-(EVENTS - len(events)) // 3)):
        out.add(tried)
        out.add(Retract(target=out.pos.seq, reason="tried"))
        out.add(Note(target=out.pos.seq, text=f"talk {i}"))
    for event in events[middle:]:
        out.add(event)
    out.close()
    return out.pos.seq


def long_countdown_record(path: Path, edition: Path, events: int = EVENTS) -> int:
    """Countdown from a pile of `events`: every event a standing action."""
    edition.write_text(f'name = "long"\nmin_pile = {events}\nmax_pile = {events}\n')
    header, session = make_header("countdown", ["Ann", "Ben"], seed=None, edition_path=str(edition))
    out = Writer(path, header, session)
    out.add(Pile(size=events))
    for i in range(events):
        out.add(Take(by=i % 2, n=1))
    out.close()
    return out.pos.seq


def test_validate_streams_a_100000_event_record_in_a_few_megabytes(tmp_path):
    path = tmp_path / "long.jsonl"
    events = long_four_planets_record(path)
    assert events >= EVENTS
    peak, report = peak_of_validate(path)
    assert report.valid and report.finished and report.events == events, report.errors
    # The file is about 100 bytes a line; reading it whole, or keeping each line, its event or
    # its position, would need tens of megabytes.
    assert path.stat().st_size > 8 * MB
    assert peak < 2 * MB, f"validate's peak was {peak / MB:.1f} MB"


BOUND = 2 * MB
"""One bound for 10,000 and 100,000 standing actions: the undo chain keeps at most two windows of states."""


def test_validate_of_standing_actions_peaks_under_one_bound_at_10000_and_100000(tmp_path):
    peaks = {}
    for events in (10_000, EVENTS):
        path, edition = tmp_path / f"countdown-{events}.jsonl", tmp_path / f"long-{events}.toml"
        assert long_countdown_record(path, edition, events) == events + 1
        peaks[events], report = peak_of_validate(path, str(edition))
        assert report.valid and report.finished and report.events == events + 1, report.errors
    # Keeping the state before every standing action (as a retraction may reach back to the
    # first) took about 200 bytes each: 20 MB at 100,000. Only the window's are kept now.
    assert all(peak < BOUND for peak in peaks.values()), {n: f"{p / MB:.2f} MB" for n, p in peaks.items()}
    assert peaks[EVENTS] < peaks[10_000] * 1.5, "validate's peak grows with the record's length"
