"""Builds the golden and invalid Space Planets records (`python -m tests.support.fixtures --write space-planets`)."""

from __future__ import annotations

from planets_log.record.events import Note
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.games.space_planets.events import (
    Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled, Rolled,
)

from .helpers import GAME, GRID, RULES, play

SEEDED = {
    "seeded-2p": dict(seed=11, players=["Ann", "Ben"], options={}),
    "seeded-3p": dict(seed=12, players=["Ann", "Ben", "Cara"], options={"first": 1}),
    "seeded-4p": dict(seed=13, players=["Ann", "Ben", "Cara", "Dan"], options={"first": 3, "miss_percent": 20}),
}

TABLE_MOVES = [
    GRID,
    "roll", "land 8 reroll 2", "explore reroll", "refill 8 p4",
    "roll", "land 9 consume 1", "explore consume", "refill 9 p2",
    "roll", "land 5 distant 3", "collect",
    "roll", "off",
    "roll", "land 6 hole 2", "refill 6 p3",
    "roll", "land 7 fuel2 1", "explore fuel2", "refill 7 p1",
    "roll", "land 1 p1 1", "reroll", "land 5 distant 2", "explore distant", "refill 5 fuel1",
    "roll", "land 4 oasis 3", "explore oasis", "refill 4 p2",
    "roll", "land 8 p4 2", "explore p4", "refill 8 hole",
    "roll", "land 5 fuel1 1", "explore fuel1", "refill 5 p1",
    "roll", "land 3 p3 3", "collect",
    "roll", "land 8 hole 1", "refill 8 p2",
    "roll", "land 3 p3 3", "explore p3", "refill 3 p1",
    "roll", "land 2 p2 2", "explore p2", "refill 2 p3",
    "roll", "land 6 p3 2", "collect",
]
"""A two-player game entered by hand at a table (the worked example of the docs)."""


def seeded_game(name: str) -> Builder:
    """One of the golden seeded games."""
    spec = SEEDED[name]
    return selfplay(GAME, spec["seed"], spec["players"], spec["options"], log_id=f"golden-{name}",
                    rng_version=1)  # the fixtures keep their bytes


def table_game() -> Builder:
    """The hand-entered table game: seed null, moves parsed from notation, one note."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="golden-table-game",
                                  meta={"event": "club night", "table": "3", "date": "2024-05-04"})
    build = Builder.new(header, session)
    for text in TABLE_MOVES:
        build.add(RULES.parse(text, build.pos.state))
        if text == "land 5 distant 2":
            build.add(Note(target=build.pos.seq, text="the re-roll found the distant planet", glyph="!",
                           author="scorekeeper"))
    return build


def new_table(players=("Ann", "Ben"), **options) -> Builder:
    """A table game to build an invalid record on."""
    header, session = make_header(GAME, list(players), seed=None, options=options, log_id="invalid")
    return Builder.new(header, session)


def with_bad(build: Builder, event) -> str:
    """The record's text plus one more line holding `event`, sealed but never checked."""
    line = build.session.encode(build.session.seal(build.pos, event))
    return build.text() + line.decode() + "\n"


def dealt(*moves: str) -> Builder:
    """A two-player table game with the standard grid and `moves` played."""
    return play(new_table(), GRID, *moves)


def invalid_records() -> dict[str, tuple[str, str]]:
    """name -> (record text whose last line is illegal, expected error code)."""
    out = {}
    b = dealt("roll", "off", "roll", "land 1 3", "explore", "refill 1 p1", "roll", "land 2 3", "explore",
              "refill 2 p1", "roll", "land 3 3")  # Ben has 1 crystal
    out["explore-without-fuel"] = (with_bad(b, Explored(by=1, card="p3")), "explore.fuel")
    b = dealt("roll", "off", "roll", "land 1 2", "explore", "refill 1 p1", "roll", "land 9 1", "explore",
              "refill 9 p2", "roll", "land 2 2")  # Ben has 2, the die 2, Ann's consumption card +1
    out["explore-under-increased-consumption"] = (with_bad(b, Explored(by=1, card="p2")), "explore.fuel")
    b = dealt("roll", "off", "roll", "land 1 1", "explore", "refill 1 p1", "roll", "off", "roll", "land 5 3")
    out["explore-distant-planet-short"] = (with_bad(b, Explored(by=1, card="distant")), "explore.fuel")
    out["explore-after-black-hole"] = (with_bad(dealt("roll", "land 6 2"), Explored(by=0, card="hole")),
                                       "chance.expected")
    out["explore-other-card"] = (with_bad(dealt("roll", "land 1 1"), Explored(by=0, card="oasis")), "explore.card")
    out["explore-before-rolling"] = (with_bad(dealt(), Explored(by=0, card="p1")), "explore.no-roll")
    out["collect-before-rolling"] = (with_bad(dealt(), Collected(by=0)), "collect.no-roll")
    out["roll-twice"] = (with_bad(dealt("roll", "land 1 1"), Rolled(by=0)), "roll.twice")
    out["roll-after-the-end"] = (with_bad(selfplay(GAME, 5, ["Ann", "Ben"], log_id="invalid-seeded", rng_version=1),
                                          Rolled(by=0)), "game-over")
    out["reroll-without-card"] = (with_bad(dealt("roll", "land 1 1"), Rerolled(by=0)), "reroll.none")
    out["pass-before-last-round"] = (with_bad(dealt(), Passed(by=0)), "pass.not-final")
    out["wrong-player"] = (with_bad(dealt(), Rolled(by=1)), "turn")
    out["land-wrong-card"] = (with_bad(dealt("roll"), Landed(space=4, card="p4", face=2)), "landed.card")
    out["land-face-not-on-die"] = (with_bad(dealt("roll"), Landed(space=4, card="oasis", face=6)), "landed.face")
    out["land-space-off-the-grid"] = (with_bad(dealt("roll"), Landed(space=10, card="p1", face=1)), "landed.space")
    b = play(new_table(), "deal oasis oasis p3 / p1 p1 p1 / p2 p2 p2", "roll", "land 1 1", "explore")
    out["refill-card-not-in-deck"] = (with_bad(b, Refilled(space=1, card="oasis")), "refill.deck")
    out["refill-wrong-space"] = (with_bad(dealt("roll", "land 1 1", "explore"), Refilled(space=2, card="p1")),
                                 "refill.space")
    out["deal-more-copies-than-the-box"] = (with_bad(new_table(), Dealt(cards=("oasis",) * 3 + ("p1",) * 6)),
                                            "deal.deck")
    out["deal-eight-cards"] = (with_bad(new_table(), Dealt(cards=("p1",) * 8)), "deal.count")
    out["deal-unknown-card"] = (with_bad(new_table(), Dealt(cards=("p9",) + ("p1",) * 8)), "card.unknown")
    cut = _seeded_until_landing()
    out["seeded-tampered-landing"] = (with_bad(cut, _other_landing(cut)), "chance.tampered")
    return out


def _seeded_until_landing() -> Builder:
    """A seeded game stopped right after its first roll."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=21, log_id="invalid-tampered", rng_version=1)
    build = Builder.new(header, session)
    build.draw_chance()
    build.add(Rolled(by=0))
    return build


def _other_landing(build: Builder) -> Landed:
    """A landing the seed does not give."""
    want = build.session.expected_chance(build.pos)
    listed = RULES.chance_outcomes(build.pos.state).events()
    for event in sorted(listed, key=lambda e: (e.space is not None, e.space or 0, e.face or 0)):
        if event != want:
            return event
    raise AssertionError("no alternative landing")


def fixtures() -> dict[str, str]:
    """Every fixture file under fixtures/space-planets/ and its content."""
    out = {f"{name}.jsonl": seeded_game(name).text() for name in SEEDED}
    out["table-game.jsonl"] = table_game().text()
    out.update({f"invalid/{name}.jsonl": text for name, (text, _code) in invalid_records().items()})
    return out
