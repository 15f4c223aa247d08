"""Builds the Four Planets fixtures: golden records and invalid records (last line illegal).

`python -m tests.support.fixtures --write four-planets` rewrites fixtures/four-planets/ (with the
campaign folders of campaign.py); tests/contract/test_fixtures.py checks the files equal what this builds.
"""

from __future__ import annotations

from pathlib import Path

from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.engine.rng import rng
from planets_log.games.four_planets import RULES as R
from planets_log.games.four_planets import events as E

from .helpers import eager

ROOT = Path(__file__).resolve().parents[3] / "fixtures" / "four-planets"

OPENING = [
    # Setup (table game: every outcome typed in)
    "bonus R2v3s Y0s G1v1s B0s",
    "deal R1ss G0s / P1ss B0s / Y2v2s R0s / G2v1ss B1v1s",
    "boosts search look5 discount copy vp4",
    "start Ann",
    # Round 1 — dispatch (Ann faces the spaceship symbol)
    "d1x2", "d1", "d2", "d2", "d3", "d3x2",
    # recruit, planets 1..4 (planet 4 has no ships: its cards are discarded)
    "r1 R1ss", "r2 P1ss", "r3 Y2v2s",
    # play: Ben (card symbol) first, then Ann
    "p B0s", "p G0s", "done keep Y2v2s",
    "p R1ss -R0s", "done keep P1ss",
    # Round 2 — preparing: a new deal; Ben now faces the spaceship symbol
    "deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s",
    "d1", "d2x2", "d3", "d1", "d4x2", "d3x2",
    "r1 R0s", "r2 P0s", "r3 B0s", "r4 G1v1s",
    "p P1ss -Y0s", "take discount", "discount P", "p P0s", "done keep B0s",
    "p G1v1s -R0s", "draw Y2v3s", "place B", "done keep Y2v2s",
]
ROUND2 = OPENING.index("deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s") + 1
STRAND = OPENING[:ROUND2] + ["d1", "d1", "d2", "d2", "d3", "d3", "d4"]


def header_for(name: str, *, seed: int | None = None, options: dict | None = None, expected: str | None = None):
    """A header and session with a fixed log id (so fixtures are reproducible)."""
    meta = {"fixture": name}
    if expected:
        meta["expected_error"] = expected
    return make_header("four-planets", ["Ann", "Ben"], seed=seed, options=options, meta=meta, log_id=f"fp-{name}",
                       rng_version=1)  # the fixtures keep their bytes


def typed(name: str, moves: list[str], **kw) -> Builder:
    """A table record with the moves typed in notation."""
    build = Builder.new(*header_for(name, **kw))
    for text in moves:
        build.add(R.parse(text, build.pos.state))
    return build


def finish(build: Builder, seed: int) -> Builder:
    """Play a table record to the end: eager policy for actions, rng-drawn outcomes typed as text."""
    policy = rng(seed, "table-policy")
    k = 0
    while R.to_move(build.pos.state) != TERMINAL:
        state = build.pos.state
        if R.to_move(state) == CHANCE:
            event = R.chance(state, rng(seed, f"table-chance/{k}"))
            k += 1
        else:
            actions = R.legal(state)
            plays = [a for a in actions if not isinstance(a, E.Done)]
            event = policy.choice(plays) if plays and policy.below(10) < 9 else policy.choice(actions)
        build.add(R.parse(R.format(event, state), state))
    return build


def golden() -> dict[str, Builder]:
    """The golden records."""
    out = {
        "selfplay-seed-1": selfplay("four-planets", 1, ["Ann", "Ben"], log_id="fp-selfplay-seed-1", rng_version=1),
        "selfplay-seed-2": selfplay("four-planets", 2, ["Ann", "Ben"], log_id="fp-selfplay-seed-2", rng_version=1),
        "eager-seed-3": eager(3),
        "first-game-seed-4": eager(4, options={"first_game": True}),
        "table-game": finish(typed("table-game", OPENING), 5),
    }
    return out


def illegal(build: Builder, event) -> list[bytes]:
    """The record's lines plus one illegal event, sealed in place."""
    sealed = build.session.seal(build.pos, event)
    return build.lines + [build.session.encode(sealed)]


def bad(name: str, prefix: list[str], move: str | None, code: str, *, event=None, **kw) -> tuple[str, list[bytes]]:
    """An invalid fixture: a typed prefix then one illegal move (text or event)."""
    build = typed(name, prefix, expected=code, **kw)
    if event is None:
        event = R.parse(move, build.pos.state)
    return name, illegal(build, event)


def at(move: str, start: int = 0) -> list[str]:
    """The opening up to (not including) the first `move` at or after index `start`."""
    return OPENING[:OPENING.index(move, start)]


def invalid() -> dict[str, list[bytes]]:
    """The invalid records, each ending in one illegal event."""
    setup = OPENING[:4]
    cases = [
        bad("dispatch-own-ship", setup + ["d1x2", "d1"], "d1", "dispatch.own-ship"),
        bad("dispatch-parts", setup + ["d1x2", "d1"], "d2x3", "dispatch.parts"),
        bad("dispatch-planet", setup, "d5", "dispatch.planet"),
        bad("dispatch-strand", STRAND, "d4", "dispatch.strand"),
        bad("wrong-seat", setup, None, "turn", event=E.Dispatched(by=1, planet=1, parts=1)),
        bad("recruit-during-dispatch", setup + ["d1x2"], "r1 R1ss", "phase"),
        bad("recruit-planet", at("r1 R1ss"), "r2 P1ss", "recruit.planet"),
        bad("recruit-card", at("r1 R1ss"), "r1 Y0s", "recruit.card"),
        bad("play-card-not-in-hand", at("p B0s"), "p R1ss", "play.card"),
        bad("play-unpaid", at("p B0s"), "p Y2v2s -B0s", "play.unpaid"),
        bad("play-discard-unneeded", at("p B0s"), "p G0s -B0s", "play.discard-unneeded"),
        bad("play-no-coins", at("p B0s"), "p Y2v2s -B0s -c", "play.no-coins"),
        bad("play-discard-not-in-hand", at("p R1ss -R0s"), "p R1ss -G0s", "play.discard"),
        bad("done-keep-not-in-hand", at("done keep P1ss"), "done keep Y2v2s", "done.keep"),
        bad("done-while-pending", at("take discount"), "done", "pending"),
        bad("take-tile-not-face-up", at("take discount"), "take bp3", "take.tile"),
        bad("discount-empty-column", at("discount P"), "discount G", "discount.empty-column"),
        bad("draw-card-not-in-deck", at("draw Y2v3s"), "draw R2v3s", "draw.card"),
        bad("place-empty-column", at("place B"), "place Y", "place.empty-column"),
        bad("bonus-card-twice", [], "bonus R2v3s R2v3s Y0s B0s", "bonus.card"),
        bad("deal-count", OPENING[:1], "deal R1ss G0s / P1ss B0s / Y2v2s R0s / G2v1ss", "deal.count"),
        bad("deal-card-gone", OPENING[:1], "deal R2v3s G0s / P1ss B0s / Y2v2s R0s / G2v1ss B1v1s", "deal.card"),
        bad("boosts-first-game", OPENING[:2], "boosts search look5 discount copy vp4", "boosts.first-game",
            options={"first_game": True}),
        bad("chance-kind", OPENING[:1], "boosts search look5 discount copy vp4", "chance.kind"),
    ]
    out = dict(cases)
    out["chance-tampered"] = _tampered()
    return out


def _tampered() -> list[bytes]:
    """A seeded record whose first outcome is not the one the seed gives."""
    build = Builder.new(*header_for("chance-tampered", seed=8, expected="chance.tampered"))
    want = build.session.expected_chance(build.pos)
    other = E.BonusDealt(cards=tuple(reversed(want.cards)))
    if other == want:
        other = E.BonusDealt(cards=("R0s", "R0s", "R0s", "Y0s"))
    return illegal(build, other)


def fixtures() -> dict[str, str | bytes]:
    """Every fixture file under fixtures/four-planets/ and its content (the campaign folders too)."""
    from . import campaign

    files: dict[str, str | bytes] = {f"{name}.jsonl": build.text() for name, build in golden().items()}
    for name, lines in invalid().items():
        files[f"invalid/{name}.jsonl"] = "".join(line.decode() + "\n" for line in lines)
    files.update({path.relative_to(ROOT).as_posix(): data for path, data in campaign.texts().items()})
    return files
