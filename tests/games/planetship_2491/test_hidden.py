"""Hidden information: per-seat views, resampling what a seat cannot see, candidates vs legal."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.record.errors import IllegalEvent
from planets_log.engine.play import selfplay
from planets_log.engine.rng import rng

from planets_log.engine.rules import CHANCE

from .helpers import BLUE, RED, RULES, play, refused, scene, state_of, table


def positions(seed: int, n: int):
    """Every state of a seeded game, with the event that followed it."""
    from tests.contract.test_conformance import replay_states

    out = []
    replay_states(selfplay("planetship-2491", seed, [f"P{i}" for i in range(n)]), lambda s, e: out.append((s, e)))
    return out


def test_resampled_states_look_the_same_to_the_seat():
    """Per-seat views: a state resampled for a seat has exactly that seat's view and text (a provisional score
    counting missions would depend on the other hands), and differs somewhere."""
    changed = 0
    for state, _ in positions(6, 3):
        for seat in range(3):
            other = RULES.resample_hidden(state, seat, rng(1, f"r{seat}"))
            assert RULES.view(other, seat) == RULES.view(state, seat)
            assert RULES.render(other, seat) == RULES.render(state, seat)
            if RULES.to_move(state) == seat:  # the seat's choices cannot depend on what it cannot see
                assert [RULES.format(e, other) for e in RULES.legal(other)] == \
                    [RULES.format(e, state) for e in RULES.legal(state)]
            changed += msgspec.json.encode(other) != msgspec.json.encode(state)
    assert changed


def test_legal_is_exactly_the_candidates_check_accepts():
    """The boundary: legal() lists exactly the candidates that check() accepts."""
    for state, _ in positions(8, 2)[::3]:
        if RULES.to_move(state) < 0:
            continue
        accepted = []
        for event in RULES.candidates(state):
            try:
                RULES.check(state, event)
            except IllegalEvent:
                continue
            accepted.append(event)
        assert accepted == RULES.legal(state)


def test_hidden_card_only_in_table_records():
    """Table mode: '?' for a face-down card is refused in a seeded game, which knows every card."""
    from planets_log.games.planetship_2491.state import zone_spec

    from planets_log.games.planetship_2491 import events as E

    state = state_of(table(2, seed=5))
    down = [(z, s) for z, _ in state.grid if z != 2 for s in zone_spec(state, z).face_down]
    assert down
    try:
        RULES.check(state, E.Placed(by=0, card="?", zone=down[0][0], space=down[0][1]))
    except IllegalEvent as exc:
        assert exc.code == "hidden.seeded"
    else:
        raise AssertionError("a seeded game accepted '?'")


def test_a_full_table_record_names_every_card():
    """Records kept by one player: without `--kept-by` the recorder sees every card, so '?' is refused."""
    b = table(2)
    play(b, "R1 0.I", "B1 4.III", "R2 0.II", "B2 4.II", "probe -", "R3 1.I")
    assert refused(b, "? 4.I").code == "hidden.not-kept"
    from planets_log.engine.play import Builder, make_header

    from .helpers import GAME, LAYOUT2, NAMES

    header, session = make_header(GAME, NAMES[:2], seed=None, log_id="full-table")
    b = play(Builder.new(header, session), "missions M1 M7 M10 M13", LAYOUT2)
    assert refused(b, "rewards 0:1 1:2 2:3 3:4 4:? 5:6").code == "hidden.not-kept"


def test_a_reveal_is_a_disclosure_refused_where_no_zone_waits_for_it():
    """Round End > #1 - Resolving a Zone: a reveal is a disclosure (not a chance outcome), accepted only while the
    resolving zone holds '?' cards."""
    from planets_log.record.events import Disclosure
    from planets_log.games.planetship_2491 import events as E

    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED)
    assert issubclass(E.Revealed, Disclosure)
    assert refused(b, "reveal 5").code == "event.kind"


def test_hidden_cards_are_revealed_when_their_zone_resolves():
    """Table mode: a keeper's '?' (a face-down reward, another player's face-down card) is named by a
    reveal when its zone is resolved; the names must be possible."""
    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED)
    assert state_of(b).unknown == 1 and "5" in state_of(b).deck
    b = scene(b, {"4.I": ("?", BLUE), "4.III": ("35", RED)}, zone=4)
    s = state_of(b)
    assert s.phase == "reveal" and RULES.to_move(s) == CHANCE
    assert refused(b, "reveal 5").code == "reveal.count"
    assert refused(b, "reveal R1 B3").code == "reveal.reward"
    assert refused(b, "reveal 5 17").code == "reveal.card"
    play(b, "reveal 5 B3")
    s = state_of(b)
    assert s.zones[4].rewards == ("5",) and s.unknown == 0 and "5" not in s.deck
    assert s.zones[4].spaces[0].card == "B3" and "B3" not in s.hands[BLUE]


def test_hidden_placement_typed_by_the_keeper():
    """Table mode: the keeper types '? 4.I' for Blue's face-down card; Blue's hand is unknown until then."""
    b = table(2, kept_by=RED)
    play(b, "R1 0.I", "B1 4.III", "R2 0.II", "B2 4.II", "probe -", "R3 1.I", "? 4.I")
    s = state_of(b)
    assert s.zones[4].spaces[0].card == "?" and s.zones[4].spaces[0].down and len(s.hands[BLUE]) == 4
    assert RULES.view(s, RED)["grid"][4]["spaces"][0]["card"] == "?"


def test_one_card_cannot_be_revealed_twice():
    """Table mode: two hidden rewards cannot both be named as the same card."""
    b = table(5, rewards="rewards 0:1 1:2 2:3 4:4 5:5 6:6 7:7 8:8 9:9+10", kept_by=RED)
    b = scene(b, {"8.I": ("35", RED)}, zone=8, rewards={8: ("?", "?")}, unknown=2)
    assert state_of(b).phase == "reveal"
    assert refused(b, "reveal 11 11").code == "reveal.reward"
    play(b, "reveal 11 12")


def test_reveal_outcomes_are_counted_and_sampled():
    """Table mode: the outcomes of a reveal are counted, and each sample passes check."""
    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED)
    b = scene(b, {"4.I": ("?", BLUE), "4.III": ("35", RED)}, zone=4)
    s = state_of(b)
    outcomes = RULES.chance_outcomes(s)
    assert outcomes.count == len(s.deck) * len(s.hands[BLUE])
    for k in range(5):
        RULES.check(s, outcomes.sampler(rng(3, f"reveal/{k}")))


def test_chance_outcomes_cover_what_the_seed_gives():
    """The boundary: at every chance point the listed outcomes sum to 1 and hold the seeded one; a counted
    point's sampler draws outcomes that pass check."""
    from fractions import Fraction

    from planets_log.record.events import Chance, strip_place

    for n in (2, 5):
        for state, event in positions(9, n):
            if not isinstance(event, Chance):
                continue
            outcomes = RULES.chance_outcomes(state)
            if outcomes.listed is not None:
                assert sum(p for _, p in outcomes.listed) == Fraction(1)
                assert any(strip_place(e) == strip_place(event) for e, _ in outcomes.listed)
            else:
                assert outcomes.count > 0
                RULES.check(state, outcomes.sampler(rng(2, "sample")))


def test_the_keeper_names_what_the_keeper_sees():
    """Records kept by one player: the keeper's own face-down card is never '?'."""
    b = table(2, kept_by=RED)
    play(b, "R1 0.I", "B1 1.I")
    assert refused(b, "? 0.III").code == "hidden.seen"
    play(b, "R2 0.III", "probe 1.II")
    assert refused(b, "? 1.II").code == "hidden.seen"  # under the keeper's probe


def test_a_seat_sees_which_zones_are_in_the_reserve_not_their_order():
    """# Forming Planetship Alpha, step 2: the reserve lies face down; a seat learns the set (the zones not in the
    grid) but not the order that decides which pair enters in round 2."""
    from planets_log.games.planetship_2491 import events as E

    s = state_of(table(2))
    layout = E.Formed(zones=(0, 1, 2, 3, 4, 5), turns=(0,) * 6, reserve=(9, 6, 8, 7))
    before = state_of(table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:5 5:6"))
    assert RULES.format(layout, s).endswith("reserve 9 6 8 7")
    assert RULES.format(layout, s, seat=RED).endswith("reserve 6 7 8 9")
    orders = set()
    for k in range(12):
        other = RULES.resample_hidden(before, BLUE, rng(4, f"reserve/{k}"))
        assert RULES.view(other, BLUE) == RULES.view(before, BLUE) and sorted(other.reserve) == [6, 7, 8, 9]
        orders.add(other.reserve)
    assert len(orders) > 1


def test_a_due_reveal_says_which_cards_to_name_in_which_order():
    """# Round End > #1 - Resolving a Zone: the hint and the count error list the zone's '?' cards, reward first."""
    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED)
    b = scene(b, {"4.I": ("?", BLUE), "4.III": ("35", RED)}, zone=4)
    want = "name the 2 hidden card(s) of zone 4 in this order: the reward on 4.R, Blue's card on 4.I: reveal CARD CARD"
    assert RULES.chance_hint(state_of(b)) == want and RULES.missing_reveals(state_of(b)) == [want]
    assert want in str(refused(b, "reveal 12"))
    play(b, "reveal 12 B3")


def test_a_seat_s_replay_shows_each_move_as_that_seat_sees_it(runner):
    """Per-seat views through the CLI: `replay --each --as Blue` shows Blue the rewards line with the face-down
    Prison, Radioactive Area and Observatory rewards as '?', and its own state."""
    from planets_log.cli.main import cli

    from .helpers import FIXTURES

    result = runner.invoke(cli, ["replay", str(FIXTURES / "seeded-2p.jsonl"), "--each", "--as", "Blue"])
    assert result.exit_code == 0
    assert "Blue: hand B1 B2 B3 B4 B5 B6" in result.output  # the seat's own view
    assert "== seq 3: rewards 0:27 2:23 4:? 6:24 7:? 8:?" in result.output, "the move line leaks face-down rewards"
