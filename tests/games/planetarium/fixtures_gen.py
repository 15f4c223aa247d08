"""The Planetarium fixtures: golden records and illegal-move records, built from code.

`python -m tests.support.fixtures --write planetarium` writes them to fixtures/planetarium/; tests/contract/test_fixtures.py
checks the files there equal what this module builds.
"""

from __future__ import annotations

from functools import cache

from planets_log.record.events import Note
from planets_log.engine.play import Builder, make_header, selfplay

from .helpers import DEALS, GAME, MATTER, RULES, greedy, play

GREEDY = {
    "seeded-1p-lost": (1, 0, {}), "seeded-1p-won": (1, 22, {"target": 90}),
    "seeded-2p": (2, 0, {}), "seeded-3p": (3, 2, {}), "seeded-4p": (4, 2, {}),
}
"""Golden seeded playthroughs (greedy policy): name -> (players, seed, options)."""
NAMES = ["Ann", "Ben", "Cal", "Dee"]

OPENING = [f"matter {MATTER}", f"deal Ann {DEALS[0]}", f"deal Ben {DEALS[1]}", "discard F2", "discard F4"]
WORKED = OPENING + [
    "C-5.10", "play L1 C", "draw low", "drawn L9",
    "C-5.11", "play L4 C", "draw final", "drawn F5 F9", "keep F5",
    "A-2.2", "downgrade H1", "drawn L10",
    "B-3.5", "end",
    "4.2-4.3", "play L9 A", "draw high", "drawn H7",
    "3.7-4.9", "end",
]
"""The worked example of docs/games/planetarium.md: a 2-player table game typed by hand (three turns each)."""


@cache
def greedy_game(name: str) -> Builder:
    """A golden seeded greedy playthrough."""
    players, seed, options = GREEDY[name]
    return greedy(seed, NAMES[:players], options=options, log_id=f"planetarium-{name}")


@cache
def uniform_game() -> Builder:
    """A seeded game with uniformly random moves: it runs to the round-limit safeguard."""
    return selfplay(GAME, 1, NAMES[:2], log_id="planetarium-selfplay-1", rng_version=1)


@cache
def table_game() -> Builder:
    """The worked example as a table game (no seed), with a note on Ann's first card."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="planetarium-worked-example",
                                  meta={"event": "docs worked example"})
    build = Builder.new(header, session)
    play(build, *WORKED[:7])
    build.add(Note(target=build.pos.seq, text="first card of the game: Volcanism on C", glyph="!", author="docs"))
    play(build, *WORKED[7:])
    return build


def golden() -> dict[str, str]:
    """Golden record file name -> content."""
    out = {f"{name}.jsonl": greedy_game(name).text() for name in GREEDY}
    out["selfplay-2p.jsonl"] = uniform_game().text()
    out["table-game.jsonl"] = table_game().text()
    return out


# --- illegal moves ------------------------------------------------------------------

ANN_MOVED = OPENING + ["C-5.10"]

INVALID = {
    "matter-wrong-mix": (OPENING[:0], "matter " + "G" * 68, "matter.tokens"),
    "deal-three-low": (OPENING[:1], "deal Ann L1 L2 L3 H1 F1 F2", "deal.cards"),
    "deal-card-already-dealt": (OPENING[:2], "deal Ben L1 L3 H3 H4 F3 F4", "deal.card"),
    "discard-a-low-card": (OPENING[:3], "discard L1", "card.deck"),
    "first-player-without-a-tie": (OPENING, "first Ben", "chance.unexpected"),
    "move-anticlockwise": (OPENING, "3.5-3.4", "move.unreachable"),
    "move-matter-onto-matter": (OPENING, "3.7-3.8", "move.matter-on-matter"),
    "move-from-empty-space": (OPENING, "3.6-3.7", "move.empty"),
    "move-no-such-space": (OPENING, "8.1-8.2", "move.space"),
    "sweep-past-matter": (OPENING, "C-5.12", "move.sweep-matter"),
    "matter-two-spaces-before-acceleration": (OPENING, "4.2-4.3-4.4", "move.accelerate"),
    "planet-ends-on-planet": (OPENING + ["B-2.4", "end"], "A-2.4", "move.planet-on-planet"),
    "play-before-moving": (OPENING, "play L1 C", "turn.phase"),
    "play-without-the-matter": (OPENING + ["A-2.2"], "play L1 A", "play.requirement"),
    "play-card-not-in-hand": (ANN_MOVED, "play L3 C", "card.hand"),
    "final-card-before-final-turn": (ANN_MOVED, "final F1 C", "final.not-final-turn"),
    "downgrade-without-icon": (ANN_MOVED, "downgrade L1", "downgrade.icon"),
    "gravity-without-icon": (ANN_MOVED, "play L1 C gravity 1.1 A", "play.gravity"),
    "keep-a-card-not-drawn": (ANN_MOVED + ["play L1 C", "draw final", "drawn F5 F9"], "keep F6", "keep.card"),
    "drawn-card-from-another-deck": (ANN_MOVED + ["play L1 C", "draw low"], "drawn H9", "drawn.card"),
    "second-card-in-a-turn": (ANN_MOVED + ["play L1 C"], "play L2 C", "turn.phase"),
}
"""Illegal-move fixtures: name -> (legal moves of a 2-player table game, the illegal move, its error code)."""


def invalid_records() -> dict[str, tuple[str, str]]:
    """Illegal-move record name -> (file content, expected error code)."""
    out = {}
    for name, (moves, bad, code) in INVALID.items():
        header, session = make_header(GAME, NAMES[:2], seed=None, log_id=f"planetarium-invalid-{name}")
        build = play(Builder.new(header, session), *moves)
        event = session.seal(build.pos, RULES.parse(bad, build.pos.state))
        build.lines.append(session.encode(event))
        out[name] = (build.text(), code)
    return out


def fixtures() -> dict[str, str]:
    """Every fixture file under fixtures/planetarium/ and its content."""
    out = dict(golden())
    out.update({f"invalid/{name}.jsonl": text for name, (text, _code) in invalid_records().items()})
    return out
