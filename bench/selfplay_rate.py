"""Self-play games per second, per game (seeded games, the fewest seats each game plays with).

    python bench/run.py --only selfplay
"""

from __future__ import annotations

from planets_log.engine.play import selfplay

from bench.common import SETTINGS, Run, players

TITLE = "self-play games per second"


def selfplay_rate(game: str, count: int) -> float:
    seats = players(game)
    t0 = SETTINGS.clock()
    for i in range(count):
        selfplay(game, 1000 + i, seats)
    return count / (SETTINGS.clock() - t0)


def section(run: Run) -> None:
    run.table("game", "games/s")
    for game in run.games:
        run.say(f"| {game} | {selfplay_rate(game, 5 if run.quick else 20):.1f} |")
