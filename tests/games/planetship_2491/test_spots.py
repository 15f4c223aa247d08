"""The board as the input: the phone's layout of a view (a seat sees its own hand, a face-down card is '?' to whoever
may not see it) and the taps that single out each move."""

from __future__ import annotations

from planets_log.engine.redact import public_view
from planets_log.engine.replay import Replay
from planets_log.engine.rules import CHANCE, TERMINAL, next_events
from planets_log.record.events import Meta

from .helpers import BLUE, FIXTURES, RED, RULES, play, scene, state_of, table


def spots(data, state) -> dict[str, str]:
    """Each spot's id and label on the layout of `data`."""
    return {s.id: s.label for zone in RULES.layout(data, state).zones for s in zone.spots}


def taps(build, move: str) -> tuple[str, ...]:
    state = state_of(build)
    return tuple(p.id for p in RULES.parts(RULES.parse(move, state), state))


def test_a_seat_sees_its_own_hand_and_not_the_others():
    """# Game Setup, step 1: each player's cards stand in their own card stand, hidden from the others."""
    state = state_of(table(2))
    red = spots(RULES.view(state, RED), state)
    assert {f"card:R{i}" for i in range(1, 7)} <= set(red) and not any(i.startswith("card:B") for i in red)
    watching = spots(public_view(RULES, state), state)
    assert not any(i.startswith("card:") for i in watching)
    rows = {row.id: row for row in RULES.layout(public_view(RULES, state), state).zones}
    assert rows["row:seat:1"].note.startswith("6 cards in hand") and rows["row:seat:1"].title == "Blue (blue)"


def test_a_face_down_card_is_a_question_mark_to_whoever_may_not_see_it():
    """# Zones, face-down icon: the owner (and the scorekeeper) read the card, the others and the spectators '?'."""
    b = play(table(2), "R1 0.I", "B1 1.I", "R2 0.III")
    state = state_of(b)
    assert spots(RULES.view(state), state)["space:0.III"] == "III R2·R"
    assert spots(RULES.view(state, RED), state)["space:0.III"] == "III R2·R"
    assert spots(RULES.view(state, BLUE), state)["space:0.III"] == "III ?·R"
    assert spots(public_view(RULES, state), state)["space:0.III"] == "III ?·R"


def test_the_zones_are_rows_in_resolution_order_between_the_table_and_the_seats():
    """# Round End: zones resolve in numerical order; the phone lists them so, the resolving one marked."""
    b = scene(table(2), {"2.I": ("2", RED)}, zone=2)
    rows = RULES.layout(RULES.view(state_of(b)), state_of(b)).zones
    assert [row.id for row in rows] == ["row:table", *(f"row:zone:{z}" for z in range(6)), "row:seat:0", "row:seat:1"]
    assert rows[3].title == "Zone 2 · Hangar · resolving space I" and rows[3].note == "strength: Red 1"


def test_tapping_a_card_leaves_only_its_placements():
    """# Player's Turn: a card from hand, then a free space; the card tapped keeps its moves only, and the space
    single out one."""
    state = state_of(table(2))
    moves = next_events(RULES, state)
    with_r1 = [m for m in moves if "card:R1" in {p.id for p in RULES.parts(m, state)}]
    assert with_r1 and all(m.card == "R1" for m in with_r1) and len(with_r1) < len(moves)
    one = [m for m in moves if {"card:R1", "space:0.I"} <= {p.id for p in RULES.parts(m, state)}]
    assert [RULES.format(m, state) for m in one] == ["R1 0.I"]


def test_a_probe_is_the_probes_then_a_space_or_none():
    """# Probes: after a character on a probe icon, a probe on a space (reward spaces too), or none."""
    b = play(table(2), "R1 0.I", "B1 1.I", "R3 0.III")
    assert taps(b, "probe 0.R") == ("probes:0", "space:0.R")
    assert taps(b, "probe 1.II") == ("probes:0", "space:1.II")
    assert taps(b, "probe -") == ("probes:0", "choice:no-probe")


def test_the_military_area_is_tapped_with_its_turn():
    """# Zone Special Rules > #3 - Military Area: the zone, then how far to turn it."""
    b = play(table(2), "R1 3.I")
    assert taps(b, "rotate 90") == ("zone:3", "choice:rotate-90")
    assert taps(b, "rotate 0") == ("zone:3", "choice:rotate-0")


def test_an_ability_is_its_button_then_its_target():
    """# Character Abilities: the ability, then what it is used on; without a target, the resolving character."""
    b = scene(table(2), {"2.I": ("R5", RED), "3.III": ("B6", BLUE), "5.I": ("B2", BLUE)}, zone=2)
    assert taps(b, "tractor 3.III II") == ("choice:tractor", "space:3.III", "space:2.II")
    assert taps(b, "done") == ("choice:done", "space:2.I")
    b = scene(table(2), {"2.I": ("13", RED), "2.III": ("B6", BLUE), "4.I": ("2", RED)}, zone=2)
    assert taps(b, "hack III") == ("choice:hack", "space:2.III")


def test_a_reward_card_is_tapped_to_keep_or_bury():
    """# Zone Special Rules > #9 - Harvests and Character Abilities > Scanner: a reward card chosen by a tap."""
    b = scene(table(5), {"9.I": ("7", RED)}, zone=9)
    state = state_of(b)
    assert taps(b, "keep 10") == ("reward:9.1",) and spots(RULES.view(state), state)["reward:9.1"] == "10"
    b = play(scene(table(2), {"2.I": ("2", RED)}, zone=2), "scan", "draw 11")
    assert taps(b, "bury 11") == ("reward:2.1",) and taps(b, "bury 3") == ("reward:2.0",)


def test_every_part_is_on_the_board_in_a_kept_record():
    """A record kept by one player (its '?' cards, its reveals): every move's parts are on the scorekeeper's layout
    or beside it, and two moves never share their taps."""
    seen = 0
    for step in Replay(str(FIXTURES / "kept-by-red.jsonl")).steps():
        state = step.before.state
        if isinstance(step.event, Meta) or RULES.to_move(state) in (CHANCE, TERMINAL):
            continue
        board = set(spots(RULES.view(state), state))
        sets = set()
        for move in next_events(RULES, state):
            ids = [p.id for p in RULES.parts(move, state)]
            assert {i for i in ids if not i.startswith("choice:")} <= board and set(ids) & board, ids
            sets.add(frozenset(ids))
            seen += 1
        assert len(sets) == len(next_events(RULES, state))
    assert seen > 500


def test_listed_chance_outcomes_have_distinct_taps():
    """# Game Setup (missions), Forming Planetship Alpha (the shifts, 2 and 5 players), Scanner (the draw)."""
    from planets_log.games.planetship_2491.chance import outcomes

    checked = 0
    for state in _chance_points():
        listed = [e for e, _ in outcomes(state).listed]
        sets = {frozenset(p.id for p in RULES.parts(e, state)) for e in listed}
        assert len(sets) == len(listed) and all(p.label for e in listed[:50] for p in RULES.parts(e, state))
        checked += bool(listed)
    assert checked == 4


def _chance_points():
    """The states of some listed chance points: the missions, a 2- and a 5-player shift, a Scanner's draw."""
    from planets_log.engine.play import Builder, make_header

    header, session = make_header("planetship-2491", ["Red", "Blue"], seed=None, log_id="taps", rng_version=1)
    yield state_of(Builder.new(header, session))
    for n in (2, 5):
        b = scene(table(n), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)
        yield state_of(play(b, "discard R5", "discard B5"))
    yield state_of(play(scene(table(2), {"2.I": ("2", RED)}, zone=2), "scan"))


def test_the_layout_draws_whatever_a_view_hides():
    """A spectator's view may lack keys, say '?' for a whole list, or a count for a hand: the layout still draws."""
    state = state_of(table(2))
    assert [z.id for z in RULES.layout({}, state).zones] == ["row:table"]
    assert [z.id for z in RULES.layout({"grid": "?", "seats": "?", "missions": "?"}, state).zones] == ["row:table"]
    data = public_view(RULES, state)
    data["seats"][0]["hand"] = 6
    data["grid"][0]["spaces"] = "?"
    data["grid"][1]["rewards"] = "?"
    rows = RULES.layout(data, state).zones
    assert rows[-2].note.startswith("6 cards in hand") and len(rows) == 1 + 6 + 2


def test_the_reserve_order_is_on_the_scorekeepers_layout_only():
    """# Forming Planetship Alpha: the reserve lies face down; only the scorekeeper's table row lists its order."""
    state = state_of(table(2))
    notes = [RULES.layout(data, state).zones[0].note for data in (RULES.view(state), RULES.view(state, RED))]
    assert "reserve from left to right: zones 6, 7, 8 and 9" in notes[0]
    assert "reserve from" not in notes[1] and "4 zones in reserve" in notes[1]
