"""Four Planets in plain words: each kind of line as a sentence, as the scorekeeper, each seat and the spectators
are told it, named after its rulebook section."""

from __future__ import annotations

import re

import pytest

from planets_log.engine.redact import public_words
from planets_log.games.four_planets import events as E
from planets_log.games.four_planets import pro_events as P
from planets_log.games.four_planets.state import Pending, Tile
from planets_log.games.four_planets.phrases import NBSP
from tests.support.positions import positions

from .fixtures_gen import golden
from .helpers import R, cols, position, replace, run, step, table
from .test_professional import SETUP, pro, with_buildings

CODE = re.compile(r"\b[RYGPB][0-2](v\d+)?s+\b")
"""A specialist's code: the words name the card instead."""
OPENING = [*SETUP, "start Ann"]


def said(state, text: str, seat: int | None = None) -> str:
    """The words of the line `text` typed at `state`, as `seat` is told them (None: the scorekeeper)."""
    return R.words(R.parse(text, state), state, seat).replace(NBSP, " ")


def public(state, text: str) -> str:
    """The words of the line as the spectators are told them."""
    return public_words(R, R.parse(text, state), state).replace(NBSP, " ")


def at(*lines: str):
    """A table game's state after `lines`."""
    return run(table(), *lines).pos.state


def test_setup_step_3_the_colour_bonus_is_named_to_each_player_only_where_they_look():
    """Setup, step 3: four cards face down; each player looks at the one nearest them only."""
    s = at()
    text = "bonus R2v3s Y0s G1v1s B0s"
    assert said(s, text) == ("The colour bonus is laid face down: a red mole (cost 2, 3 VP, 1 symbol) as card 1, "
                             "a yellow giraffe (cost 0, 1 symbol) as card 2, a green toucan (cost 1, 1 VP, 1 symbol) "
                             "as card 3 and a blue seal (cost 0, 1 symbol) as card 4; Ann looks at card 1 and Ben "
                             "at card 4.")
    assert said(s, text, 0).startswith("The colour bonus is laid face down: a red mole (cost 2, 3 VP, 1 symbol) as "
                                       "card 1, a face-down card as card 2, a face-down card as card 3 and a "
                                       "face-down card as card 4;")
    assert "a blue seal (cost 0, 1 symbol) as card 4" in said(s, text, 1) and "red mole" not in said(s, text, 1)
    assert public(s, text).startswith("The colour bonus is laid face down: (hidden) as card 1, a face-down card as "
                                      "card 2, a face-down card as card 3 and (hidden) as card 4;")


def test_setup_step_4_the_planets_cards_are_named_planet_by_planet():
    """Setup, step 4: two specialists face up under each planet."""
    s = at("bonus R2v3s Y0s G1v1s B0s")
    assert said(s, "deal R1ss G0s / P1ss B0s / Y2v2s R0s / G2v1ss B1v1s") == (
        "Specialists are laid face up under the planets: planet 1 a red mole (cost 1, 2 symbols) and a green toucan "
        "(cost 0, 1 symbol); planet 2 a purple tapir (cost 1, 2 symbols) and a blue seal (cost 0, 1 symbol); "
        "planet 3 a yellow giraffe (cost 2, 2 VP, 1 symbol) and a red mole (cost 0, 1 symbol); planet 4 a green "
        "toucan (cost 2, 1 VP, 2 symbols) and a blue seal (cost 1, 1 VP, 1 symbol).")


def test_setup_step_5_the_boost_tiles_are_named_as_the_edition_names_them():
    """Setup, step 5: five boost tiles face up."""
    s = at(*SETUP[:2])
    assert said(s, SETUP[2]) == ("The boost tiles laid face up are the Search the discards tile, the Look at five "
                                 "tile, the Discount tile, the Copy tile and the Four points tile.")


def test_setup_step_6_the_start_tile_says_who_dispatches_first():
    """Setup, step 6: the start tile's orientation at random."""
    assert said(at(*SETUP), "start Ben") == ("The start tile is placed: Ben faces the spaceship symbol and dispatches "
                                             "first, Ann faces the card symbol.")


def test_dispatch_spaceships_simple_built_up_and_below_the_opponent():
    """1. Dispatch Spaceships: a simple or built-up spaceship; an opponent already there is above."""
    s = at(*OPENING)
    assert said(s, "d1") == "Ann dispatches a simple spaceship to planet 1."
    s = at(*OPENING, "d1x2")
    assert said(s, "d1x2") == "Ben dispatches a built-up spaceship of 2 parts to planet 1, below Ann's spaceship."


def test_recruit_specialists_the_other_card_goes_to_the_inferior_player_or_the_discard_pile():
    """2. Recruit Specialists: the superior player chooses, the remaining card goes to the inferior one, if present."""
    s = at(*OPENING, "d1x2", "d1", "d2", "d2", "d3", "d3x2")
    assert said(s, "r1 R1ss") == ("Ann recruits a red mole (cost 1, 2 symbols) from planet 1; Ben takes the other, "
                                  "a green toucan (cost 0, 1 symbol).")
    s = at(*OPENING, "d1x2", "d1", "d2", "d2", "d4", "d3x2", "r1 R1ss", "r2 P1ss", "r3 Y2v2s")
    assert said(s, "r4 G2v1ss") == ("Ann recruits a green toucan (cost 2, 1 VP, 2 symbols) from planet 4; the other, "
                                    "a blue seal (cost 1, 1 VP, 1 symbol), goes face down to the discard pile.")


def test_costs_and_buying_power_the_discards_are_face_down_to_the_opponent_and_the_spectators():
    """Costs and Buying Power: discards pay, face down on the discard pile; a coin adds 1."""
    s = position({"hand": ("G2v1ss", "B0s", "R0s"), "coins": 1})
    text = "p G2v1ss -B0s -c"
    assert said(s, text) == ("Ann discards a blue seal (cost 0, 1 symbol) face down and uses 1 coin to play a green "
                             "toucan (cost 2, 1 VP, 2 symbols) into their green column.")
    assert said(s, text, 1) == ("Ann discards a face-down card face down and uses 1 coin to play a green toucan "
                                "(cost 2, 1 VP, 2 symbols) into their green column.")
    assert public(s, text).startswith("Ann discards (hidden) face down and uses 1 coin to play a green toucan")
    assert said(s, "p R0s") == "Ann plays a red mole (cost 0, 1 symbol) into their red column."


def test_specialist_abilities_green_the_drawn_card_is_the_drawers_alone():
    """Specialist Abilities (Botany): draw the top card, look at it without showing it, place it face down."""
    s = step(position({"hand": ("G1ss", "B0s"), "up": cols(B=["B0s"])}), "p G1ss -B0s")
    assert said(s, "draw Y2v3s", 0) == "Ann draws a yellow giraffe (cost 2, 3 VP, 1 symbol) from the deck for the green ability."
    assert said(s, "draw Y2v3s", 1) == "Ann draws a face-down card from the deck for the green ability."
    s = step(s, "draw Y2v3s")
    assert said(s, "place B", 0) == "Ann places a yellow giraffe (cost 2, 3 VP, 1 symbol) face down in their blue column."
    assert said(s, "place B", 1) == "Ann places the drawn card face down in their blue column."
    assert public(s, "place B") == "Ann places (hidden) face down in their blue column."


def test_specialist_abilities_purple_takes_a_boost_tile_by_its_name():
    """Specialist Abilities (Science): take any one face-up boost tile."""
    s = step(position({"hand": ("P1ss", "B0s")}), "p P1ss -B0s")
    assert said(s, "take sets5") == "Ann takes the Full sets tile with the purple ability."


def test_the_boost_tiles_search_and_look_at_five_keep_the_card_from_the_opponent():
    """The Boost Tiles: the card searched and the card kept are the taker's alone."""
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("search", "look5"), discard=("R2v3s",)), "p P1ss -B0s",
             "take search")
    assert said(s, "search R2v3s") == "Ann takes a red mole (cost 2, 3 VP, 1 symbol) from the discard pile into their hand."
    assert said(s, "search R2v3s", 1) == "Ann takes a card from the discard pile into their hand."
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("look5",)), "p P1ss -B0s", "take look5")
    text = "reveal R2v3s Y0s G0s P2v2s B1v1s"
    assert said(s, text, 1) == ("Ann draws 5 face-down cards from the top of the deck for the Look at five tile and "
                                "alone looks at them.")
    assert said(s, text, 0).startswith("Ann draws a red mole (cost 2, 3 VP, 1 symbol), a yellow giraffe")
    s = step(s, text)
    assert said(s, "keep R2v3s") == ("Ann keeps a red mole (cost 2, 3 VP, 1 symbol) of the cards drawn; the others "
                                     "are shuffled back into the deck.")
    assert said(s, "keep R2v3s", 1).startswith("Ann keeps one card of the cards drawn;")


def test_the_boost_tiles_discount_private_bonus_and_copy_say_where_the_tile_goes():
    """The Boost Tiles: the discount on a column, the private bonus on a bonus card, the copy on another tile."""
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("discount", "bonus1")), "p P1ss -B0s", "take discount")
    assert said(s, "discount P") == ("Ann attaches the Discount tile to their purple column: purple specialists cost "
                                     "them 1 coin less.")
    s = step(position({"hand": ("P1ss", "B0s")}, tiles=("bonus1",)), "p P1ss -B0s", "take bonus1")
    assert said(s, "mark 3") == ("Ann places the Private bonus tile on colour bonus card 3: 1 more VP per own "
                                 "specialist of its colour.")
    s = step(position({"hand": ("P1ss", "B0s"), "tiles": (Tile("discount", colour="G"),), "up": cols(G=["G0s"])},
                      tiles=("copy",)), "p P1ss -B0s", "take copy")
    assert said(s, "copy discount") == "Ann attaches the Copy tile to the Discount tile and copies its ability."
    s = step(s, "copy discount")
    assert said(s, "discount G").startswith("Ann attaches the Copy tile copying the Discount tile to their green column")


def test_play_specialists_keep_at_most_one_card_the_kept_card_is_secret():
    """3. Play Specialists: keep at most 1 card in hand; the rest is discarded face down."""
    s = position({"hand": ("G2v1ss", "B0s", "R0s")})
    assert said(s, "done keep G2v1ss") == ("Ann ends their play turn, keeping a green toucan (cost 2, 1 VP, 2 symbols) "
                                           "in hand and discarding 2 cards face down.")
    assert said(s, "done keep G2v1ss", 1) == ("Ann ends their play turn, keeping one card in hand and discarding 2 "
                                              "cards face down.")
    assert public(s, "done keep G2v1ss") == ("Ann ends their play turn, keeping (hidden) in hand and discarding 2 cards "
                                             "face down.")
    assert said(s, "done") == "Ann ends their play turn, keeping nothing in hand and discarding 3 cards face down."
    assert said(position(), "done") == "Ann ends their play turn, keeping nothing in hand."


def test_professional_mode_the_deal_and_the_choice_are_hidden_from_the_opponent():
    """Professional Mode: 4 buildings dealt to each, 2 kept; revealed once both have chosen."""
    s = pro().pos.state
    text = "buildings tower mint mine museum / shipyard harbour greenhouse laboratory"
    assert said(s, text) == ("Each player is dealt 4 buildings: the Tower, the Mint, the Mine and the Museum to Ann "
                             "and the Shipyard, the Harbour, the Greenhouse and the Laboratory to Ben.")
    assert said(s, text, 0).endswith("the Museum to Ann and 4 face-down buildings to Ben.")
    assert public(s, text) == "Each player is dealt 4 buildings: (hidden) to Ann and (hidden) to Ben."
    s = run(pro(), text).pos.state
    assert said(s, "choose tower mint") == "Ann keeps the Tower and the Mint and returns the other 2 to the box."
    assert said(s, "choose tower mint", 1) == "Ann keeps 2 face-down buildings and returns the other 2 to the box."


def test_components_building_cards_tower_greenhouse_tech_tornillo_and_galactic_bank():
    """Components (building cards): the Tower's side, the Greenhouse's card, the Tech-Tornillo's store, the Bank."""
    build = run(pro("mint/tower"), *OPENING, "d1x2", "d1", "d2", "d2", "d3", "d4x2")
    assert said(build.pos.state, "side right") == "Ben uses the Tower: recruiting begins at planet 4, on the right this round."
    s = run(pro("greenhouse/mint"), *OPENING).pos.state
    assert said(s, "card greenhouse G1v1s") == ("The Greenhouse finds a green toucan (cost 1, 1 VP, 1 symbol) in the "
                                                "deck: it goes face up into Ann's green column.")
    s = with_buildings(position({"up": cols(P=["P1ss"])}, pending=Pending("take"), tiles=("search",)),
                       ["tech-tornillo"], ["galactic-bank"])
    assert said(s, "store search") == ("Ann takes the Search the discards tile and stores it on the Tech-Tornillo "
                                       "(5 VP at scoring).")
    s = with_buildings(position({"hand": ("G1v1s",)}), ["galactic-bank"], ["mint"])
    assert said(s, "use galactic-bank") == "Ann uses the Galactic Bank as 1 coin."


def test_mini_campaign_the_named_player_turns_the_start_tile():
    """Mini-Campaign: the loser of the game before decides in which direction the start tile points."""
    s = run(pro("mint/museum", orienter=2), *SETUP).pos.state
    assert said(s, "orient Ann") == "Ben turns the start tile: Ann faces the spaceship symbol and dispatches first."


def test_kept_records_a_reveal_names_the_card():
    """A record kept by one player (docs/table.md): a bonus card or face-down card typed `?`, named later."""
    s = position()
    assert R.words(E.BonusShown(position=2, card="G0s"), s) == "Colour bonus card 2 is named: a green toucan (cost 0, 1 symbol)."
    assert R.words(E.DownShown(seat=1, colour="B", card="Y2v3s"), s) == (
        "Ben's face-down card in the blue column is named: a yellow giraffe (cost 2, 3 VP, 1 symbol).")


def golden_lines(seat: int | None = None):
    """(notation, words) of every line of the golden records, as `seat` is told them."""
    for build in golden().values():
        for s, e in positions(build):
            if e is not None:
                yield R.format(e, s, seat), R.words(e, s, seat), public_words(R, e, s)


def test_the_words_name_every_card_never_its_code_and_the_spectators_always_hear_the_sentence():
    """Components: a specialist is named by its colour and animal; no code of the notation reaches a sentence,
    and a secret hides one word, never the whole sentence from the spectators."""
    for seat in (None, 0, 1):
        for code, words, met in golden_lines(seat):
            assert not CODE.search(words), f"{code!r} reads {words!r}"
            assert words.endswith(".") and words[0].isupper()
            assert met != "(hidden)" and len(met.split(" ")) == len(words.split(" ")), f"{code!r}: {met!r}"


KINDS = {"bonus": E.BonusDealt, "deal": E.Dealt, "boosts": E.BoostsRevealed, "start": E.StartTile,
         "d3x2": E.Dispatched, "r2": E.Recruited, "p": E.Played, "draw": E.Drawn, "place": E.Placed,
         "take": E.TookTile, "reveal": E.Revealed, "keep": E.Kept, "search": E.Searched, "discount": E.Discounted,
         "mark": E.Marked, "copy": E.Copied, "done": E.Done, "buildings": P.BuildingsDealt,
         "choose": P.BuildingsChosen, "side": P.SideChosen, "use": P.BuildingUsed}


@pytest.mark.parametrize(("example", "meaning"), R.legend())
def test_every_legend_line_is_a_real_line_of_the_notation(example, meaning):
    """The legend's examples parse as the kind of line they explain, and say it in at least a few words."""
    assert isinstance(R.parse(example, replace(position(), round=1)), KINDS[example.split()[0]])
    assert len(meaning.split()) >= 5
