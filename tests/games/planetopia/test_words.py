"""Plain words: every event as one sentence naming who acts and the components as the rulebook names them,
a starting hand as one hidden word per card to those who may not see it, and the notation's legend."""

from __future__ import annotations

import pytest

from planets_log.engine.redact import public_words
from planets_log.engine.replay import Replay
from planets_log.games.planetopia.events import EVENTS, HandDealt
from planets_log.record.events import Meta

from .helpers import FIXTURES, RULES, edit, play, state_of, table

NBSP = "\u00a0"


def said(build, text: str, seat: int | None = None) -> str:
    """The words of `text` typed at the builder's position (the position is left as it was)."""
    state = state_of(build)
    return RULES.words(RULES.parse(text, state), state, seat)


# --- Setup and the chance outcomes -------------------------------------------------------

def test_the_opening_row_and_trail_read_card_by_card():
    """Setup: the Prestige row by points, needs and token; the Cosmos trail by Aliens or effect, slot by slot."""
    build = table()
    row = said(build, "row .../.../RGB .../.R./oGo")
    assert row.startswith("The Prestige row is dealt, left to right: a 3-point Prestige card needing red bottom "
                          "left, green bottom middle and blue bottom right, with an Extra turn token; ")
    assert "any Alien bottom left" in row and "red centre" in row
    trail = said(build, "trail PP switch ray BG BGR")
    assert ("the Cosmos card with 2 purple Aliens in slot 5, the Switch card in slot 4, the Raygun card in slot 3"
            in trail)
    assert trail.endswith("the Cosmos card with blue, green and red Aliens in slot 1")


def test_a_refill_and_a_reveal_say_where_the_card_goes():
    """Turn of Play (take) and Prestige Cards: a new Cosmos card at the left end, a Prestige card into the gap."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "take 1 BGR")
    assert said(build, "refill GPY") == ("A new Cosmos card is drawn to the left end of the trail: the Cosmos card "
                                         "with green, purple and yellow Aliens")
    play(build, "refill GPY", "combo .../.../RGB")
    assert said(build, "reveal .../Y.B/YoB").startswith("A new Prestige card is drawn into place 1 of the row: a "
                                                        "4-point Prestige card needing yellow bottom left")


def test_a_starting_hand_is_one_word_per_card_and_hidden_from_the_others():
    """Setup: the starting cards are the owner's; spectators lose exactly those words, nothing else."""
    state = state_of(table())
    event = HandDealt(seat=1, cards=("atom", "hswap", "vswap"))
    owner, other = RULES.words(event, state, 1), RULES.words(event, state, 0)
    assert owner == (f"Ben receives 2 Atoms and 3 starting cards: the{NBSP}Atom{NBSP}card, "
                     f"the{NBSP}horizontal{NBSP}swap{NBSP}card and the{NBSP}vertical{NBSP}swap{NBSP}card")
    assert other == f"Ben receives 2 Atoms and 3 starting cards: a{NBSP}card, a{NBSP}card and a{NBSP}card"
    assert len(owner.split(" ")) == len(other.split(" "))
    public = public_words(RULES, event, state)
    assert public == "Ben receives 2 Atoms and 3 starting cards: (hidden) (hidden) and (hidden)"
    assert "Atom card" not in public.replace(NBSP, " ")
    assert "horizontal" in RULES.words(event, state).replace(NBSP, " ")  # the scorekeeper sees all


# --- Turn of Play: the mandatory actions -------------------------------------------------------

def test_taking_a_card_says_its_slot_and_its_price():
    """Turn of Play (take): slot 1 is free; further away an Atom goes on each card to the right, and a card's
    Atoms are gained with it."""
    build = table()
    assert said(build, "take 1 BGR") == ("Ann takes the Cosmos card with blue, green and red Aliens from slot 1 of "
                                         "the trail, for free")
    assert said(build, "take 3 ray") == ("Ann takes the Raygun card from slot 3 of the trail, placing an Atom on "
                                         "each of the 2 cards to its right")
    play(build, "take 2 BG", "refill GP")
    assert said(build, "take 1 BGR").endswith("for free, and gains the 1 Atom on it")


def test_playing_an_alien_card_says_where_each_alien_lands():
    """Cosmos Cards / Game Board: each Alien falls to the lowest free slot of its column."""
    build = edit(table(), seat=0, hand=("BGR", "atom"), board=("P", "", ""))
    assert said(build, "play BGR a:GR c:B") == (
        "Ann plays the Cosmos card with blue, green and red Aliens: a green Alien lands middle left, a red Alien "
        "lands top left and a blue Alien lands bottom right")


def test_the_surplus_and_a_missing_colour_are_said():
    """Turn of Play (play) and F.A.Q. (limited Aliens): the surplus is discarded; a colour out of supply is not
    replaced."""
    build = edit(table(), seat=0, hand=("BGR", "atom"), board=("PPP", "PPP", "PP"))
    assert said(build, "play BGR c:G") == ("Ann plays the Cosmos card with blue, green and red Aliens: a green Alien "
                                           "lands top right; the surplus blue and red Aliens are discarded")
    edit(build, seat=1, board=("GGG", "GGG", "GGG"))
    edit(build, seat=2, board=("GGG", "GGG", "G"))
    edit(build, seat=0, board=("", "", ""))
    assert said(build, "play BGR a:B c:R").endswith("; the supply has no green Alien left")


def test_raygun_switch_swaps_and_atom_card():
    """Cosmos Cards (Raygun, Switch) and Setup (starting cards): the slots by place, the colours by name."""
    build = edit(table(), seat=0, hand=("atom", "hswap", "ray", "switch", "vswap"), board=("PG", "R", ""), atoms=3)
    assert said(build, "play ray a2 Y") == ("Ann plays the Raygun card and pays 2 Atoms: the green Alien middle "
                                            "left becomes yellow")
    assert said(build, "play switch a2 b1") == ("Ann plays the Switch card: the red Alien bottom middle and the "
                                                "green Alien middle left swap places")
    assert said(build, "play hswap a1 b1").startswith("Ann plays the horizontal swap card: the purple Alien bottom "
                                                      "left and the red Alien bottom middle")
    assert said(build, "play vswap a1 a2").startswith("Ann plays the vertical swap card")
    assert said(build, "play atom") == "Ann plays the Atom card and gains 1 Atom"


def test_the_last_card_played_and_recover():
    """Turn of Play (play, recover): the last card in hand brings the played cards back at the end of the turn."""
    build = edit(table(), seat=0, hand=("atom",), played=("hswap", "vswap"))
    assert said(build, "play atom").endswith("; it was the last card in hand, so the played cards return to hand "
                                             "at the end of the turn")
    assert said(build, "recover") == "Ann recovers the 2 played cards into hand"
    play(build, "play atom")
    assert said(build, "end") == "Ann ends the turn and recovers the 3 played cards into hand"


# --- Turn of Play: the optional actions, Special Tokens, Game End -------------------------------

def test_atomize_and_double_earnings():
    """Turn of Play (atomize) and Special Tokens (double): an Atom per Alien, doubled by the token."""
    build = edit(table(), seat=0, board=("PY", "", ""), tokens=("double",))
    assert said(build, "atomize a1") == "Ann atomizes the purple Alien bottom left for 1 Atom"
    assert said(build, "atomize a1 a2 double") == ("Ann plays a Double earnings token and atomizes the purple Alien "
                                                   "bottom left and the yellow Alien middle left for 4 Atoms")


def test_a_combo_names_the_card_its_token_and_the_token_given_up():
    """Prestige Cards and Special Tokens: the card's points and token; a fourth token is given up."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    assert said(build, "combo .../.../RGB") == (
        "Ann makes a combo with the 3-point Prestige card in place 1 of the row, with an Extra turn token, "
        "discarding the tokens bottom left, bottom middle and bottom right")
    edit(build, seat=0, tokens=("double", "joker", "joker"))
    assert said(build, "combo .../.../RGB drop joker").endswith(
        ", and returns a Joker token to make room for the new one")
    assert said(build, "combo .../.../RGB drop extra").endswith(
        ", and returns the new Extra turn token at once (3 Special tokens at most)")


def test_extra_turn_and_joker_tokens():
    """Special Tokens (extra turn, joker): one more of each action; the Joker falls like an Alien."""
    build = edit(table(), seat=0, tokens=("extra", "joker"), board=("P", "", ""))
    assert said(build, "extra") == ("Ann plays an Extra turn token: one more mandatory and one more optional action "
                                    "this turn")
    assert said(build, "joker a") == "Ann plays a Joker token into the left column: it lands middle left"


def test_the_end_of_a_turn_a_round_and_the_game():
    """Turn of Play and Game End: the round ends with the last seat; at 25 points the game ends with the round."""
    build = play(table(), "play atom")
    assert said(build, "end") == "Ann ends the turn"
    play(build, "end", "play atom", "end", "play atom")
    assert said(build, "end") == "Cal ends the turn; round 2 begins"
    edit(build, seat=1, points=25)
    assert said(build, "end") == "Cal ends the turn; the game ends: a player reached 25 Prestige points"


def test_every_seat_reads_an_open_move_alike():
    """Turn of Play: everything but a starting hand is open: every seat and the spectators read the same words."""
    build = edit(table(), seat=0, board=("R", "G", "B"), tokens=("joker",))
    state = state_of(build)
    for move in RULES.legal(state):
        seen = {RULES.words(move, state, seat) for seat in range(3)}
        assert seen == {RULES.words(move, state)} == {public_words(RULES, move, state)}


# --- the legend ----------------------------------------------------------------------------

def test_the_legend_explains_every_kind_of_line_with_a_line_that_reads_back():
    """The notation: every example of the legend is a line the notation reads, one of every event kind."""
    state = state_of(table(players=("Ann", "Ben", "Cal")))
    kinds = set()
    for example, meaning in RULES.legend():
        event = RULES.parse(example, state)
        assert RULES.format(event, state) == example, example
        assert len(meaning.split()) >= 5
        kinds.add(type(event))
    assert kinds == set(EVENTS)


# --- a whole record --------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["table-game.jsonl"])
def test_a_whole_record_in_words(name, snapshot):
    """Every line of the worked example in words: the scorekeeper's, and the spectators' where they differ."""
    lines = []
    for step in Replay(str(FIXTURES / name)).steps():
        if isinstance(step.event, Meta):
            continue
        state = step.before.state
        words, public = RULES.words(step.event, state), public_words(RULES, step.event, state)
        lines.append(f"{RULES.format(step.event, state)} => {words}".replace(NBSP, " "))
        if public != words:
            lines.append(f"    spectators: {public}")
    assert "\n".join(lines) == snapshot


def test_the_round_limit_safeguard_ends_the_game_in_words():
    """The round_limit option (a safeguard beyond the rulebook): the game ends after that round, said so."""
    build = play(table(players=("Ann", "Ben"), options={"round_limit": 1}), "play atom", "end", "play atom")
    assert said(build, "end") == "Ben ends the turn; the game ends: the round limit of 1 rounds was reached"


def test_a_two_player_row_reads_its_three_cards():
    """2-3 Player Game: with two players the row holds three Prestige cards, each read out."""
    build = table(players=("Ann", "Ben"))
    row = said(build, "row " + " ".join(state_of(build).row))
    assert row.count("-point Prestige card") == 3
