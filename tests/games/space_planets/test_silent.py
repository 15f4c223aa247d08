"""Where the rulebook is silent: the decisions documented in docs/games/space-planets.md."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from planets_log.record.errors import IllegalEvent, PlanetsLogError
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import selfplay
from planets_log.engine.rng import Stream

from .helpers import RULES, play, seat, set_state, started, state, table

HOLES = str(Path(__file__).parent / "editions" / "many-holes.toml")


def legal_words(build):
    """The legal moves in notation."""
    return [RULES.format(e, state(build)) for e in RULES.legal(state(build))]


# --- the deck runs out ---------------------------------------------------------------

def test_silent_empty_deck_leaves_the_space_empty():
    """Decision (deck runs out): with no card left to draw, the emptied space stays empty."""
    build = started()
    set_state(build, deck=())
    play(build, "roll", "land 1 1", "explore")
    assert state(build).grid[0] is None and RULES.to_move(state(build)) == 1


def test_silent_black_hole_with_empty_deck_leaves_the_space_empty():
    """Decision (deck runs out): a black hole removed with no deck left is not replaced."""
    build = started()
    set_state(build, deck=())
    play(build, "roll", "land 6 1")
    assert state(build).grid[5] is None and RULES.to_move(state(build)) == 1


def test_silent_landing_on_an_empty_space_is_off_the_grid():
    """Decision (deck runs out): a die on an empty space is not on a planet card: record 'off'."""
    build = started()
    set_state(build, deck=())
    play(build, "roll", "land 1 1", "explore", "roll")
    assert "land 1" not in " ".join(legal_words(build))
    with pytest.raises(IllegalEvent) as info:
        play(build, "land 1 p1 2")
    assert info.value.code == "landed.empty" and "record it as 'off'" in info.value.message
    play(build, "off")
    assert seat(build, 1).crystals == 5


def test_silent_seeded_landing_model_skips_empty_spaces():
    """Decision (landing model): a seeded die lands only on occupied spaces."""
    build = started()
    grid = (None,) * 8 + ("p1",)
    set_state(build, grid=grid, phase="landing", miss_percent=0)
    for i in range(50):
        assert RULES.chance(state(build), Stream(i, "t")).space == 9


def test_silent_grid_and_deck_empty_ends_the_game():
    """Decision (deck runs out): when the grid and the deck are both empty, the game is over."""
    build = started()
    set_state(build, deck=(), grid=("p1",) + (None,) * 8)
    play(build, "roll", "land 1 1", "explore")
    assert RULES.to_move(state(build)) == TERMINAL
    assert "the grid and the deck are empty" in state(build).end_reason


def test_silent_many_black_holes_edition_runs_the_deck_dry():
    """Decision (deck runs out): a whole seeded game on an edition with 30 black holes still ends."""
    for seed in range(5):
        from planets_log.engine.play import Builder, make_header

        header, session = make_header("space-planets", ["A", "B", "C", "D"], seed=seed, edition_path=HOLES,
                                      options={"miss_percent": 0})
        build = Builder.new(header, session)
        build.draw_chance()
        policy = Stream(seed, "policy")
        emptied = False
        while RULES.to_move(state(build)) != TERMINAL:
            build.add(policy.choice(RULES.legal(state(build))))
            build.draw_chance()
            emptied = emptied or (len(state(build).deck) == 0 and None in state(build).grid)
        assert emptied
        assert state(build).stock + sum(s.crystals for s in state(build).seats) == 40


# --- when a re-roll may be used ------------------------------------------------------

def with_reroll(build, index=0, count=1):
    """Give a seat face-up re-roll cards."""
    seats = list(state(build).seats)
    cards = ("reroll",) * count
    seats[index] = seats[index].__class__(crystals=4, cards=cards, face_up=cards)
    return set_state(build, seats=tuple(seats))


def test_silent_reroll_after_landing_on_a_card_instead_of_choosing():
    """Decision (re-roll): used after the die lands on a planet card, in place of explore/collect."""
    build = with_reroll(started())
    play(build, "roll", "land 1 1")
    assert legal_words(build) == ["explore p1", "collect", "reroll"]


def test_silent_no_reroll_before_rolling():
    """Decision (re-roll): a re-roll answers a landing; it cannot replace the first roll."""
    build = with_reroll(started())
    with pytest.raises(IllegalEvent) as info:
        play(build, "reroll")
    assert info.value.code == "reroll.no-roll"


def test_silent_no_reroll_after_off_the_grid_or_black_hole():
    """Decision (re-roll): off the grid and the black hole end the turn at once; no re-roll."""
    build = with_reroll(started())
    play(build, "roll", "off")
    assert RULES.to_move(state(build)) == 1 and seat(build, 0).face_up == ("reroll",)
    play(build, "roll", "off", "roll", "land 6 1", "refill 6 p1")
    assert RULES.to_move(state(build)) == 1 and seat(build, 0).face_up == ("reroll",)


def test_silent_not_in_the_turn_the_card_is_taken():
    """Decision (re-roll): taking the re-roll card ends the turn, so it is first usable next turn."""
    build = started()
    play(build, "roll", "land 8 1", "explore")
    assert RULES.to_move(state(build)) == CHANCE  # the refill; then Ben's turn
    play(build, "refill 8 p1")
    assert RULES.to_move(state(build)) == 1


def test_silent_several_reroll_cards_in_one_turn():
    """Decision (re-roll): each face-up re-roll card gives one re-roll, even in the same turn."""
    build = with_reroll(started(), count=2)
    play(build, "roll", "land 1 1", "reroll", "land 2 1", "reroll", "land 3 1")
    assert "reroll" not in legal_words(build) and state(build).rerolls == 2


def test_silent_reroll_in_the_last_round():
    """Decision (re-roll): a re-roll is part of the one more roll of the last round."""
    build = started()
    seats = (seat(build, 0).__class__(crystals=4, cards=("p1",) * 4), seat(build, 1).__class__(
        crystals=4, cards=("reroll",), face_up=("reroll",)))
    set_state(build, seats=seats)
    play(build, "roll", "land 1 1", "explore", "refill 1 p1", "roll", "land 2 1", "reroll", "land 3 2")
    assert RULES.to_move(state(build)) == 1


# --- other silent points ---------------------------------------------------------------

def test_silent_consumption_cards_of_two_players_add_up():
    """Decision: two face-up consumption cards of two other players cost two more crystals."""
    build = started(("Ann", "Ben", "Cara"))
    play(build, "roll", "land 9 1", "explore", "refill 9 consume")
    play(build, "roll", "land 9 1", "explore", "refill 9 p1")
    play(build, "roll", "land 1 1")
    assert "explore (costs 3)" in RULES.render(state(build))


def test_silent_last_turn_needs_no_refill():
    """Decision: a card taken in the very last turn is not replaced; the game is over at once."""
    build = started()
    seats = (seat(build, 0).__class__(crystals=4, cards=("p1",) * 4), seat(build, 1))
    set_state(build, seats=seats)
    play(build, "roll", "land 1 1", "explore", "refill 1 p1", "roll", "land 2 1", "explore")
    assert RULES.to_move(state(build)) == TERMINAL and state(build).grid[1] is None


def test_silent_a_second_player_reaching_five_does_not_extend_the_game():
    """Decision: only the first player to reach 5 cards starts the last round."""
    build = started(("Ann", "Ben", "Cara"))
    four = ("p1",) * 4
    set_state(build, seats=tuple(s.__class__(crystals=4, cards=four) for s in state(build).seats))
    play(build, "roll", "land 1 1", "explore", "refill 1 p1", "roll", "land 1 1", "explore", "refill 1 p1")
    assert state(build).ender == 0
    play(build, "roll", "land 2 1", "explore")
    assert RULES.to_move(state(build)) == TERMINAL


# --- the seeded landing model ------------------------------------------------------------

def landing_counts(miss_percent: int, draws: int = 3000):
    """Outcomes of the landing model from many independent streams."""
    build = started(miss_percent=miss_percent)
    set_state(build, phase="landing")
    return Counter(RULES.chance(state(build), Stream(i, "landing")) for i in range(draws))


def test_model_chance_draws_only_from_its_stream():
    """Decision (landing model): the outcome is a function of the state and the stream alone."""
    build = started()
    set_state(build, phase="landing")
    assert RULES.chance(state(build), Stream(5, "x")) == RULES.chance(state(build), Stream(5, "x"))


def test_model_default_misses_about_fifteen_percent():
    """Decision (landing model): miss_percent defaults to 15."""
    counts = landing_counts(15)
    misses = sum(n for e, n in counts.items() if e.space is None)
    assert 0.12 < misses / 3000 < 0.18


def test_model_spaces_and_faces_are_uniform():
    """Decision (landing model): space uniform over occupied spaces, face uniform over the die's faces."""
    counts = landing_counts(0)
    spaces = Counter()
    faces = Counter()
    for event, n in counts.items():
        spaces[event.space] += n
        faces[event.face] += n
    assert set(spaces) == set(range(1, 10)) and all(250 < n < 420 for n in spaces.values())
    assert set(faces) == {1, 2, 3} and all(900 < n < 1100 for n in faces.values())


def test_model_miss_percent_is_an_option_within_bounds():
    """Decision (landing model): miss_percent is 0..90 so that a seeded game always ends."""
    with pytest.raises(PlanetsLogError):
        table(miss_percent=95)
    counts = landing_counts(0, 500)
    assert not any(e.space is None for e in counts)


def test_model_seeded_games_end_for_every_player_count():
    """Decision (landing model): seeded self-play reaches the end with 2, 3 and 4 players."""
    for players in (2, 3, 4):
        for seed in range(3):
            build = selfplay("space-planets", seed, [f"P{i}" for i in range(players)])
            assert RULES.to_move(state(build)) == TERMINAL
