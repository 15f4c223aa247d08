"""Where validate's time goes, per event, each part timed on its own (the first game: Four Planets by default).

    python bench/run.py --only breakdown

The parts: reading lines, the hash chain, the strict decode, opening a record, re-deriving each seeded
outcome, the rules' check and apply; then the same work in one bare loop without the engine, and validate.
"""

from __future__ import annotations

from pathlib import Path

from planets_log.engine.replay import Replay
from planets_log.engine.rng import chance_stream
from planets_log.record.events import Chance, strip_place
from planets_log.record.lines import iter_lines, line_hash
from planets_log.record.strict import decode_line

from bench.common import Run, count_events, decode_only, interleave, validate_all

TITLE = "where validate's time goes (µs per event, each part timed on its own)"


def parts(paths: list[Path]) -> dict:
    """Each part of validating `paths` as a function over all of them."""
    names = [str(p) for p in paths]
    opened = [Replay(n) for n in names]
    steps = [list(Replay(n).steps()) for n in names]
    decoder = opened[0].session.decoder

    def lines():
        for n in names:
            for _ in iter_lines(n):
                pass

    def hashes():
        for record in steps:
            for st in record:
                line_hash(st.line.data)

    def decode():
        for record in steps:
            for st in record:
                decode_line(decoder, st.line.data)

    def open_records():
        for n in names:
            Replay(n)

    def seed():
        for rep, record in zip(opened, steps):
            for st in record:
                if isinstance(st.event, Chance):
                    strip_place(rep.session.expected_chance(st.before)) != strip_place(st.event)  # noqa: B015

    def check():
        for rep, record in zip(opened, steps):
            for st in record:
                rep.session.rules.check(st.before.state, st.event)

    def apply():
        for rep, record in zip(opened, steps):
            for st in record:
                rep.session.rules.apply(st.before.state, st.event)

    def bare():
        """The same work in one loop, without the engine around it."""
        for n in names:
            rep = Replay(n)
            rules, seed_of, state, chances = rep.session.rules, rep.session.header.seed, rep.start.state, 0
            version = rep.header.rng or 1
            for line in rep._lines:
                line_hash(line.data)
                event = decode_line(decoder, line.data)
                if isinstance(event, Chance):
                    strip_place(rules.chance(state, chance_stream(seed_of, chances, version))) != strip_place(event)  # noqa: B015
                    chances += 1
                rules.check(state, event)
                state = rules.apply(state, event)

    return {"read lines (record.iter_lines)": lines, "hash chain (record.line_hash)": hashes,
            "strict decode (strict.decode_line)": decode, "open record + header + edition": open_records,
            "seed re-derivation (rules.chance)": seed, "rules check": check, "rules apply": apply,
            "bare fold": bare, "validate": validate_all(paths)}


def section(run: Run) -> None:
    paths = run.records[run.first]
    events = count_events(paths)
    t = interleave(parts(paths), run.rounds)
    whole, bare = t.pop("validate"), t.pop("bare fold")
    alone = sum(t.values())
    run.table("part", "µs/event", "share of validate")
    for name, took in t.items():
        run.say(f"| {name} | {took / events * 1e6:.2f} | {took / whole:.0%} |")
    run.say(f"| the parts run together in one loop, less their sum alone (caches, the interpreter) "
            f"| {(bare - alone) / events * 1e6:.2f} | {(bare - alone) / whole:.0%} |")
    run.say(f"| the engine around them: gates, positions, undo, steps (validate less the bare loop) "
            f"| {(whole - bare) / events * 1e6:.2f} | {(whole - bare) / whole:.0%} |")
    run.say(f"| **validate** | **{whole / events * 1e6:.2f}** | 100% |")
    run.say()
    limit = interleave({"d": decode_only(paths)}, run.rounds)["d"]
    run.say(f"for scale: the decoding limit is {limit / events * 1e6:.2f} µs/event; "
            f"0.10× of it leaves {limit / events * 10e6:.2f} µs/event for everything validate does")
