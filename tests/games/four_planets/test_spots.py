"""Four Planets on a phone: the layout of a position and the taps that single out each kind of move
(docs/phone.md), named after the rulebook section of what is laid out or tapped."""

from __future__ import annotations

import msgspec

from planets_log.engine.redact import HIDDEN, public_view
from planets_log.engine.rules import next_events
from planets_log.games.four_planets.state import Pending, Tile

from .helpers import R, cols, position, run, step, table
from .test_professional import SETUP, pro, with_buildings

OPENING = [*SETUP, "start Ann"]


def board(state, seat: int | None = None):
    """The layout of `state` as `seat` sees it (None: the scorekeeper)."""
    return R.layout(R.view(state, seat), state)


def spots(layout) -> dict[str, object]:
    """Every spot of a layout by id."""
    return {spot.id: spot for zone in layout.zones for spot in zone.spots}


def tapped(state, *ids: str) -> list[str]:
    """The moves (in notation) left after tapping `ids`: those about every spot tapped."""
    return [R.format(m, state) for m in next_events(R, state) if set(ids) <= {p.id for p in R.parts(m, state)}]


def test_components_the_rows_are_the_table_bonus_tiles_planets_and_each_players_side_hand_and_buildings():
    """Components and Setup: a row each for the table, the colour bonus, the boost tiles, the four planets, and
    each player's side and hand (and buildings in Professional Mode)."""
    s = run(table(), *OPENING).pos.state
    assert [z.id for z in board(s).zones] == ["table", "bonus", "tiles", "planet-1", "planet-2", "planet-3",
                                              "planet-4", "seat-0", "hand-0", "seat-1", "hand-1"]
    s = run(pro("mint/tower"), *OPENING).pos.state
    assert [z.id for z in board(s).zones][-3:] == ["seat-1", "hand-1", "buildings-1"]
    assert all(len(spot.label) <= 10 for zone in board(s).zones for spot in zone.spots)


def test_setup_the_table_row_shows_the_start_tile_the_piles_and_the_coins():
    """Setup, steps 2 and 6: the deck, the discard pile, the coins' general supply and the start tile."""
    s = run(table(), *OPENING).pos.state
    row = board(s).zones[0]
    assert [spot.label for spot in row.spots] == ["start tile", "deck 38", "discard 0", "coins 6"]
    assert row.spots[0].words == "the start tile: Ann faces the spaceship symbol, Ben the card symbol"
    assert row.note == "Round 1 of 5 · dispatching spaceships"


def test_setup_step_3_each_player_sees_the_bonus_card_nearest_them_and_the_backs_of_the_others():
    """Setup, step 3: a player sees the colour bonus card nearest them; the others show their buying power."""
    s = run(table(), *OPENING).pos.state
    assert [spot.label for spot in board(s).zones[1].spots] == ["R2v3s", "Y0s", "G1v1s", "B0s"]
    assert [spot.label for spot in board(s, 0).zones[1].spots] == ["R2v3s", "bp1", "bp2", "B0s"][:3] + ["bp1"]
    assert [spot.label for spot in board(s, 1).zones[1].spots] == ["bp3", "bp1", "bp2", "B0s"]
    assert spots(board(s, 1))["bonus:4"].words == "colour bonus card 4: a blue seal (cost 0, 1 symbol), Ben's marker on it"
    assert [spot.label for spot in R.layout(public_view(R, s), s).zones[1].spots] == ["?", "bp1", "bp2", "?"]


def test_dispatch_spaceships_a_tap_on_the_planet_then_on_the_size_of_the_ship():
    """1. Dispatch Spaceships: the planet, then a simple or built-up spaceship beside the board."""
    s = run(table(), *OPENING).pos.state
    assert tapped(s, "planet:3") == ["d3", "d3x2", "d3x3", "d3x4"]
    assert tapped(s, "planet:3", "choice:parts-2") == ["d3x2"]
    s = run(table(), *OPENING, "d1x2").pos.state
    assert board(s).zones[3].note == "ships: Ann's built-up spaceship of 2 parts"


def test_recruit_specialists_a_tap_on_the_card_under_the_planet():
    """2. Recruit Specialists: the superior player taps one of the two cards under the planet."""
    s = run(table(), *OPENING, "d1x2", "d1", "d2", "d2", "d3", "d3x2").pos.state
    assert [spot.label for spot in board(s).zones[3].spots] == ["Planet 1", "R1ss", "G0s"]
    assert board(s).zones[3].title == "Planet 1 · recruiting"
    assert tapped(s, "pcard:1-0") == ["r1 R1ss"] and tapped(s, "pcard:1-1") == ["r1 G0s"]


def test_costs_and_buying_power_a_play_is_the_card_then_its_discards_and_coins():
    """Costs and Buying Power: the card in hand, then the cards discarded and the coins used, beside the board."""
    s = position({"hand": ("B0s", "G2v1ss", "R0s", "R0s"), "coins": 1})
    assert [spot.label for spot in board(s).zones[8].spots] == ["B0s", "G2v1ss", "R0s", "R0s"]
    assert sorted(tapped(s, "hand:0-1")) == ["done keep G2v1ss", "p G2v1ss -B0s -R0s", "p G2v1ss -B0s -c",
                                             "p G2v1ss -R0s -R0s", "p G2v1ss -R0s -c"]
    assert tapped(s, "hand:0-1", "pay:R0s", "pay:R0s#2") == ["p G2v1ss -R0s -R0s"]
    assert tapped(s, "hand:0-1", "choice:coins-1", "pay:B0s") == ["p G2v1ss -B0s -c"]
    assert tapped(s, "hand:0-2") == ["p R0s", "done keep R0s"]


def test_play_specialists_done_is_the_players_side_or_the_card_kept_then_done():
    """3. Play Specialists: end the turn keeping nothing (the player's side) or one card (that card), then 'done'."""
    s = position({"hand": ("B0s",)})
    assert tapped(s, "choice:done") == ["done", "done keep B0s"]
    assert tapped(s, "seat:0", "choice:done") == ["done"]


def test_specialist_abilities_green_and_purple_taps_the_column_and_the_tile():
    """Specialist Abilities: the drawn card goes to a column tapped on the player's side; a tile is tapped."""
    s = step(position({"hand": ("G1ss", "B0s"), "up": cols(B=["B0s"])}), "p G1ss -B0s", "draw Y2v3s")
    assert spots(board(s))["drawn:0"].label == "Y2v3s" and spots(board(s, 1))["drawn:0"].label == "bp3"
    assert tapped(s, "col:0-B") == ["place B"]
    assert spots(board(s))["col:0-G"].label == "G 1"
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("sets5", "vp4")), "p P1ss -B0s")
    assert tapped(s, "tile:sets5") == ["take sets5"]


def test_the_boost_tiles_search_keep_mark_and_copy_taps():
    """The Boost Tiles: search (the pile, then the card), keep (a card drawn), mark (a bonus card), copy (own tile)."""
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("search",), discard=("R2v3s", "Y0s")), "p P1ss -B0s",
             "take search")
    assert tapped(s, "pile:discard", "choice:search-Y0s") == ["search Y0s"]
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("look5",)), "p P1ss -B0s", "take look5",
             "reveal R2v3s Y0s G0s P2v2s B1v1s")
    assert board(s).zones[7].id == "pending" and tapped(s, "look:1") == ["keep Y0s"]
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("bonus1",)), "p P1ss -B0s", "take bonus1")
    assert tapped(s, "bonus:3") == ["mark 3"]
    s = step(position({"hand": ("P1ss", "B0s"), "tiles": (Tile("vp4"),)}, tiles=("copy",)), "p P1ss -B0s",
             "take copy")
    assert tapped(s, "own:0-vp4") == ["copy vp4"]


def test_professional_mode_buildings_are_tapped_where_they_lie():
    """Professional Mode and Components (building cards): choose two dealt buildings; use or store on one."""
    s = run(pro(), "buildings tower mint mine museum / shipyard harbour greenhouse laboratory").pos.state
    assert tapped(s, "building:tower", "building:mint") == ["choose mint tower"]
    rows = {z.id: z for z in board(s, 1).zones}
    assert [spot.label for spot in rows["buildings-0"].spots] == ["?", "?", "?", "?"]
    assert [spot.label for spot in rows["buildings-1"].spots] == ["Greenhouse", "Harbour", "Laboratory", "Shipyard"]
    s = with_buildings(position({"up": cols(P=["P1ss"])}, pending=Pending("take"), tiles=("search",)),
                       ["tech-tornillo"], ["galactic-bank"])
    assert tapped(s, "tile:search") == ["take search", "store search"]
    assert tapped(s, "tile:search", "building:tech-tornillo") == ["store search"]
    s = with_buildings(position({"hand": ("G1v1s",)}), ["galactic-bank"], ["mint"])
    assert tapped(s, "building:galactic-bank") == ["use galactic-bank"]
    build = run(pro("mint/tower"), *OPENING, "d1x2", "d1", "d2", "d2", "d3", "d4x2")
    assert tapped(build.pos.state, "planet:4") == ["side right"]


def test_the_layout_is_drawn_from_the_data_only_and_survives_unknown_leaves():
    """A spectator's meet may say "?" anywhere: the layout still draws, with "?" where nothing is known."""
    s = position({"hand": ("B0s", "G2v1ss")}, {"hand": ("R0s",)})
    data = msgspec.json.decode(msgspec.json.encode(R.view(s, 0)))
    data["seats"][1] = HIDDEN
    data["deck"] = HIDDEN
    data["planets"][0] = HIDDEN
    layout = R.layout(data, s)
    assert spots(layout)["pile:deck"].label == "deck ?"
    assert [z.id for z in layout.zones if z.id.startswith("seat")] == ["seat-0", "seat-1"]
    for key in ("seats", "bonus", "planets", "tiles", "pending", "pro"):
        assert R.layout({k: v for k, v in data.items() if k != key}, s).zones
    assert R.layout(HIDDEN, s).zones
