"""What happens by itself between decisions: turn order, zone resolution, round end.

`settle` runs every automatic step (revealing, skipping characters with nothing to do,
awarding rewards, retrieving, the next round) until a seat must decide or chance must speak.
"""

from __future__ import annotations

from .edition import COLOURS
from .state import (
    HAND,
    ROUNDS,
    Char,
    State,
    ZoneState,
    add,
    card,
    char_at,
    fleet,
    geo,
    occupant,
    placed,
    replace,
    with_seat,
    with_space,
    with_zone,
    zone_spec,
)
from .turn import placements  # the turn's options decide who can still place

SENATE, LEISURE, MILITARY, PRISON, COMMAND, HIBERNATION, RADIOACTIVE, HARVESTS = 0, 1, 3, 4, 5, 6, 7, 9


def strength(state: State, zone: int, space: int, char: Char) -> int:
    """A character's strength where it stands now (Leisure Area, Command Center, Team Radio)."""
    c = card(state, char.card)
    value = c.strength + char.radio
    if zone == LEISURE and space == 3:
        value += 1
    if "radio" in c.abilities and any(z == COMMAND for z, _ in state.grid):
        if zone == COMMAND or COMMAND in geo(state).adjacent_zones[zone]:
            value += 1
    return value


def totals(state: State, zone: int) -> dict[int, int]:
    """Each present player's combined strength in a zone."""
    out: dict[int, int] = {}
    for i, ch in enumerate(state.zones[zone].spaces):
        if ch is not None:
            out[ch.owner] = out.get(ch.owner, 0) + strength(state, zone, i + 1, ch)
    return out


def zone_winner(state: State, zone: int) -> int | None:
    """Who wins the zone's reward: greatest strength (Prison: lowest), ties to the lowest space."""
    tot = totals(state, zone)
    if not tot:
        return None
    best = (min if zone == PRISON else max)(tot.values())
    tied = {seat for seat, v in tot.items() if v == best}
    for ch in state.zones[zone].spaces:
        if ch is not None and ch.owner in tied:
            return ch.owner
    raise AssertionError("a tied player has no character in the zone")


def free_spaces(state: State, zone: int) -> list[int]:
    """The unoccupied spaces of a zone."""
    return [i + 1 for i, ch in enumerate(state.zones[zone].spaces) if ch is None]


def protected(state: State, zone: int, char: Char) -> bool:
    """True when Hacker and Tractor Beam cannot target it (a shield, or the Senate)."""
    return char.shield or zone == SENATE


def hack_targets(state: State, zone: int, by: int) -> list[int]:
    """Spaces of unshielded enemy characters in this zone."""
    return [i + 1 for i, ch in enumerate(state.zones[zone].spaces)
            if ch is not None and ch.owner != by and not protected(state, zone, ch)]


def tractor_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Unshielded characters of zones adjacent to this one (none if this zone is full)."""
    if not free_spaces(state, zone):
        return []
    near = geo(state).adjacent_zones[zone]
    return [(z, s) for z, s, ch in placed(state, near) if not protected(state, z, ch)]


def shield_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Unshielded characters in this zone or an adjacent one (none once the shields run out)."""
    if state.shields <= 0:
        return []
    near = geo(state).adjacent_zones[zone] | {zone}
    return [(z, s) for z, s, ch in placed(state, near) if not ch.shield]


def teleport_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Free spaces of zones adjacent to this one."""
    return [(z, s) for z in sorted(geo(state).adjacent_zones[zone]) for s in free_spaces(state, z)]


def remaining(state: State, char: Char) -> list[str]:
    """The character's ability icons not used yet this round."""
    left = list(card(state, char.card).abilities)
    for name in char.used:
        left.remove(name)
    return left


def usable(state: State, zone: int, space: int) -> list[str]:
    """The abilities the character on this space can use now."""
    char = occupant(state, zone, space)
    if char is None or char.disabled:
        return []
    out = []
    for name in dict.fromkeys(remaining(state, char)):
        if name == "hack" and not hack_targets(state, zone, char.owner):
            continue
        if name == "scan" and not deck_has_cards(state):
            continue
        if name == "tractor" and not tractor_targets(state, zone):
            continue
        if name == "shield" and not shield_targets(state, zone):
            continue
        if name == "teleport" and not teleport_targets(state, zone):
            continue
        out.append(name)
    return out


def deck_has_cards(state: State) -> bool:
    """True when the character deck still has a card to draw."""
    return len(state.deck) - state.unknown + len(state.bottom) > 0


def use(state: State, name: str) -> State:
    """Mark one icon of the resolving character used."""
    char = char_at(state, state.zone, state.cursor)
    return with_space(state, state.zone, state.cursor, replace(char, used=char.used + (name,)))


# --- the automatic steps ---------------------------------------------------------------------


def settle(state: State) -> State:
    """Run automatic steps until a decision or a chance outcome is due."""
    while True:
        nxt = _step(state)
        if nxt is None:
            return state
        state = nxt


def _step(state: State) -> State | None:
    if state.phase == "place" and state.pending is None:
        return _next_placer(state)
    if state.phase == "resolve" and state.pending is None:
        return _resolve_step(state)
    if state.phase == "discard":
        return _next_discarder(state)
    return None


def _next_placer(state: State) -> State | None:
    n = len(state.players)
    for k in range(n):
        seat = (state.turn + k) % n
        if state.ships[seat] > 0 and placements(state, seat, limit=1):
            return None if seat == state.turn else replace(state, turn=seat)
    return replace(state, phase="resolve", zone=-1, cursor=0, revealed=False, turn=state.first)


def _resolve_step(state: State) -> State | None:
    if state.zone < 0:
        return _start_zone(state, geo(state).zones()[0])
    if hidden_in_zone(state, state.zone):
        return replace(state, phase="reveal")
    if not state.revealed:
        return _reveal(state)
    spaces = state.zones[state.zone].spaces
    for space in range(max(state.cursor, 1), len(spaces) + 1):
        char = spaces[space - 1]
        if char is not None and not char.disabled and usable(state, state.zone, space):
            return None if space == state.cursor else replace(state, cursor=space)
    return award(state)


def _start_zone(state: State, zone: int) -> State:
    return replace(state, zone=zone, cursor=0, revealed=False)


def hidden_in_zone(state: State, zone: int) -> int:
    """How many "?" cards (a table keeper's unseen ones) lie on a zone."""
    z = state.zones[zone]
    return z.rewards.count("?") + sum(1 for ch in z.spaces if ch is not None and ch.card == "?")


def _reveal(state: State) -> State:
    """Turn every face-down card of the resolving zone face up (Round End #1)."""
    z = state.zones[state.zone]
    spaces = tuple(None if ch is None else replace(ch, down=False) for ch in z.spaces)
    return replace(with_zone(state, state.zone, replace(z, spaces=spaces, rewards_down=False)), revealed=True)


def award(state: State) -> State:
    """Give the reward to the zone's winner (Round End #2), or bury it if nobody is there."""
    zone = state.zone
    z = state.zones[zone]
    winner = zone_winner(state, zone)
    if winner is None:
        state = replace(with_zone(state, zone, replace(z, rewards=())), bottom=state.bottom + z.rewards)
        return next_zone(state)
    if len(z.rewards) > 1:
        return replace(state, pending="keep", winner=winner)
    if not z.rewards:
        return next_zone(state)  # no reward card won (the deck ran out): the Radioactive Area takes nobody
    state = replace(with_zone(state, zone, replace(z, rewards=())),
                    hands=with_seat(state.hands, winner, add(state.hands[winner], *z.rewards)))
    return after_reward(state, winner)


def after_reward(state: State, winner: int) -> State:
    """The Radioactive Area's removal, then the next zone."""
    if state.zone == RADIOACTIVE:
        mine = [i + 1 for i, ch in enumerate(state.zones[RADIOACTIVE].spaces) if ch is not None and ch.owner == winner]
        if len(mine) > 1:
            return replace(state, pending="remove", winner=winner)
        state = remove(state, mine[0])
    return next_zone(state)


def remove(state: State, space: int) -> State:
    """Take a character of the Radioactive Area out of the game."""
    char = char_at(state, RADIOACTIVE, space)
    return replace(with_space(state, RADIOACTIVE, space, None), removed=state.removed + (char.card,))


def next_zone(state: State) -> State:
    """Clear Team Radio bonuses and move to the next zone, or end the round."""
    zone = state.zone
    for z, s, ch in [p for p in placed(state) if p[2].radio]:  # a Team Radio user that teleported away loses it too
        state = with_space(state, z, s, replace(ch, radio=0))
    state = replace(state, pending=None, winner=-1)
    later = [z for z in geo(state).zones() if z > zone]
    state = replace(state, phase="resolve")
    return _start_zone(state, later[0]) if later else retrieve(state)


def retrieve(state: State) -> State:
    """Characters back to hands, probes and ships and shields back (Round End #3)."""
    hands = list(state.hands)
    zones = list(state.zones)
    for z, s, ch in placed(state):
        hands[ch.owner] = add(hands[ch.owner], ch.card)
    for z, _ in state.grid:
        zones[z] = ZoneState(spaces=(None,) * len(state.zones[z].spaces))
    n = len(state.players)
    piled = tuple(len(p) for p in state.discards)
    return replace(state, hands=tuple(hands), zones=tuple(zones), probes=(), piled=piled, ships=(fleet(n),) * n,
                   probes_left=(fleet(n),) * n, shields=state.ed.shields, military=False, phase="discard",
                   zone=-1, cursor=0, revealed=False, turn=state.first)


def _next_discarder(state: State) -> State | None:
    n = len(state.players)
    for k in range(n):
        seat = (state.turn + k) % n
        if len(state.hands[seat]) - state.discards[seat].count("?") > HAND:  # a kept record's `discard ?`
            return None if seat == state.turn else replace(state, turn=seat)
    if any("?" in pile for pile in state.discards):
        return replace(state, phase="piles")  # the piles turn face up: the keeper names the `?` discards
    if state.round == ROUNDS:
        return replace(state, phase="over", turn=state.first)
    first = (state.first + 1) % n
    return replace(state, phase="shift", round=state.round + 1, first=first, turn=first)


def begin_turns(state: State) -> State:
    """After the rewards are placed, the first player begins (Start of Round #3)."""
    return settle(replace(state, phase="place", turn=state.first))


def colour(seat: int) -> str:
    """A seat's colour letter."""
    return COLOURS[seat]


def zone_name(state: State, zone: int) -> str:
    """A zone's printed name."""
    return zone_spec(state, zone).name
