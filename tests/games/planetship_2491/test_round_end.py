"""Round End: resolving zones in order, rewards, retrieving, discarding, the next first player, 4 rounds."""

from __future__ import annotations

from planets_log.engine.rules import TERMINAL
from planets_log.engine.play import selfplay
from planets_log.games.planetship_2491 import events as E
from planets_log.games.planetship_2491.state import placed
from planets_log.record.lines import line_hash

from .helpers import BLUE, RED, RULES, at, play, refused, scene, state_of, table


def test_zones_resolve_in_numeric_order_and_reveal_first():
    """# Round End > #1 - Resolving a Zone: lowest zone number first; face-down cards turned up first."""
    b = scene(table(2), {"0.III": ("R2", RED), "1.II": ("B4", BLUE), "4.I": ("R4", RED)}, zone=-1)
    assert state_of(b).zone == 0 and state_of(b).cursor == 3 and not at(b, "0.III").down
    assert at(b, "1.II").down  # zone 1 is not resolved yet: its face-down card stays down
    play(b, "done")
    assert state_of(b).zone == 1 and not at(b, "1.II").down


def test_abilities_follow_the_roman_numerals():
    """# Round End > #1 - Resolving a Zone: space I's abilities before space II's."""
    b = scene(table(2), {"2.I": ("R2", RED), "2.II": ("B2", BLUE)}, zone=2)
    assert state_of(b).cursor == 1 and RULES.to_move(state_of(b)) == RED
    play(b, "done")
    assert state_of(b).cursor == 2 and RULES.to_move(state_of(b)) == BLUE


def test_zero_strength_alone_wins_and_empty_zones_bury_their_reward():
    """# Round End > #2 - Gaining Reward Cards: a 0-strength character alone wins; an empty zone's reward
    goes face down to the bottom of the deck."""
    b = scene(table(2), {"0.I": ("R1", RED)}, zone=0)
    s = state_of(b)
    assert "1" in s.hands[RED]
    assert s.bottom == ("2", "3", "4", "5", "6")


def test_retrieve_then_discard_down_to_six():
    """# Round End > #3 - Retrieve and #4 - Discard Cards: everything comes back; more than 6 cards must go."""
    b = scene(table(2), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)
    s = state_of(b)
    assert s.phase == "discard" and s.hands[RED] == ("1", "R1", "R2", "R3", "R4", "R5", "R6")
    assert all(all(ch is None for ch in s.zones[z].spaces) for z, _ in s.grid)
    assert s.probes == () and s.ships == (6, 6) and s.shields == 10
    assert RULES.to_move(s) == RED
    assert refused(b, "discard 17").code == "discard.hand"
    play(b, "discard R5")
    blue_view = RULES.view(state_of(b), BLUE)
    assert blue_view["seats"][RED]["discards"] == ["?"]  # face down until everyone is done
    assert RULES.view(state_of(b), RED)["seats"][RED]["discards"] == ["R5"]
    play(b, "discard 2")
    s = state_of(b)
    assert s.discards == (("R5",), ("2",)) and [len(h) for h in s.hands] == [6, 6]
    assert RULES.view(s, BLUE)["seats"][RED]["discards"] == ["R5"]  # turned face up


def test_round_end_brings_every_ship_back_a_hacked_one_once():
    """# Round End > #3 - Retrieve Characters, Ships and Probes: every played Ship comes back; the Ship of a
    hacked character, which came back with it, is not counted twice."""
    b = scene(table(2), {"2.I": ("13", RED), "2.III": ("B6", BLUE)}, zone=2)
    play(b, "hack III")
    s = state_of(b)
    assert s.phase == "discard" and s.ships == (6, 6)


def test_every_ship_is_in_hand_under_its_character_or_left_by_a_removed_one():
    """# Player's Turn, Character Abilities > Hacker, Zone Special Rules > #7, Round End #3: at every position of
    a seeded 5-player game with 8 hacks, a player's Ships in hand, their characters on the grid and those the
    Radioactive Area took from the game this round add up to the fleet (4)."""
    build = selfplay("planetship-2491", 4, ["A", "B", "C", "D", "E"], rng_version=1)  # the 5-player golden game
    session = build.session
    pos = session.start(build.lines[0])
    hacks, left = 0, [0] * 5
    for raw in build.lines[1:]:
        event = session.decode(raw)
        before = pos.state
        pos = session.step(pos, event, line_hash(raw))
        s = pos.state
        hacks += isinstance(event, E.Hacked)
        for code in s.removed[len(before.removed):]:  # taken from the game by this event: whose it was
            left[next(ch.owner for _, _, ch in placed(before) if ch.card == code)] += 1
        if s.phase in ("discard", "shift", "over"):
            left = [0] * 5
            assert s.ships == (4,) * 5
            continue
        on_grid = [sum(1 for _, _, ch in placed(s) if ch.owner == seat) for seat in range(5)]
        assert [a + b + c for a, b, c in zip(s.ships, on_grid, left)] == [4] * 5, (pos.seq, event)
    assert hacks == 8


def test_first_player_moves_left_and_the_round_advances():
    """# Round End > #5 - New First Player: the first player card moves one seat; the round marker advances."""
    b = scene(table(2), {"0.I": ("R1", RED)}, zone=0)
    play(b, "discard R1")
    s = state_of(b)
    assert s.phase == "shift" and s.round == 2 and s.first == BLUE and s.turn == BLUE


def test_four_rounds_then_the_game_ends():
    """# Game End and Scoring: the game ends after the 4th round; three shifts happen (rounds 2-4)."""
    build = selfplay("planetship-2491", 4, ["A", "B", "C"])
    state = build.pos.state
    assert RULES.to_move(state) == TERMINAL and state.round == 4 and state.phase == "over"
    events = [build.session.decode(raw) for raw in build.lines[1:]]
    assert sum(isinstance(e, E.Shifted) for e in events) == 3
    assert sum(isinstance(e, E.RewardsDealt) for e in events) == 4
    assert state.first == 3 % 3  # seat 0 started; moved left three times
