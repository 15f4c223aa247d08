"""`check`: every rule an in-turn event must satisfy, with the rulebook section it comes from."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, NoReturn

from planets_log.game import UNKNOWN, Action, Event, IllegalEvent

from . import cards as C
from . import events as E
from .apply import expected
from .state import (
    DEAL,
    LOOK,
    PLANETS,
    Seat,
    State,
    column_size,
    contains,
    deck_left,
    effective_cost,
    has_ship,
    minus,
    pending_of,
    unvisited,
)

SETUP = "Setup"
DISPATCH = "Dispatch Spaceships"
RECRUIT = "Recruit Specialists"
PLAY = "Play Specialists"
COSTS = "Costs and Buying Power"
ABILITIES = "Specialist Abilities"
PREPARE = "Preparing the Next Round"
BOOSTS = "The Boost Tiles"

WHAT: dict[type[Event], str] = {
    E.BonusDealt: "the colour-bonus cards (bonus C C C C)",
    E.Dealt: "the deal under the planets (deal C C / C C / C C / C C)",
    E.BoostsRevealed: "the 5 face-up boost tiles (boosts T T T T T)", E.StartTile: "the start tile (start NAME)",
    E.Drawn: "the card drawn by the green ability (draw C)",
    E.Revealed: "the cards drawn by the look-at-five tile (reveal C ...)",
    E.Dispatched: "dispatch a spaceship (d PLANET)", E.Recruited: "recruit a specialist (r PLANET CARD)",
    E.Played: "play a specialist (p CARD)", E.Done: "end the play turn (done)",
    E.Placed: "place the drawn card face down in a non-empty column (place COLOUR)",
    E.TookTile: "take a face-up boost tile for the purple ability (take TILE)",
    E.Searched: "take a card from the discard pile (search CARD)", E.Kept: "keep one of the revealed cards (keep CARD)",
    E.Discounted: "attach the discount tile to a non-empty column (discount COLOUR)",
    E.Marked: "place the bonus tile on a colour bonus card (mark 1..4)",
    E.Copied: "choose an owned boost tile to copy (copy TILE)",
}


def fail(code: str, message: str, rule: str, public: str | None = None) -> NoReturn:
    """Raise the illegal-event error; `public`: what any seat may read, where the message names a hidden card."""
    raise IllegalEvent(code, message, rule, public)


def check(state: State, event: Event) -> None:
    """Raise IllegalEvent if `event` breaks a rule in `state`."""
    if E.is_shown(event):
        from . import kept

        return kept.check_shown(state, event)
    want = expected(state)
    if type(event) not in want:
        _wrong_kind(state, event, want)
    CHECKS[type(event)](state, event)


def _wrong_kind(state: State, event: Event, want: tuple[type[Event], ...]) -> NoReturn:
    due = " or ".join(WHAT[t] for t in want) or "nothing (the game is over)"
    tag = type(event).__struct_config__.tag
    if not isinstance(event, Action):  # a chance outcome: this check sees only the game's own events
        fail("chance.kind", f"a '{tag}' outcome where {due} is due", "Round Sequence")
    name = state.players[event.by]
    if state.pending is not None:
        rule = BOOSTS if state.pending.step in ("search", "keep", "discount", "mark", "copy") else ABILITIES
        fail("pending", f"{name} cannot '{tag}' now: first {due}", rule)
    fail("phase", f"{name} cannot '{tag}' in the {state.phase} phase of round {state.round}; due: {due}",
         "Round Sequence")


def name(state: State, event: Action) -> str:
    """The acting player's name."""
    return state.players[event.by]


# --- chance --------------------------------------------------------------------------------


def _codes(cards: Iterable[str], code: str, rule: str) -> None:
    for card in cards:
        if C.normalise(card) != card:
            fail(code, f"{card!r} is not a specialist code (e.g. G2v1ss)", rule)


def check_draw(state: State, cards: tuple[str, ...], code: str, rule: str) -> None:
    """Cards drawn in order from the deck; when it runs out the discard pile is the new deck."""
    if state.unseen or UNKNOWN in cards:
        from . import kept

        return kept.check_draw(state, cards, code, rule)
    _codes(cards, code + ".card", rule)
    deck, discard = state.deck, state.discard
    if len(cards) <= len(deck):
        if not contains(deck, cards):
            fail(code + ".card", f"{_missing(deck, cards)} is not left in the deck ({len(deck)} cards); "
                 f"the outcome was {' '.join(cards)}", rule, f"a card of this outcome is not left in the deck "
                 f"({len(deck)} cards)")
        return
    head, tail = cards[:len(deck)], cards[len(deck):]
    if Counter(head) != Counter(deck):
        fail(code + ".reshuffle", f"the deck holds only {len(deck)} cards ({' '.join(deck) or 'none'}), so the first "
             f"{len(deck)} drawn must be exactly those before the discard pile becomes the deck; "
             f"got {' '.join(head) or 'none'}", rule, f"the deck holds only {len(deck)} cards, so the first "
             f"{len(deck)} drawn must be exactly those before the discard pile becomes the deck")
    if not contains(discard, tail):
        fail(code + ".card", f"after the deck ran out the discard pile became the deck, but {_missing(discard, tail)} "
             f"is not in it; the outcome was {' '.join(cards)}", rule, "after the deck ran out the discard pile "
             "became the deck, but a card of this outcome is not in it")


def _missing(pile: Iterable[str], cards: Iterable[str]) -> str:
    have, seen = Counter(pile), Counter[str]()
    for card in cards:
        if have[card] <= 0:
            return f"another {card}" if seen[card] else card
        have[card] -= 1
        seen[card] += 1
    return "?"


def _bonus(s: State, e: E.BonusDealt) -> None:
    if len(e.cards) != 4:
        fail("bonus.count", f"the colour bonus is 4 cards, not {len(e.cards)}", SETUP)
    if UNKNOWN in e.cards:
        from . import kept

        kept.check_hidden_bonus(s, tuple(e.cards))
    check_draw(s, tuple(e.cards), "bonus", SETUP)


def _deal(s: State, e: E.Dealt) -> None:
    rule = SETUP if s.phase == "setup-deal" else PREPARE
    n = min(DEAL, deck_left(s) + len(s.discard))
    if UNKNOWN in e.cards:
        fail("deal.card", "the deal is face up: every card is seen, so none is '?'", rule)
    if len(e.cards) != n:
        fail("deal.count", f"the deal places {n} specialists (2 per planet; deck {deck_left(s)}, discard "
             f"{len(s.discard)}), not {len(e.cards)}", rule)
    check_draw(s, tuple(e.cards), "deal", rule)


def _boosts(s: State, e: E.BoostsRevealed) -> None:
    tiles = tuple(e.tiles)
    if len(tiles) != 5 or len(set(tiles)) != 5:
        fail("boosts.count", f"5 different boost tiles are placed face up, not {' '.join(tiles) or 'none'}", SETUP)
    for tile in tiles:
        if tile not in s.tile_pool:
            fail("boosts.tile", f"{tile!r} is not a boost tile (tiles: {' '.join(s.tile_pool)})", SETUP)
    if s.first_game is not None and tuple(sorted(tiles)) != s.first_game:
        fail("boosts.first-game", f"the first game is played with {' '.join(s.first_game)}, "
             f"not {' '.join(tiles)}", SETUP)


def _start(s: State, e: E.StartTile) -> None:
    if e.seat not in (0, 1):
        fail("start.seat", f"the start tile faces seat 1 or 2, not {e.seat + 1}", SETUP)


def _drawn(s: State, e: E.Drawn) -> None:
    if e.card == UNKNOWN:
        from . import kept

        kept.check_hidden_draw(s)
    check_draw(s, (e.card,), "draw", ABILITIES)


def _revealed(s: State, e: E.Revealed) -> None:
    n = min(LOOK, deck_left(s) + len(s.discard))
    if UNKNOWN in e.cards:
        from . import kept

        kept.check_hidden_look(s, tuple(e.cards))
    if len(e.cards) != n:
        fail("reveal.count", f"the look-at-five tile draws {n} cards here (deck {deck_left(s)}, discard "
             f"{len(s.discard)}), not {len(e.cards)}", BOOSTS)
    check_draw(s, tuple(e.cards), "reveal", BOOSTS)


# --- dispatch and recruit ------------------------------------------------------------------


def _dispatch(s: State, e: E.Dispatched) -> None:
    who, seat = name(s, e), s.seats[e.by]
    if not 1 <= e.planet <= PLANETS:
        fail("dispatch.planet", f"{who} dispatches to planet {e.planet}; the planets are 1 to 4", DISPATCH)
    if e.parts < 1 or e.parts > seat.left:
        fail("dispatch.parts", f"{who} has {seat.left} spaceship part(s) left but dispatches a ship of {e.parts}",
             DISPATCH)
    if has_ship(s.planets[e.planet - 1], e.by):
        fail("dispatch.own-ship", f"{who} already has a spaceship at planet {e.planet}", DISPATCH)
    if seat.left - e.parts > 0 and len(unvisited(s, e.by)) == 1:
        fail("dispatch.strand", f"planet {e.planet} is the last planet {who} can still visit, so the ship must carry "
             f"all {seat.left} remaining parts, not {e.parts}", DISPATCH)


def _recruit(s: State, e: E.Recruited) -> None:
    who = name(s, e)
    if e.planet != s.cursor + 1:
        fail("recruit.planet", f"recruiting is at planet {s.cursor + 1}, not planet {e.planet}", RECRUIT)
    cards = s.planets[s.cursor].cards
    if e.card not in cards:
        fail("recruit.card", f"{who} takes {e.card} but planet {e.planet} offers {' '.join(cards)}", RECRUIT)


# --- play ----------------------------------------------------------------------------------


def _play(s: State, e: E.Played) -> None:
    if e.card == UNKNOWN:
        fail("play.hidden", f"{name(s, e)} plays a card face up: name it", PLAY)
    if UNKNOWN in e.discards:
        fail("play.hidden", f"{name(s, e)} pays with a card the keeper did not see: its buying power decides the "
             "payment, so name it (a card named here that the hand holds only as '?' is that card)", COSTS)
    s = _resolved(s, e.by, [e.card, *e.discards])
    who, seat = name(s, e), s.seats[e.by]
    if e.card not in seat.hand:
        fail("play.card", f"{who} plays {e.card} but holds {' '.join(seat.hand) or 'no cards'}", PLAY,
             f"{who} does not hold {e.card}")
    rest = minus(seat.hand, [e.card])
    if not contains(rest, e.discards):  # the discards are face down: a seat reads no card of them
        fail("play.discard", f"{who} discards {' '.join(e.discards)} but besides {e.card} holds "
             f"{' '.join(rest) or 'nothing'}", COSTS, f"{who} does not hold the cards discarded besides {e.card}")
    if list(e.discards) != sorted(e.discards):
        fail("play.discard-order", f"list the discards in sorted order: {' '.join(sorted(e.discards))}", COSTS,
             "list the discards in sorted order")
    _payment(s, e, who, seat)


def _payment(s: State, e: E.Played, who: str, seat: Seat) -> None:
    price = effective_cost(seat, e.card)
    need = price - s.credit
    power = sum(C.bp(d) for d in e.discards)
    if e.coins < 0:
        fail("play.coins", f"{who} cannot use {e.coins} coins", COSTS)
    if need <= 0 and (e.discards or e.coins):
        code = "play.discard-unneeded" if e.discards else "play.coins"
        fail(code, f"{e.card} costs {who} {price} (with {s.credit} buying power left over this turn), so no discard "
             "or coin is needed", COSTS)
    if e.discards and power - min(C.bp(d) for d in e.discards) >= need:
        fail("play.discard-unneeded", f"{e.card} needs {need} more buying power; {' '.join(e.discards)} give {power}, "
             "more cards than needed (discard a card only when it is needed to pay)", COSTS,
             f"{e.card} needs {need} more buying power; the discards give more, more cards than needed (discard a "
             "card only when it is needed to pay)")
    short = max(0, need - power)
    if e.coins < short:
        fail("play.unpaid", f"{e.card} costs {who} {price} but the payment gives only {s.credit + power + e.coins} "
             f"(left over {s.credit}, discards {power}, coins {e.coins})", COSTS,
             f"{e.card} costs {who} {price}; the payment does not cover it (left over {s.credit}, coins {e.coins})")
    if e.coins > short:
        fail("play.coins", f"{e.card} needs only {short} coin(s) after the discards, not {e.coins}", COSTS,
             f"{e.card} needs fewer coins after the discards than {e.coins}")
    free = seat.coins - seat.coins_used
    if e.coins > free:
        fail("play.no-coins", f"{who} has {free} unused coin(s) (owns {seat.coins}) but pays {e.coins} for {e.card}",
             ABILITIES)


def _colour(s: State, e: E.Placed | E.Discounted, code: str, rule: str) -> None:
    seat = s.seats[e.by]
    if e.colour not in C.COLOURS:
        fail(code + ".colour", f"{e.colour!r} is not a colour (R Y G P B)", rule)
    if column_size(seat, C.colour_index(e.colour)) == 0:
        fail(code + ".empty-column", f"{name(s, e)} has no {C.COLOUR_NAMES[e.colour]} column yet; "
             "the card must go to a column that is not empty", rule)


def _place(s: State, e: E.Placed) -> None:
    _colour(s, e, "place", ABILITIES)


def _take(s: State, e: E.TookTile) -> None:
    if e.tile not in s.tiles:
        fail("take.tile", f"{name(s, e)} takes {e.tile!r} but the face-up boost tiles are {' '.join(s.tiles)}",
             ABILITIES)


def _resolved(s: State, by: int, cards: list[str], pile: str = "hand") -> State:
    """In a kept record, the state with a `?` card named by this event (a reveal); else `s`."""
    if s.kept_by is None:
        return s
    from . import kept

    return kept.resolve(s, by, cards, pile)


def _search(s: State, e: E.Searched) -> None:
    s = _resolved(s, e.by, [e.card], "discard")
    if e.card not in s.discard:
        fail("search.card", f"{e.card} is not in the discard pile", BOOSTS,
             "the card searched for is not in the discard pile")  # taken face down: a seat reads no card of it


def _keep(s: State, e: E.Kept) -> None:
    revealed = pending_of(s).cards
    if e.card not in revealed:
        fail("keep.card", f"{name(s, e)} keeps {e.card} but the revealed cards are {' '.join(revealed)}", BOOSTS,
             f"{name(s, e)} keeps a card that is not among the revealed ones")


def _discount(s: State, e: E.Discounted) -> None:
    _colour(s, e, "discount", BOOSTS)


def _mark(s: State, e: E.Marked) -> None:
    if not 1 <= e.position <= 4:
        fail("mark.position", f"the colour bonus cards are at positions 1 to 4, not {e.position}", BOOSTS)


def _copy(s: State, e: E.Copied) -> None:
    owned = [t.id for t in s.seats[e.by].tiles if t.id != "copy"]
    if e.tile not in owned:
        fail("copy.tile", f"{name(s, e)} can copy only another boost tile they own ({' '.join(owned)}), "
             f"not {e.tile!r}", BOOSTS)


def _done(s: State, e: E.Done) -> None:
    hand = _resolved(s, e.by, [e.keep]).seats[e.by].hand if e.keep is not None else s.seats[e.by].hand
    if e.keep is not None and e.keep not in hand:
        fail("done.keep", f"{name(s, e)} keeps {e.keep} but holds {' '.join(hand) or 'no cards'}", PLAY,
             f"{name(s, e)} does not hold the card named to keep")  # kept face down: a seat reads no card of it


CHECKS: dict[type[Event], Callable[[State, Any], None]] = {  # each check takes the event type of its key
    E.BonusDealt: _bonus, E.Dealt: _deal, E.BoostsRevealed: _boosts, E.StartTile: _start, E.Drawn: _drawn,
    E.Revealed: _revealed, E.Dispatched: _dispatch, E.Recruited: _recruit, E.Played: _play, E.Placed: _place,
    E.TookTile: _take, E.Searched: _search, E.Kept: _keep, E.Discounted: _discount, E.Marked: _mark,
    E.Copied: _copy, E.Done: _done,
}
