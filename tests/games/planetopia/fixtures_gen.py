"""The Planetopia fixtures: golden records and illegal-move records, built from code.

`python -m tests.support.fixtures --write planetopia` writes them to fixtures/planetopia/; tests/contract/test_fixtures.py
checks the files there equal what this module builds.
"""

from __future__ import annotations

from functools import cache

from planets_log.record.events import Note
from planets_log.engine.play import Builder, make_header, selfplay

from .helpers import GAME, RULES, greedy, play

GREEDY = {"seeded-2p": (2, 0), "seeded-3p": (3, 2), "seeded-5p": (5, 2)}
"""Golden seeded playthroughs (greedy policy): name -> (players, seed)."""
NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve"]

WORKED = [
    "row .../.../RGB .../.R./oGo .../B../Bo.", "trail PP switch ray BG BGR",
    "hand Ann atom hswap vswap", "hand Ben atom hswap vswap",
    # round 1
    "take 1 BGR", "refill GR", "end",
    "take 2 ray", "refill GP", "end",
    # round 2
    "play BGR a:R b:G c:B", "combo .../.../RGB", "reveal .../Y.B/YoB", "end",
    "take 1 BG", "refill GY", "end",
    # round 3
    "extra", "take 1 switch", "refill P", "take 1 PP", "refill BGY", "end",
    "play BG a:BG", "end",
    # round 4
    "play PP a:PP", "atomize a2", "end",
    "play ray a2 B", "end",
    # round 5
    "take 1 GR", "refill BR", "end",
    "take 1 GP", "refill RY", "end",
    # round 6
    "play GR b:G c:R", "end",
    "play GP b:GP", "combo .../B../Bo.", "reveal .../.P./RPG", "end",
    # round 7
    "recover", "atomize c1", "end",
    "joker b", "play atom", "end",
]
"""The worked example of docs/games/planetopia.md: a 2-player table game, 7 rounds."""


@cache
def greedy_game(name: str) -> Builder:
    """A golden seeded greedy playthrough."""
    players, seed = GREEDY[name]
    return greedy(seed, NAMES[:players])


@cache
def uniform_game() -> Builder:
    """A seeded game with uniformly random moves: it runs to the round-limit safeguard."""
    return selfplay(GAME, 1, NAMES[:2], log_id="planetopia-selfplay-1", rng_version=1)


@cache
def table_game() -> Builder:
    """The worked example as a table game (no seed), with a note on Ann's first combo."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="planetopia-worked-example",
                                  meta={"event": "docs worked example"})
    build = Builder.new(header, session)
    play(build, *WORKED[:11])
    build.add(Note(target=build.pos.seq, text="first combo: Ann's bottom row is R G B", glyph="!", author="docs"))
    play(build, *WORKED[11:])
    return build


def golden() -> dict[str, str]:
    """Golden record file name -> content."""
    out = {f"{name}.jsonl": greedy_game(name).text() for name in GREEDY}
    out["selfplay-2p.jsonl"] = uniform_game().text()
    out["table-game.jsonl"] = table_game().text()
    return out


# --- illegal moves ------------------------------------------------------------------

START3 = ["row .../.../RGB .../.R./oGo .../B../Bo. .../.P./RPG", "trail PP switch ray BG BGR",
          "hand Ann atom hswap vswap", "hand Ben atom hswap vswap", "hand Cal atom hswap vswap"]
PASS_BC = ["play atom", "end", "play atom", "end"]
ANN_BGR = START3 + ["take 1 BGR", "refill GR", "end"] + PASS_BC

INVALID = {
    "take-too-far": (START3, "take 4 switch", "take.atoms"),
    "take-wrong-card": (START3, "take 2 BGR", "take.card"),
    "take-no-such-slot": (START3, "take 6 PP", "take.slot"),
    "play-not-in-hand": (START3, "play BGR a:B b:G c:R", "play.hand"),
    "second-mandatory": (START3 + ["play atom"], "take 1 BGR", "action.mandatory"),
    "end-before-mandatory": (START3, "end", "end.mandatory"),
    "recover-nothing": (START3, "recover", "recover.none"),
    "swap-into-empty-slot": (START3, "play hswap a1 b1", "swap.empty"),
    "vswap-not-vertical": (START3, "play vswap a1 b1", "swap.adjacent"),
    "atomize-empty-slot": (START3, "atomize a1", "atomize.cell"),
    "combo-not-in-row": (START3, "combo .../Y.B/YoB", "combo.row"),
    "token-not-held": (START3, "extra", "token.none"),
    "surplus-while-room-left": (ANN_BGR, "play BGR a:B", "play.surplus"),
    "alien-not-on-card": (ANN_BGR, "play BGR a:BGY", "play.aliens"),
    "combo-mirrored-pattern": (ANN_BGR + ["play BGR a:B b:G c:R"], "combo .../.../RGB", "combo.pattern"),
    "second-optional": (ANN_BGR + ["play BGR a:B b:G c:R", "atomize a1"], "atomize b1", "action.optional"),
    "token-gained-this-turn": (ANN_BGR + ["play BGR a:R b:G c:B", "combo .../.../RGB", "reveal .../Y.B/YoB"],
                               "extra", "token.fresh"),
    "refill-card-removed-for-3p": (START3 + ["take 1 BGR"], "refill GG", "refill.card"),
    "trail-card-removed-for-3p": (START3[:1], "trail GG switch ray BG BGR", "trail.card"),
    "raygun-on-empty-slot": (START3[:2] + ["hand Ann atom hswap vswap", "hand Ben atom hswap vswap",
                                           "hand Cal atom hswap vswap", "take 3 ray", "refill GR", "end"] + PASS_BC,
                             "play ray a1 R", "ray.cell"),
}
"""Illegal-move fixtures: name -> (legal moves of a 3-player table game, the illegal move, its error code)."""


def invalid_records() -> dict[str, tuple[str, str]]:
    """Illegal-move record name -> (file content, expected error code)."""
    out = {}
    for name, (moves, bad, code) in INVALID.items():
        header, session = make_header(GAME, NAMES[:3], seed=None, log_id=f"planetopia-invalid-{name}")
        build = play(Builder.new(header, session), *moves)
        event = session.seal(build.pos, RULES.parse(bad, build.pos.state))
        build.lines.append(session.encode(event))
        out[name] = (build.text(), code)
    return out


def fixtures() -> dict[str, str]:
    """Every fixture file under fixtures/planetopia/ and its content."""
    out = dict(golden())
    out.update({f"invalid/{name}.jsonl": text for name, (text, _code) in invalid_records().items()})
    return out
