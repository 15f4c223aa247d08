"""Keystrokes of an evening typed at the table: every line of the record typed (before), against only the
lines a scorekeeper types now that the recorder writes the rest itself (after).

    .venv/bin/python bench/keystrokes.py

Each evening is typed into a fresh table record through the recorder, line by line: a line the
recorder wrote already (the only legal move, the only possible outcome) is not typed, and a declined
step (`probe -`, `rotate 0`, `done`) is not typed when the next line implies it. The record made
must hold the same game as the evening's, event for event. Keystrokes count each line plus Enter,
at the prompt (`record LOG -i`) and on the command line (`planets-log record LOG "LINE"` per line).
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from planets_log.engine.implied import declined, implied_steps  # noqa: E402
from planets_log.engine.play import Builder, make_header  # noqa: E402
from planets_log.engine.recorder import Recorder  # noqa: E402
from planets_log.engine.replay import Replay  # noqa: E402
from planets_log.engine.rng import rng  # noqa: E402
from planets_log.engine.rules import TERMINAL  # noqa: E402
from planets_log.record.events import Meta, strip_place  # noqa: E402
from planets_log.record.lines import create_record  # noqa: E402

PROMPT = "planets-log record {log} -i"
COMMAND = 'planets-log record {log} "{line}"'


@dataclass
class Typed:
    """An evening's lines: all of them, and the ones typed now."""

    name: str
    every: list[str]
    typed: list[str]

    def keys(self, lines: list[str], log: str = "ps.jsonl") -> tuple[int, int]:
        """(at the prompt, on the command line) keystrokes for `lines`, each with its Enter."""
        prompt = len(PROMPT.format(log=log)) + 1 + sum(len(t) + 1 for t in lines) + len("quit") + 1
        command = sum(len(COMMAND.format(log=log, line=t)) + 1 for t in lines)
        return prompt, command

    def report(self) -> str:
        """One line per count: lines, prompt keystrokes, command-line keystrokes, before and after."""
        (bp, bc), (ap, ac) = self.keys(self.every), self.keys(self.typed)
        return (f"{self.name}: {len(self.every)} lines -> {len(self.typed)} typed; at the prompt {bp} -> {ap} "
                f"keystrokes; on the command line {bc} -> {ac}")


def game_lines(path: str) -> tuple[list[str], list, object]:
    """The game lines of a record in notation, its events, and its header."""
    replay = Replay(path)
    rules = replay.session.rules
    texts, events, states = [], [], []
    for step in replay.steps():
        if not isinstance(step.event, Meta):
            texts.append(rules.format(step.event, step.before.state))
            events.append(step.event)
            states.append(step.before.state)
    states.append(replay.final().state)
    return texts, list(zip(events, states[:-1], states[1:])), replay.header


def type_evening(path: str, name: str) -> Typed:
    """Type the game of the record at `path` into a fresh table record, only the lines people decide."""
    texts, steps, header = game_lines(path)
    out = Path(tempfile.mkdtemp(prefix="planets-log-keys-")) / "evening.jsonl"
    fresh, session = make_header(header.game, list(header.players), seed=None, options=dict(header.options))
    create_record(str(out), Builder.new(fresh, session).lines)
    rec, typed, i = Recorder(str(out), fsync=False), [], 0
    rules = rec.rules
    while i < len(texts):
        if rec.pos.seq > i:  # the recorder wrote this line already
            i += 1
            continue
        event, before, after = steps[i]
        if i + 1 < len(texts) and declined(rules, before, after):
            implied, _ = implied_steps(rec.session, rec.pos, texts[i + 1])
            if [strip_place(e) for e in implied][:1] == [strip_place(event)]:
                i += 1  # the next line implies this declined step
                continue
        typed.append(texts[i])
        rec.play(texts[i])
        i += 1
    made, _, _ = game_lines(str(out))
    assert made == texts, "the evening typed must make the same game"
    return Typed(name, texts, typed)


def declining_evening(seed: int = 5, decline: int = 8) -> str:
    """A seeded 2-player Planetship evening whose players decline most optional steps (probes, turning the
    Military Area, abilities), as people at a table often do: `decline` in 10 of them. Returns its path."""
    header, session = make_header("planetship-2491", ["Red", "Blue"], seed=seed)
    build, policy = Builder.new(header, session), rng(seed, "declining")
    build.draw_chance()
    rules = session.rules
    while session.to_move(build.pos) != TERMINAL:
        skip = rules.noop(build.pos.state)
        legal = rules.legal(build.pos.state)
        build.add(skip if skip is not None and policy.below(10) < decline else policy.choice(legal))
        build.draw_chance()
    out = Path(tempfile.mkdtemp(prefix="planets-log-keys-")) / "declining.jsonl"
    out.write_text(build.text())
    return str(out)


def main() -> None:
    """Print the counts of the evenings measured."""
    fixtures = ROOT / "fixtures"
    print(type_evening(str(fixtures / "planetship-2491" / "table-game.jsonl"), "Planetship, the worked table game").report())
    print(type_evening(declining_evening(), "Planetship, an evening declining 8 in 10 optional steps").report())
    pm = type_evening(str(fixtures / "planetarium" / "table-game.jsonl"), "Planetarium, the worked table game")
    (prompt, command) = pm.keys(pm.typed, "pm.jsonl")
    prefix = len(COMMAND.format(log="pm.jsonl", line="")) + 1
    print(pm.report())
    print(f"Planetarium: the command-line prefix costs {prefix} keystrokes a line ({prefix * len(pm.typed)} in all); "
          f"the prompt types each line alone ({prompt} keystrokes against {command})")


if __name__ == "__main__":
    main()
