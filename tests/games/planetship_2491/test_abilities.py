"""Character Abilities: each ability's limits (the printed examples are in test_examples)."""

from __future__ import annotations

import msgspec

from planets_log.games.planetship_2491.flow import totals
from planets_log.games.planetship_2491.state import placed

from .helpers import BLUE, RED, RULES, at, edit, play, refused, scene, state_of, table


def test_hacker_targets_only_enemies_in_this_zone():
    """# Character Abilities > Hacker: an enemy character in this zone."""
    b = scene(table(2), {"2.I": ("13", RED), "2.II": ("21", RED), "2.III": ("B6", BLUE), "0.I": ("B2", BLUE)},
              zone=2)
    assert refused(b, "hack II").code == "hack.target"
    play(b, "hack III")
    assert "B6" in state_of(b).hands[BLUE]


def test_hacker_returns_the_character_and_its_ship():
    """# Character Abilities > Hacker: the hacked character and its Ship go back to the owner's hand, so the
    owner's ships count rises at once, in the state, the text view and the picture (B6's Ship was Blue's last
    out: 0 before the hack, 1 after), not only at the round's end."""
    b = scene(table(2), {"2.I": ("13", RED), "2.III": ("B6", BLUE), "4.I": ("2", RED)}, zone=2)
    assert state_of(b).ships == (0, 0)  # the round goes on after the hack: zone 4's Scanner is still to decide
    play(b, "hack III")
    s = state_of(b)
    assert "B6" in s.hands[BLUE] and s.ships == (0, 1) and s.phase == "resolve"
    assert RULES.view(s)["seats"][BLUE]["ships"] == 1
    assert [line for line in RULES.render(s).splitlines() if line.startswith("Blue: hand")][0].endswith(
        "· ships 1 · probes 6")
    assert "Blue · 1 ships" in RULES.picture(s)


def test_a_rules_1_record_replays_its_hacks_with_the_ship_left_out():
    """# Character Abilities > Hacker, as rules version 1 read it: a record whose header names version 1 replays as
    it was written, the hacked character's Ship out until the round's end (format.md: rules versions)."""
    b = scene(table(2, rules=1), {"2.I": ("13", RED), "2.III": ("B6", BLUE), "4.I": ("2", RED)}, zone=2)
    play(b, "hack III")
    s = state_of(b)
    assert "B6" in s.hands[BLUE] and s.ships == (0, 0) and not s.ship_back


def test_tractor_beam_and_teleport_move_a_character_with_its_ship():
    """# Character Abilities > Tractor Beam, Teleport: the character changes space and stays in play, its Ship
    with it: no ships count changes and every character stays its owner's on the grid."""
    b = scene(table(2), {"2.I": ("R5", RED), "2.II": ("R3", RED), "4.I": ("B6", BLUE), "5.I": ("2", RED)}, zone=2)
    on_grid = _on_grid(state_of(b))
    play(b, "tractor 4.I III")
    assert at(b, "2.III").card == "B6" and state_of(b).ships == (0, 0) and _on_grid(state_of(b)) == on_grid
    play(b, "teleport 4.II")  # R3 on 2.II is next: it teleports into the zone B6 left
    s = state_of(b)
    assert s.phase == "resolve" and at(b, "4.II").card == "R3" and s.ships == (0, 0) and _on_grid(s) == on_grid


def _on_grid(state) -> list[int]:
    """Each seat's characters on the grid."""
    count = [0] * len(state.players)
    for _, _, ch in placed(state):
        count[ch.owner] += 1
    return count


def test_hacker_cannot_touch_a_shielded_character():
    """# Character Abilities > Shield: a shielded character cannot be hacked."""
    b = scene(table(2), {"2.I": ("6", RED), "2.II": ("B6", BLUE), "2.III": ("21", BLUE)}, zone=2, shielded=("2.II",))
    assert refused(b, "hack II").code == "hack.target"


def test_several_icons_in_any_order_each_once():
    """# Character Abilities: each icon once per round, in any order (card 6: Hacker and Shield)."""
    b = scene(table(2), {"2.I": ("6", RED), "2.II": ("B6", BLUE), "2.III": ("21", BLUE)}, zone=2)
    play(b, "shield 2.I")
    assert at(b, "2.I").used == ("shield",) and state_of(b).cursor == 1
    play(b, "hack II")  # both icons used: zone 2 goes to red's 5 against blue's 2
    s = state_of(b)
    assert "3" in s.hands[RED] and "B6" in s.hands[BLUE]


def test_two_icons_of_a_kind_are_two_uses():
    """# Character Abilities: card 2 shows two Scanner icons and may scan twice, not three times."""
    b = scene(table(2), {"2.I": ("2", RED)}, zone=2)
    play(b, "scan", "draw 20", "bury 3", "scan", "draw 30", "bury 20")
    s = state_of(b)
    assert s.bottom[:2] == ("3", "20") and "30" in s.hands[RED]


def test_scanner_draws_from_the_deck():
    """# Character Abilities > Scanner: the drawn card is the deck's top card (an unseen one)."""
    b = scene(table(2), {"2.I": ("2", RED)}, zone=2)
    play(b, "scan")
    assert refused(b, "draw 3").code == "draw.unseen"  # 3 is on the reward space already
    play(b, "draw 11")
    assert refused(b, "bury 12").code == "bury.card"


def test_scanner_after_the_deck_runs_out_draws_the_cards_put_under_it():
    """# Character Abilities > Scanner: once the unseen cards are gone, the cards put under the deck come up."""
    b = scene(table(2), {"2.I": ("2", RED)}, zone=2)
    b = edit(b, deck=(), bottom=("14", "15"))
    play(b, "scan")
    assert refused(b, "draw 15").code == "draw.bottom"
    play(b, "draw 14")


def test_scanner_with_an_empty_deck_cannot_be_used():
    """# Character Abilities > Scanner: nothing to draw, no Scanner (a decision)."""
    b = scene(table(2), {"2.I": ("2", RED), "2.II": ("B2", BLUE)}, zone=2, deck=(), bottom=())
    assert state_of(b).cursor == 2 and RULES.to_move(state_of(b)) == BLUE  # red's Scanner is skipped


def test_tractor_beam_needs_a_free_space():
    """# Character Abilities > Tractor Beam: with no free space in this zone it cannot be used."""
    full = {"0.I": ("R5", RED), "0.II": ("21", RED), "0.III": ("B2", BLUE), "2.I": ("35", BLUE)}
    b = scene(table(2), full, zone=0)
    assert state_of(b).cursor == 3  # red's Tractor Beam on I is skipped; blue's Shield on III decides


def test_tractor_beam_reaches_only_adjacent_zones():
    """# Character Abilities > Tractor Beam: a character in an ADJACENT zone (zone 5 is not next to zone 2)."""
    b = scene(table(2), {"2.I": ("R5", RED), "5.I": ("35", BLUE), "4.I": ("21", BLUE)}, zone=2)
    assert refused(b, "tractor 5.I II").code == "tractor.target"
    assert refused(b, "tractor 4.I I").code == "tractor.space"


def test_tractor_beam_reveals_a_face_down_character():
    """# Character Abilities > Tractor Beam: face-down characters may be pulled; they arrive face up."""
    b = scene(table(2), {"2.I": ("R5", RED), "3.III": ("B6", BLUE), "5.I": ("B2", BLUE)}, zone=2)
    assert at(b, "3.III").down
    play(b, "tractor 3.III II")
    assert at(b, "2.II").card == "B6" and not at(b, "2.II").down


def test_shield_supply_runs_out():
    """# Game Setup, step 4 and Shield: 10 shields; with none left the ability cannot be used."""
    b = scene(table(2), {"2.I": ("R2", RED), "2.II": ("B6", BLUE)}, zone=2, shields=0)
    assert state_of(b).cursor == 2  # red's Shield is skipped: blue's Scanner is next


def test_shield_reaches_this_zone_or_adjacent_ones():
    """# Character Abilities > Shield: a character in this zone or an adjacent one, any owner."""
    b = scene(table(2), {"2.I": ("R2", RED), "5.I": ("B6", BLUE), "4.I": ("B5", BLUE)}, zone=2)
    assert refused(b, "shield 5.I").code == "shield.target"
    play(b, "shield 4.I")
    assert at(b, "4.I").shield


def test_teleport_goes_to_a_free_space_of_an_adjacent_zone():
    """# Character Abilities > Teleport: to an unoccupied space of an adjacent zone, face up."""
    b = scene(table(2), {"2.I": ("R3", RED), "4.I": ("B6", BLUE), "5.I": ("B2", BLUE)}, zone=2)
    assert refused(b, "teleport 4.I").code == "teleport.target"
    assert refused(b, "teleport 5.I").code == "teleport.target"
    play(b, "teleport 4.II")
    assert at(b, "4.II").card == "R3" and at(b, "4.II").disabled



def test_team_radio_bonus_ends_with_its_zone_even_after_a_teleport():
    """# Character Abilities > Team Radio: the bonus lasts until the zone it was used in is resolved, also for a
    character that then teleported to a zone resolved later (a card with both icons, set by hand)."""
    b = scene(table(2), {"0.I": ("R4", RED), "2.I": ("35", BLUE), "2.II": ("B4", BLUE)}, zone=0)
    teleported = msgspec.structs.replace(at(b, "2.I"), radio=3, disabled=True)
    b = edit(b, zones=tuple(msgspec.structs.replace(z, spaces=(teleported,) + z.spaces[1:]) if i == 2 else z
                            for i, z in enumerate(state_of(b).zones)), boosted=True)  # as a radio marks the state
    play(b, "done")  # zone 0 is resolved: its Team Radio bonuses end wherever their characters stand
    assert state_of(b).zone == 2 and at(b, "2.I").radio == 0 and totals(state_of(b), 2) == {BLUE: 5}
    assert not state_of(b).boosted


def test_a_radio_marks_the_state_until_its_zone_ends():
    """# Character Abilities > Team Radio: a bonus stands only while its zone resolves; the state says one may stand
    (`boosted`) from the radio on, so that the zone's end looks for bonuses to clear only then."""
    b = scene(table(2), {"2.I": ("R4", RED), "2.II": ("R3", RED), "4.I": ("B6", BLUE)}, zone=2)
    assert not state_of(b).boosted
    play(b, "radio")
    assert at(b, "2.I").radio == 1 and state_of(b).boosted
    play(b, "done")  # zone 2 is resolved: the bonus and the mark end together
    assert state_of(b).zone != 2 and at(b, "2.I").radio == 0 and not state_of(b).boosted


def test_a_refused_target_says_why():
    """# Character Abilities > Tractor Beam, Shield: the error names the reason (not adjacent, nobody there,
    shielded, the Senate; a zone not in the grid; an icon not on the card)."""
    chars = {"2.I": ("R5", RED), "5.I": ("35", BLUE), "4.I": ("21", BLUE), "0.I": ("B1", BLUE), "3.I": ("B3", BLUE)}
    b = scene(table(2), chars, zone=2, shielded=("3.I",))
    assert "zone 5 is not adjacent to zone 2" in str(refused(b, "tractor 5.I II"))
    assert "there is no character on 4.II" in str(refused(b, "tractor 4.II II"))
    assert "the character on 3.I is shielded" in str(refused(b, "tractor 3.I II"))
    assert "immune" in str(refused(b, "tractor 0.I II")) and "immune" not in str(refused(b, "tractor 4.II II"))
    assert "zone 9 is not in Planetship Alpha" in str(refused(b, "tractor 9.I II"))
    assert "character R5 on 2.I has no Shield icon left" in str(refused(b, "shield 4.I"))


def test_a_character_holds_one_shield():
    """# Character Abilities > Shield: a shielded character needs no second token (a decision); another may be."""
    b = scene(table(2), {"2.I": ("R2", RED), "2.II": ("B6", BLUE), "4.I": ("21", BLUE)}, zone=2, shielded=("2.II",))
    assert "the character on 2.II is already shielded" in str(refused(b, "shield 2.II"))
    play(b, "shield 4.I")
