"""Table records kept by one player: `?` for cards the keeper cannot see, revealed later and checked."""

from __future__ import annotations

from planets_log.engine.play import Builder, make_header
from planets_log.engine.rng import rng
from planets_log.games.planetarium.events import Kept

from .helpers import GAME, MATTER, RULES, edit, mat, play, refused, state_of

KEPT_BY_ANN = [f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2", "deal Ben ? ? ? ? ? ?", "discard F2", "discard F4"]


def kept_by_ann() -> Builder:
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="kept-by-ann", kept_by=0)
    return play(Builder.new(header, session), *KEPT_BY_ANN)


def test_an_unseen_deal_is_typed_as_question_marks_and_revealed_by_the_discard():
    """Set-Up: Ben's six cards are unseen; his face-up Final discard reveals one of them."""
    build = kept_by_ann()
    state = state_of(build)
    assert state.seats[1].hand == ("?F", "?H", "?H", "?L", "?L")
    assert state.unknown == (2, 2, 1) and "F4" not in state.final and "F4" in state.final_discard


def test_a_card_played_from_an_unseen_hand_is_revealed_and_leaves_its_deck():
    """Playing a Card: the card Ben plays from his unseen hand is checked against the cards still unseen."""
    build = kept_by_ann()
    play(build, "C-5.10", "end")
    assert refused(build, "play L1 C").code == "turn.phase"
    play(build, "C-5.11")
    assert refused(build, "play L1 C").code == "card.hand"  # Ann holds L1
    play(build, "play L4 C")
    state = state_of(build)
    assert "L4" not in state.low and state.unknown == (1, 2, 1) and state.seats[1].hand == ("?F", "?H", "?H", "?L")


def test_unseen_draws_and_the_face_up_final_discard():
    """Drawing Cards: Ben's draws are `?`; of two Finals the one not kept is face up and must be named."""
    build = kept_by_ann()
    play(build, "C-5.10", "end", "C-5.11", "play L4 C", "draw final", "drawn ? ?")
    assert refused(build, "keep ?").code == "keep.discard"
    assert refused(build, "keep ? discard F2").code == "keep.discard"  # F2 is already on the discard pile
    play(build, "keep ? discard F9")
    state = state_of(build)
    assert "F9" in state.final_discard and "F9" not in state.final and state.unknown == (1, 2, 2)
    assert len(state.seats[1].hand) == 5


def test_per_seat_notation_hides_what_that_seat_cannot_see():
    """Per-seat format: Ann sees Ben's deal, draws and kept Final as `?`, the face-up discard by name."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=3, log_id="seat-format")
    build = Builder.new(header, session)
    build.draw_chance()
    state = state_of(build)
    events = []
    pos = session.start(build.lines[0])
    from planets_log.record.lines import line_hash

    for raw in build.lines[1:]:
        event = session.decode(raw)
        events.append((RULES.format(event, pos.state, 0), RULES.format(event, pos.state, 1),
                       RULES.format(event, pos.state)))
        pos = session.step(pos, event, line_hash(raw))
    ben_deal = events[2]
    assert ben_deal[0] == "deal Ben ? ? ? ? ? ?" and ben_deal[1] == ben_deal[2] and "?" not in ben_deal[2]
    assert state.phase == "discard"


def test_kept_final_is_hidden_from_the_other_seat_but_its_discard_is_not():
    """Drawing Cards: the Final kept is secret, the other is discarded face up."""
    header, session = make_header(GAME, ["Ann", "Ben"], seed=None, log_id="seat-keep")
    build = play(Builder.new(header, session), f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2",
                 "deal Ben L3 L4 H3 H4 F3 F4", "discard F2", "discard F4", "C-5.10", "play L1 C", "draw final",
                 "drawn F5 F9")
    assert refused(build, "keep F5 discard F9").code == "keep.discard"  # both are known: no discard to name
    keep = RULES.parse("keep F5", state_of(build))
    assert RULES.format(keep, state_of(build), 1) == "keep ? discard F9"
    assert RULES.format(keep, state_of(build), 0) == "keep F5"


def test_views_and_resampling_keep_only_what_a_seat_knows():
    """Per-seat views: other hands are counts; a resampled state changes only what the seat cannot see."""
    header, session = make_header(GAME, ["Ann", "Ben", "Cal"], seed=5, log_id="resample")
    build = Builder.new(header, session)
    build.draw_chance()
    play(build, "discard " + next(c for c in state_of(build).seats[0].hand if c.startswith("F")))
    state = state_of(build)
    view = RULES.view(state, 0)
    assert view["seats"][1]["hand"] == 6 and view["low"] == len(state.low)
    assert tuple(view["seats"][0]["hand"]) == state.seats[0].hand
    assert "Ben: 0 points" in RULES.render(state, 0) and "hand 6 cards" in RULES.render(state, 0)
    other = RULES.resample_hidden(state, 0, rng(1, "resample"))
    assert other.seats[0] == state.seats[0] and RULES.view(other, 0) == view
    assert other.seats[1].hand != state.seats[1].hand or other.seats[2].hand != state.seats[2].hand
    pool = sorted(state.low + state.high + state.final + state.seats[1].hand + state.seats[2].hand)
    assert sorted(other.low + other.high + other.final + other.seats[1].hand + other.seats[2].hand) == pool


def test_resampled_states_look_the_same_to_the_seat():
    """Hidden information: through a whole 3-player game, a state resampled for a seat has the same view,
    rendering and (on that seat's turn) legal moves for it."""
    import msgspec

    from .helpers import greedy
    from tests.support.positions import positions

    build = greedy(2, ["Ann", "Ben", "Cal"])
    changed = 0
    for k, (state, _) in enumerate(list(positions(build))[::2]):
        for seat in range(3):
            other = RULES.resample_hidden(state, seat, rng(k, f"seat-{seat}"))
            changed += other != state
            assert msgspec.json.encode(RULES.view(other, seat), order="sorted") == \
                msgspec.json.encode(RULES.view(state, seat), order="sorted")
            assert RULES.render(other, seat) == RULES.render(state, seat)
            if state.turn == seat and RULES.to_move(state) >= 0:
                assert RULES.legal(other) == RULES.legal(state)
    assert changed > 0



def bens_turns(build: Builder, *turns: tuple[str, ...]) -> Builder:
    """Ann steps planet A and ends; Ben steps planet D and then takes the given actions (Matter on his mat under D)."""
    for actions in turns:
        play(build, f"A-{state_of(build).board.names[state_of(build).cells.index('A') + 1]}", "end")
        play(build, f"D-{state_of(build).board.names[state_of(build).cells.index('D') + 1]}", *actions)
    return build


def test_an_unseen_hand_holds_only_the_kinds_it_was_dealt():
    """Set-Up / Playing a Card: Ben was dealt 2 Low cards unseen; once both are played, a third Low is refused
    (even while Cal's unseen hand still holds Low cards)."""
    header, session = make_header(GAME, ["Ann", "Ben", "Cal"], seed=None, log_id="kept-by-ann-3", kept_by=0)
    build = play(Builder.new(header, session), f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2",
                 "deal Ben ? ? ? ? ? ?", "deal Cal ? ? ? ? ? ?", "discard F2", "discard F4", "discard F6")
    mat(build, 1, D="GGGGRRRRWW")
    play(build, "C-5.10", "end", "D-6.15", "play L9 D", "draw high", "drawn ?", "A-2.2", "end")
    play(build, "C-5.11", "end", "D-6.16", "play L16 D", "draw high", "drawn ?", "A-2.3", "end", "C-5.12", "end")
    play(build, "D-6.17")
    err = refused(build, "play L12 D")
    assert err.code == "card.hand" and "Low" in str(err)
    play(build, "play H14 D")


def test_an_unseen_hand_is_held_to_four_final_cards():
    """Hand Size: Ben may not draw Finals past four in hand, even when the record never saw them."""
    build = mat(kept_by_ann(), 1, D="GGGGGGRRRRRR")
    play(build, "C-5.10", "end")
    play(build, "D-6.15", "play L9 D", "draw final", "drawn ? ?", "keep ? discard F9")
    bens_turns(build, ("play L16 D", "draw final", "drawn ? ?", "keep ? discard F10"),
               ("play H14 D", "draw final", "drawn ? ?", "keep ? discard F11"), ("play H8 D",))
    assert refused(build, "draw final").rule == "Hand Size"
    assert "draw final" not in [RULES.format(e, state_of(build)) for e in RULES.legal(state_of(build))]


def test_no_downgrade_offered_when_the_low_deck_holds_only_cards_drawn_unseen():
    """Downgrade: with the Low deck's last cards already in Ben's unseen hand, no Low card can be drawn."""
    build = kept_by_ann()
    edit(build, low=("L5", "L6"))  # the two Low cards dealt to Ben unseen are all the deck lists
    play(build, "C-5.10")
    assert refused(build, "downgrade H1").code == "downgrade.empty"
    assert "downgrade H1" not in [RULES.format(e, state_of(build)) for e in RULES.legal(state_of(build))]
    assert "decks: low 0," in RULES.render(state_of(build))
    assert RULES.view(state_of(build), 1)["low"] == 0


def test_a_card_drawn_unseen_earlier_cannot_be_drawn_again():
    """Discard Piles: when every High card the deck lists is already in Ben's unseen hand, Ann's High draw comes
    from the reshuffled discard pile; the same for the Final deck's last cards."""
    build = mat(kept_by_ann(), 0, C="R")
    edit(build, high=("H5", "H6"), high_discard=("H7",))  # H5 and H6: the two High cards Ben was dealt unseen
    play(build, "C-5.10", "play L1 C", "draw high")
    assert refused(build, "drawn H5").code == "drawn.card"
    play(build, "drawn H7")
    assert state_of(build).high == ("H5", "H6") and state_of(build).unknown[1] == 2


def test_the_final_decks_unseen_cards_are_not_drawn_by_name():
    """Discard Piles: with the Final deck's one listed card in Ben's unseen hand, Ann's two Finals come from the
    reshuffled discard pile."""
    build = mat(kept_by_ann(), 0, C="R")
    edit(build, final=("F5",), final_discard=("F2", "F4", "F9"))  # F5: Ben's unseen Final
    play(build, "C-5.10", "play L1 C", "draw final")
    assert refused(build, "drawn F5 F9").code == "drawn.card"
    play(build, "drawn F4 F9", "keep F9")
    assert state_of(build).final_discard == ("F4",) and "F5" in state_of(build).final


def test_keeping_from_an_unseen_draw_is_never_guessed_in_the_legal_moves():
    """Drawing Cards: after `drawn ? ?` the move list offers no `keep ?` (the face-up discard must be named)."""
    build = kept_by_ann()
    play(build, "C-5.10", "end", "C-5.11", "play L4 C", "draw final", "drawn ? ?")
    state = state_of(build)
    assert all(not isinstance(e, Kept) for e in RULES.legal(state))
    for e in RULES.legal(state):
        RULES.check(state, e)
