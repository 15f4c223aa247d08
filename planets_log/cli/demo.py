"""`planets-log demo`: a seeded Four Planets game recorded, validated, replayed and scored."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from planets_log.engine.rng import Stream
    from planets_log.engine.rules import Rules
    from planets_log.record.events import Event


@click.command()
@click.option("--game", default="four-planets", show_default=True, help="Which game to demonstrate.")
@click.option("--seed", type=int, default=2491, show_default=True, help="Seed of the demo game.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Keep the record here (default: a temporary file).")
def demo(game: str, seed: int, out: str | None) -> None:
    """Record a seeded game move by move, validate it, replay it to the middle and the end, score it.

    Every move is typed in the game's notation through the same path as
    'planets-log record', so the demo shows the whole tool at work.

    \b
    Example:
      planets-log demo
      planets-log demo --seed 7 --out demo.jsonl
    """
    from planets_log.audit.validate import validate_file
    from planets_log.engine.play import Builder, make_header
    from planets_log.engine.recorder import Recorder
    from planets_log.engine.replay import Replay
    from planets_log.engine.rng import rng
    from planets_log.engine.rules import TERMINAL
    from planets_log.record.lines import create_record

    from .common import position_at
    from .read import format_sheet

    folder = None
    if out is None:
        folder = tempfile.TemporaryDirectory(prefix="planets-log-demo-")
        out = str(Path(folder.name) / "demo.jsonl")
    header, session = make_header(game, ["Ann", "Ben"], seed=seed, meta={"event": "planets-log demo"})
    build = Builder.new(header, session)
    build.draw_chance()
    create_record(out, build.lines)
    where = "a temporary file, deleted when the demo ends (--out FILE keeps the record)" if folder else out
    click.echo(f"== 1. recording a seeded {session.rules.title} game (seed {seed}) into {where}")
    rec = Recorder(out, fsync=False)
    policy = rng(seed, "demo-policy")
    moves = 0
    while rec.session.to_move(rec.pos) != TERMINAL:
        text = rec.rules.format(greedy_choice(rec.rules, rec.pos.state, policy), rec.pos.state)
        entries = rec.play(text)
        moves += 1
        if moves <= 12:
            click.echo("   " + "; ".join(f"{e.seq} {e.text}" for e in entries))
    click.echo(f"   … {moves} moves typed, record ends at seq {rec.pos.seq}")
    click.echo("== 2. validate")
    report = validate_file(out)
    click.echo(f"   {'the record' if folder else out}: {'valid' if report.valid else 'INVALID'}, {report.events} events, "
               f"{'finished' if report.finished else 'not finished'}")
    for err in report.errors:
        click.echo(f"   {err}")
    middle = rec.pos.seq // 2
    click.echo(f"== 3. replay to the middle (seq {middle})")
    click.echo(rec.rules.render(position_at(Replay(out), seq=middle).state))
    click.echo("== 4. replay to the end")
    click.echo(rec.rules.render(position_at(Replay(out)).state))
    click.echo("== 5. score")
    click.echo(format_sheet(rec.rules.score(rec.pos.state)))
    if folder is not None:
        folder.cleanup()
    if not report.valid:
        raise SystemExit(1)


def greedy_choice(rules: Rules, state: Any, policy: Stream) -> Event:
    """The legal action that most raises the mover's provisional score (ties: seeded choice)."""
    from planets_log.engine.sheet import known_totals

    options = rules.legal(state)
    mover = rules.to_move(state)
    best, chosen = None, []
    for action in options:
        total = known_totals(rules.score(rules.apply(state, action)))[mover]
        if best is None or total > best:
            best, chosen = total, [action]
        elif total == best:
            chosen.append(action)
    return policy.choice(chosen)
