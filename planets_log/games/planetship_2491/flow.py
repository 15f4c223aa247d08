"""What happens by itself between decisions: turn order, zone resolution, round end.

`settle` runs every automatic step (revealing, skipping characters with nothing to do,
awarding rewards, retrieving, the next round) until a seat must decide or chance must speak.
"""

from __future__ import annotations

from bisect import bisect_right

from .board import Geometry
from .edition import COLOURS, Character
from .state import (
    ROUNDS,
    Char,
    State,
    ZoneState,
    add,
    card,
    char_at,
    fleet,
    geo,
    replace,
    with_seat,
    zone_replaced,
    zone_spec,
    zones_with,
)
from .turn import first_actor, next_discarder, next_placer

LEISURE, MILITARY, PRISON, HIBERNATION, RADIOACTIVE, HARVESTS = 1, 3, 4, 6, 7, 9  # the Senate, Command Center: board.py


def strength(state: State, zone: int, space: int, char: Char) -> int:
    """A character's strength where it stands now (Leisure Area, Command Center, Team Radio)."""
    return _strength(card(state, char.card), char, zone, space, _commanded(state, zone))


def _commanded(state: State, zone: int) -> bool:
    """Whether the Command Center lends its bonus in this zone: zone 5 in the grid, this zone or next to it."""
    return zone in geo(state).commanded


def _strength(c: Character, char: Char, zone: int, space: int, commanded: bool) -> int:
    """A character's strength: its card's, Team Radio's bonus, the Leisure Area's space III, the Command Center."""
    return c.strength + char.radio + (zone == LEISURE and space == 3) + (commanded and "radio" in c.abilities)


def totals(state: State, zone: int, g: Geometry | None = None) -> dict[int, int]:
    """Each present player's combined strength in a zone (each character's as `_strength` gives it, inlined)."""
    out: dict[int, int] = {}
    g = g or geo(state)
    power, commanded = g.power, zone in g.commanded
    spaces = state.zones[zone].spaces
    for ch in spaces:
        if ch is not None:
            out[ch.owner] = out.get(ch.owner, 0) + power[ch.card][commanded] + ch.radio
    if zone == LEISURE and len(spaces) >= 3 and (third := spaces[2]) is not None:  # space III's +1
        out[third.owner] += 1
    return out


def zone_winner(state: State, zone: int, g: Geometry | None = None) -> int | None:
    """Who wins the zone's reward: greatest strength (Prison: lowest), ties to the lowest space."""
    tot = totals(state, zone, g)
    if not tot:
        return None
    if len(tot) == 1:
        return next(iter(tot))
    best = (min if zone == PRISON else max)(tot.values())
    for ch in state.zones[zone].spaces:
        if ch is not None and tot[ch.owner] == best:
            return ch.owner
    raise AssertionError("a tied player has no character in the zone")


def zones_used(state: State, name: str) -> tuple[ZoneState, ...]:
    """The zones with one icon of the resolving character marked used (for the `replace` its ability makes)."""
    char = char_at(state, state.zone, state.cursor)  # raises where none resolves: a ruling may let an ability through
    return zones_with(state.zones, state.zone, state.cursor, replace(char, used=char.used + (name,)))


# --- the automatic steps ---------------------------------------------------------------------


def settle(state: State) -> State:
    """Run automatic steps until a decision or a chance outcome is due (no step runs while one is pending)."""
    while state.pending is None:
        phase = state.phase
        if phase == "resolve":
            state, due = _resolve(state, geo(state))
        elif phase == "place":
            state, due = _next_placer(state, geo(state))
        elif phase == "discard":
            state, due = _next_discarder(state)
        else:
            return state
        if due:  # a seat must decide now: found by the step itself, not asked again
            return state
    return state


def _next_placer(state: State, g: Geometry) -> tuple[State, bool]:
    seat = next_placer(state.ships, state.zones, state.turn, g)
    if seat is not None:
        return (state if seat == state.turn else replace(state, turn=seat)), True
    return replace(state, phase="resolve", zone=-1, cursor=0, revealed=False, turn=state.first), False


def _resolve(state: State, g: Geometry) -> tuple[State, bool]:
    """Resolve zones in order until a character must decide (True), a step waits or the phase changes."""
    while True:
        zone = state.zone
        if zone >= 0 and state.revealed and (state.keeper < 0 or not hidden_in_zone(state, zone)):
            cursor = state.cursor  # the usual step: the next character that can act, or the award
            space = first_actor(state, zone, cursor or 1, g)
            if space:
                return (state if space == cursor else replace(state, cursor=space)), True
            state = award(state, g)
        elif zone < 0:
            state = _enter(state, g.order[0])
        elif state.keeper >= 0 and hidden_in_zone(state, zone):  # a kept record's unnamed card came in
            return replace(state, phase="reveal"), False  # (only a record kept by one player has a '?')
        else:  # its '?' cards were named: now the zone turns face up
            state = _reveal(state)
        if state.phase != "resolve" or state.pending is not None:
            return state, False


def _enter(state: State, zone: int) -> State:
    """Begin resolving a zone: it waits for its '?' cards to be named (a kept record), or turns face up at once."""
    if state.keeper >= 0 and hidden_in_zone(state, zone):  # a kept record's: only one kept by one player has a '?'
        return replace(state, zone=zone, cursor=0, revealed=False, pending=None, winner=-1, phase="reveal")
    return replace(state, zones=_face_up(state, zone), zone=zone, cursor=0, revealed=True, pending=None, winner=-1,
                   phase="resolve")


def hidden_in_zone(state: State, zone: int) -> int:
    """How many "?" cards (a table keeper's unseen ones) lie on a zone."""
    z = state.zones[zone]
    return z.rewards.count("?") + sum(1 for ch in z.spaces if ch is not None and ch.card == "?")


def _reveal(state: State) -> State:
    """The resolving zone, its '?' cards named, turns face up."""
    return replace(state, zones=_face_up(state, state.zone), revealed=True)


def _face_up(state: State, zone: int) -> tuple[ZoneState, ...]:
    """The zones with every face-down card of `zone` turned face up (Round End #1)."""
    z = state.zones[zone]
    if z.rewards_down or _any_down(z.spaces):
        spaces = tuple([ch if ch is None or not ch.down else replace(ch, down=False) for ch in z.spaces])
        return zone_replaced(state, zone, replace(z, spaces=spaces, rewards_down=False))
    return state.zones


def _any_down(spaces: tuple[Char | None, ...]) -> bool:
    """Whether a character on these spaces lies face down."""
    for ch in spaces:  # a plain loop: faster on a few spaces than a chain of map and filter in C
        if ch is not None and ch.down:
            return True
    return False


def award(state: State, g: Geometry | None = None) -> State:
    """Give the reward to the zone's winner (Round End #2), or bury it if nobody is there."""
    zone = state.zone
    z = state.zones[zone]
    winner = zone_winner(state, zone, g)
    if winner is None:
        if z.rewards:
            state = replace(state, zones=zone_replaced(state, zone, replace(z, rewards=())), bottom=state.bottom + z.rewards)
        return next_zone(state, g)
    if len(z.rewards) > 1:
        return replace(state, pending="keep", winner=winner)
    if not z.rewards:
        return next_zone(state, g)  # no reward card won (the deck ran out): the Radioactive Area takes nobody
    state = replace(state, zones=zone_replaced(state, zone, replace(z, rewards=())),
                    hands=with_seat(state.hands, winner, add(state.hands[winner], *z.rewards)))
    return after_reward(state, winner, g) if zone == RADIOACTIVE else next_zone(state, g)


def after_reward(state: State, winner: int, g: Geometry | None = None) -> State:
    """The Radioactive Area's removal, then the next zone."""
    if state.zone == RADIOACTIVE:
        mine = [i + 1 for i, ch in enumerate(state.zones[RADIOACTIVE].spaces) if ch is not None and ch.owner == winner]
        if len(mine) > 1:
            return replace(state, pending="remove", winner=winner)
        state = remove(state, mine[0])
    return next_zone(state, g)


def remove(state: State, space: int) -> State:
    """Take a character of the Radioactive Area out of the game."""
    char = char_at(state, RADIOACTIVE, space)
    return replace(state, zones=zones_with(state.zones, RADIOACTIVE, space, None), removed=state.removed + (char.card,))


def next_zone(state: State, g: Geometry | None = None) -> State:
    """Clear Team Radio bonuses and move to the next zone, or end the round."""
    g = g or geo(state)
    if state.boosted:
        state = _unboosted(state)
    later = g.after.get(state.zone)
    if later is None:  # no zone resolving (-1) or one out of play (a ruling's): the next in play by number
        order = g.order
        later = next(iter(order[bisect_right(order, state.zone):]), -1)
    if later >= 0:
        return _enter(state, later)
    return retrieve(replace(state, pending=None, winner=-1, phase="resolve"))


def _unboosted(state: State) -> State:
    """The state with every Team Radio bonus cleared: a user that teleported away loses it too."""
    zones = state.zones
    boosted = [(z, i, ch) for z, _ in state.grid for i, ch in enumerate(zones[z].spaces, 1)
               if ch is not None and ch.radio]
    for z, s, ch in boosted:
        zones = zones_with(zones, z, s, replace(ch, radio=0))
    return replace(state, zones=zones, boosted=False)


def retrieve(state: State) -> State:
    """Characters back to hands, probes and ships and shields back (Round End #3)."""
    n = len(state.players)
    back: list[list[str]] = [[] for _ in range(n)]
    zones = list(state.zones)
    for z, _ in state.grid:
        spaces = zones[z].spaces
        for ch in spaces:
            if ch is not None:
                back[ch.owner].append(ch.card)
        zones[z] = ZoneState(spaces=(None,) * len(spaces))
    hands = tuple(add(hand, *cards) if cards else hand for hand, cards in zip(state.hands, back))
    piled = tuple(len(p) for p in state.discards)
    return replace(state, hands=hands, zones=tuple(zones), probes=(), piled=piled, ships=(fleet(n),) * n,
                   probes_left=(fleet(n),) * n, shields=state.ed.shields, military=False, phase="discard",
                   zone=-1, cursor=0, revealed=False, turn=state.first)


def _next_discarder(state: State) -> tuple[State, bool]:
    n = len(state.players)
    seat = next_discarder(state.hands, state.discards, state.turn)
    if seat is not None:
        return (state if seat == state.turn else replace(state, turn=seat)), True
    if any("?" in pile for pile in state.discards):
        return replace(state, phase="piles"), False  # the piles turn face up: the keeper names the `?` discards
    if state.round == ROUNDS:
        return replace(state, phase="over", turn=state.first), False
    first = (state.first + 1) % n
    return replace(state, phase="shift", round=state.round + 1, first=first, turn=first), False


def begin_turns(state: State) -> State:
    """After the rewards are placed, the first player begins (Start of Round #3)."""
    return settle(replace(state, phase="place", turn=state.first))


def colour(seat: int) -> str:
    """A seat's colour letter."""
    return COLOURS[seat]


def zone_name(state: State, zone: int) -> str:
    """A zone's printed name."""
    return zone_spec(state, zone).name
