"""The board on a phone: the rows a view is laid out in, and the spots each move is about, tapped in order."""

from __future__ import annotations

import msgspec

from planets_log.engine.redact import public_view
from planets_log.engine.rules import next_events
from planets_log.games.planetopia.events import Played

from .helpers import RULES, edit, play, state_of, table


def zones(state, seat=None, data=None):
    """The layout's zones by id, of the scorekeeper's view, a seat's, or the given data."""
    data = RULES.view(state, seat) if data is None else data
    return {zone.id: zone for zone in RULES.layout(data, state).zones}


def ids(move, state) -> list[str]:
    return [part.id for part in RULES.parts(move, state)]


def tapped(state, *spots: str) -> list[str]:
    """The legal moves, in notation, about every one of `spots`: what is left after tapping them."""
    return [RULES.format(m, state) for m in next_events(RULES, state) if set(spots) <= set(ids(m, state))]


# --- the layout ------------------------------------------------------------------------------

def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    """Setup: the starting cards are held in hand: a seat's layout shows its cards, the others' as a count."""
    state = state_of(table())
    mine = zones(state, seat=1)
    assert [s.label for s in mine["hand:1"].spots] == ["Atom", "H-swap", "V-swap"]
    assert mine["hand:0"].spots == () and mine["hand:0"].note == "3 cards, face down"
    assert [s.label for s in zones(state)["hand:0"].spots] == ["Atom", "H-swap", "V-swap"]  # the scorekeeper's


def test_the_spectators_see_no_hand_but_every_planet():
    """Setup and Game Board: spectators see hands as counts; planets, the row and the trail are open."""
    build = edit(table(), seat=0, board=("RY", "G", ""))
    state = state_of(build)
    public = zones(state, data=public_view(RULES, state))
    assert all(public[f"hand:{i}"].spots == () for i in range(3))
    assert [s.label for s in public["planet:0:2"].spots] == ["Y", "·", "·"]
    assert [s.label for s in public["planet:0:1"].spots] == ["R", "G", "·"]
    assert public["trail"].note == f"Cosmos pile: {len(state.cosmos_deck)} cards"


def test_the_planet_is_three_rows_top_first_with_slots_in_words():
    """Game Board: a 3 by 3 grid under gravity, drawn as on the board: the top row first, column a on the left."""
    build = edit(table(), seat=0, board=("RYB", "G", "J"))
    order = [z.id for z in RULES.layout(RULES.view(state_of(build)), state_of(build)).zones]
    assert order.index("planet:0:3") < order.index("planet:0:2") < order.index("planet:0:1")
    top = zones(state_of(build))["planet:0:3"].spots
    assert [(s.id, s.label, s.words) for s in top] == [
        ("cell:0:a3", "B", "top left: blue Alien"), ("cell:0:b3", "·", "top middle: empty"),
        ("cell:0:c3", "·", "top right: empty")]
    assert zones(state_of(build))["planet:0:1"].spots[2].words == "bottom right: Joker"


def test_the_row_and_the_trail_show_points_slots_and_atoms():
    """Prestige Cards and Turn of Play (take): points and token of each card; a trail slot's Atoms and price."""
    build = play(table(), "take 3 ray", "refill GP")
    state = state_of(build)
    row = zones(state)["row"].spots
    assert (row[0].id, row[0].label) == ("row:1", "3pt E")
    assert row[0].words.startswith("Prestige card 1: 3 points, gives an Extra turn token; needs red bottom left")
    trail = {s.id: s for s in zones(state)["trail"].spots}
    assert trail["trail:1"].label == "BGR +1" and trail["trail:1"].words.endswith("1 Atom on it; free")
    assert trail["trail:3"].words.endswith("; costs 2 Atoms")


def test_tokens_gained_this_turn_are_marked():
    """Special Tokens: a token gained this turn is shown with the others and said to wait for a later turn."""
    build = edit(table(), seat=0, board=("R", "G", "B"), tokens=("extra",))
    play(build, "combo .../.../RGB")
    spot = zones(state_of(build))["seat:0"].spots[0]
    assert (spot.id, spot.label) == ("token:0:extra", "Extra x2")
    assert "1 gained this turn" in spot.words


def test_a_view_with_unknown_leaves_still_draws():
    """The spectators' meet may hold "?" where seats differ: the layout says so instead of failing."""
    state = state_of(table())
    data = msgspec.json.decode(msgspec.json.encode(RULES.view(state, 0)))
    data["seats"][1] = dict(data["seats"][1], board="?", hand="?", tokens="?")
    data["prestige_deck"] = "?"
    laid = zones(state, data=data)
    assert laid["hand:1"].note == "? cards, face down"
    assert {s.label for s in laid["planet:1:1"].spots} == {"?"}
    assert laid["row"].note == "Prestige pile: ? cards"


def test_setting_out_and_game_over_say_what_comes():
    """Setup and Game End: before the first turn the layout says what is dealt next; at the end, why it ended."""
    build = table()
    assert zones(state_of(build))["turn"].title == "Round 1: Ann to act"
    edit(build, due="refill")
    assert zones(state_of(build))["turn"].note == "the Cosmos card for the trail comes next"
    edit(build, over=True, end_reason="a player reached 25 Prestige points")
    assert zones(state_of(build))["turn"].note == "a player reached 25 Prestige points"


# --- what a move is about ----------------------------------------------------------------------

def test_a_tap_on_a_card_leaves_only_the_moves_of_that_card():
    """Turn of Play (play): tapping a card in hand keeps that card's plays, and nothing else."""
    build = edit(table(), seat=0, hand=("BG", "atom", "hswap"), board=("P", "R", ""))
    left = tapped(state_of(build), "hand:0:BG")
    assert left and all(m.startswith("play BG ") for m in left)
    assert tapped(state_of(build), "hand:0:atom") == ["play atom"]


def test_each_placement_of_the_aliens_is_its_own_taps():
    """Game Board (gravity): a slot tapped keeps the placements landing there; the colour there singles one out."""
    build = edit(table(), seat=0, hand=("BG", "atom"), board=("PP", "RRR", "YYY"))
    state = state_of(build)
    assert sorted(tapped(state, "hand:0:BG")) == ["play BG a:B", "play BG a:G"]  # one slot: the other is surplus
    assert tapped(state, "hand:0:BG", "cell:0:a3", "choice:land:a3:G") == ["play BG a:G"]
    plays = [m for m in RULES.legal(state) if isinstance(m, Played) and m.card == "BG"]
    assert ids(plays[0], state)[:2] == ["hand:0:BG", "cell:0:a3"]  # the card, then where it lands


def test_swaps_the_raygun_and_atomize_are_about_planet_slots():
    """Cosmos Cards and Turn of Play (atomize): the slots swapped, recoloured or atomized, by their spots."""
    build = edit(table(), seat=0, hand=("hswap", "ray"), board=("P", "R", ""), atoms=2)
    state = state_of(build)
    assert tapped(state, "hand:0:hswap") == ["play hswap a1 b1"]
    assert ids(RULES.parse("play ray a1 Y", state), state) == ["hand:0:ray", "cell:0:a1", "choice:colour:Y"]
    assert sorted(tapped(state, "turn:atomize", "cell:0:a1")) == ["atomize a1", "atomize a1 b1"]
    assert tapped(state, "trail:2") == ["take 2 BG"]


def test_tokens_recover_combo_and_end_are_tapped_on_the_board():
    """Special Tokens, Turn of Play (recover) and Prestige Cards: each is about its spot, a dropped token beside."""
    build = edit(table(), seat=0, board=("R", "G", "B"), tokens=("double", "extra", "joker"), played=("vswap",),
                 hand=("atom", "hswap"))
    state = state_of(build)
    assert tapped(state, "token:0:extra") == ["extra"]
    assert tapped(state, "token:0:joker") == ["joker a", "joker b", "joker c"]
    assert tapped(state, "token:0:joker", "cell:0:b2") == ["joker b"]
    assert tapped(state, "played:0:vswap") == ["recover"]
    assert sorted(tapped(state, "row:1")) == ["combo .../.../RGB drop double", "combo .../.../RGB drop extra",
                                              "combo .../.../RGB drop joker"]
    assert tapped(state, "row:1", "choice:drop:joker") == ["combo .../.../RGB drop joker"]
    play(build, "play atom")
    assert tapped(state_of(build), "turn:end") == ["end"]


def test_every_action_is_about_a_spot_on_the_board():
    """The board as the input: every action has a part on the scorekeeper's layout; the others are choices."""
    build = edit(table(), seat=0, board=("RY", "GP", "B"), tokens=("double", "joker"), played=("vswap",),
                 hand=("BGR", "atom", "hswap", "ray", "switch"), atoms=3)
    state = state_of(build)
    on_board = {s.id for z in RULES.layout(RULES.view(state), state).zones for s in z.spots}
    for move in RULES.legal(state):
        parts = ids(move, state)
        assert set(parts) & on_board, RULES.format(move, state)
        assert all(p in on_board or p.startswith("choice:") for p in parts), RULES.format(move, state)


def test_listed_outcomes_are_choices_beside_the_board():
    """Turn of Play (take) and Prestige Cards: the card drawn into the trail or the row is a choice by its name."""
    build = play(table(), "take 1 BGR")
    refills = next_events(RULES, state_of(build))
    assert {ids(e, state_of(build))[0] for e in refills} == {f"choice:cosmos:{c}" for c in state_of(build).cosmos_deck}
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo .../.../RGB")
    part = RULES.parts(next_events(RULES, state_of(build))[0], state_of(build))[0]
    assert part.id.startswith("choice:prestige:") and part.words.startswith(f"{part.words.split(' ')[0]} points")
