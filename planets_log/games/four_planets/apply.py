"""Turn order and `apply`: how each event changes the table (pure, never mutates its input)."""

from __future__ import annotations

from typing import Any, Callable

from planets_log.game import CHANCE, TERMINAL, UNKNOWN, Event

from . import cards as C
from . import events as E
from .edition import TILE_KINDS
from .state import (
    MAX_MOVES,
    PLANETS,
    ROUNDS,
    Pending,
    Planet,
    Ship,
    State,
    Tile,
    coins_supply,
    column_symbols,
    deck_left,
    effective_cost,
    has_ship,
    minus,
    other,
    pending_of,
    plus,
    recruit_step,
    replace,
    take,
    with_item,
    with_seat,
)

PENDING_EVENT: dict[str, type[Event]] = {
    "draw": E.Drawn, "place": E.Placed, "take": E.TookTile, "search": E.Searched, "reveal": E.Revealed,
    "keep": E.Kept, "discount": E.Discounted, "mark": E.Marked, "copy": E.Copied,
}
PHASE_EVENTS: dict[str, tuple[type[Event], ...]] = {
    "setup-bonus": (E.BonusDealt,), "setup-deal": (E.Dealt,), "setup-boosts": (E.BoostsRevealed,),
    "setup-start": (E.StartTile,), "dispatch": (E.Dispatched,), "recruit": (E.Recruited,),
    "play": (E.Played, E.Done), "deal": (E.Dealt,), "over": (),
}


def expected(state: State) -> tuple[type[Event], ...]:
    """The event types that may come next."""
    if state.phase == "play" and state.pending is not None:
        return (PENDING_EVENT[state.pending.step],)
    return PHASE_EVENTS[state.phase]


def superior(planet: Planet) -> int:
    """The seat that recruits first at a planet: the bigger ship, or the earlier one on a tie."""
    ships = planet.ships
    if len(ships) == 1 or ships[0].parts >= ships[1].parts:
        return ships[0].seat
    return ships[1].seat


def to_move(state: State) -> int:
    """The seat to act, CHANCE or TERMINAL."""
    phase = state.phase
    if phase == "over":
        return TERMINAL
    if phase.startswith("setup") or phase == "deal":
        return CHANCE
    if phase == "recruit":
        return superior(state.planets[state.cursor])
    if phase == "play" and state.pending is not None and state.pending.step in ("draw", "reveal"):
        return CHANCE
    return state.turn


# --- chance --------------------------------------------------------------------------------


def _bonus(s: State, e: E.BonusDealt) -> State:
    deck, _, unseen = take(s, tuple(e.cards))
    return replace(s, bonus=tuple(e.cards), deck=deck, unseen=unseen, phase="setup-deal")


def _deal(s: State, e: E.Dealt) -> State:
    deck, discard, unseen = take(s, tuple(e.cards))
    s = replace(s, unseen=unseen)
    planets = tuple(Planet(cards=tuple(e.cards[2 * i:2 * i + 2])) for i in range(PLANETS))
    if s.phase == "setup-deal":
        return replace(s, deck=deck, discard=discard, planets=planets, phase="setup-boosts")
    seats = tuple(replace(seat, left=seat.parts, coins_used=0) for seat in s.seats)
    first = other(s.spaceship)
    return replace(s, deck=deck, discard=discard, planets=planets, seats=seats, round=s.round + 1,
                   spaceship=first, turn=first, phase="dispatch", finished=0, credit=0)


def _boosts(s: State, e: E.BoostsRevealed) -> State:
    return replace(s, tiles=tuple(sorted(e.tiles)), phase="setup-start")


def _start(s: State, e: E.StartTile) -> State:
    return replace(s, spaceship=e.seat, turn=e.seat, phase="dispatch")


def _drawn(s: State, e: E.Drawn) -> State:
    deck, discard, unseen = take(s, (e.card,))
    return replace(s, deck=deck, discard=discard, unseen=unseen, pending=Pending("place", cards=(e.card,)))


def _revealed(s: State, e: E.Revealed) -> State:
    deck, discard, unseen = take(s, tuple(e.cards))
    pending = Pending("keep", tile=pending_of(s).tile, cards=tuple(e.cards))
    return replace(s, deck=deck, discard=discard, unseen=unseen, pending=pending)


# --- dispatch and recruit ------------------------------------------------------------------


def _dispatch(s: State, e: E.Dispatched) -> State:
    i = e.planet - 1
    planet = s.planets[i]
    planets = with_item(s.planets, i, replace(planet, ships=planet.ships + (Ship(e.by, e.parts),)))
    seats = with_seat(s, e.by, replace(s.seats[e.by], left=s.seats[e.by].left - e.parts))
    if seats[other(e.by)].left > 0:
        return replace(s, planets=planets, seats=seats, turn=other(e.by))
    if seats[e.by].left > 0:
        return replace(s, planets=planets, seats=seats, turn=e.by)
    return advance_recruit(replace(s, planets=planets, seats=seats, phase="recruit", cursor=0))


def advance_recruit(s: State) -> State:
    """Skip (and clear) planets nobody can recruit from; after planet 4 the play phase starts."""
    planets, discard, c, step = list(s.planets), s.discard, s.cursor, recruit_step(s)
    while 0 <= c < PLANETS and (not planets[c].ships or not planets[c].cards):
        discard = plus(discard, planets[c].cards)
        planets[c] = replace(planets[c], cards=())
        c += step
    if c == s.cursor and 0 <= c < PLANETS:
        return s  # this planet is recruited from: nothing skipped
    s = replace(s, planets=tuple(planets), discard=discard, cursor=c if 0 <= c else PLANETS)
    if not 0 <= c < PLANETS:
        return replace(s, phase="play", turn=other(s.spaceship), finished=0, credit=0)
    return s


def _recruit(s: State, e: E.Recruited) -> State:
    planet = s.planets[s.cursor]
    rest = list(planet.cards)
    rest.remove(e.card)
    seats = list(s.seats)
    seats[e.by] = replace(seats[e.by], hand=plus(seats[e.by].hand, [e.card]))
    low = other(e.by)
    if rest and has_ship(planet, low):
        seats[low] = replace(seats[low], hand=plus(seats[low].hand, [rest.pop(0)]))
    planets = with_item(s.planets, s.cursor, replace(planet, cards=()))
    s = replace(s, seats=tuple(seats), planets=planets, discard=plus(s.discard, rest), cursor=s.cursor + recruit_step(s))
    return advance_recruit(s)


# --- play ----------------------------------------------------------------------------------


def _resolved(s: State, by: int, cards: list[str | None], pile: str = "hand") -> State:
    """In a kept record, the state with a `?` card named by this event (a reveal); else `s`."""
    if s.kept_by is None:
        return s
    from . import kept

    return kept.resolve(s, by, [c for c in cards if c is not None], pile)


def _play(s: State, e: E.Played) -> State:
    s = _resolved(s, e.by, [e.card, *e.discards])
    seat = s.seats[e.by]
    price = effective_cost(seat, e.card)
    ci = C.colour_index(e.card[0])
    before = column_symbols(seat, ci)
    up = with_item(seat.up, ci, seat.up[ci] + (e.card,))
    seat = replace(seat, hand=minus(seat.hand, (e.card, *e.discards)), up=up, coins_used=seat.coins_used + e.coins)
    credit = s.credit + sum(C.bp(d) for d in e.discards) + e.coins - price
    s = replace(s, seats=with_seat(s, e.by, seat), discard=plus(s.discard, e.discards), credit=credit)
    return after_column(s, e.by, ci, before)


def after_column(s: State, by: int, ci: int, before: int) -> State:
    """Trigger the colour's ability if the column just completed a new symbol pair."""
    if column_symbols(s.seats[by], ci) // 2 > before // 2:
        return trigger(s, by, C.COLOURS[ci])
    return s


def trigger(s: State, by: int, letter: str) -> State:
    """The ability of a new symbol pair; no effect when its components have run out."""
    seat = s.seats[by]
    if letter == "R":
        more = seat.parts < s.max_parts
        return replace(s, seats=with_seat(s, by, replace(seat, parts=seat.parts + 1))) if more else s
    if letter == "Y":
        return replace(s, seats=with_seat(s, by, replace(seat, coins=seat.coins + 1))) if coins_supply(s) > 0 else s
    if letter == "G":
        return replace(s, pending=Pending("draw")) if deck_left(s) or s.discard else s
    if letter == "P":
        return replace(s, pending=Pending("take")) if s.tiles else s
    return replace(s, seats=with_seat(s, by, replace(seat, moves=seat.moves + 1))) if seat.moves < MAX_MOVES else s


def _place(s: State, e: E.Placed) -> State:
    seat = s.seats[e.by]
    ci = C.colour_index(e.colour)
    before = column_symbols(seat, ci)
    down = with_item(seat.down, ci, seat.down[ci] + pending_of(s).cards)
    s = replace(s, seats=with_seat(s, e.by, replace(seat, down=down)), pending=None)
    return after_column(s, e.by, ci, before)


def _take(s: State, e: E.TookTile) -> State:
    seat = s.seats[e.by]
    seat = replace(seat, tiles=seat.tiles + (Tile(e.tile),))
    s = replace(s, seats=with_seat(s, e.by, seat), tiles=tuple(t for t in s.tiles if t != e.tile), pending=None)
    return tile_effect(s, e.by, e.tile, e.tile)


def tile_effect(s: State, by: int, tile: str, holder: str) -> State:
    """What taking (or copying) `tile` asks for next; `holder` is the tile that gets attached."""
    seat = s.seats[by]
    if tile == "search":
        return replace(s, pending=Pending("search", tile=holder)) if s.discard else s
    if tile == "look5":
        return replace(s, pending=Pending("reveal", tile=holder)) if deck_left(s) or s.discard else s
    if tile == "discount":
        return replace(s, pending=Pending("discount", tile=holder))
    if tile == "bonus1":
        return replace(s, pending=Pending("mark", tile=holder))
    if tile == "copy" and any(t.id != "copy" for t in seat.tiles):
        return replace(s, pending=Pending("copy", tile=holder))
    assert tile == "copy" or TILE_KINDS[tile] == "vp"
    return s


def _attach(s: State, by: int, holder: str | None, **fields: str | int) -> State:
    seat = s.seats[by]
    tiles = tuple(replace(t, **fields) if t.id == holder else t for t in seat.tiles)
    return replace(s, seats=with_seat(s, by, replace(seat, tiles=tiles)), pending=None)


def _search(s: State, e: E.Searched) -> State:
    s = _resolved(s, e.by, [e.card], "discard")
    seat = s.seats[e.by]
    seat = replace(seat, hand=plus(seat.hand, [e.card]))
    return replace(s, seats=with_seat(s, e.by, seat), discard=minus(s.discard, [e.card]), pending=None)


def _keep(s: State, e: E.Kept) -> State:
    seat = s.seats[e.by]
    rest = minus(pending_of(s).cards, [e.card])
    seat = replace(seat, hand=plus(seat.hand, [e.card]))
    back = [c for c in rest if c != UNKNOWN]  # a `?` put back is again a deck card: no longer counted out
    return replace(s, seats=with_seat(s, e.by, seat), deck=plus(s.deck, back), pending=None,
                   unseen=s.unseen - (len(rest) - len(back)))


def _discount(s: State, e: E.Discounted) -> State:
    return _attach(s, e.by, pending_of(s).tile, colour=e.colour)


def _mark(s: State, e: E.Marked) -> State:
    return _attach(s, e.by, pending_of(s).tile, position=e.position)


def _copy(s: State, e: E.Copied) -> State:
    s = _attach(s, e.by, "copy", copies=e.tile)
    return tile_effect(s, e.by, e.tile, "copy")


def _done(s: State, e: E.Done) -> State:
    s = _resolved(s, e.by, [e.keep])
    seat = s.seats[e.by]
    kept = (e.keep,) if e.keep is not None else ()
    s = replace(s, seats=with_seat(s, e.by, replace(seat, hand=kept)), discard=plus(s.discard, minus(seat.hand, kept)),
                credit=0, finished=s.finished + 1)
    if s.finished == 1:
        return replace(s, turn=other(e.by))
    if s.round < ROUNDS:
        return replace(s, phase="deal")
    hands = [card for seat in s.seats for card in seat.hand]
    seats = tuple(replace(seat, hand=()) for seat in s.seats)
    return replace(s, seats=seats, discard=plus(s.discard, hands), phase="over")


APPLY: dict[type[Event], Callable[[State, Any], State]] = {  # each reducer takes the event type of its key
    E.BonusDealt: _bonus, E.Dealt: _deal, E.BoostsRevealed: _boosts, E.StartTile: _start, E.Drawn: _drawn,
    E.Revealed: _revealed, E.Dispatched: _dispatch, E.Recruited: _recruit, E.Played: _play, E.Placed: _place,
    E.TookTile: _take, E.Searched: _search, E.Kept: _keep, E.Discounted: _discount, E.Marked: _mark,
    E.Copied: _copy, E.Done: _done,
}


def apply(state: State, event: Event) -> State:
    """The state after `event` (already checked)."""
    if E.is_shown(event):
        from . import kept

        return kept.apply_shown(state, event)
    return APPLY[type(event)](state, event)

