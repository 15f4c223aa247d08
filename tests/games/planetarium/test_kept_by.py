"""Records kept by one player (`new --table --kept-by SEAT`) on the core mechanism: `?` only where that seat
cannot see, the whole game retyped by each seat scoring as the full record, `--as` views unchanged."""

from __future__ import annotations

import pytest

from planets_log.record.errors import IllegalEvent
from planets_log.record.events import UNKNOWN
from planets_log.engine.play import Builder, make_header
from planets_log.games.planetarium import events as E
from planets_log.games.planetarium.kept import hidden_hands

from tests.support.kept_by import kept_copy

from .helpers import GAME, MATTER, RULES, greedy, mat, play, refused, state_of


def _hands_shown_at_the_end(kept, full) -> list[str]:
    """Once the game is over the hands are shown: the keeper names the cards it typed as `?`."""
    if not full.over:
        return []
    out = []
    for i in hidden_hands(kept):
        named = [c for c in kept.seats[i].hand if not c.startswith("?")]
        shown = list(full.seats[i].hand)
        for c in named:
            shown.remove(c)
        out.append(f"shown {kept.players[i]} " + " ".join(shown))
    return out


def _same_for_keeper(seat: int):
    def compare(kept, full) -> None:
        assert RULES.render(kept, seat) == RULES.render(full, seat)
    return compare


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_game_kept_by_each_seat_scores_as_the_full_record(seat):
    """Set-Up, Drawing Cards, Winning the Game: the keeper types `?` for the others' deals, draws and kept
    Finals; each card is named when played; the score and the keeper's `--as` view equal the full record's."""
    full = greedy(7, ["Ann", "Ben", "Cal"], options={"round_limit": 100})
    kept = kept_copy(full, seat, reveals=_hands_shown_at_the_end, compare=_same_for_keeper(seat))
    assert state_of(full).over and state_of(kept).over and RULES.score(state_of(kept)) == RULES.score(state_of(full))
    assert RULES.missing_reveals(state_of(kept)) == []
    assert any(b'"?"' in raw for raw in kept.lines[1:])  # the copy really hides something
    assert any(b'"type":"shown"' in raw for raw in kept.lines[1:])  # and reveals hands at the end
    assert all("?" not in c for s in state_of(kept).seats for c in s.hand)
    assert RULES.view(state_of(kept), seat) == RULES.view(state_of(full), seat)


def _kept(seat: int) -> Builder:
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="kept", kept_by=seat)
    return Builder.new(header, session)


def test_question_marks_only_for_what_the_keeper_cannot_see():
    """Set-Up: the keeper's own deal is named; a full record (no keeper) names every card."""
    build = play(_kept(0), f"matter {MATTER}")
    assert refused(build, "deal Ann ? ? ? ? ? ?").code == "hidden.seen"
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="full")
    full = play(Builder.new(header, session), f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2")
    assert refused(full, "deal Ben ? ? ? ? ? ?").code == "hidden.not-kept"


def test_the_keepers_own_draw_and_keep_are_named():
    """Drawing Cards: the keeper sees the cards they draw and the Final they keep."""
    build = play(_kept(1), f"matter {MATTER}", "deal Ann ? ? ? ? ? ?", "deal Ben L3 L4 H3 H4 F3 F4", "discard F2",
                 "discard F4")
    mat(build, 1, D="GGGGGGRRRRRRWWWW")
    play(build, "C-5.10", "end")
    assert state_of(build).turn == 1
    play(build, "D-6.15", "play L3 D", "draw final")
    assert refused(build, "drawn ? ?").code == "hidden.seen"
    play(build, "drawn F5 F9")
    assert RULES.check(state_of(build), E.Kept(by=1, card="F5")) is None
    with pytest.raises(IllegalEvent) as info:
        RULES.check(state_of(build), E.Kept(by=1, card=UNKNOWN, discard="F9"))
    assert info.value.code == "hidden.seen"


def test_an_impossible_reveal_is_refused_at_its_line():
    """Playing a Card: a card Ben plays from his unseen hand must still be unseen (Ann holds L1)."""
    build = play(_kept(0), f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2", "deal Ben ? ? ? ? ? ?", "discard F2",
                 "discard F4", "C-5.10", "end", "C-5.11")
    assert refused(build, "play L1 C").code == "card.hand"


def test_a_hand_shown_names_only_cards_that_were_possible():
    """Set-Up: Ben's hand shown names his `?` cards: not a card Ann holds, not more Low cards than he was dealt;
    a full record has nothing to reveal."""
    build = play(_kept(0), f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2", "deal Ben ? ? ? ? ? ?", "discard F2",
                 "discard F4")
    assert refused(build, "shown Ben L1").code == "shown.impossible"
    assert refused(build, "shown Ben L3 L4 L5").code == "shown.hidden"
    assert refused(build, "shown Ann L3").code == "shown.hidden"
    play(build, "shown Ben L3 L4 H3")
    assert state_of(build).seats[1].hand == ("H3", "L3", "L4", "?F", "?H")
    assert state_of(build).unknown == (0, 1, 1) and "L3" not in state_of(build).low
    assert RULES.format(RULES.parse("shown Ben H4", state_of(build)), state_of(build), 0) == "shown Ben H4"
