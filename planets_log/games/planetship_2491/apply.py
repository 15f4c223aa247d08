"""`apply`: one small pure function per event type, then the automatic steps (`flow.settle`)."""

from __future__ import annotations

from typing import Any, Callable

from . import events as E
from . import kept
from .board import Geometry, rows_of
from .flow import (
    MILITARY,
    after_reward,
    begin_turns,
    next_zone,
    remove,
    settle,
    zones_used,
)
from .state import (
    Char,
    Probe,
    State,
    ZoneState,
    add,
    char_at,
    geo,
    replace,
    size,
    sort_key,
    take,
    with_seat,
    with_space,
    with_zone,
    zone_replaced,
    zones_with,
)
from .turn import next_discarder, next_placer, probe_possible


def drawn(state: State, code: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deck's unseen part and its bottom with a known card taken off the one that holds it."""
    if code in state.deck:
        return take(state.deck, code), state.bottom
    return state.deck, take(state.bottom, code)


def _missions(state: State, e: E.MissionsDrawn) -> State:
    return replace(state, missions=e.missions, phase="layout")


def _empty(state: State, zone: int) -> ZoneState:
    return ZoneState(spaces=(None,) * size(state, zone))


def _formed(state: State, e: E.Formed) -> State:
    state = replace(state, grid=tuple(zip(e.zones, e.turns)), reserve=e.reserve, phase="rewards")
    for z in e.zones:
        state = with_zone(state, z, _empty(state, z))
    return state


def _shifted(state: State, e: E.Shifted) -> State:
    rows = rows_of(len(state.players))
    out = tuple(z for z, _ in state.grid[-rows:])
    if e.aside is None:
        reserve = out + tuple(z for z in state.reserve if z not in e.zones)
    else:
        reserve = (e.aside,)
    state = replace(state, grid=tuple(zip(e.zones, e.turns)) + state.grid[:-rows], reserve=reserve, phase="rewards")
    for z in e.zones:
        state = with_zone(state, z, _empty(state, z))
    return state


def _rewards(state: State, e: E.RewardsDealt) -> State:
    deck, bottom, unknown = list(state.deck), list(state.bottom), state.unknown  # drawn's, for every card at once
    by_zone: dict[int, tuple[str, ...]] = {}
    g = geo(state)
    for zone, code in zip(g.slots, e.cards):  # reward_slots(state)
        if code == "-":
            continue
        if code == E.HIDDEN:
            unknown += 1
        elif code in deck:
            deck.remove(code)
        else:
            bottom.remove(code)
        by_zone[zone] = by_zone.get(zone, ()) + (code,)
    under = len(e.cards) - e.cards.count("-") - (len(state.deck) - state.unknown)  # drawn from under the deck
    behind = under - (len(state.bottom) - len(bottom))  # of those, the ones no slot names: behind a kept '?'
    if behind > 0:  # they join the cards the keeper cannot place, which a '?' is named from when it turns up
        deck = sorted(deck + bottom[:behind], key=sort_key)
        del bottom[:behind]
    zones, specs = list(state.zones), g.specs
    for zone, cards in by_zone.items():
        zones[zone] = replace(zones[zone], rewards=cards, rewards_down=specs[zone].reward_face_down)
    return begin_turns(replace(state, deck=tuple(deck), bottom=tuple(bottom), unknown=unknown, zones=tuple(zones)))


def _scan_drawn(state: State, e: E.ScanDrawn) -> State:
    deck, bottom = drawn(state, e.card)
    z = state.zones[state.zone]
    zones = zone_replaced(state, state.zone, replace(z, rewards=z.rewards + (e.card,)))
    return replace(state, deck=deck, bottom=bottom, zones=zones, phase="resolve", pending="bury")


def _revealed(state: State, e: E.Revealed) -> State:
    if state.phase == "peek":
        return _next_turn(replace(kept.apply_named(state, e), phase="place"))
    if state.phase == "piles":
        return settle(replace(kept.apply_named(state, e), phase="discard"))
    names = iter(e.cards)
    state = kept.name_rewards(state, state.zone, names)
    for i, ch in enumerate(state.zones[state.zone].spaces):
        if ch is not None and ch.card == E.HIDDEN:
            code = next(names)
            state = replace(state, hands=with_seat(state.hands, ch.owner, take(state.hands[ch.owner], code)))
            state = with_space(state, state.zone, i + 1, replace(ch, card=code))
    return settle(replace(state, phase="resolve"))


def _turn_after(state: State, ships: tuple[int, ...], zones: tuple[ZoneState, ...]) -> tuple[int, bool]:
    """The seat the turn passes to, among the ships and zones about to be set, and whether none can place
    (the turn then goes to the next seat, and settle resolves the zones): settle's first step, asked here so that
    the event's own changes and the turn's are one replace."""
    turn = (state.turn + 1) % len(ships)
    seat = next_placer(ships, zones, turn, geo(state))
    return (turn, True) if seat is None else (seat, False)


def _next_turn(state: State) -> State:
    seat, resolving = _turn_after(state, state.ships, state.zones)
    after = replace(state, pending=None, at=(-1, -1), turn=seat)
    return settle(after) if resolving else after


def _after_placing(state: State) -> State:
    """Offer a probe if the space shows the probe icon, else pass the turn."""
    zone, space = state.at
    if _probe_offered(state, zone, space, geo(state)):
        return replace(state, pending="probe")
    return _next_turn(state)


def _probe_offered(state: State, zone: int, space: int, g: Geometry) -> bool:
    """Whether the seat placing now may place a probe: the space shows the icon, and one has somewhere to go."""
    return space in g.specs[zone].probes and state.probes_left[state.turn] > 0 and probe_possible(g, zone)


def _placed(state: State, e: E.Placed) -> State:
    zone = e.zone
    space = e.space
    by = e.by
    code = e.card
    g = geo(state)  # the layout does not change with a placement: the geometry is the same after it
    char = Char(code, by, space in g.specs[zone].face_down and zone != 2)  # card, owner, face down
    # take, with_seat and zones_with, written out: a third of all events are placements
    hands = state.hands
    if code != E.HIDDEN:
        hand = list(hands[by])
        hand.remove(code)
        held = list(hands)
        held[by] = tuple(hand)
        hands = tuple(held)
    fleet = list(state.ships)
    fleet[by] -= 1
    ships = tuple(fleet)
    laid = list(state.zones)
    z = laid[zone]
    spaces = list(z.spaces)
    spaces[space - 1] = char
    laid[zone] = replace(z, spaces=tuple(spaces))
    zones = tuple(laid)
    if zone == MILITARY and not state.military:  # its first character may turn the zone first
        return replace(state, hands=hands, ships=ships, zones=zones, at=(zone, space), military=True, pending="rotate")
    if _probe_offered(state, zone, space, g):
        return replace(state, hands=hands, ships=ships, zones=zones, at=(zone, space), pending="probe")
    turn = (state.turn + 1) % len(ships)  # _turn_after's question, asked here
    seat = next_placer(ships, zones, turn, g)
    # a step still pending (a probe, a rotation) is declined by the placement: a ruling may let one through
    if seat is None:  # nobody can place: the zones resolve
        return settle(replace(state, hands=hands, ships=ships, zones=zones, pending=None, at=(-1, -1), turn=turn))
    return replace(state, hands=hands, ships=ships, zones=zones, pending=None, at=(-1, -1), turn=seat)


def _rotated(state: State, e: E.Rotated) -> State:
    grid = tuple((z, (t + e.turns) % 4) if z == MILITARY else (z, t) for z, t in state.grid)
    return _after_placing(replace(state, grid=grid, pending=None))


def _probed(state: State, e: E.Probed) -> State:
    if e.zone is None:
        return _next_turn(state)
    probes = state.probes + (Probe(e.by, e.zone, e.space),)
    probes_left = with_seat(state.probes_left, e.by, state.probes_left[e.by] - 1)
    if state.keeper >= 0:  # a record kept by one player: the keeper's probe may look at a `?`
        state = replace(state, probes=probes, probes_left=probes_left)
        return replace(state, phase="peek", pending=None) if kept.peek_due(state) else _next_turn(state)
    turn = (state.turn + 1) % len(state.ships)  # _turn_after's question, asked here as for a placement
    seat = next_placer(state.ships, state.zones, turn, geo(state))
    if seat is None:  # nobody can place: the zones resolve
        return settle(replace(state, probes=probes, probes_left=probes_left, pending=None, at=(-1, -1), turn=turn))
    return replace(state, probes=probes, probes_left=probes_left, pending=None, at=(-1, -1), turn=seat)


def _hacked(state: State, e: E.Hacked) -> State:
    zones = zones_used(state, "hack")
    victim = char_at(state, state.zone, e.space)
    hand = add(state.hands[victim.owner], victim.card)
    ships = with_seat(state.ships, victim.owner, state.ships[victim.owner] + 1) if state.ship_back else state.ships
    return settle(replace(state, zones=zones_with(zones, state.zone, e.space, None),
                          hands=with_seat(state.hands, victim.owner, hand), ships=ships))


def _scanned(state: State, e: E.Scanned) -> State:
    return replace(state, zones=zones_used(state, "scan"), phase="draw")


def _buried(state: State, e: E.Buried) -> State:
    z = state.zones[state.zone]
    zones = zone_replaced(state, state.zone, replace(z, rewards=take(z.rewards, e.card)))
    return settle(replace(state, zones=zones, bottom=state.bottom + (e.card,), pending=None))


def _moved(zones: tuple[ZoneState, ...], src: tuple[int, int], dst: tuple[int, int]) -> tuple[ZoneState, ...]:
    """The zones with a character moved (Tractor Beam, Teleport): face up, and without abilities this round."""
    char = zones[src[0]].spaces[src[1] - 1]
    assert char is not None  # the check found a character there
    zones = zones_with(zones, *src, None)
    return zones_with(zones, *dst, replace(char, down=False, disabled=True))


def _pulled(state: State, e: E.Pulled) -> State:
    zones = _moved(zones_used(state, "tractor"), (e.zone, e.space), (state.zone, e.to))
    return settle(replace(state, zones=zones))


def _shielded(state: State, e: E.Shielded) -> State:
    zones = zones_used(state, "shield")
    char = zones[e.zone].spaces[e.space - 1]  # read after the icon is marked: a Shield may protect its own user
    assert char is not None  # the check found a character there
    zones = zones_with(zones, e.zone, e.space, replace(char, shield=True))
    return settle(replace(state, zones=zones, shields=state.shields - 1))


def friends(state: State, zone: int, space: int) -> int:
    """Other characters of the same owner in this zone and the adjacent ones (Team Radio)."""
    owner, zones, count = char_at(state, zone, space).owner, state.zones, -1  # -1: the user, counted below
    for z in geo(state).around[zone]:
        for ch in zones[z].spaces:
            if ch is not None and ch.owner == owner:
                count += 1
    return count


def _radioed(state: State, e: E.Radioed) -> State:
    zones = zones_used(state, "radio")
    char = zones[state.zone].spaces[state.cursor - 1]
    assert char is not None  # the resolving character
    bonus = friends(state, state.zone, state.cursor)
    boosted = replace(char, radio=char.radio + bonus)
    return settle(replace(state, zones=zones_with(zones, state.zone, state.cursor, boosted), boosted=True))


def _teleported(state: State, e: E.Teleported) -> State:
    zones = _moved(zones_used(state, "teleport"), (state.zone, state.cursor), (e.zone, e.space))
    return settle(replace(state, zones=zones))


def _passed(state: State, e: E.Passed) -> State:
    return settle(replace(state, cursor=state.cursor + 1))


def _kept(state: State, e: E.Kept) -> State:
    z = state.zones[state.zone]
    rest = take(z.rewards, e.card)
    state = replace(state, zones=zone_replaced(state, state.zone, replace(z, rewards=())),
                    hands=with_seat(state.hands, e.by, add(state.hands[e.by], e.card)), bottom=state.bottom + rest,
                    pending=None)
    return settle(after_reward(state, e.by))


def _removed(state: State, e: E.Removed) -> State:
    return settle(next_zone(remove(state, e.space)))


def _discarded(state: State, e: E.Discarded) -> State:
    by, code = e.by, e.card
    # take and with_seat, written out (a round ends with several discards); a kept record's `?` is named later
    held, piles = list(state.hands), list(state.discards)
    if code != E.HIDDEN:
        hand = list(held[by])
        hand.remove(code)
        held[by] = tuple(hand)
    piles[by] += (code,)
    hands, discards = tuple(held), tuple(piles)
    seat = next_discarder(hands, discards, state.turn)  # settle's step, asked here: the usual discard is one replace
    if seat is None:
        return settle(replace(state, hands=hands, discards=discards))
    return replace(state, hands=hands, discards=discards, turn=seat)


APPLY: dict[type[E.Event], Callable[[State, Any], State]] = {  # each takes the event type it is keyed by
    E.MissionsDrawn: _missions, E.Formed: _formed, E.Shifted: _shifted, E.RewardsDealt: _rewards,
    E.ScanDrawn: _scan_drawn, E.Revealed: _revealed, E.Placed: _placed, E.Rotated: _rotated, E.Probed: _probed,
    E.Hacked: _hacked, E.Scanned: _scanned, E.Buried: _buried, E.Pulled: _pulled, E.Shielded: _shielded,
    E.Radioed: _radioed, E.Teleported: _teleported, E.Passed: _passed, E.Kept: _kept, E.Removed: _removed,
    E.Discarded: _discarded,
}


def apply(state: State, event: E.Event) -> State:
    """The state after `event` (pure)."""
    return APPLY[type(event)](state, event)
