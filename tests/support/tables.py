"""Helpers for the table-entry tests: the typed lines of a record, a new table record like a fixture."""

from __future__ import annotations

import json
from pathlib import Path

from planets_log.cli.main import cli
from planets_log.engine.replay import Replay
from planets_log.record.events import Meta, Retract
from planets_log.engine.registry import get_rules

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
TABLE_FIXTURES = {game: FIXTURES / game / "table-game.jsonl"
                  for game in ("four-planets", "planetopia", "space-planets", "planetarium", "planetship-2491")}


def standing_lines(path: Path) -> list[tuple[int, str]]:
    """(seq, notation) of every game line still standing, retracted ones left out."""
    replay = Replay(str(path))
    out: list[tuple[int, str]] = []
    for step in replay.steps():
        if isinstance(step.event, Retract):
            out = [(seq, text) for seq, text in out if seq < step.event.target]
        elif not isinstance(step.event, Meta):
            out.append((step.event.seq, replay.session.rules.format(step.event, step.before.state)))
    return out


def new_like(runner, fixture: Path, out: Path, *extra: str) -> Path:
    """A new empty table record with the fixture's game, players and options."""
    header = json.loads(fixture.read_text().splitlines()[0])
    args = ["new", header["game"], "--table", str(out), *extra]
    for name in header["players"]:
        args += ["--player", name]
    specs = get_rules(header["game"]).options
    for key, value in header["options"].items():
        if specs[key].seat and specs[key].no_seat is None:
            value = value + 1  # people count seats from 1 (an option that may name nobody stores that already)
        args += ["--option", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
    res = runner.invoke(cli, args)
    assert res.exit_code == 0, res.output
    return out


def final_view(path: Path):
    """The full view of a record's last position."""
    replay = Replay(str(path))
    return replay.session.rules.view(replay.final().state)
