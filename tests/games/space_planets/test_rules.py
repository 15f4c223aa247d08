"""One test per rule of the Space Planets rulebook; each names its section."""

from __future__ import annotations

import pytest

from planets_log.record.errors import IllegalEvent, PlanetsLogError
from planets_log.engine.rules import CHANCE, TERMINAL

from .helpers import RULES, play, seat, seeded, set_state, started, state, table


def codes_of(build, seat_index):
    """A seat's planet cards."""
    return seat(build, seat_index).cards


def refused(build, text: str) -> IllegalEvent:
    """The error a move raises (the record is left unchanged)."""
    before = len(build.lines)
    with pytest.raises(IllegalEvent) as info:
        play(build, text)
    assert len(build.lines) == before
    return info.value


# --- Game contents / Preparation -------------------------------------------------------

def test_preparation_shuffle_all_40_cards_and_deal_a_3x3_grid():
    """Preparation: the 40 cards are shuffled and 9 are laid face up; the rest form the deck."""
    build = table()
    assert len(state(build).deck) == 40
    assert RULES.to_move(state(build)) == CHANCE
    play(build, "deal p1 p2 p3 / oasis distant hole / fuel2 reroll consume")
    assert state(build).grid == ("p1", "p2", "p3", "oasis", "distant", "hole", "fuel2", "reroll", "consume")
    assert len(state(build).deck) == 31
    assert state(build).deck.count("hole") == 3 and state(build).deck.count("p1") == 8


def test_preparation_seeded_deal_draws_nine_cards_of_the_box():
    """Preparation: a seeded game deals 9 cards the box holds."""
    build = seeded(3)
    grid = state(build).grid
    assert len(grid) == 9 and all(code is not None for code in grid)
    assert len(state(build).deck) == 31


def test_preparation_deal_cannot_hold_more_copies_than_the_box():
    """Preparation: the deal comes from the 40 cards; there are only 2 oases."""
    err = refused(table(), "deal oasis oasis oasis / p1 p1 p1 / p2 p2 p2")
    assert err.code == "deal.deck" and err.rule == "Preparation"


def test_preparation_deal_is_nine_cards():
    """Preparation: the grid is 3x3."""
    assert refused(table(), "deal p1 p1 p1 / p2 p2 p2 / p3 p3").code == "deal.count"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_preparation_four_crystals_each_and_the_rest_in_the_stockpile(players):
    """Preparation: each player gets 4 fuel crystals; the rest of the 40 is the stockpile."""
    build = table([f"P{i}" for i in range(players)])
    assert [s.crystals for s in state(build).seats] == [4] * players
    assert state(build).stock == 40 - 4 * players


@pytest.mark.parametrize("players", [1, 5])
def test_game_contents_two_to_four_players(players):
    """Game contents: 4 spaceship cards, so 2 to 4 players."""
    with pytest.raises(PlanetsLogError):
        table([f"P{i}" for i in range(players)])


# --- How to play ---------------------------------------------------------------------

def test_how_to_play_first_player_is_a_setup_choice():
    """How to play: the youngest starts; the header's option `first` names that seat."""
    build = started(("Ann", "Ben", "Cara"), first=2)
    assert RULES.to_move(state(build)) == 2
    play(build, "roll", "off")
    assert RULES.to_move(state(build)) == 0


def test_how_to_play_first_must_name_a_seat():
    """How to play: `first` must be one of the players' seats."""
    with pytest.raises(PlanetsLogError) as info:
        table(("Ann", "Ben"), first=3)
    assert info.value.code == "header.option"


def test_how_to_play_clockwise_and_rounds():
    """How to play: turns pass clockwise; a round ends when the first player is due again."""
    build = started(("Ann", "Ben", "Cara"))
    order = []
    for _ in range(4):
        order.append(RULES.to_move(state(build)))
        play(build, "roll", "off")
    assert order == [0, 1, 2, 0]
    assert RULES.round_of(state(build)) == 2


def test_how_to_play_roll_is_followed_by_the_landing():
    """How to play: the probe is rolled, then where it lands is a chance outcome."""
    build = started()
    assert RULES.legal(state(build)) == [RULES.parse("roll", state(build))]
    play(build, "roll")
    assert RULES.to_move(state(build)) == CHANCE
    assert RULES.legal(state(build)) == []
    outcomes = RULES.chance_outcomes(state(build)).events()
    assert len(outcomes) == 1 + 9 * 3  # off the grid, or one of 9 cards showing 1, 2 or 3


def test_how_to_play_explore_pays_the_face_takes_the_card_and_refills():
    """How to play: pay the die's crystals, take the card, replace it from the deck."""
    build = started()
    play(build, "roll", "land 3 3", "explore")
    assert codes_of(build, 0) == ("p3",)
    assert seat(build, 0).crystals == 1 and state(build).stock == 35
    assert state(build).phase == "refill" and state(build).refill == 3
    play(build, "refill 3 p4")
    assert state(build).grid[2] == "p4" and RULES.to_move(state(build)) == 1


def test_how_to_play_collect_instead_takes_the_face_in_crystals():
    """How to play: instead of exploring, take crystals equal to the die's face."""
    build = started()
    play(build, "roll", "land 2 3", "collect")
    assert seat(build, 0).crystals == 7 and state(build).stock == 29
    assert state(build).grid[1] == "p2" and RULES.to_move(state(build)) == 1


def test_how_to_play_explore_needs_enough_fuel():
    """How to play: exploring costs the die's face; with fewer crystals only collecting is left."""
    build = started()
    set_state(build, seats=(seat(build, 0).__class__(crystals=2), seat(build, 1)))
    play(build, "roll", "land 3 3")
    assert [RULES.format(e, state(build)) for e in RULES.legal(state(build))] == ["collect"]
    err = refused(build, "explore")
    assert err.code == "explore.fuel" and "Ann has 2 fuel crystals" in err.message


def test_how_to_play_off_the_grid_gives_one_crystal_and_ends_the_turn():
    """How to play: a die off the cards earns one crystal from the stockpile; next player."""
    build = started()
    play(build, "roll", "off")
    assert seat(build, 0).crystals == 5 and state(build).stock == 31
    assert RULES.to_move(state(build)) == 1


def test_how_to_play_empty_stockpile_gives_nothing():
    """How to play (Warning): with the stockpile empty no crystals are received."""
    build = started()
    set_state(build, stock=0)
    play(build, "roll", "off")
    assert seat(build, 0).crystals == 4
    play(build, "roll", "land 1 2", "collect")
    assert seat(build, 1).crystals == 4


def test_how_to_play_stockpile_gives_what_is_left():
    """How to play (Warning): a stockpile that runs out mid-payment gives what it still has."""
    build = started()
    set_state(build, stock=1)
    play(build, "roll", "land 1 3", "collect")
    assert seat(build, 0).crystals == 5 and state(build).stock == 0


def test_how_to_play_payments_go_back_to_the_stockpile():
    """How to play: crystals paid return to the stockpile; 40 crystals in all, always."""
    build = started()
    play(build, "roll", "land 4 2", "explore", "refill 4 p1")
    assert state(build).stock + sum(s.crystals for s in state(build).seats) == 40


# --- Planet cards and special effects -------------------------------------------------

def test_cards_two_fuel_crystals_card_gives_two_at_once_face_down():
    """Planet cards: the two-fuel card earns two crystals at once and lies face down (1 star)."""
    build = started()
    play(build, "roll", "land 7 1", "explore")
    assert seat(build, 0).crystals == 4 - 1 + 2
    assert seat(build, 0).face_up == () and codes_of(build, 0) == ("fuel2",)
    play(build, "refill 7 p1")
    assert RULES.score(state(build)).scores[0].breakdown["planet_stars"] == 1


def test_cards_one_fuel_crystal_card_gives_one_at_once_face_down():
    """Planet cards: the one-fuel card earns one crystal at once and lies face down (2 stars)."""
    build = started(grid="deal fuel1 p2 p3 / oasis distant hole / fuel2 reroll consume")
    play(build, "roll", "land 1 2", "explore", "refill 1 p1")
    assert seat(build, 0).crystals == 4 - 2 + 1 and seat(build, 0).face_up == ()
    assert RULES.score(state(build)).scores[0].breakdown["planet_stars"] == 2


def test_cards_fuel_card_limited_by_the_stockpile():
    """Planet cards + How to play (Warning): the fuel card's crystals come from the stockpile."""
    build = started()
    set_state(build, stock=0)
    play(build, "roll", "land 7 1", "explore")
    assert seat(build, 0).crystals == 4 - 1 + 1  # the 1 paid went to the stockpile and came back


def test_cards_reroll_card_stays_face_up_then_gives_one_reroll():
    """Planet cards: the re-roll card stays face up; it allows one more roll, then turns over."""
    build = started()
    play(build, "roll", "land 8 2", "explore", "refill 8 p1")
    assert seat(build, 0).face_up == ("reroll",)
    play(build, "roll", "off")
    play(build, "roll", "land 1 1")
    assert "reroll" in [RULES.format(e, state(build)) for e in RULES.legal(state(build))]
    play(build, "reroll")
    assert RULES.to_move(state(build)) == CHANCE and seat(build, 0).face_up == ()
    play(build, "land 3 3")
    err = refused(build, "reroll")
    assert err.code == "reroll.none" and err.rule == "Planet cards and special effects"
    assert RULES.score(state(build)).scores[0].breakdown["planet_stars"] == 2


def test_cards_increased_consumption_costs_every_other_player_one_more():
    """Planet cards: while face up, every other player pays one more crystal into the supply."""
    build = started()
    play(build, "roll", "land 9 1", "explore", "refill 9 p1")
    assert seat(build, 0).face_up == ("consume",)
    play(build, "roll", "land 1 2")
    assert "explore (costs 3)" in RULES.render(state(build))
    stock = state(build).stock
    play(build, "explore", "refill 1 p2")
    assert seat(build, 1).crystals == 1 and state(build).stock == stock + 3


def test_cards_increased_consumption_refuses_exploring_without_the_extra_crystal():
    """Planet cards: with exactly the die's face in crystals, the surcharge makes exploring illegal."""
    build = started()
    play(build, "roll", "land 9 1", "explore", "refill 9 p1")
    set_state(build, seats=(seat(build, 0), seat(build, 1).__class__(crystals=2)))
    play(build, "roll", "land 1 2")
    err = refused(build, "explore")
    assert err.code == "explore.fuel" and "increased fuel consumption" in err.message


def test_cards_increased_consumption_ends_when_its_owners_turn_comes_again():
    """Planet cards: once the round is over and the owner's turn comes, the card is turned over."""
    build = started()
    play(build, "roll", "land 9 1", "explore", "refill 9 p1")
    assert seat(build, 0).face_up == ("consume",)
    play(build, "roll", "off")
    assert RULES.to_move(state(build)) == 0 and seat(build, 0).face_up == ()
    play(build, "roll", "land 1 3", "explore", "refill 1 p1")
    assert seat(build, 0).crystals == 0
    play(build, "roll", "land 2 2")
    assert "explore (costs 2)" in RULES.render(state(build))


def test_cards_oasis_three_stars_no_effect():
    """Planet cards: the oasis is worth 3 stars and does nothing else."""
    build = started()
    play(build, "roll", "land 4 2", "explore", "refill 4 p1")
    assert seat(build, 0).crystals == 2 and seat(build, 0).face_up == ()
    assert RULES.score(state(build)).scores[0].breakdown["planet_stars"] == 3


def test_cards_distant_planet_costs_one_more_and_scores_four():
    """Planet cards: reaching the distant planet takes one more crystal than the die shows."""
    build = started()
    play(build, "roll", "land 5 3", "explore", "refill 5 p1")
    assert seat(build, 0).crystals == 0
    assert RULES.score(state(build)).scores[0].breakdown["planet_stars"] == 4


def test_cards_distant_planet_refused_with_only_the_face():
    """Planet cards: with exactly the die's face in crystals the distant planet is out of reach."""
    build = started()
    set_state(build, seats=(seat(build, 0).__class__(crystals=3), seat(build, 1)))
    play(build, "roll", "land 5 3")
    err = refused(build, "explore distant")
    assert err.code == "explore.fuel" and "1 for the distant planet" in err.message


def test_cards_black_hole_ends_the_turn_and_leaves_the_game():
    """Planet cards: on the black hole the turn ends with nothing; the card leaves and is replaced."""
    build = started()
    play(build, "roll", "land 6 2")
    assert seat(build, 0).crystals == 4 and codes_of(build, 0) == ()
    assert state(build).grid[5] is None and state(build).removed == ("hole",)
    assert RULES.to_move(state(build)) == CHANCE and state(build).refill == 6
    with pytest.raises(IllegalEvent) as info:
        play(build, "explore hole")
    assert info.value.code == "chance.expected"
    play(build, "refill 6 p2")
    assert state(build).grid[5] == "p2" and RULES.to_move(state(build)) == 1
    assert len(state(build).deck) == 30  # the hole is out of the game, not back in the deck


# --- End of the game ------------------------------------------------------------------

def four_cards(build, index):
    """Give a seat four plain planet cards (to reach the end quickly)."""
    seats = list(state(build).seats)
    seats[index] = seats[index].__class__(crystals=seats[index].crystals, cards=("p1", "p1", "p2", "p2"))
    return set_state(build, seats=tuple(seats))


def test_end_five_cards_then_every_other_player_rolls_once_more():
    """End of the game: at 5 planet cards, each other player rolls once more, then it is over."""
    build = four_cards(started(("Ann", "Ben", "Cara")), 0)
    play(build, "roll", "land 1 1", "explore", "refill 1 p3")
    assert state(build).ender == 0 and RULES.to_move(state(build)) == 1
    play(build, "roll", "off")
    assert RULES.to_move(state(build)) == 2
    play(build, "roll", "land 2 1", "collect")
    assert RULES.to_move(state(build)) == TERMINAL
    assert "Ann collected 5 planet cards" in state(build).end_reason


def test_end_trigger_by_a_later_seat_wraps_around():
    """End of the game: the others roll once more in turn order, past the first player."""
    build = four_cards(started(("Ann", "Ben", "Cara")), 1)
    play(build, "roll", "off", "roll", "land 1 1", "explore", "refill 1 p3")
    assert [RULES.to_move(state(build))] == [2]
    play(build, "roll", "off", "roll", "off")
    assert RULES.to_move(state(build)) == TERMINAL


def test_end_the_last_roll_may_be_declined():
    """End of the game: the others *may* roll once more: passing is allowed then, and only then."""
    build = started()
    assert refused(build, "pass").code == "pass.not-final"
    four_cards(build, 0)
    play(build, "roll", "land 1 1", "explore", "refill 1 p3")
    assert [RULES.format(e, state(build)) for e in RULES.legal(state(build))] == ["roll", "pass"]
    play(build, "pass")
    assert RULES.to_move(state(build)) == TERMINAL


def test_end_no_roll_after_the_end():
    """End of the game: after the last roll nothing more can be recorded."""
    build = four_cards(started(), 0)
    play(build, "roll", "land 1 1", "explore", "refill 1 p3", "roll", "off")
    with pytest.raises(IllegalEvent) as info:
        play(build, "roll")
    assert info.value.code == "game-over"


def test_end_scoring_stars_plus_one_per_two_crystals():
    """End of the game: explorer stars on the cards, plus one star per two crystals saved."""
    build = started()
    play(build, "roll", "land 4 1", "explore", "refill 4 p1")  # Ann: oasis (3 stars), 3 crystals
    sheet = RULES.score(state(build))
    assert sheet.scores[0].breakdown == {"planet_stars": 3, "crystal_stars": 1}
    assert sheet.scores[0].total == 4 and sheet.scores[1].total == 2
    assert sheet.winners == [] and sheet.leaders == [0] and sheet.outcome == "leads" and sheet.final is False

def test_end_tie_is_a_shared_win():
    """End of the game: the rulebook names no tie-break, so equal totals share the win."""
    build = started()
    sheet = RULES.score(state(build))
    assert sheet.leaders == [0, 1] and sheet.winners == [] and "share" in sheet.tiebreak


def test_end_score_is_final_when_over():
    """End of the game: the score sheet is final once the game is over."""
    build = four_cards(started(), 1)
    play(build, "roll", "off", "roll", "land 1 1", "explore", "refill 1 p3", "roll", "off")
    assert RULES.score(state(build)).final is True


# --- Whole games, table mode and views (moved from the old per-game conformance file) ----

@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuel_crystals_are_never_made_or_lost(players):
    """Preparation, How to play: over whole seeded games the stockpile and the seats always hold all 40 crystals."""
    from planets_log.engine.play import selfplay

    for seed in range(4):
        final = selfplay("space-planets", seed, [f"P{i}" for i in range(players)], {"first": seed % players}).pos.state
        assert RULES.to_move(final) == TERMINAL
        assert final.stock + sum(s.crystals for s in final.seats) == 40


def test_contract_table_chance_points_list_every_outcome():
    """At the landing and refill points of a table game every listed outcome passes check."""
    build = started()
    play(build, "roll")
    assert RULES.to_move(state(build)) == CHANCE
    assert RULES.legal(state(build)) == []
    for event in RULES.chance_outcomes(state(build)).events():
        RULES.check(state(build), event)
    play(build, "land 1 1", "explore")
    refills = RULES.chance_outcomes(state(build)).events()
    assert {e.card for e in refills} == set(state(build).deck)


def test_contract_deal_point_has_a_hint():
    """The deal has too many outcomes to list; the hint says what to type."""
    build = table()
    assert RULES.legal(state(build)) == [] and RULES.chance_outcomes(state(build)).listed is None
    assert "deal" in RULES.chance_hint(state(build))


def test_contract_view_is_json_and_same_for_every_seat():
    """view() is JSON-able; no seat sees less (nothing on the table is hidden)."""
    import msgspec

    build = started()
    full = RULES.view(state(build))
    msgspec.json.encode(full)
    assert RULES.view(state(build), 1) == full
    assert "(as seen by Ben)" in RULES.render(state(build), 1)


def test_contract_schema_of_events():
    """The events give a JSON Schema (for `planets-log schema`)."""
    from typing import Union

    import msgspec

    schema = msgspec.json.schema(Union[tuple(RULES.events)])
    names = set(schema["$defs"])
    assert {"Dealt", "Rolled", "Landed", "Explored", "Collected", "Rerolled", "Passed", "Refilled"} <= names
