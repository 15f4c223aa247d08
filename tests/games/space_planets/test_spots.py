"""Space Planets on a phone: the layout of a position and the taps that single out each move (docs/phone.md)."""

from __future__ import annotations

import msgspec

from planets_log.engine.redact import HIDDEN, public_view
from planets_log.engine.rules import next_events
from planets_log.games.space_planets.state import Seat

from .helpers import RULES, play, set_state, started, state


def board(build):
    """The scorekeeper's layout of the current position."""
    return RULES.layout(RULES.view(state(build)), state(build))


def spots(layout) -> dict[str, object]:
    """Every spot of a layout by id."""
    return {spot.id: spot for zone in layout.zones for spot in zone.spots}


def tapped(build, *ids: str) -> list[str]:
    """The moves (in notation) left after tapping `ids`: those about every spot tapped."""
    s = state(build)
    return [RULES.format(m, s) for m in next_events(RULES, s)
            if set(ids) <= {p.id for p in RULES.parts(m, s)}]


def test_preparation_the_grid_is_three_rows_of_three_spaces_labelled_as_the_cards():
    """Preparation: the 3x3 grid a row at a time, each space showing its card's code and stars."""
    zones = board(started()).zones
    assert [z.id for z in zones[:3]] == ["grid-1", "grid-2", "grid-3"]
    assert [s.label for z in zones[:3] for s in z.spots] == [
        "p1 1★", "p2 2★", "p3 3★", "oasis 3★", "distant 4★", "hole",
        "fuel2 1★", "reroll 2★", "consume 2★"]
    assert zones[1].spots[0].words == "space 4: an oasis planet (3 stars)"
    assert all(len(s.label) <= 10 for z in zones for s in z.spots)


def test_game_contents_the_table_shows_the_die_the_stockpile_the_deck_and_each_spaceship():
    """Game contents: the die, 32 crystals in the stockpile, 31 cards in the deck, 4 crystals on each spaceship."""
    layout = board(started())
    table = next(z for z in layout.zones if z.id == "table")
    assert [s.label for s in table.spots] == ["die", "stock 32", "deck 31"]
    assert table.note == "Ann to roll."
    seats = [z for z in layout.zones if z.id.startswith("seat-")]
    assert [z.title for z in seats] == ["Ann's spaceship (to move)", "Ben's spaceship"]
    assert seats[1].note == "4 fuel crystals; 0 planet cards worth 0 stars"


def test_how_to_play_rolling_is_a_tap_on_the_die():
    """How to play: the only move before the throw is the roll, about the die."""
    build = started()
    assert tapped(build, "die:probe") == ["roll"]


def test_how_to_play_a_tap_on_the_landed_planet_explores_it_and_on_the_stockpile_collects():
    """How to play: after the landing, the planet the die is on means explore, the stockpile means collect."""
    build = play(started(), "roll", "land 4 2")
    assert tapped(build) == ["explore oasis", "collect"]
    assert tapped(build, "space:4") == ["explore oasis"]
    assert tapped(build, "pile:stock") == ["collect"]
    assert spots(board(build))["space:4"].words == "space 4: an oasis planet (3 stars), the die on it showing 2"
    assert spots(board(build))["die:probe"].label == "die 2"


def test_re_roll_card_is_tapped_on_the_spaceship_where_it_lies_face_up():
    """Planet cards and special effects (Re-roll card): the face-up card on Ann's spaceship is the re-roll."""
    build = play(started(), "roll", "land 8 1", "explore", "refill 8 p4", "roll", "off", "roll", "land 1 1")
    card = spots(board(build))["card:0-0"]
    assert card.label == "reroll 2★ ↑" and card.words.endswith("face up")
    assert tapped(build, "card:0-0") == ["reroll"]
    play(build, "reroll")
    assert spots(board(build))["card:0-0"].label == "reroll 2★"


def test_end_of_the_game_a_pass_is_the_spaceship_and_then_pass_beside_the_board():
    """End of the game: in the last round the roll is the die, the pass the player's spaceship then 'pass'."""
    build = play(started(), "roll", "land 1 1")
    set_state(build, seats=(Seat(crystals=4, cards=("p2",) * 4), state(build).seats[1]))
    play(build, "explore", "refill 1 p1")
    assert tapped(build) == ["roll", "pass"]
    assert tapped(build, "seat:1") == ["pass"]
    parts = RULES.parts(RULES.parse("pass", state(build)), state(build))
    assert [p.id for p in parts] == ["seat:1", "choice:pass"] and parts[1].label == "pass"


def test_how_to_play_each_listed_landing_is_a_space_and_a_face_or_off_the_grid():
    """How to play: the die's landing is the space then its face; off the grid is a choice beside the board."""
    build = play(started(), "roll")
    assert tapped(build, "choice:off") == ["off"]
    assert tapped(build, "space:5", "choice:face-3") == ["land 5 distant 3"]
    assert tapped(build, "space:5") == ["land 5 distant 1", "land 5 distant 2", "land 5 distant 3"]


def test_how_to_play_a_refill_is_the_card_drawn_and_the_emptied_space():
    """How to play: the card drawn from the deck, then the empty space it fills."""
    build = play(started(), "roll", "land 4 1", "explore")
    assert spots(board(build))["space:4"].label == "4 empty"
    assert set(tapped(build, "choice:card-p4")) == {"refill 4 p4"}
    parts = RULES.parts(RULES.parse("refill 4 p4", state(build)), state(build))
    assert [p.id for p in parts] == ["choice:card-p4", "space:4"]


def test_nothing_is_hidden_every_seat_and_the_spectators_see_the_scorekeepers_layout():
    """Game contents: everything lies on the table; the layouts of each seat and of the spectators are the same."""
    build = play(started(), "roll", "land 8 1", "explore", "refill 8 p4")
    s = state(build)
    mine = board(build)
    assert [RULES.layout(RULES.view(s, seat), s) for seat in range(2)] == [mine, mine]
    assert RULES.layout(public_view(RULES, s), s) == mine
    as_json = msgspec.json.decode(msgspec.json.encode(RULES.view(s)))  # lists where the view holds tuples
    assert RULES.layout(as_json, s) == mine


def test_the_layout_is_drawn_from_the_data_only_and_survives_unknown_leaves():
    """A spectator's meet may say "?" anywhere: the layout still draws, with "?" where nothing is known."""
    build = play(started(), "roll", "land 8 1", "explore", "refill 8 p4")
    s = state(build)
    data = msgspec.json.decode(msgspec.json.encode(RULES.view(s)))
    data["grid"][0] = HIDDEN
    data["seats"][0]["crystals"] = HIDDEN
    data["deck"] = HIDDEN
    for kind in data["book"]["kinds"]:
        if kind["code"] in ("reroll", "p4"):  # the card Ann holds and the one on space 8
            kind["stars"] = HIDDEN
    layout = RULES.layout(data, s)
    assert spots(layout)["space:1"].label == "?" and spots(layout)["pile:deck"].label == "deck ?"
    assert spots(layout)["space:8"].label == "p4 ?★" and spots(layout)["card:0-0"].label == "reroll ?★ ↑"
    assert next(z for z in layout.zones if z.id == "seat-0").note.startswith("?;")
    for key in ("grid", "seats", "book", "roll", "stock"):
        assert RULES.layout({k: v for k, v in data.items() if k != key}, s).zones
    assert RULES.layout(HIDDEN, s).zones


def test_silent_an_emptied_space_reads_empty_and_no_landing_is_offered_on_it():
    """Where the rulebook is silent (the deck runs out): the space stays empty, a die there is recorded 'off'."""
    build = started()
    set_state(build, deck=())
    play(build, "roll", "land 1 1", "explore", "roll")
    assert spots(board(build))["space:1"].label == "1 empty"
    assert tapped(build, "space:1") == []
    assert tapped(build, "choice:off") == ["off"]
