"""The 2491 Planetship fixtures: golden records and illegal-move records, built from code.

`python -m tests.support.fixtures --write planetship-2491` writes them to fixtures/planetship-2491/; tests/contract/test_fixtures.py
checks the files there equal what this module builds.
"""

from __future__ import annotations

from functools import cache

from planets_log.record.events import Note
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.record.lines import line_hash
from planets_log.games.planetship_2491 import events as E
from planets_log.games.planetship_2491.flow import hidden_in_zone

from .helpers import FIXTURES, GAME, NAMES, RULES, play

INPUTS = ("table-game.txt",)
"""Files in fixtures/planetship-2491/ this module reads (hand-written), not builds."""

SEEDED = {"seeded-2p": (2, 1), "seeded-3p": (3, 2), "seeded-4p": (4, 3), "seeded-5p": (5, 4)}
"""Golden seeded playthroughs (uniformly random moves): name -> (players, seed)."""
FIXED_RULES = 1
"""The rules version the golden records were written with and keep (their bytes), as they keep random-stream
version 1: a record of an older version replays with that version's behaviour."""
NEWEST = {"seeded-5p-rules2": ("seeded-5p", 2)}
"""Golden records of a later rules version: name -> (the golden game whose moves it repeats, its version)."""


@cache
def seeded_game(name: str) -> Builder:
    """A golden seeded playthrough."""
    players, seed = SEEDED[name]
    return selfplay(GAME, seed, NAMES[:players], log_id=f"{GAME}-{name}", rng_version=1, rules_version=FIXED_RULES)


@cache
def newer_game(name: str) -> Builder:
    """A golden seeded playthrough again under a later rules version (the same seed, policy and moves)."""
    base, version = NEWEST[name]
    players, seed = SEEDED[base]
    return selfplay(GAME, seed, NAMES[:players], log_id=f"{GAME}-{name}", rng_version=1, rules_version=version)


def moves_of(build: Builder) -> list[str]:
    """Every game event of a record in notation (the scorekeeper's view)."""
    session = build.session
    pos = session.start(build.lines[0])
    out = []
    for raw in build.lines[1:]:
        event = session.decode(raw)
        out.append(RULES.format(event, pos.state))
        pos = session.step(pos, event, line_hash(raw))
    return out


def worked_moves() -> list[str]:
    """The table game of the docs: the 2-player seeded game's moves, typed as notation."""
    return (FIXTURES / "table-game.txt").read_text().splitlines()


@cache
def table_game() -> Builder:
    """The notation of table-game.txt typed into a table record (no seed), with a note."""
    header, session = make_header(GAME, NAMES[:2], seed=None, log_id=f"{GAME}-table-game",
                                  meta={"event": "docs worked example"}, rules_version=FIXED_RULES)
    build = Builder.new(header, session)
    moves = worked_moves()
    play(build, *moves[:4])
    build.add(Note(target=build.pos.seq, text="Red opens on the Hangar's dock", author="docs"))
    return play(build, *moves[4:])


@cache
def keeper_game() -> Builder:
    """The same game kept by Red alone: Blue's face-down cards and face-down rewards typed as '?',
    each revealed when its zone is resolved."""
    full = seeded_game("seeded-2p")
    header, session = make_header(GAME, NAMES[:2], seed=None, log_id=f"{GAME}-kept-by-red",
                                  kept_by=0, rules_version=FIXED_RULES)
    build = Builder.new(header, session)
    src = full.session
    pos = src.start(full.lines[0])
    for raw in full.lines[1:]:
        event = src.decode(raw)
        seen = None if isinstance(event, E.Discarded) else 0
        build.add(RULES.parse(RULES.format(event, pos.state, seat=seen), build.pos.state))
        pos = src.step(pos, event, line_hash(raw))
        _reveal_as_needed(build, pos.state)
    return build


def _reveal_as_needed(build: Builder, truth) -> None:
    """Add a reveal naming the true cards wherever the keeper's record holds '?' in the resolving zone."""
    state = build.pos.state
    if state.phase != "reveal":
        return
    zone = state.zone
    names = [t for k, t in zip(state.zones[zone].rewards, truth.zones[zone].rewards) if k == E.HIDDEN]
    for kept, real in zip(state.zones[zone].spaces, _spaces_before(truth, zone, state)):
        if kept is not None and kept.card == E.HIDDEN:
            names.append(real)
    build.add(E.Revealed(cards=tuple(names)))
    assert hidden_in_zone(build.pos.state, zone) == 0


def _spaces_before(truth, zone, kept_state) -> list[str | None]:
    """The true card on each space of `zone` (the scorekeeper's record is one event ahead at most)."""
    return [None if ch is None else ch.card for ch in truth.zones[zone].spaces]


HAND_TYPED = [
    "missions M2 M5 M9 M12", "layout 3 1 / 0 2 / 5 9 reserve 4 6 7 8", "rewards 0:12 1:7 2:22 3:5 5:30 9:14+2",
    "R6 3.I", "rotate 0", "B2 0.I", "Y5 2.I", "R4 3.II", "probe 0.R", "B3 0.II", "Y6 2.II", "R1 1.I",
    "? 0.III", "probe 2.R", "Y3 9.I", "probe -", "R2 1.II", "B5 5.I", "Y1 2.IV", "probe -",
    "reveal B1", "done", "done", "done", "done", "done", "done", "done", "done", "done", "keep 14",
    "discard 5", "discard 7", "discard 12", "discard 30", "discard Y1", "discard Y4",
]
"""Round 1 of a 3-player table game typed by hand at the command line by Ann, who could not see
Ben's face-down card on the Senate's III (typed '?', revealed as B1 when the Senate was resolved)."""


@cache
def hand_typed() -> Builder:
    """The hand-typed round as a table record."""
    header, session = make_header(GAME, ["Ann", "Ben", "Cal"], seed=None, log_id=f"{GAME}-typed-by-hand",
                                  kept_by=0, rules_version=FIXED_RULES)
    return play(Builder.new(header, session), *HAND_TYPED)


def golden() -> dict[str, str]:
    """Golden record file name -> content."""
    out = {f"{name}.jsonl": seeded_game(name).text() for name in SEEDED}
    out.update({f"{name}.jsonl": newer_game(name).text() for name in NEWEST})
    out["table-game.jsonl"] = table_game().text()
    out["kept-by-red.jsonl"] = keeper_game().text()
    out["typed-by-hand-3p.jsonl"] = hand_typed().text()
    return out


# --- illegal moves ------------------------------------------------------------------

START = ["missions M1 M7 M10 M13", "layout 0 1 / 2 3 / 4 5 reserve 6 7 8 9", "rewards 0:1 1:2 2:3 3:4 4:5 5:6"]
OPEN = START + ["R1 0.I", "B1 2.I"]
ROUND = START + ["R1 2.I", "B6 2.II", "R2 0.I", "B4 0.II", "R3 1.I", "B2 4.III", "R4 5.I", "B3 4.IV", "R5 5.III",
                 "probe -", "B1 3.I", "rotate 0", "R6 1.II", "B5 3.II", "probe -"]
"""All 12 ships out: the Senate's I (Red's R2, Shield) is resolving."""
SCAN = ROUND + ["done", "done", "done", "scan"]

INVALID = {
    "missions-too-few": ([], "missions M1 M2 M3", "missions.count"),
    "missions-unknown": ([], "missions M1 M2 M3 M99", "missions.unknown"),
    "layout-zone-twice": (START[:1], "layout 0 0 / 2 3 / 4 5 reserve 6 7 8 9", "layout.zones"),
    "rewards-card-twice": (START[:2], "rewards 0:1 1:1 2:3 3:4 4:5 5:6", "rewards.twice"),
    "rewards-starting-card": (START[:2], "rewards 0:R1 1:2 2:3 3:4 4:5 5:6", "rewards.unseen"),
    "rewards-face-up-as-hidden": (START[:2], "rewards 0:? 1:2 2:3 3:4 4:5 5:6", "hidden.face-up"),
    "place-not-in-hand": (START, "B1 0.I", "place.hand"),
    "place-no-dock": (START, "R1 0.III", "place.unreachable"),
    "place-occupied": (START + ["R1 0.I"], "B1 0.I", "place.occupied"),
    "place-zone-not-in-grid": (START, "R1 7.I", "space.zone"),
    "place-no-such-space": (START, "R1 0.IV", "space.none"),
    "place-face-up-as-hidden": (START, "? 0.I", "hidden.face-up"),
    "place-hidden-not-kept": (START, "? 2.I", "hidden.not-kept"),
    "place-own-card-as-hidden": (START, "? 2.I", "hidden.seen"),
    "probe-too-far": (OPEN + ["R2 0.III"], "probe 5.I", "probe.far"),
    "place-before-probe": (OPEN + ["R2 0.III"], "B2 2.II", "event.kind"),
    "rotate-not-military": (START, "rotate 90", "event.kind"),
    "hack-before-round-end": (START, "hack I", "event.kind"),
    "ability-not-on-card": (ROUND, "hack II", "hack.unusable"),
    "shield-not-adjacent": (ROUND, "shield 5.I", "shield.target"),
    "teleport-to-occupied": (ROUND + ["done", "done"], "teleport 0.I", "teleport.target"),
    "draw-card-not-in-deck": (SCAN, "draw 2", "draw.unseen"),
    "bury-card-not-on-reward": (SCAN + ["draw 11"], "bury 12", "bury.card"),
    "hack-own-character": (SCAN + ["draw 11", "bury 11"], "hack I", "hack.target"),
}
"""Illegal-move fixtures: name -> (legal moves of a 2-player table game, the illegal move, its error code)."""
KEPT_BY = {"rewards-face-up-as-hidden": 1, "place-face-up-as-hidden": 1, "place-own-card-as-hidden": 0}
"""Illegal-move fixtures of records kept by one player: name -> the keeper's seat (Blue sees neither of Red's
face-up `?`; Red sees the card Red places)."""


def invalid_records() -> dict[str, tuple[str, str]]:
    """Illegal-move record name -> (file content, expected error code)."""
    out = {}
    for name, (moves, bad, code) in INVALID.items():
        header, session = make_header(GAME, NAMES[:2], seed=None, log_id=f"{GAME}-invalid-{name}",
                                      kept_by=KEPT_BY.get(name), rules_version=FIXED_RULES)
        build = play(Builder.new(header, session), *moves)
        event = session.seal(build.pos, RULES.parse(bad, build.pos.state))
        build.lines.append(session.encode(event))
        out[name] = (build.text(), code)
    return out


def fixtures() -> dict[str, str]:
    """Every fixture file under fixtures/planetship-2491/ and its content."""
    out = dict(golden())
    out.update({f"invalid/{name}.jsonl": text for name, (text, _code) in invalid_records().items()})
    return out
