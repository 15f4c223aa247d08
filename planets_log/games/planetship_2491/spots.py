"""The board as the input: a position laid out for a phone (the table, a zone a row, a seat a row), and the spots
each move is about, in the order a player taps them.

Drawn from a view's data only (the scorekeeper's, a seat's or the spectators' meet, where a differing leaf is "?"):
the state gives only what every seat knows alike, the names and the printed cards and zones."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planets_log.game import Layout, Spot
from planets_log.game import Zone as Row

from . import events as E
from .board import ROMAN
from .edition import COLOURS
from .state import State, geo, info
from .words import ABILITY_NAMES, COLOUR_NAMES, RACE_NAMES, card_words, degrees, listed, mission_words, where

HIDDEN = "?"
SHORT = {"hack": "Hacker", "scan": "Scanner", "tractor": "Tractor", "shield": "Shield", "radio": "Radio",
         "teleport": "Teleport"}
"""A mission's ability as its label says it (short enough for a phone's button)."""
PHASES = {"missions": "the missions are drawn", "layout": "Planetship Alpha is formed", "shift": "the grid shifts",
          "rewards": "the rewards are dealt", "place": "placing characters", "resolve": "resolving the zones",
          "draw": "a Scanner draws", "reveal": "hidden cards are named", "peek": "a probe looks at a card",
          "discard": "discarding down to 6", "piles": "the piles are turned face up", "over": "the game is over"}


def _get(data: Any, key: str, default: Any = None) -> Any:
    """`data[key]` where data is a dict holding it, else `default` (a spectator's view may lack it or say "?")."""
    return data.get(key, default) if isinstance(data, dict) else default


def _list(value: Any) -> list[Any]:
    """A list, or [] for what a view hides ("?", a count) or lacks."""
    return value if isinstance(value, list) else []


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


def _cards(value: Any) -> list[str]:
    """The codes in a list of cards ("?" kept: hidden ones), [] for anything else."""
    return [c if isinstance(c, str) else HIDDEN for c in value] if isinstance(value, list) else []


def _count(value: Any) -> int | None:
    """How many cards a list (or a count) holds, None where unknown."""
    return len(value) if isinstance(value, list) else _int(value)


def space_id(zone: int, space: int) -> str:
    """A space's spot id: "space:7.III", "space:6.R" for the reward space."""
    return f"space:{zone}.{ROMAN[space] if 0 <= space < len(ROMAN) else space}"


def card_info(state: State, code: str) -> str:
    """A card in words with its printed values: "character 17: strength 3, Velari, 2 VP, Shield"."""
    found = info(state.ed).cards.get(code)
    if found is None:
        return card_words(code)
    race = RACE_NAMES.get(found.race, found.race.capitalize())
    abilities = listed([ABILITY_NAMES.get(a, a) for a in found.abilities]) if found.abilities else "no ability"
    return f"{card_words(code)}: strength {found.strength}, {race}, {found.vp} VP, {abilities}"


def _name(state: State, seat: Any) -> str:
    i = _int(seat)
    return state.players[i] if i is not None and 0 <= i < len(state.players) else "someone"


# --- the layout ---------------------------------------------------------------------------------------


def layout(data: Any, state: State) -> Layout:
    """The position for a phone: the table (missions, deck), each zone in play in resolution order, each seat."""
    grid = [z for z in _list(_get(data, "grid")) if isinstance(z, dict) and _int(z.get("zone")) is not None]
    zones = [_zone_row(z, data, state) for z in sorted(grid, key=lambda z: z["zone"])]
    return Layout(zones=(_table(data, state), *zones, *_seats(data, state)))


def _table(data: Any, state: State) -> Row:
    missions = [m for m in _list(_get(data, "missions")) if isinstance(m, str) and m != HIDDEN]
    spots = tuple(Spot(f"mission:{m}", _mission_label(state, m), mission_words(state, m)) for m in missions)
    facts = [PHASES.get(str(_get(data, "phase")), "")]
    if _int(_get(data, "first")) is not None:
        facts.append(f"{_name(state, _get(data, 'first'))} is first player")
    for key, what, where_ in (("deck", "card", " in the deck"), ("shields", "shield", " left"),
                              ("reserve", "zone", " in reserve")):
        count = _int(_get(data, key))
        if count is not None:
            facts.append(f"{count} {what}{'s' * (count != 1)}{where_}")
    for key, what in (("bottom", "under the deck"), ("removed", "out of the game")):
        cards = [card_words(c) for c in _cards(_get(data, key)) if c != HIDDEN]
        if cards:
            facts.append(f"{what}: {listed(cards)}")
    reserve = [str(z) for z in _list(_get(data, "reserve_zones"))]  # the scorekeeper's view only
    if reserve:
        facts.append(f"reserve from left to right: zone{'s' * (len(reserve) > 1)} {listed(reserve)}")
    round_ = _int(_get(data, "round"))
    title = f"Round {round_} of 4" if round_ is not None else "The table"
    return Row("row:table", title + " · missions", spots, " · ".join(f for f in facts if f))


def _mission_label(state: State, mission: str) -> str:
    found = next((m for m in state.ed.missions if m.id == mission), None)
    if found is None:
        return mission
    if found.kind == "strength":
        return f"Strength {found.vp}"
    name = SHORT.get(found.icon) or RACE_NAMES.get(found.icon, found.icon.capitalize())
    return f"{name} {found.vp}"


def _zone_row(z: dict[str, Any], data: Any, state: State) -> Row:
    number: int = z["zone"]
    spec = info(state.ed).zones[number]
    turns = _int(z.get("turns")) or 0
    near = sorted(geo(state).adjacent_zones.get(number, ())) if state.grid else []
    about = f"zone {number}, {spec.name}" + (f", turned {degrees(turns)}" if turns else "")
    if near:
        about += ", next to zone" + ("s " if len(near) > 1 else " ") + listed([str(n) for n in near])
    probes = _probes(data, state, number)
    reward_down = z.get("rewards_face_down") is True
    spots = [Spot(f"zone:{number}", f"Zone {number}", about),
             Spot(space_id(number, 0), "R", f"the reward space of zone {number}"
                  + (", face down" if reward_down else "") + probes.get(0, ""))]
    for i, code in enumerate(_cards(z.get("rewards"))):
        said = "a face-down reward" if code == HIDDEN else "reward: " + card_info(state, code)
        spots.append(Spot(f"reward:{number}.{i}", code, said))
    spaces = z.get("spaces")
    for i, ch in enumerate(_list(spaces), 1):
        spots.append(_space(state, number, i, ch, probes.get(i, "")))
    cursor = _int(_get(data, "cursor"))
    resolving = "" if _get(data, "resolving") != number else " · resolving" + (
        f" space {ROMAN[cursor]}" if cursor is not None and 0 < cursor < len(ROMAN) else "")
    title = f"Zone {number} · {spec.name}{resolving}"
    return Row(f"row:zone:{number}", title, tuple(spots), _strengths(state, spaces))


def _space(state: State, zone: int, space: int, ch: Any, probes: str) -> Spot:
    spec = info(state.ed).zones[zone]
    icons = [what for what, on in (("space dock", space in spec.docks), ("probe icon", space in spec.probes),
                                   ("face-down icon", space in spec.face_down and zone != 2)) if on]
    marks = f" ({', '.join(icons)})" if icons else ""
    label = ROMAN[space] if space < len(ROMAN) else str(space)
    if not isinstance(ch, dict):
        said = "empty" if ch is None else "taken"
        return Spot(space_id(zone, space), label, f"{where(zone, space)}{marks}: {said}{probes}")
    code = str(ch["card"]) if isinstance(ch.get("card"), str) else HIDDEN
    owner = _int(ch.get("owner"))
    colour = COLOURS[owner] if owner is not None and 0 <= owner < len(COLOURS) else HIDDEN
    facts = [f"{_name(state, owner)}'s " + ("face-down card" if code == HIDDEN else card_words(code))]
    if _int(ch.get("strength")) is not None:
        facts.append(f"strength {ch['strength']}")
    facts += [word for key, word in (("face_down", "face down"), ("shield", "shielded"),
                                     ("disabled", "no abilities this round")) if ch.get(key) is True]
    if isinstance(ch.get("used"), list) and ch["used"]:
        facts.append("used " + listed([ABILITY_NAMES.get(str(a), str(a)) for a in ch["used"]]))
    return Spot(space_id(zone, space), f"{label} {code}·{colour}",
                f"{where(zone, space)}{marks}: {', '.join(facts)}{probes}")


def _probes(data: Any, state: State, zone: int) -> dict[int, str]:
    """Each space of the zone with a probe on it: ", probes of Ann and Ben"."""
    on: dict[int, list[str]] = {}
    for probe in _list(_get(data, "probes")):
        if isinstance(probe, list) and len(probe) == 3 and probe[1] == zone and _int(probe[2]) is not None:
            on.setdefault(probe[2], []).append(_name(state, probe[0]))
    return {space: f", probe{'s' * (len(names) > 1)} of {listed(names)}" for space, names in on.items()}


def _strengths(state: State, spaces: Any) -> str:
    """Each present player's strength in the zone, where every character's strength may be known."""
    total: dict[int, int] = {}
    for ch in _list(spaces):
        if ch is None:
            continue
        owner, strength = _int(_get(ch, "owner")), _int(_get(ch, "strength"))
        if owner is None or strength is None:
            return "strength not known to all"
        total[owner] = total.get(owner, 0) + strength
    return "strength: " + ", ".join(f"{_name(state, s)} {v}" for s, v in sorted(total.items())) if total else ""


def _seats(data: Any, state: State) -> list[Row]:
    rows = []
    for i, seat in enumerate(_list(_get(data, "seats"))):
        name, colour = _name(state, i), COLOUR_NAMES.get(COLOURS[i], "") if i < len(COLOURS) else ""
        hand = _cards(_get(seat, "hand"))
        spots = [Spot(f"card:{c}", c, card_info(state, c)) for c in dict.fromkeys(hand) if c != HIDDEN]
        probes, ships = _int(_get(seat, "probes")), _int(_get(seat, "ships"))
        spots.insert(0, Spot(f"probes:{i}", f"{probes if probes is not None else '?'} probes",
                             f"{name}'s probes: {probes if probes is not None else 'not known'} left"))
        unseen, held = hand.count(HIDDEN), _count(_get(seat, "hand"))
        facts = [f"{held} card{'s' * (held != 1)} in hand" if held is not None else "hand not known"]
        if unseen and unseen != held:
            facts.append(f"{unseen} of them face down")
        facts.append(f"{ships} ship{'s' * (ships != 1)} left" if ships is not None else "ships not known")
        pile = _cards(_get(seat, "discards"))
        if pile:
            facts.append("pile: " + ", ".join("a face-down card" if c == HIDDEN else c for c in pile))
        rows.append(Row(f"row:seat:{i}", f"{name} ({colour})" if colour else name, tuple(spots), " · ".join(facts)))
    return rows


# --- what a move is about -----------------------------------------------------------------------------


def _choice(name: str, label: str, words: str = "") -> Spot:
    return Spot(f"choice:{name}", label, words or label)


def _at(state: State, zone: int, space: int) -> Spot:
    return Spot(space_id(zone, space), ROMAN[space] if 0 <= space < len(ROMAN) else str(space), where(zone, space))


def _reward(state: State, code: str) -> Spot:
    rewards = state.zones[state.zone].rewards
    i = rewards.index(code) if code in rewards else 0
    return Spot(f"reward:{state.zone}.{i}", code, "reward: " + card_words(code))


def _ability(name: str, state: State, *targets: tuple[int, int]) -> tuple[Spot, ...]:
    """An ability's button, then what it is about (the resolving character itself where it has no target)."""
    button = _choice(name, ABILITY_NAMES.get(name, name.capitalize()))
    return (button, *(_at(state, z, s) for z, s in targets or ((state.zone, state.cursor),)))


def _placed(e: E.Placed, state: State) -> tuple[Spot, ...]:
    hand = (_choice("unseen-card", HIDDEN, "a card you cannot see") if e.card == HIDDEN
            else Spot(f"card:{e.card}", e.card, card_words(e.card)))
    return hand, _at(state, e.zone, e.space)


def _rotated(e: E.Rotated, state: State) -> tuple[Spot, ...]:
    turn = _choice(f"rotate-{90 * e.turns}", "leave it" if e.turns == 0 else f"{degrees(e.turns)} ↻",
                   "leave the zone as it lies" if e.turns == 0 else f"turn it {degrees(e.turns)} clockwise")
    return Spot("zone:3", "Zone 3", "zone 3, the Military Area"), turn


def _probed(e: E.Probed, state: State) -> tuple[Spot, ...]:
    probes = Spot(f"probes:{e.by}", "probes", f"{state.players[e.by]}'s probes")
    if e.zone is None:
        return probes, _choice("no-probe", "no probe", "place no probe")
    return probes, _at(state, e.zone, e.space)


def _chance_words(e: E.Event, state: State) -> tuple[Spot, ...]:
    """A sampled outcome (never listed): a choice per word of it, by its place."""
    from .notation import format_event

    said = format_event(e, state).split()[1:] or ["-"]
    return tuple(_choice(f"{i}-{word}", word) for i, word in enumerate(said))


def _shifted(e: E.Shifted, state: State) -> tuple[Spot, ...]:
    out = [_choice(f"shift-{i}-{z}-{t}", f"{i + 1}: {z} {degrees(t)}", f"zone {z} turned {degrees(t)}, "
                   f"row {i + 1} of the new column") for i, (z, t) in enumerate(zip(e.zones, e.turns))]
    if e.aside is not None:
        out.append(_choice(f"aside-{e.aside}", f"aside {e.aside}", f"zone {e.aside} set aside"))
    return tuple(out)


PARTS: dict[type[E.Event], Callable[[Any, State], tuple[Spot, ...]]] = {  # each takes the event type it is keyed by
    E.MissionsDrawn: lambda e, s: tuple(_choice(f"mission-{m}", _mission_label(s, m), mission_words(s, m))
                                        for m in e.missions),
    E.Formed: _chance_words, E.RewardsDealt: _chance_words, E.Revealed: _chance_words, E.Shifted: _shifted,
    E.ScanDrawn: lambda e, s: (_choice(f"draw-{e.card}", e.card, card_words(e.card)),),
    E.Placed: _placed, E.Rotated: _rotated, E.Probed: _probed,
    E.Hacked: lambda e, s: _ability("hack", s, (s.zone, e.space)),
    E.Scanned: lambda e, s: _ability("scan", s),
    E.Radioed: lambda e, s: _ability("radio", s),
    E.Passed: lambda e, s: (_choice("done", "done", "no more abilities"), _at(s, s.zone, s.cursor)),
    E.Pulled: lambda e, s: _ability("tractor", s, (e.zone, e.space), (s.zone, e.to)),
    E.Shielded: lambda e, s: _ability("shield", s, (e.zone, e.space)),
    E.Teleported: lambda e, s: _ability("teleport", s, (e.zone, e.space)),
    E.Buried: lambda e, s: (_reward(s, e.card),),
    E.Kept: lambda e, s: (_reward(s, e.card),),
    E.Removed: lambda e, s: (_at(s, s.zone, e.space),),
    E.Discarded: lambda e, s: (_choice("unseen-card", HIDDEN, "a card you cannot see") if e.card == HIDDEN
                               else Spot(f"card:{e.card}", e.card, card_words(e.card)),),
}


def parts(event: E.Event, state: State) -> tuple[Spot, ...]:
    """What a legal action or a listed chance outcome is about, in tapping order."""
    return PARTS[type(event)](event, state)
