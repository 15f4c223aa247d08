"""Commands about games rather than one record: games, selfplay, schema."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import click

from .common import complete_game, echo_json, parse_pairs


@click.command()
@click.option("--json", "as_json", is_flag=True, help="JSON output.")
def games(as_json: bool) -> None:
    """List the games planets-log knows, with their player counts, options and the rulebook modes they implement.

    \b
    Example:
      planets-log games
      planets-log games --json
    """
    from planets_log.engine.registry import game_ids, get_rules

    rows: list[dict[str, Any]] = []
    for gid in game_ids():
        r = get_rules(gid)
        rows.append({"id": gid, "title": r.title, "min_players": r.min_players, "max_players": r.max_players,
                     "rules": r.rules_version, "modes": dict(r.modes),
                     "options": {k: {"default": o.default, "help": o.help, "choices": list(o.choices) if o.choices else None}
                                 for k, o in r.options.items()}})
    if as_json:
        echo_json(rows)
        return
    for row in rows:
        span = f"{row['min_players']}" if row["min_players"] == row["max_players"] else f"{row['min_players']}–{row['max_players']}"
        click.echo(f"{row['id']:<18} {row['title']:<20} {span} players  rules v{row['rules']}")
        for key, opt in row["options"].items():
            click.echo(f"    --option {key}={opt['default']}  {opt['help']}")
        for name, how in row["modes"].items():
            click.echo(f"    mode {name}: {how}")


@click.command()
@click.argument("game", shell_complete=complete_game)
@click.option("--seed", type=int, required=True, help="Seed of the first game; game i uses seed + i.")
@click.option("--games", "count", type=click.IntRange(1), default=1, help="How many games.")
@click.option("--players", type=click.IntRange(1), default=None, help="Number of players (default: the game's minimum, at least 2).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A variant option (repeat).")
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Folder to write the records into.")
def selfplay(game: str, seed: int, count: int, players: int | None, options: tuple[str, ...], out: str) -> None:
    """Write seeded games of GAME with moves chosen uniformly among the legal ones.

    The moves come from a policy stream of their own, so the game's seed decides
    only the chance outcomes. Useful for fixtures, fuzzing and benchmarks.

    \b
    Example:
      planets-log selfplay four-planets --seed 1 --games 100 --out games/
    """
    from planets_log.engine.play import selfplay as play
    from planets_log.engine.registry import get_rules

    rules = get_rules(game)
    n = players or max(rules.min_players, min(2, rules.max_players))
    names = [f"P{i + 1}" for i in range(n)]
    opts = parse_pairs(options, "--option")
    from planets_log.engine.play import make_header

    make_header(game, names, seed=seed, options={**rules.selfplay_options, **opts})  # usage problems before any folder
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    bar = click.progressbar(range(count), label=f"selfplay {game}", file=sys.stderr) if count > 5 and sys.stderr.isatty() else None
    written = 0
    with bar if bar is not None else nullcontext(range(count)) as items:
        for i in items:
            build = play(game, seed + i, names, opts)
            target = folder / f"{game}-{seed + i}.jsonl"
            tmp = target.with_suffix(".jsonl.tmp")
            tmp.write_text(build.text())
            tmp.replace(target)
            written += 1
    click.echo(f"wrote {written} {rules.title} record(s) to {folder}/")


@click.command()
@click.argument("game", shell_complete=complete_game)
def schema(game: str) -> None:
    """Print the JSON Schema of GAME's record lines (header, events, notes, retractions).

    \b
    Example:
      planets-log schema four-planets > four-planets.schema.json
    """
    from planets_log.engine.schema import record_schema

    echo_json(record_schema(game))
