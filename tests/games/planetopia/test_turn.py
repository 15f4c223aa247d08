"""Turn of Play: the mandatory actions (take, play, recover), the optional ones, and the turn's end."""

from __future__ import annotations

import pytest

from planets_log.games.planetopia.state import TrailCard

from .helpers import RULES, codes, edit, play, refused, seat_of, state_of, table


def trail(build):
    return [(t.card, t.atoms) for t in state_of(build).trail]


# --- take 1 Cosmos card ----------------------------------------------------------------

def test_take_rightmost_card_is_free():
    """Turn of Play (take): the rightmost card is taken without spending an Atom."""
    build = play(table(), "take 1 BGR")
    assert seat_of(build, 0).atoms == 2
    assert seat_of(build, 0).hand == ("BGR", "atom", "hswap", "vswap")


def test_take_further_card_pays_one_atom_on_each_card_to_its_right():
    """Turn of Play (take): slot 3 costs 2 Atoms, one placed on each card to its right."""
    build = play(table(), "take 3 ray")
    assert seat_of(build, 0).atoms == 0
    assert trail(build) == [("PP", 0), ("switch", 0), ("BG", 1), ("BGR", 1)]


def test_trail_slides_right_and_refills_at_the_left_end():
    """Turn of Play (take): the cards left of the gap slide right, a new card is drawn to the left end."""
    build = play(table(), "take 3 ray")
    assert state_of(build).due == "refill"
    play(build, "refill GP")
    assert trail(build) == [("GP", 0), ("PP", 0), ("switch", 0), ("BG", 1), ("BGR", 1)]


def test_taking_a_card_collects_its_atoms():
    """Turn of Play (take): a card taken with Atom tokens on it gives those Atoms too."""
    build = play(table(), "take 3 ray", "refill GP", "end", "take 1 BGR")
    assert seat_of(build, 1).atoms == 3


def test_take_needs_the_atoms_to_pay():
    """Turn of Play (take): with 2 Atoms, slot 4 (3 Atoms) cannot be taken."""
    err = refused(table(), "take 4 switch")
    assert err.code == "take.atoms"
    assert "Ann has 2 Atoms" in err.message
    assert [c for c in codes(table()) if c.startswith("take")] == ["take 1 BGR", "take 2 BG", "take 3 ray"]


def test_take_pays_before_collecting():
    """Turn of Play (take): the Atoms on the card taken cannot pay for taking it (decision)."""
    build = edit(table(), seat=0, atoms=0)
    edit(build, trail=(TrailCard("PP"), TrailCard("switch"), TrailCard("ray"), TrailCard("BG", 3), TrailCard("BGR")))
    assert refused(build, "take 2 BG").code == "take.atoms"


def test_take_names_the_card_in_the_slot():
    """Turn of Play (take): the card written must be the one in that slot of the trail."""
    assert refused(table(), "take 2 BGR").code == "take.card"
    assert refused(table(), "take 6 PP").code == "take.slot"


def test_no_refill_when_the_cosmos_pile_is_empty():
    """Turn of Play (take): with an empty pile the trail just gets shorter (decision)."""
    build = edit(table(), cosmos_deck=())
    play(build, "take 1 BGR")
    assert state_of(build).due == "" and len(state_of(build).trail) == 4


# --- play 1 card ----------------------------------------------------------------------

def test_playing_an_alien_card_places_its_aliens_under_gravity():
    """Turn of Play (play) / Game Board: the card's Aliens fall into the columns chosen, bottom first."""
    build = play(table(), "take 1 BGR", "refill GP", "end", "take 1 BG", "refill Y", "end", "take 1 ray",
                 "refill R", "end", "play BGR b:GR c:B")
    seat = seat_of(build, 0)
    assert seat.board == ("", "GR", "B")
    assert seat.played == ("BGR",) and "BGR" not in seat.hand


def test_a_card_joins_the_hand_and_acts_only_when_played():
    """Turn of Play (take): a taken card's Aliens arrive only when the card is played."""
    build = play(table(), "take 1 BGR")
    assert seat_of(build, 0).board == ("", "", "")


def test_a_column_holds_three_tokens():
    """Game Board: the board is 3 by 3, so a column takes at most 3 tokens."""
    build = edit(table(), seat=0, hand=("BGR", "atom"), board=("PP", "", ""))
    assert refused(build, "play BGR a:GR c:B").code == "play.column"


def test_surplus_aliens_are_discarded_without_atoms():
    """Turn of Play (play): Aliens beyond the 9 slots are discarded, of the player's choice, for no Atom."""
    build = edit(table(), seat=0, hand=("BGR", "atom"), board=("PPP", "YYY", "YY"))
    assert [c for c in codes(build) if c.startswith("play BGR")] == ["play BGR c:B", "play BGR c:G", "play BGR c:R"]
    play(build, "play BGR c:G")
    assert seat_of(build, 0).board == ("PPP", "YYY", "YYG") and seat_of(build, 0).atoms == 2


def test_only_the_surplus_may_be_discarded():
    """Turn of Play (play): while a slot is free the Aliens must be placed (decision)."""
    build = edit(table(), seat=0, hand=("BGR", "atom"))
    err = refused(build, "play BGR a:B")
    assert err.code == "play.surplus"


def test_a_missing_colour_is_not_substituted():
    """F.A.Q. (limited Aliens): with no green left, BGR brings only B and R; no other colour replaces G."""
    build = table()
    edit(build, seat=1, board=("GGG", "GGG", "GGG"))
    edit(build, seat=2, board=("GGG", "GGG", "G"))
    edit(build, seat=0, hand=("BGR", "atom"))
    assert refused(build, "play BGR a:B b:G c:R").code == "play.aliens"
    assert refused(build, "play BGR a:B b:Y").code == "play.aliens"
    play(build, "play BGR a:B c:R")
    assert seat_of(build, 0).board == ("B", "", "R")


def test_play_needs_the_card_in_hand():
    """Turn of Play (play): only a card in hand can be played."""
    assert refused(table(), "play BGR a:B b:G c:R").code == "play.hand"


def test_atom_card_gains_one_atom():
    """Setup (starting cards): the atom card gains 1 Atom token."""
    build = play(table(), "play atom")
    assert seat_of(build, 0).atoms == 3 and seat_of(build, 0).played == ("atom",)


def test_playing_the_last_card_returns_all_played_cards_at_the_end_of_the_turn():
    """Turn of Play (play): after playing the last card in hand, all played cards return when the turn ends."""
    build = edit(table(), seat=0, hand=("atom",), played=("hswap", "vswap"))
    play(build, "play atom")
    assert seat_of(build, 0).hand == () and state_of(build).recover
    play(build, "end")
    assert seat_of(build, 0).hand == ("atom", "hswap", "vswap") and seat_of(build, 0).played == ()


# --- recover cards ---------------------------------------------------------------------

def test_recover_takes_back_every_played_card():
    """Turn of Play (recover): all played cards return to the hand."""
    build = edit(table(), seat=0, hand=("atom",), played=("BGR", "hswap", "vswap"))
    play(build, "recover")
    assert seat_of(build, 0).hand == ("BGR", "atom", "hswap", "vswap") and seat_of(build, 0).played == ()


def test_recover_needs_played_cards():
    """Turn of Play (recover): with nothing played there is nothing to recover (decision: refused)."""
    assert refused(table(), "recover").code == "recover.none"


# --- one mandatory and one optional action ---------------------------------------------

def test_one_mandatory_action_per_turn():
    """Turn of Play: a second mandatory action in the same turn is refused."""
    build = play(table(), "play atom")
    err = refused(build, "take 1 BGR")
    assert err.code == "action.mandatory"


def test_one_optional_action_per_turn():
    """Turn of Play: a second optional action in the same turn is refused."""
    build = edit(table(), seat=0, board=("PP", "", ""))
    play(build, "atomize a1")
    assert refused(build, "atomize a1").code == "action.optional"


def test_actions_in_either_order():
    """Turn of Play: the optional action may come before the mandatory one."""
    build = edit(table(), seat=0, board=("P", "", ""))
    play(build, "atomize a1", "play atom", "end")
    assert RULES.to_move(state_of(build)) == 1
    assert seat_of(build, 0).atoms == 4


def test_the_turn_ends_only_after_the_mandatory_action():
    """Turn of Play: a turn cannot end before its mandatory action; `end` is explicit."""
    build = table()
    assert refused(build, "end").code == "end.mandatory"
    play(build, "play atom")
    assert "end" in codes(build)


def test_turns_go_clockwise_and_rounds_count():
    """Turn of Play: seats play in order; after the last seat the next round starts with the first."""
    build = play(table(), "play atom", "end", "play atom", "end")
    assert RULES.to_move(state_of(build)) == 2 and state_of(build).round == 1
    play(build, "play atom", "end")
    assert RULES.to_move(state_of(build)) == 0 and state_of(build).round == 2


# --- atomize ---------------------------------------------------------------------------

def test_atomize_one_or_two_aliens_for_as_many_atoms():
    """Turn of Play (atomize): 1 or 2 Aliens discarded give 1 Atom each."""
    build = edit(table(), seat=0, board=("PR", "G", ""))
    play(build, "atomize a1 b1")
    assert seat_of(build, 0).atoms == 4


def test_atomize_at_most_two():
    """Turn of Play (atomize): three Aliens cannot be atomized at once."""
    build = edit(table(), seat=0, board=("PRY", "", ""))
    assert refused(build, "atomize a1 a2 a3").code == "atomize.count"


def test_atomize_needs_an_alien_in_the_cell():
    """Turn of Play (atomize): an empty slot cannot be atomized."""
    assert refused(table(), "atomize a1").code == "atomize.cell"


def test_removed_tokens_let_the_ones_above_fall():
    """Game Board (gravity): when a token leaves, the tokens above it fall straight down, in order."""
    build = edit(table(), seat=0, board=("PRY", "GB", ""))
    play(build, "atomize a1 b1")
    assert seat_of(build, 0).board == ("RY", "B", "")


def test_refill_outcomes_are_the_cards_left_in_the_pile():
    """Turn of Play (take): the refill is a card still in the pile; `moves` lists each kind once."""
    build = play(table(), "take 1 BGR")
    assert RULES.legal(state_of(build)) == []
    listed = RULES.chance_outcomes(state_of(build)).events()
    outcomes = [RULES.format(e, state_of(build)) for e in listed]
    assert sorted(outcomes) == [f"refill {c}" for c in sorted(set(state_of(build).cosmos_deck))]
    assert "refill BGR" not in outcomes and "refill GPR" in outcomes
    assert refused(build, "refill BGR").code == "refill.card"


# --- legal() in hand-made positions ------------------------------------------------------

HANDS = ("BGR", "PP", "atom", "hswap", "ray", "switch", "vswap")


@pytest.mark.parametrize("seat_changes,state_changes", [
    ({"tokens": ("double", "extra", "joker"), "board": ("R", "G", "BP"), "hand": HANDS, "atoms": 3}, {}),
    ({"tokens": ("extra", "joker"), "fresh": ("joker",), "board": ("RJ", "GG", "B"), "hand": HANDS}, {}),
    ({"tokens": ("double",), "board": ("PPP", "YYY", "YY"), "hand": HANDS, "atoms": 9}, {}),
    ({"board": ("YR", "GRG", "YB"), "hand": HANDS, "atoms": 1}, {"mandatory": 0}),
    ({"board": ("P", "", ""), "hand": (), "played": HANDS}, {"optional": 0}),
])
def test_legal_is_exact_in_special_positions(seat_changes, state_changes):
    """Turn of Play, Tokens: with tokens held, fresh tokens, a full board or a spent action, legal() is exactly
    what check() accepts among the candidates and the contract suite's wider probe (positions random play
    rarely reaches)."""
    from tests.support.positions import legality_problem

    from .probe import probe

    build = edit(table(), seat=0, **seat_changes)
    edit(build, seat=1, board=("GGG", "GGG", "GGG"))
    edit(build, seat=2, board=("GGG", "GGG", "G"))
    if state_changes:
        edit(build, **state_changes)
    state = state_of(build)
    assert RULES.legal(state)
    assert legality_problem(RULES, state, probe(state)) is None
