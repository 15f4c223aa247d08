"""Records kept by one player (`new --table --kept-by SEAT`) on the core mechanism: each seat retypes a whole
game with `?` for what it cannot see, reveals each when its zone resolves, and scores as the full record."""

from __future__ import annotations

import pytest

from planets_log.cli.main import cli
from planets_log.engine.rules import TERMINAL
from planets_log.games.planetship_2491 import events as E
from planets_log.record.lines import line_hash
from tests.support.kept_by import kept_copy

from .fixtures_gen import seeded_game
from .helpers import RULES, play, refused, state_of, table


class _Reveals:
    """When a zone resolves, the keeper names its `?` cards (reward first, then by space) from what is turned up;
    under the keeper's new probe, what it looks at; when the discard piles turn face up, the `?` discards.

    Called after every line with the full record's state, it keeps them: the full record may have resolved the
    zone the keeper waits at already (a line resolves every zone up to the next decision, and a record kept by
    one player stops at a zone whose `?` must be named), so the cards are read where that zone was still whole."""

    def __init__(self) -> None:
        self.seen: list = []

    def __call__(self, kept, full) -> list[str]:
        if not self.seen or self.seen[-1] is not full:
            self.seen.append(full)
        if kept.phase == "peek":
            probe = kept.probes[-1]
            if probe.space == 0:
                pairs = zip(kept.zones[probe.zone].rewards, full.zones[probe.zone].rewards)
                return ["reveal " + " ".join(t for k, t in pairs if k == E.HIDDEN)]
            return [f"reveal {full.zones[probe.zone].spaces[probe.space - 1].card}"]
        if kept.phase == "piles":
            pairs = [p for k, t in zip(kept.discards, full.discards) for p in zip(k, t)]
            return ["reveal " + " ".join(t for k, t in pairs if k == E.HIDDEN)]
        if kept.phase != "reveal":
            return []
        zone, now = kept.zone, [f for f in reversed(self.seen) if f.round == kept.round]
        # the rewards before the zone began to resolve; the characters as they stand now (they stay until the
        # round ends, and one pulled into the zone turns face up in it)
        rewarded = next(f for f in now if f.phase == "place" or f.phase in ("resolve", "draw") and f.zone < zone)
        placed = next(f for f in now if f.phase in ("place", "resolve", "draw"))
        names = [t for k, t in zip(kept.zones[zone].rewards, rewarded.zones[zone].rewards) if k == E.HIDDEN]
        names += [t.card for k, t in zip(kept.zones[zone].spaces, placed.zones[zone].spaces)
                  if k is not None and k.card == E.HIDDEN]
        return ["reveal " + " ".join(names)]


def _same_for_keeper(seat: int):
    def compare(kept, full) -> None:
        if kept.phase not in ("reveal", "peek", "piles"):  # the full record shows them already; the keeper names them next
            assert RULES.render(kept, seat) == RULES.render(full, seat)
    return compare


@pytest.mark.parametrize("name,seat", [(f"seeded-{n}p", seat) for n in (2, 3, 4, 5) for seat in range(n)])
def test_a_game_kept_by_each_seat_scores_as_the_full_record(name, seat, runner, tmp_path):
    """Round End > #1 - Resolving a Zone, Probes, Round End > #4 - Discard Cards, Scoring: `?` for others' face-down
    cards, face-down rewards and discards, each revealed when the keeper sees it (its zone resolves, the keeper's
    probe lands on it, the piles turn face up); the final score and the keeper's `--as` view equal the full record's.
    Start of Round: with 4 and 5 players a deal runs past the deck's unseen cards into those put under it, and a
    face-down slot's `?` may hide one of them (refused as rewards.bottom before: no such record could be kept)."""
    full = seeded_game(name)
    kept = kept_copy(full, seat, reveals=_Reveals(), compare=_same_for_keeper(seat))
    assert RULES.to_move(state_of(full)) == TERMINAL and RULES.to_move(state_of(kept)) == TERMINAL
    assert RULES.score(state_of(kept)) == RULES.score(state_of(full))
    assert RULES.missing_reveals(state_of(kept)) == []
    assert any(b'"?"' in raw for raw in kept.lines[1:]) and any(b'"type":"reveal"' in raw for raw in kept.lines)
    assert RULES.view(state_of(kept), seat) == RULES.view(state_of(full), seat)
    assert any(b'"type":"discard"' in raw and b'"card":"?"' in raw for raw in kept.lines)
    path = tmp_path / "kept.jsonl"
    path.write_text(kept.text())
    res = runner.invoke(cli, ["validate", str(path)])
    assert res.exit_code == 0, res.output
    for other in range(len(full.session.header.players)):  # the record holds only what the keeper saw
        res = runner.invoke(cli, ["replay", str(path), "--as", str(other + 1), "--format", "json"])
        assert res.exit_code == 0 and "Traceback" not in res.output


def test_a_keepers_question_mark_may_hide_a_card_from_under_the_deck():
    """Start of Round, Character Abilities > Scanner: a deal takes the deck's unseen cards, then those put under it
    (Scanner) in order. A keeper's `?` on a face-down slot may be one of these: it leaves the pile under the deck for
    the cards the keeper cannot place, which the `?` is named from when its zone turns up; the deck's count stays
    the full record's (the comparison after every line)."""
    full = seeded_game("seeded-5p")
    kept = kept_copy(full, 0, reveals=_Reveals(), compare=_same_for_keeper(0))
    session, hidden_under = kept.session, []
    pos = session.start(kept.lines[0])
    for raw in kept.lines[1:]:
        event, before = session.decode(raw), pos.state
        pos = session.step(pos, event, line_hash(raw))
        if isinstance(event, E.RewardsDealt) and E.HIDDEN in event.cards:
            dealt = len(event.cards) - event.cards.count("-")
            under = before.bottom[:max(0, dealt - (len(before.deck) - before.unknown))]
            hidden_under += [c for c in under if c not in event.cards]
            assert all(c in pos.state.deck and c not in pos.state.bottom for c in under if c not in event.cards)
    assert hidden_under  # the game has such a deal
    assert RULES.score(state_of(kept)) == RULES.score(state_of(full))


def test_an_impossible_reveal_is_refused_at_its_line():
    """Round End > #1 - Resolving a Zone: a hidden card revealed as one its owner never held is refused."""
    from .helpers import BLUE, RED, scene

    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED)
    b = scene(b, {"4.I": ("?", BLUE), "4.III": ("35", RED)}, zone=4)
    assert refused(b, "reveal 5 R1").code == "reveal.card"
    assert refused(b, "reveal 1 B3").code == "reveal.reward"  # card 1 was seen as zone 0's reward
    play(b, "reveal 5 B3")


def test_the_keepers_probe_names_the_face_down_reward_it_looks_at():
    """Probes: a probe's owner may look at face-down cards under it, so the keeper names the `?` reward at once."""
    from .helpers import BLUE, RED

    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:? 5:6", kept_by=RED)
    play(b, "R1 4.III", "B1 0.I", "R2 4.II", "probe 4.R")
    s = state_of(b)
    assert s.phase == "peek" and RULES.to_move(s) < 0 and "probe looks at it" in RULES.missing_reveals(s)[0]
    err = refused(b, "B2 0.II")  # the reveal comes first, not the next move
    assert (err.code, err.rule) == ("reveal.due", "Probes") and "probe looks at it" in err.message
    assert refused(b, "reveal 1").code == "reveal.reward"  # card 1 lies face up on zone 0
    assert refused(b, "reveal 5 6").code == "reveal.count"
    play(b, "reveal 5")
    s = state_of(b)
    assert s.zones[4].rewards == ("5",) and s.turn == BLUE and s.phase == "place"
    zone4 = [next(z for z in RULES.view(s, seat)["grid"] if z["zone"] == 4) for seat in (RED, BLUE)]
    assert zone4[0]["rewards"] == ["5"] and zone4[1]["rewards"] == ["?"]  # under Red's probe; face down to Blue


def test_a_probe_on_a_face_up_or_named_card_asks_nothing():
    """Probes: nothing is hidden from the keeper under a probe on a named card, so no reveal is due."""
    from .helpers import RED

    b = table(2, rewards="rewards 0:1 1:2 2:3 3:4 4:5 5:6", kept_by=RED)
    play(b, "R1 4.III", "B1 0.I", "R2 4.II", "probe 4.R")
    assert state_of(b).phase == "place"


def _discarding(kept_by):
    from .helpers import BLUE, RED, scene

    return scene(table(2, kept_by=kept_by), {"0.I": ("R1", RED), "1.I": ("B1", BLUE)}, zone=0)


def test_another_players_discard_is_typed_as_unknown_and_named_when_the_piles_turn_up():
    """Round End > #4 - Discard Cards: discards go face down until everyone has discarded, then the piles are
    turned face up; the keeper types `discard ?` for another player's and names it then."""
    from .helpers import BLUE, RED

    b = _discarding(RED)
    assert refused(b, "discard ?").code == "hidden.seen"  # Red's own discard
    play(b, "discard R5", "discard ?")
    s = state_of(b)
    assert s.phase == "piles" and RULES.to_move(s) < 0
    assert RULES.missing_reveals(s) == ["the piles are turned face up: name Blue's face-down discard, in this "
                                        "order: reveal CARD"]
    assert RULES.view(s, RED)["seats"][BLUE]["hand"] == ["?"] * 6  # 7 cards, one of them discarded
    assert refused(b, "reveal R5").code == "reveal.card"  # Blue never held Red's card
    assert refused(b, "reveal 2 B3").code == "reveal.count"
    play(b, "reveal 2")
    s = state_of(b)
    assert s.discards == (("R5",), ("2",)) and [len(h) for h in s.hands] == [6, 6] and "2" not in s.hands[BLUE]
    assert s.phase == "shift" and s.round == 2 and RULES.missing_reveals(s) == []


def test_unknown_discards_only_in_a_kept_record():
    """Round End > #4 - Discard Cards: a scorekeeper sees every discard; '?' is for a record kept by one player."""
    b = _discarding(None)
    play(b, "discard R5")
    assert refused(b, "discard ?").code == "hidden.not-kept"


def test_the_keepers_probe_names_another_players_face_down_character():
    """Probes: the keeper's probe on another player's `?` character looks at it: named at once, from that
    player's hand."""
    from .helpers import BLUE, RED

    b = table(2, kept_by=RED)
    play(b, "R1 0.I", "B1 1.I", "R2 0.II", "? 1.II", "R3 0.III", "probe 1.II")
    assert state_of(b).phase == "peek"
    assert "Blue's card on 1.II" in RULES.missing_reveals(state_of(b))[0]
    assert refused(b, "reveal R4").code == "reveal.card"  # Red's own card
    play(b, "reveal B2")
    s = state_of(b)
    assert s.zones[1].spaces[1].card == "B2" and "B2" not in s.hands[BLUE] and s.phase == "place"
    assert RULES.view(s, RED)["grid"][1]["spaces"][1]["card"] == "B2"
