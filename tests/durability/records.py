"""Toy-game ("countdown") records for the durability tests, built through the real core."""

from __future__ import annotations

import random
import re
from pathlib import Path

from planets_log.engine.replay import Replay
from planets_log.record.events import Note, Retract
from planets_log.engine.rules import TERMINAL
from planets_log.engine.play import Builder, make_header
from planets_log.record.lines import line_hash
from tests.support.toy import Take

# Texts that exercise the strict reader: multi-byte UTF-8, U+2028/U+2029 inside strings
# (a line separator for str.splitlines, but not for the record), escapes, and brackets
# inside strings (which the nesting check must not count).
TEXTS = [
    "good move",
    "Ann hesitated \u2028 then took two",
    "para\u2029graph",
    "caf\u00e9 \U0001fa90 \u00fcber",
    'quote " and backslash \\ and tab \t',
    "[" * 40 + "{" * 40 + " not nesting, just text",
    "0123456789",
    "",
]


def new_builder(seed: int = 3, players=("Ann", "Ben"), log_id: str | None = None) -> Builder:
    """A seeded countdown record with its opening pile drawn (seed 3 deals a pile of 12)."""
    header, session = make_header("countdown", list(players), seed=seed, log_id=log_id or f"durability-{seed}")
    build = Builder.new(header, session)
    build.draw_chance()
    return build


def mixed_record(events: int, seed: int = 3, rng_seed: int = 0) -> Builder:
    """A legal record with `events` events: the pile, takes, retractions and notes."""
    rng = random.Random(rng_seed)
    build = new_builder(seed)
    while build.pos.seq < events:
        session, pos = build.session, build.pos
        roll = rng.random()
        if roll < 0.35 and session.to_move(pos) >= 0:
            build.add(Take(by=session.to_move(pos), n=rng.randint(1, min(3, pos.state.pile))))
        elif roll < 0.5 and pos.undo is not None:
            build.add(Retract(target=pos.undo.seq, reason=rng.choice([None, "misclick", "\u2028"])))
        else:
            build.add(Note(target=rng.randint(0, pos.seq), text=rng.choice(TEXTS),
                           glyph=rng.choice([None, "!", "?!", "??"]), author=rng.choice([None, "Ann", "Zo\u00eb"])))
        if session.to_move(build.pos) == TERMINAL and rng.random() < 0.5 and build.pos.undo is not None:
            build.add(Retract(target=build.pos.undo.seq))
    return build


def blob(lines: list[bytes]) -> bytes:
    """A record's bytes."""
    return b"".join(line + b"\n" for line in lines)


def write(path: Path, lines: list[bytes]) -> Path:
    """Write a record file."""
    path.write_bytes(blob(lines))
    return path


def read_events(path: Path, name: str = "r.jsonl") -> tuple[list, Exception | None]:
    """Replay strictly; return the (seq, event, state) of every line before the first error, and the error."""
    out = []
    try:
        replay = Replay(str(path), name=name)
        for step in replay.steps():
            out.append((step.event.seq, step.event, step.after.state))
    except Exception as exc:  # noqa: BLE001 - the test checks which error it is
        return out, exc
    return out, None


_PREV = re.compile(rb'"prev":"[^"]*"')


def rechain_text(lines: list[bytes], start: int = 1) -> list[bytes]:
    """Fix every `prev` from line index `start` on, textually: the rest of each line is left
    byte for byte as it is (tests.support.helpers.rechain re-serialises, which would undo a malformation)."""
    out = list(lines)
    for i in range(max(start, 1), len(out)):
        out[i] = _PREV.sub(b'"prev":"' + line_hash(out[i - 1]).encode() + b'"', out[i], count=1)
    return out
