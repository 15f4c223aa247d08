"""Every event in plain words, as the scorekeeper or one seat may know it, and the notation's legend.

A card a seat may not see is one word to it ("a\u00a0face-down\u00a0card") where the seats that see it read its name as
one word too ("character\u00a017"): the spectators' words, met word by word, lose only that word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as E
from .board import ROMAN, rows_of
from .edition import COLOURS
from .state import Char, State, occupant, reward_slots, zone_spec
from .view import sees

NBSP = "\u00a0"
COLOUR_NAMES = dict(zip(COLOURS, ("red", "blue", "yellow", "green", "pink")))
ABILITY_NAMES = {"hack": "Hacker", "scan": "Scanner", "tractor": "Tractor Beam", "shield": "Shield",
                 "radio": "Team Radio", "teleport": "Teleport"}
RACE_NAMES = {"grtratki": "Gr'tratki"}
UNSEEN = "a face-down card"
"""A card the reader may not see (a face-down card not under their probe, a keeper's `?`)."""


def secret(text: str) -> str:
    """A secret (or its stand-in) as one word, so that the seats' words line up."""
    return text.replace(" ", NBSP)


def card_words(code: str) -> str:
    """A card as the rulebook names it: "character 17", "red starting character 3"."""
    if code == E.HIDDEN:
        return UNSEEN
    if code[:1] in COLOUR_NAMES:
        return f"{COLOUR_NAMES[code[0]]} starting character {code[1:]}"
    return f"character {code}"


def numeral(space: int) -> str:
    """A space's roman numeral ("III"), or "the reward space" for 0."""
    return ROMAN[space] if 0 < space < len(ROMAN) else "the reward space" if space == 0 else str(space)


def where(zone: int, space: int) -> str:
    """A place in words: "zone 7, space III", "the reward space of zone 6"."""
    return f"the reward space of zone {zone}" if space == 0 else f"zone {zone}, space {numeral(space)}"


def degrees(turns: int) -> str:
    """Clockwise quarter turns in degrees."""
    return f"{90 * turns}°"


def listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "nothing"


def mission_words(state: State, mission: str) -> str:
    """A mission as its card says it: "the Gr'tratki mission (7 VP)"."""
    found = next((m for m in state.ed.missions if m.id == mission), None)
    if found is None:
        return f"mission {mission}"
    if found.kind == "strength":
        return f"the strength mission ({found.vp} VP)"
    name = ABILITY_NAMES.get(found.icon) or RACE_NAMES.get(found.icon, found.icon.capitalize())
    return f"the {name} mission ({found.vp} VP)"


def zone_words(state: State, zone: int) -> str:
    """A zone with its printed name: "zone 3 (Military Area)"."""
    return f"zone {zone} ({zone_spec(state, zone).name})"


def _char_seen(state: State, seat: int | None, zone: int, space: int, ch: Char) -> str:
    """A character on the grid as `seat` may know it: its card as one word where it lies face down."""
    if not ch.down:
        return card_words(ch.card)
    visible = ch.card != E.HIDDEN and (ch.owner == seat or sees(state, seat, zone, space))
    return secret(card_words(ch.card) if visible else "face-down card")


def _whose(state: State, seat: int | None, zone: int, space: int, by: int = -1) -> str:
    """The character on a space as `seat` may know it ("Ben's character 5"; "their ..." when `by` owns it)."""
    ch = occupant(state, zone, space)
    if ch is None:
        return "an empty space"
    owner = "their" if ch.owner == by else f"{state.players[ch.owner]}'s"
    return f"{owner} {_char_seen(state, seat, zone, space, ch)}"


def _user(state: State, seat: int | None, by: int) -> str:
    """The resolving character of `by`: "their character 13 on zone 6, space I"."""
    return f"{_whose(state, seat, state.zone, state.cursor, by)} on {where(state.zone, state.cursor)}"


# --- chance outcomes ------------------------------------------------------------------------------


def _missions(e: E.MissionsDrawn, state: State, seat: int | None) -> str:
    return "The face-up missions are " + listed([mission_words(state, m) for m in e.missions])


def _turned(zone: int, turns: int) -> str:
    return f"zone {zone}" + (f" (turned {degrees(turns)})" if turns else "")


def _formed(e: E.Formed, state: State, seat: int | None) -> str:
    rows = max(rows_of(len(state.players)), 1)
    cells = [_turned(z, t) for z, t in zip(e.zones, e.turns)]
    columns = [listed(cells[i:i + rows]) for i in range(0, len(cells), rows)]
    reserve = [str(z) for z in (e.reserve if seat is None else sorted(e.reserve))]
    order = ", from left to right" if seat is None else ""
    return (f"Planetship Alpha is formed, column by column from the left, each top down: {'; '.join(columns)}; "
            f"the reserve holds zone{'s' * (len(reserve) > 1)} {listed(reserve)} face down{order}")


def _shifted(e: E.Shifted, state: State, seat: int | None) -> str:
    rows = rows_of(len(state.players))
    out = [str(z) for z, _ in state.grid[-rows:]]
    came = listed([_turned(z, t) for z, t in zip(e.zones, e.turns)])
    aside = f"; zone {e.aside} is set aside as the new reserve" if e.aside is not None else ""
    return (f"Round {state.round} begins: zones {listed(out)} leave the grid on the right, and {came} join it on the "
            f"left, top down{aside}")


def _rewards(e: E.RewardsDealt, state: State, seat: int | None) -> str:
    given: dict[int, list[str]] = {}
    for zone, code in zip(reward_slots(state), e.cards):
        if code == "-":
            given.setdefault(zone, [])
            continue
        down = zone_spec(state, zone).reward_face_down
        said = UNSEEN if (down and seat is not None) or code == E.HIDDEN else card_words(code)
        given.setdefault(zone, []).append(secret(said) if down else said)
    parts = [f"{listed(cards)} on zone {zone}" if cards else f"none on zone {zone} (the deck is empty)"
             for zone, cards in given.items()]
    return "Reward cards are dealt: " + "; ".join(parts)


def _drawn(e: E.ScanDrawn, state: State, seat: int | None) -> str:
    return f"The Scanner draws {card_words(e.card)} from the deck onto the reward space of zone {state.zone}"


def _named_slots(state: State) -> list[str]:
    """What each `?` a reveal names is, in its order."""
    if state.phase == "piles":
        return [f"{state.players[i]}'s face-down discard" for i, pile in enumerate(state.discards)
                for c in pile if c == E.HIDDEN]
    if state.phase == "peek" and state.probes:
        probe = state.probes[-1]
        if probe.space == 0:
            return [f"the reward on zone {probe.zone}" for c in state.zones[probe.zone].rewards if c == E.HIDDEN]
        ch = occupant(state, probe.zone, probe.space)
        owner = state.players[ch.owner] if ch is not None else "the"
        return [f"{owner}'s card on {where(probe.zone, probe.space)}"]
    zone = state.zones[state.zone]
    out = [f"the reward on zone {state.zone}" for c in zone.rewards if c == E.HIDDEN]
    return out + [f"{state.players[ch.owner]}'s card on {where(state.zone, i + 1)}"
                  for i, ch in enumerate(zone.spaces) if ch is not None and ch.card == E.HIDDEN]


def _revealed(e: E.Revealed, state: State, seat: int | None) -> str:
    slots = _named_slots(state)
    if len(slots) != len(e.cards):
        slots = ["a hidden card"] * len(e.cards)
    return "The hidden cards are named: " + "; ".join(
        f"{what} is {card_words(code)}" for what, code in zip(slots, e.cards))


# --- placing --------------------------------------------------------------------------------------


def _placed(e: E.Placed, state: State, seat: int | None) -> str:
    name = state.players[e.by]
    down = e.space in zone_spec(state, e.zone).face_down and e.zone != 2
    if not down:
        return f"{name} places {card_words(e.card)} with a ship on {where(e.zone, e.space)}"
    probed = sees(state, seat, e.zone, e.space)
    seen = e.card != E.HIDDEN and (seat is None or seat == e.by or probed)
    return (f"{name} places {secret(card_words(e.card) if seen else 'a card')} with a ship on "
            f"{where(e.zone, e.space)}, face down")


def _rotated(e: E.Rotated, state: State, seat: int | None) -> str:
    name, zone = state.players[e.by], zone_words(state, 3)
    if e.turns == 0:
        return f"{name} leaves {zone} as it lies"
    return f"{name} turns {zone} {degrees(e.turns)} clockwise"


def _probed(e: E.Probed, state: State, seat: int | None) -> str:
    name = state.players[e.by]
    return f"{name} places no probe" if e.zone is None else f"{name} places a probe on {where(e.zone, e.space)}"


def _discarded(e: E.Discarded, state: State, seat: int | None) -> str:
    seen = e.card != E.HIDDEN and (seat is None or seat == e.by)
    return f"{state.players[e.by]} discards {secret(card_words(e.card) if seen else 'a card')} to their pile"


# --- round end ------------------------------------------------------------------------------------


def _hacked(e: E.Hacked, state: State, seat: int | None) -> str:
    victim = occupant(state, state.zone, e.space)
    owner = state.players[victim.owner] if victim is not None else "its owner"
    ship = "with its ship" if state.ship_back else "(its ship stays out until the round ends)"
    return (f"{state.players[e.by]} hacks with {_user(state, seat, e.by)}: "
            f"{_whose(state, seat, state.zone, e.space, e.by)} on space {numeral(e.space)} goes back to {owner}'s "
            f"hand {ship}")


def _scanned(e: E.Scanned, state: State, seat: int | None) -> str:
    return (f"{state.players[e.by]} scans with {_user(state, seat, e.by)}: the top card of the deck joins the zone's "
            "reward")


def _buried(e: E.Buried, state: State, seat: int | None) -> str:
    return (f"{state.players[e.by]} puts {card_words(e.card)} from the reward space of zone {state.zone} on the "
            "bottom of the deck")


def _pulled(e: E.Pulled, state: State, seat: int | None) -> str:
    return (f"{state.players[e.by]} uses the Tractor Beam of {_user(state, seat, e.by)}: "
            f"{_whose(state, seat, e.zone, e.space, e.by)} comes from {where(e.zone, e.space)} to "
            f"{where(state.zone, e.to)}, "
            "face up")


def _shielded(e: E.Shielded, state: State, seat: int | None) -> str:
    target = "itself" if (e.zone, e.space) == (state.zone, state.cursor) else (
        f"{_whose(state, seat, e.zone, e.space, e.by)} on {where(e.zone, e.space)}")
    return f"{state.players[e.by]} shields with {_user(state, seat, e.by)}: a shield goes on {target}"


def _radioed(e: E.Radioed, state: State, seat: int | None) -> str:
    from .apply import friends

    bonus = friends(state, state.zone, state.cursor) if occupant(state, state.zone, state.cursor) else 0
    return (f"{state.players[e.by]} uses the Team Radio of {_user(state, seat, e.by)}: +{bonus} strength until the "
            "zone is resolved")


def _teleported(e: E.Teleported, state: State, seat: int | None) -> str:
    return f"{state.players[e.by]} teleports {_user(state, seat, e.by)} to {where(e.zone, e.space)}, face up"


def _passed(e: E.Passed, state: State, seat: int | None) -> str:
    return f"{state.players[e.by]} uses no more abilities of {_user(state, seat, e.by)}"


def _kept(e: E.Kept, state: State, seat: int | None) -> str:
    return (f"{state.players[e.by]} keeps {card_words(e.card)} from {zone_words(state, state.zone)}; the other "
            "reward goes to the bottom of the deck")


def _removed(e: E.Removed, state: State, seat: int | None) -> str:
    return (f"{state.players[e.by]} removes {_whose(state, seat, state.zone, e.space, e.by)} on "
            f"{where(state.zone, e.space)} from the game ({zone_spec(state, state.zone).name})")


WORDS: dict[type[E.Event], Callable[[Any, State, int | None], str]] = {  # each takes the event type it is keyed by
    E.MissionsDrawn: _missions, E.Formed: _formed, E.Shifted: _shifted, E.RewardsDealt: _rewards,
    E.ScanDrawn: _drawn, E.Revealed: _revealed, E.Placed: _placed, E.Rotated: _rotated, E.Probed: _probed,
    E.Hacked: _hacked, E.Scanned: _scanned, E.Buried: _buried, E.Pulled: _pulled, E.Shielded: _shielded,
    E.Radioed: _radioed, E.Teleported: _teleported, E.Passed: _passed, E.Kept: _kept, E.Removed: _removed,
    E.Discarded: _discarded,
}


def words(event: E.Event, state: State, seat: int | None = None) -> str:
    """`event` (about to be applied to `state`) as one plain sentence; with a seat, as that seat may know it."""
    return WORDS[type(event)](event, state, seat)


LEGEND: tuple[tuple[str, str], ...] = (
    ("missions M1 M7 M10 M13", "the face-up missions drawn at setup, by their number M1 to M13"),
    ("layout 3 5@90 / 1 7 / 2 8@180 reserve 0 4 6 9",
     "Planetship Alpha: the grid column by column from the left, each zone top down with its clockwise turn, "
     "then the face-down reserve from left to right"),
    ("shift 4@90 1", "a new round: the zones that join the grid on the left, top down, with their turns "
     "(with 5 players, then 'aside' and the zone set aside)"),
    ("rewards 0:17 3:? 9:4+21", "the reward cards dealt, zone by zone ('?' a face-down card the keeper cannot "
     "see, '-' none because the deck ran out, Harvests takes two)"),
    ("R3 7.III", "the player to move places red starting character 3 with a ship on zone 7, space III"),
    ("17 6.I", "the player to move places character 17 with a ship on zone 6, space I"),
    ("rotate 90", "the first character in the Military Area turns it 90, 180 or 270 degrees clockwise (0 leaves it)"),
    ("probe 6.R", "a probe goes on the reward space of zone 6 (probe 7.II: on space II of zone 7)"),
    ("probe -", "no probe is placed"),
    ("hack II", "the resolving character's Hacker sends the character on space II back to its owner's hand"),
    ("scan", "the resolving character's Scanner adds the top card of the deck to the zone's reward"),
    ("draw 17", "the card the Scanner drew: character 17"),
    ("bury 17", "the Scanner puts character 17 from the reward space on the bottom of the deck"),
    ("tractor 4.II III", "the Tractor Beam pulls the character on zone 4, space II to space III of this zone"),
    ("shield 4.II", "a shield goes on the character on zone 4, space II"),
    ("radio", "Team Radio: +1 strength for each other friendly character in this zone and the zones next to it"),
    ("teleport 8.IV", "the resolving character teleports to zone 8, space IV"),
    ("done", "the resolving character uses no more abilities"),
    ("keep 17", "the winner of the Harvests keeps character 17; the other reward goes under the deck"),
    ("remove II", "the winner of the Radioactive Area removes their character on space II from the game"),
    ("discard 17", "a player with more than 6 cards discards character 17 to their pile"),
    ("reveal 17 R3", "cards typed as '?' are named, in the order the prompt asks: character 17, red starting "
     "character 3"),
)


def legend() -> tuple[tuple[str, str], ...]:
    """The notation explained: an example line of each kind and its meaning."""
    return LEGEND
