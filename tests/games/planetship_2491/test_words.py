"""Plain words: every kind of line as a sentence a newcomer reads, a secret one word to the seats that may not see it,
and the notation's legend."""

from __future__ import annotations

from planets_log.engine.play import Builder, make_header
from planets_log.engine.redact import public_words
from planets_log.engine.replay import Replay
from planets_log.games.planetship_2491 import notation
from planets_log.games.planetship_2491.events import EVENTS
from planets_log.games.planetship_2491.words import WORDS
from planets_log.record.events import Meta

from .helpers import BLUE, FIXTURES, LAYOUT2, RED, RULES, YELLOW, play, scene, state_of, table

NBSP = "\u00a0"


def said(build, move: str, seat: int | None = None) -> str:
    """The words of `move` at the build's position, as `seat` may know them."""
    state = state_of(build)
    return RULES.words(RULES.parse(move, state), state, seat)


def public(build, move: str) -> str:
    state = state_of(build)
    return public_words(RULES, RULES.parse(move, state), state)


def test_every_event_has_its_words():
    """Every kind of event the game writes, of every mode, has a sentence."""
    assert set(WORDS) == set(EVENTS)


def test_a_placement_names_the_player_the_card_and_the_space():
    """# Player's Turn: a character from hand, with a ship, on a space."""
    b = table(2)
    assert said(b, "R1 0.I") == "Red places red starting character 1 with a ship on zone 0, space I"
    assert said(b, "R1 0.I", BLUE) == said(b, "R1 0.I") == public(b, "R1 0.I")


def test_a_face_down_placement_is_one_hidden_word_to_the_spectators():
    """# Zones, face-down icon: the owner reads its card, the other seat one word, the spectators '(hidden)'."""
    b = play(table(2), "R1 0.I", "B1 1.I")
    assert said(b, "R2 0.III", RED) == (f"Red places red{NBSP}starting{NBSP}character{NBSP}2 with a ship on zone 0, "
                                        "space III, face down")
    assert said(b, "R2 0.III", BLUE) == f"Red places a{NBSP}card with a ship on zone 0, space III, face down"
    assert public(b, "R2 0.III") == "Red places (hidden) with a ship on zone 0, space III, face down"
    assert "red starting character 2" in said(b, "R2 0.III").replace(NBSP, " ")


def test_a_probe_lets_its_owner_read_the_card_placed_under_it():
    """# Probes: a probe's owner may look at the face-down card on its space: with two seats, every seat knows it."""
    b = play(table(2), "R1 0.I", "B1 1.I", "R3 0.III", "probe 1.II")
    assert "blue" + NBSP + "starting" in said(b, "B2 1.II", RED)
    assert public(b, "B2 1.II") == (f"Blue places blue{NBSP}starting{NBSP}character{NBSP}2 with a ship on zone 1, "
                                    "space II, face down")


def test_a_discard_is_hidden_from_the_other_seats():
    """# Round End > #4 - Discard Cards: discards go face down into the player's own pile."""
    b = scene(table(2), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)
    assert said(b, "discard R5", RED) == f"Red discards red{NBSP}starting{NBSP}character{NBSP}5 to their pile"
    assert said(b, "discard R5", BLUE) == f"Red discards a{NBSP}card to their pile"
    assert public(b, "discard R5") == "Red discards (hidden) to their pile"


def test_face_down_rewards_are_named_to_the_scorekeeper_only():
    """# Start of Round, step 2: a reward space with the face-down icon gets its card face down (zone 4's)."""
    b = _before_rewards()
    move = "rewards 0:1 1:2 2:3 3:4 4:5 5:6"
    assert said(b, move).startswith("Reward cards are dealt: character 1 on zone 0; character 2 on zone 1")
    assert f"character{NBSP}5 on zone 4" in said(b, move)
    assert f"a{NBSP}face-down{NBSP}card on zone 4" in said(b, move, RED)
    assert public(b, move) == said(b, move, BLUE)


def _fresh():
    """A two-player table record before its first line."""
    header, session = make_header("planetship-2491", ["Red", "Blue"], seed=None, log_id="words", rng_version=1)
    return Builder.new(header, session)


def _before_rewards():
    return play(_fresh(), "missions M1 M7 M10 M13", LAYOUT2)


def test_the_missions_are_named_by_their_icons():
    """# Mission Cards: the face-up missions by what they count, with their VP."""
    b = _fresh()
    assert said(b, "missions M1 M7 M10 M13") == ("The face-up missions are the Gr'tratki mission (7 VP), the Hacker "
                                                  "mission (5 VP), the Shield mission (6 VP) and the strength mission "
                                                  "(6 VP)")


def test_the_reserve_order_is_the_scorekeepers_only():
    """# Forming Planetship Alpha: the reserve lies face down; a seat knows which zones, not their order."""
    b = play(_fresh(), "missions M1 M7 M10 M13")
    move = "layout 0 1@90 / 2 3 / 4 5 reserve 9 6 8 7"
    assert said(b, move) == ("Planetship Alpha is formed, column by column from the left, each top down: zone 0 and "
                             "zone 1 (turned 90°); zone 2 and zone 3; zone 4 and zone 5; the reserve holds zones 9, 6, "
                             "8 and 7 face down, from left to right")
    assert said(b, move, RED).endswith("the reserve holds zones 6, 7, 8 and 9 face down")


def test_a_new_round_shifts_the_grid():
    """# Forming Planetship Alpha, step 3-4: two zones leave on the right, two join on the left (5 players: one is
    set aside)."""
    b = scene(table(2), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)
    play(b, "discard R5", "discard B5")
    assert said(b, "shift 9@90 8") == ("Round 2 begins: zones 4 and 5 leave the grid on the right, and zone 9 (turned "
                                       "90°) and zone 8 join it on the left, top down")
    five = scene(table(5), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)
    play(five, "discard R5", "discard B5")
    assert said(five, "shift 3 4 5 aside 9").endswith("; zone 9 is set aside as the new reserve")


def test_the_military_area_turns_or_is_left():
    """# Zone Special Rules > #3 - Military Area: its first placer may turn it."""
    b = play(table(2), "R1 3.I")
    assert said(b, "rotate 90") == "Red turns zone 3 (Military Area) 90° clockwise"
    assert said(b, "rotate 0") == "Red leaves zone 3 (Military Area) as it lies"


def test_a_probe_goes_on_a_space_or_a_reward_space_or_nowhere():
    """# Probes: one probe on any space of this zone or an adjacent one (reward spaces too), or none."""
    b = play(table(2), "R1 0.I", "B1 1.I", "R3 0.III")
    assert said(b, "probe 0.R") == "Red places a probe on the reward space of zone 0"
    assert said(b, "probe 1.II") == "Red places a probe on zone 1, space II"
    assert said(b, "probe -") == "Red places no probe"


def test_a_hack_sends_the_character_and_its_ship_home_by_the_rules_version():
    """# Character Abilities > Hacker: the ship goes home with it (rules 2); rules 1 left it out until the end."""
    chars = {"2.I": ("13", RED), "2.III": ("B6", BLUE), "4.I": ("2", RED)}
    now = scene(table(2), chars, zone=2)
    assert said(now, "hack III") == ("Red hacks with their character 13 on zone 2, space I: Blue's blue starting "
                                     "character 6 on space III goes back to Blue's hand with its ship")
    then = scene(table(2, rules=1), chars, zone=2)
    assert said(then, "hack III").endswith("goes back to Blue's hand (its ship stays out until the round ends)")


def test_a_scanner_draws_and_buries():
    """# Character Abilities > Scanner: the deck's top card joins the reward, then one reward goes under the deck."""
    b = scene(table(2), {"2.I": ("2", RED)}, zone=2)
    assert said(b, "scan") == ("Red scans with their character 2 on zone 2, space I: the top card of the deck joins "
                               "the zone's reward")
    play(b, "scan")
    assert said(b, "draw 11") == "The Scanner draws character 11 from the deck onto the reward space of zone 2"
    play(b, "draw 11")
    assert said(b, "bury 3") == "Red puts character 3 from the reward space of zone 2 on the bottom of the deck"


def test_a_tractor_beam_on_a_face_down_character_is_a_secret_until_it_lands():
    """# Character Abilities > Tractor Beam: it may pull a face-down character, which arrives face up; what it was
    is one word, known to its owner only."""
    b = scene(table(2), {"2.I": ("R5", RED), "3.III": ("B6", BLUE), "5.I": ("B2", BLUE)}, zone=2)
    start = "Red uses the Tractor Beam of their red starting character 5 on zone 2, space I: "
    end = " comes from zone 3, space III to zone 2, space II, face up"
    assert said(b, "tractor 3.III II", RED) == start + f"Blue's face-down{NBSP}card" + end
    assert said(b, "tractor 3.III II", BLUE) == start + f"Blue's blue{NBSP}starting{NBSP}character{NBSP}6" + end
    assert public(b, "tractor 3.III II") == start + "Blue's (hidden)" + end


def test_a_shield_names_its_target_or_itself():
    """# Character Abilities > Shield: a character in this zone or an adjacent one, any owner, itself too."""
    b = scene(table(2), {"2.I": ("R2", RED), "4.III": ("B5", BLUE)}, zone=2)
    assert said(b, "shield 4.III") == ("Red shields with their red starting character 2 on zone 2, space I: a "
                                       "shield goes on Blue's blue starting character 5 on zone 4, space III")
    assert said(b, "shield 2.I").endswith("a shield goes on itself")


def test_team_radio_says_its_bonus():
    """# Character Abilities > Team Radio: +1 per other friendly character here and in adjacent zones."""
    b = scene(table(2), {"2.I": ("R4", RED), "2.II": ("R3", RED), "4.I": ("R6", RED), "5.I": ("R1", RED)}, zone=2)
    assert said(b, "radio") == ("Red uses the Team Radio of their red starting character 4 on zone 2, space I: +2 "
                                "strength until the zone is resolved")


def test_teleport_and_done():
    """# Character Abilities > Teleport; abilities are never required ('done')."""
    b = scene(table(2), {"2.I": ("R3", RED), "4.I": ("B6", BLUE)}, zone=2)
    assert said(b, "teleport 4.II") == ("Red teleports their red starting character 3 on zone 2, space I to zone 4, "
                                        "space II, face up")
    assert said(b, "done") == "Red uses no more abilities of their red starting character 3 on zone 2, space I"


def test_the_harvests_and_the_radioactive_area():
    """# Zone Special Rules > #9 - Harvests (keep one of two), #7 - Radioactive Area (remove one of yours)."""
    b = scene(table(5), {"9.I": ("7", RED)}, zone=9)
    assert said(b, "keep 10") == ("Red keeps character 10 from zone 9 (Harvests); the other reward goes to the bottom "
                                  "of the deck")
    b = scene(table(5), {"7.I": ("7", RED), "7.II": ("21", RED), "7.III": ("28", BLUE)}, zone=7)
    assert said(b, "remove II") == "Red removes their character 21 on zone 7, space II from the game (Radioactive Area)"


def test_a_kept_record_names_its_hidden_cards_in_words():
    """A record kept by one player: its '?' are one word to everyone, and each reveal says which card was which
    (Round End > #1 at a zone, Probes at the keeper's probe, #4 when the piles turn up)."""
    b = table(2, kept_by=RED)
    play(b, "R1 0.I", "B1 1.I", "R2 0.II")
    assert said(b, "? 1.II") == f"Blue places a{NBSP}card with a ship on zone 1, space II, face down"
    play(b, "? 1.II", "R3 0.III", "probe 1.II")
    assert said(b, "reveal B2") == "The hidden cards are named: Blue's card on zone 1, space II is blue starting " \
                                   "character 2"
    b = scene(table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED),
              {"4.I": ("?", BLUE), "4.III": ("35", RED)}, zone=4)
    assert said(b, "reveal 5 B3") == ("The hidden cards are named: the reward on zone 4 is character 5; Blue's card "
                                      "on zone 4, space I is blue starting character 3")
    b = scene(table(2, kept_by=RED), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)
    play(b, "discard R5")
    assert said(b, "discard ?") == f"Blue discards a{NBSP}card to their pile"
    play(b, "discard ?")
    assert said(b, "reveal 2") == "The hidden cards are named: Blue's face-down discard is character 2"


def test_the_legend_explains_every_kind_of_line():
    """The legend has an example of every kind of line the notation reads, each a real line."""
    legend = RULES.legend()
    heads = {example.split()[0].lower() for example, _ in legend}
    assert set(notation.CHANCE_PARSERS) | set(notation.ACTION_PARSERS) <= heads
    assert any(notation.CARD_RE.match(example.split()[0]) for example, _ in legend)  # a placement: CARD ZONE.NUMERAL


def _lines(name: str) -> list[str]:
    """Each line of a golden record: its notation, its words, and the spectators' words where they differ."""
    out = []
    for step in Replay(str(FIXTURES / name)).steps():
        event, state = step.event, step.before.state
        if isinstance(event, Meta):
            continue
        words = RULES.words(event, state).replace(NBSP, " ")
        seen = public_words(RULES, event, state).replace(NBSP, " ")
        out.append(f"{RULES.format(event, state)}: {words}" + ("" if seen == words else f"\n    spectators: {seen}"))
    return out


def test_the_words_of_a_whole_record(snapshot):
    """The kept record (every kind of event, a reveal of each kind) and the 5-player one (the shifts that set a zone
    aside), line by line in words."""
    assert _lines("kept-by-red.jsonl") == snapshot
    assert _lines("seeded-5p-rules2.jsonl") == snapshot


def test_yellow_is_a_third_seat_that_does_not_see():
    """# Probes: with three seats, a probe's owner and the card's owner read it, the third seat does not."""
    b = play(table(3), "R1 0.I", "B1 1.I", "Y1 2.I", "R3 0.III", "probe 1.II")
    move = "B2 1.II"
    assert "blue" + NBSP in said(b, move, RED) and "blue" + NBSP in said(b, move, BLUE)
    assert said(b, move, YELLOW) == f"Blue places a{NBSP}card with a ship on zone 1, space II, face down"
    assert "(hidden)" in public(b, move)


def test_the_seats_words_line_up_so_the_spectators_lose_only_the_secret():
    """Every line of a 4-player record and of the kept one: each seat's sentence has as many words as every other
    seat's, and the spectators read all of it but at most one '(hidden)' word."""
    hidden = 0
    for name in ("seeded-4p.jsonl", "kept-by-red.jsonl"):
        for step in Replay(str(FIXTURES / name)).steps():
            event, state = step.event, step.before.state
            if isinstance(event, Meta):
                continue
            counts = {len(RULES.words(event, state, seat).split(" ")) for seat in range(len(state.players))}
            seen = public_words(RULES, event, state)
            assert len(counts) == 1 and seen.count("(hidden)") <= 1, (RULES.format(event, state), seen)
            hidden += "(hidden)" in seen
    assert hidden > 20
