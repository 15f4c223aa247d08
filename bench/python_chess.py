"""The first game's validate and trusted replay (events/s) against python-chess reading and replaying a PGN (plies/s).

    pip install '.[bench]' && python bench/run.py --only chess
"""

from __future__ import annotations

import io
import random

from bench.common import Run, count_events, interleave, trusted_all, validate_all

TITLE = "against python-chess (chess.pgn.read_game + replay of random legal games)"


def chess_contender(games: int, seed: int = 1):
    """python-chess reading and replaying a PGN of random legal games: (fn, plies)."""
    import chess
    import chess.pgn

    rnd = random.Random(seed)
    buf, plies = io.StringIO(), 0
    for _ in range(games):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        while not board.is_game_over() and board.ply() < 200:
            move = rnd.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        plies += board.ply()
        print(game, file=buf, end="\n\n")
    text = buf.getvalue()

    def run():
        handle = io.StringIO(text)
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
    return run, plies


def section(run: Run) -> None:
    """Rates and their ratio to python-chess's."""
    try:
        chess_run, plies = chess_contender(20 if run.quick else 100)
    except ImportError:
        run.say("python-chess is not installed (pip install '.[bench]'): skipped")
        return
    paths = run.records[run.first]
    events = count_events(paths)
    t = interleave({"chess": chess_run, "validate": validate_all(paths), "trusted": trusted_all(paths)}, run.rounds)
    chess_rate = plies / t["chess"]
    run.table("contender", "rate", "ratio to python-chess")
    run.say(f"| python-chess read_game + replay | {chess_rate:,.0f} plies/s | 1.00 |")
    for name, label in (("validate", "validate"), ("trusted", "trusted replay")):
        rate = events / t[name]
        run.say(f"| {run.first} {label} | {rate:,.0f} events/s | {rate / chess_rate:.2f} |")
        if name == "validate":
            run.target(f"{run.first} validate ≥ 4× python-chess (events against plies)", "4",
                       f"{rate / chess_rate:.2f}", rate / chess_rate >= 4)
