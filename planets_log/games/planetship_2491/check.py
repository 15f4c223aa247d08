"""`check`: every rule an in-turn event must satisfy, naming the rulebook section it comes from."""

from __future__ import annotations

from typing import Any, Callable, NoReturn

from planets_log.game import Action, IllegalEvent

from . import events as E
from . import kept
from .board import GRID_SHAPES, Geometry, place, rows_of
from .state import Char, State, char_at, deck_size, geo, info, occupant, reward_slots, zone_spec
from .turn import (
    CAN_USE,
    hack_targets,
    is_shield_target,
    is_teleport_target,
    is_tractor_target,
    probe_reaches,
    reachable,
    remaining,
)

SETUP = "Game Setup"
FORMING = "Forming Planetship Alpha"
START = "Start of Round"
TURN = "Player's Turn"
PROBES = "Probes"
ZONE_RULES = "Zone Special Rules"
RESOLVE = "Round End > #1 - Resolving a Zone"
REWARD = "Round End > #2 - Gaining Reward Cards"
DISCARD = "Round End > #4 - Discard Cards"
ABILITY = "Character Abilities"

EXPECTED: dict[str, tuple[type[E.Event], ...]] = {
    "missions": (E.MissionsDrawn,), "layout": (E.Formed,), "shift": (E.Shifted,), "rewards": (E.RewardsDealt,),
    "draw": (E.ScanDrawn,), "reveal": (E.Revealed,), "discard": (E.Discarded,),
    "peek": (E.Revealed,), "piles": (E.Revealed,),
}
PENDING: dict[str, tuple[type[E.Event], ...]] = {
    "rotate": (E.Rotated,), "probe": (E.Probed,), "bury": (E.Buried,), "keep": (E.Kept,), "remove": (E.Removed,),
}
ABILITY_EVENTS: dict[type[E.Event], str] = {
    E.Hacked: "hack", E.Scanned: "scan", E.Pulled: "tractor", E.Shielded: "shield", E.Radioed: "radio",
    E.Teleported: "teleport",
}

RESOLVING = (E.Passed,) + tuple(ABILITY_EVENTS)
BY_PHASE: dict[str, tuple[type[E.Event], ...]] = EXPECTED | {"place": (E.Placed,), "resolve": RESOLVING}
"""The event types that may come next in a phase, when no step is pending."""

ABILITY_NAMES = {"hack": "Hacker", "scan": "Scanner", "tractor": "Tractor Beam", "shield": "Shield",
                 "radio": "Team Radio", "teleport": "Teleport"}
ABILITY_RULES = {name: f"{ABILITY} > {label}" for name, label in ABILITY_NAMES.items()}


def fail(code: str, message: str, rule: str, public: str | None = None) -> NoReturn:
    """Raise the illegal-event error; `public`: what any seat may read, where the message names a hidden card."""
    raise IllegalEvent(code, message, rule, public)


def expected(state: State) -> tuple[type[E.Event], ...]:
    """The event types that may come next."""
    if state.pending is not None:
        return PENDING[state.pending]
    return BY_PHASE.get(state.phase, ())


def check(state: State, event: E.Event) -> None:
    """Raise IllegalEvent if `event` breaks a rule in `state`."""
    try:  # the rules that may come now (expected), then this event type's
        rule = CHECKS_NOW[state.phase, state.pending][type(event)]
    except KeyError:
        _not_now(state, event)
    rule(state, event)


def _not_now(state: State, event: E.Event) -> NoReturn:
    names = ", ".join(str(t.__struct_config__.tag) for t in expected(state)) or "nothing (the game is over)"
    tag = type(event).__struct_config__.tag
    fail("event.kind", f"'{tag}' is not possible now; expected {names}",
         START if isinstance(event, E.CHANCE_EVENTS) else TURN if state.phase == "place" else RESOLVE)


CARD_FIELDS: dict[type[E.Event], tuple[str, str]] = {  # a placement's and a discard's: in their own checks
    E.Buried: ("card", ABILITY + " > Scanner"),
    E.ScanDrawn: ("card", ABILITY + " > Scanner"), E.Kept: ("card", ZONE_RULES + " > #9 - Harvests"),
    E.RewardsDealt: ("cards", START), E.Revealed: ("cards", RESOLVE),
}


def _cards_known(state: State, event: E.Event, field: str, rule: str) -> None:
    """Every card an event names is a card of the edition (or '?', '-'), so messages never echo crafted text."""
    value = getattr(event, field)
    known = info(state.ed).cards
    if type(value) is str:
        if value in known:  # the usual case
            return
        codes: tuple[str, ...] = (value,)
    elif all(map(known.__contains__, value)):
        return
    else:
        codes = value
    for code in codes:
        if code not in known and code not in (E.HIDDEN, "-"):
            shown = repr(code) if len(code) <= 24 else repr(code[:24]) + "..."
            fail("card.unknown", f"{shown} is not a card of this edition", rule)


# --- chance ------------------------------------------------------------------------------------


def _missions(state: State, e: E.MissionsDrawn) -> None:
    n = 5 if len(state.players) == 5 else 4
    ids = {m.id for m in state.ed.missions}
    if len(e.missions) != n or len(set(e.missions)) != n:
        fail("missions.count", f"{n} different missions are placed face up with {len(state.players)} players", SETUP)
    for m in e.missions:
        if m not in ids:
            fail("missions.unknown", f"{m!r} is not a mission of this edition", SETUP)


def _turns(turns: tuple[int, ...], count: int) -> None:
    if len(turns) != count or any(t not in (0, 1, 2, 3) for t in turns):
        fail("layout.turns", f"give {count} orientations of 0-3 clockwise quarter turns", FORMING)


def _formed(state: State, e: E.Formed) -> None:
    rows, cols, reserve = GRID_SHAPES[len(state.players)]
    if len(e.zones) != rows * cols or len(e.reserve) != reserve or sorted(e.zones + e.reserve) != list(range(10)):
        fail("layout.zones", f"with {len(state.players)} players the grid holds {rows}x{cols} zones and the reserve "
             f"{reserve}, every zone 0-9 once", FORMING)
    _turns(e.turns, len(e.zones))


def _shifted(state: State, e: E.Shifted) -> None:
    rows = rows_of(len(state.players))
    out = [z for z, _ in state.grid[-rows:]]
    if len(state.players) == 5:
        if e.aside not in out:
            fail("shift.aside", f"the zone set aside is one of the 3 leaving the grid ({', '.join(map(str, out))})",
                 FORMING)
        incoming = set(state.reserve) | set(out) - {e.aside}
    else:
        if e.aside is not None:
            fail("shift.aside", "only with 5 players is a zone set aside", FORMING)
        incoming = _first_shift(state, e, rows) if state.table and state.round == 2 else set(state.reserve[-rows:])
    if len(e.zones) != rows or set(e.zones) != incoming:  # the reserve lies face down until its first shift
        fail("shift.zones", f"the zones entering the grid are {', '.join(map(str, sorted(incoming)))}", FORMING,
             None if len(state.players) == 5 or state.round > 2 else f"the zones entering the grid are the next "
             f"{rows} of the reserve, not {', '.join(map(str, sorted(e.zones)))}")
    _turns(e.turns, rows)


def _first_shift(state: State, e: E.Shifted, rows: int) -> set[int]:
    """A table keeper never saw the face-down reserve's order: any `rows` of its zones may enter in round 2."""
    if len(set(e.zones)) != rows or not set(e.zones) <= set(state.reserve):
        reserve = ", ".join(map(str, sorted(state.reserve)))
        fail("shift.zones", f"{rows} different zones of the reserve ({reserve}) enter the grid", FORMING)
    return set(e.zones)


_PLACEHOLDERS = frozenset(("-", E.HIDDEN))
"""What a reward slot holds instead of a card: '-' (the deck ran out), '?' (a kept record's unseen card)."""


def _rewards(state: State, e: E.RewardsDealt) -> None:
    slots, cards = reward_slots(state), e.cards
    if len(cards) != len(slots):
        fail("rewards.count", f"give one card per reward slot ({len(slots)}, zone-number order)", START)
    k = min(len(slots), deck_size(state))
    if len(cards) - cards.count("-") != k:
        fail("rewards.empty", f"{k} cards are drawn; '-' only where the deck ran out", START)
    unseen = len(state.deck) - state.unknown
    from_bottom = state.bottom[:max(0, k - unseen)]
    named = set(cards) - _PLACEHOLDERS  # the cards named, each once (counted in C: a deal names several)
    if len(named) < len(cards) - cards.count("-") - cards.count(E.HIDDEN):
        listed = [c for c in cards if c not in _PLACEHOLDERS]
        twice = sorted({c for c in listed if listed.count(c) > 1})
        fail("rewards.twice", f"card {twice[0]} cannot be drawn twice", START)
    # every card from the deck (the usual deal) or from under it: no slot is wrong; else each slot is read in turn
    if E.HIDDEN in cards or not named.issubset(state.deck) and not named.issubset(state.deck + from_bottom):
        _unseen_rewards(state, slots, cards, from_bottom, k)
    # the cards under the deck are drawn too, each named or behind a face-down '?' (a record kept by one player)
    if from_bottom and len(from_bottom) - len(named.intersection(from_bottom)) > cards.count(E.HIDDEN):
        fail("rewards.bottom", f"the deck's last cards {' '.join(from_bottom)} are drawn too", START)


def _unseen_rewards(state: State, slots: tuple[int, ...], cards: tuple[str, ...], from_bottom: tuple[str, ...],
                    k: int) -> None:
    """Each slot in turn: a '?' only where allowed, a card only from the deck's top `k`."""
    deck = state.deck
    for zone, code in zip(slots, cards):
        if code == E.HIDDEN:
            kept.hidden_allowed(state, zone_spec(state, zone).reward_face_down, f"the reward of zone {zone}")
        elif code != "-" and code not in deck and code not in from_bottom:
            fail("rewards.unseen", f"card {code} is not among the deck's top {k} cards", START)


def _scan_drawn(state: State, e: E.ScanDrawn) -> None:
    unseen = len(state.deck) - state.unknown
    if unseen > 0 and e.card not in state.deck:
        fail("draw.unseen", f"card {e.card} is not in the character deck", ABILITY + " > Scanner")
    if unseen <= 0 and (not state.bottom or e.card != state.bottom[0]):
        fail("draw.bottom", "the deck's top card now is the first card put under it", ABILITY + " > Scanner")


# --- placing -----------------------------------------------------------------------------------


def _space(state: State, zone: int, space: int, low: int = 1, g: Geometry | None = None) -> Geometry:
    """Refuse a space that is not on the grid; the grid's geometry (`g`, if given), for the checks that follow."""
    if g is None:
        g = geo(state)
    if zone not in g.where:
        fail("space.zone", f"zone {zone} is not in Planetship Alpha this round", "Zone Grid")
    if not low <= space <= len(state.zones[zone].spaces):  # a zone in the grid lies with all its spaces
        fail("space.none", f"zone {zone} has no space {place(zone, space)}", "Zones")
    return g


def _placed(state: State, e: E.Placed) -> None:
    code = e.card
    by = e.by
    zone = e.zone
    space = e.space
    in_hand = code in state.hands[by]
    if not in_hand:  # a card in hand is one of the edition's (or '?'): not echoed
        _cards_known(state, e, "card", TURN)
    g = geo(state)
    if zone not in g.where or not 0 < space <= len(state.zones[zone].spaces):
        _space(state, zone, space, g=g)  # refused, with what is off the grid
    if code == E.HIDDEN:
        kept.hidden_placed(state, e)
    elif not in_hand:
        down = space in zone_spec(state, zone).face_down and zone != 2
        fail("place.hand", f"{state.players[by]} has no card {code} in hand", TURN,
             f"{state.players[by]} has no such card in hand" if down else None)
    if state.zones[zone].spaces[space - 1] is not None:  # a space of the zone (_space)
        fail("place.occupied", f"{place(zone, space)} is occupied", "Zones")
    if (zone, space) not in g.docks and not reachable(state, by, zone, space, g):  # a dock: reachable at once
        fail("place.unreachable", f"{place(zone, space)} has no space dock and no character of "
             f"{state.players[by]} next to it", "Space Docks")


def _rotated(state: State, e: E.Rotated) -> None:
    if e.turns not in (0, 1, 2, 3):
        fail("rotate.turns", "turn the Military Area 90 or 180 degrees (rotate 90, 180, 270) or not at all",
             ZONE_RULES + " > #3 - Military Area")


def _probed(state: State, e: E.Probed) -> None:
    if e.zone is None:
        return
    g = _space(state, e.zone, e.space, low=0)
    if e.zone == 6:
        fail("probe.hibernation", "no probe may lie in the Hibernation Chamber",
             ZONE_RULES + " > #6 - Hibernation Chamber")
    if not probe_reaches(g, state.at[0], e.zone):  # the space: checked by _space above
        fail("probe.far", f"zone {e.zone} is neither zone {state.at[0]} nor adjacent to it", PROBES)


# --- resolving ---------------------------------------------------------------------------------


def _ability(state: State, e: Action) -> None:
    kind = type(e)
    name = ABILITY_EVENTS[kind]
    zone, g = state.zone, geo(state)
    char = char_at(state, zone, state.cursor)
    icons = remaining(state, char) if char.used else g.cards[char.card].abilities
    if char.disabled or name not in icons or not CAN_USE[name](state, zone, char, g):  # name in usable(...)
        _unusable(state, char, name)
    TARGETS[kind](state, e, g)


def _unusable(state: State, char: Char, name: str) -> NoReturn:
    label, where, rule = ABILITY_NAMES[name], place(state.zone, state.cursor), ABILITY_RULES[name]
    # a seat reads neither card nor icons: read after the steps a line passes, the character may be one the
    # record has not turned face up yet
    if char.disabled:
        fail("ability.lost", f"character {char.card} was moved this round and uses no abilities", rule,
             f"the character on {where} was moved this round and uses no abilities")
    left = name in remaining(state, char)
    what = f"has nothing to use its {label} on now" if left else f"has no {label} icon left"
    fail(f"{name}.unusable", f"character {char.card} on {where} {what}", rule,
         f"the character on {where} cannot use a {label} now")


def _hack_target(state: State, e: E.Hacked, g: Geometry) -> None:
    if e.space not in hack_targets(state, state.zone, e.by):
        fail("hack.target", f"{place(state.zone, e.space)} holds no unshielded enemy character"
             + (" (the Senate is immune)" if state.zone == 0 else ""), ABILITY_RULES["hack"])


def _pull_target(state: State, e: E.Pulled, g: Geometry) -> None:
    _space(state, e.zone, e.space, g=g)
    if not is_tractor_target(state, state.zone, e.zone, e.space, g):
        fail("tractor.target", _why_not(state, e.zone, e.space, senate=True), ABILITY_RULES["tractor"])
    spaces = state.zones[state.zone].spaces
    if not (0 < e.to <= len(spaces) and spaces[e.to - 1] is None):  # e.to in free_spaces(state, state.zone)
        fail("tractor.space", f"{place(state.zone, e.to)} is not free", ABILITY_RULES["tractor"])


def _shield_target(state: State, e: E.Shielded, g: Geometry) -> None:
    _space(state, e.zone, e.space, g=g)
    if not is_shield_target(state, state.zone, e.zone, e.space, g):
        fail("shield.target", _why_not(state, e.zone, e.space, senate=False), ABILITY_RULES["shield"])


def _why_not(state: State, zone: int, space: int, senate: bool) -> str:
    """Why the character on a space cannot be pulled (senate=True) or shielded from the resolving zone."""
    here, ch, at = state.zone, occupant(state, zone, space), place(zone, space)
    if zone not in geo(state).adjacent_zones[here] and (senate or zone != here):
        return f"zone {zone} is not adjacent to zone {here}" if senate else \
            f"zone {zone} is neither zone {here} nor next to it"
    if ch is None:
        return f"there is no character on {at}"
    if ch.shield:
        return f"the character on {at} is " + ("shielded" if senate else "already shielded")
    return f"characters in the Senate ({at}) are immune to the Tractor Beam"


def _teleport_target(state: State, e: E.Teleported, g: Geometry) -> None:
    _space(state, e.zone, e.space, g=g)
    if not is_teleport_target(state, state.zone, e.zone, e.space, g):
        fail("teleport.target", f"{place(e.zone, e.space)} is not a free space of a zone adjacent to zone "
             f"{state.zone}", ABILITY_RULES["teleport"])


def _no_target(state: State, e: Action, g: Geometry) -> None:
    return None


TARGETS: dict[type[E.Event], Callable[[State, Any, Geometry], None]] = {  # with the state's geometry
    E.Hacked: _hack_target, E.Pulled: _pull_target, E.Shielded: _shield_target,
    E.Teleported: _teleport_target, E.Scanned: _no_target, E.Radioed: _no_target,
}


def _buried(state: State, e: E.Buried) -> None:
    if e.card not in state.zones[state.zone].rewards:
        fail("bury.card", f"{e.card} is not on zone {state.zone}'s reward space", ABILITY + " > Scanner")


def _kept(state: State, e: E.Kept) -> None:
    if e.card not in state.zones[state.zone].rewards:
        fail("keep.card", f"{e.card} is not one of the Harvests rewards", ZONE_RULES + " > #9 - Harvests")


def _removed(state: State, e: E.Removed) -> None:
    char = occupant(state, state.zone, e.space)
    if char is None or char.owner != e.by:
        fail("remove.space", f"{place(state.zone, e.space)} holds no character of {state.players[e.by]}",
             ZONE_RULES + " > #7 - Radioactive Area")


def _passed(state: State, e: E.Passed) -> None:
    return None


def _discarded(state: State, e: E.Discarded) -> None:
    in_hand = e.card in state.hands[e.by]
    if not in_hand:  # as for a placement: a card in hand is the edition's
        _cards_known(state, e, "card", DISCARD)
    if e.card == E.HIDDEN:
        return kept.check_hidden_discard(state, e)
    if not in_hand:
        fail("discard.hand", f"{state.players[e.by]} has no card {e.card} in hand", DISCARD,
             f"{state.players[e.by]} has no such card in hand")  # this round's discards lie face down


CHECKS: dict[type[E.Event], Callable[[State, Any], None]] = {  # each takes the event type it is keyed by
    E.MissionsDrawn: _missions, E.Formed: _formed, E.Shifted: _shifted, E.RewardsDealt: _rewards,
    E.ScanDrawn: _scan_drawn, E.Revealed: kept.revealed, E.Placed: _placed, E.Rotated: _rotated, E.Probed: _probed,
    E.Hacked: _ability, E.Scanned: _ability, E.Pulled: _ability, E.Shielded: _ability, E.Radioed: _ability,
    E.Teleported: _ability, E.Passed: _passed, E.Buried: _buried, E.Kept: _kept, E.Removed: _removed,
    E.Discarded: _discarded,
}


def _naming(kind: type[E.Event]) -> Callable[[State, Any], None]:
    """The event type's check, after `_cards_known` where the event names cards (CARD_FIELDS)."""
    rule, named = CHECKS[kind], CARD_FIELDS.get(kind)
    if named is None:
        return rule

    def cards_then_rule(state: State, event: Any) -> None:
        _cards_known(state, event, *named)
        rule(state, event)
    return cards_then_rule


PHASE_CHECKS = {phase: {kind: _naming(kind) for kind in kinds} for phase, kinds in BY_PHASE.items()}
PENDING_CHECKS = {pending: {kind: _naming(kind) for kind in kinds} for pending, kinds in PENDING.items()}
"""The checks of the event types that may come next (`expected`), by phase with no step pending, and by step."""
CHECKS_NOW: dict[tuple[str, str | None], dict[type[E.Event], Callable[[State, Any], None]]] = {
    (phase, None): checks for phase, checks in PHASE_CHECKS.items()} | {
    (phase, pending): checks for phase in (*BY_PHASE, "over") for pending, checks in PENDING_CHECKS.items()}
"""The same, by (phase, step pending): one lookup per event."""
