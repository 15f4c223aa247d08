"""Views of the table: complete, or as one seat may know it (its hand, what its probes see)."""

from __future__ import annotations

from typing import Any

from . import events as E
from .board import place
from .flow import strength, totals, zone_name
from .score import breakdown, score
from .state import Char, State, card, deck_size, geo, zone_spec


def sees(state: State, seat: int | None, zone: int, space: int) -> bool:
    """True when `seat` may look at a face-down card on this space (the scorekeeper, or a probe there)."""
    return seat is None or any(p.seat == seat and p.zone == zone and p.space == space for p in state.probes)


def _char(state: State, seat: int | None, zone: int, space: int, ch: Char | None) -> dict[str, Any] | None:
    if ch is None:
        return None
    visible = not ch.down or ch.owner == seat or sees(state, seat, zone, space)
    out: dict[str, Any] = {"owner": ch.owner, "card": ch.card if visible else E.HIDDEN, "face_down": ch.down}
    if visible and ch.card != E.HIDDEN:
        out["strength"] = strength(state, zone, space, ch)
    for flag in ("shield", "disabled"):
        if getattr(ch, flag):
            out[flag] = True
    if ch.used:
        out["used"] = list(ch.used)
    if ch.radio:
        out["radio"] = ch.radio
    return out


def _zone(state: State, seat: int | None, zone: int, turns: int) -> dict[str, Any]:
    z = state.zones[zone]
    rewards = [c if not z.rewards_down or sees(state, seat, zone, 0) else E.HIDDEN for c in z.rewards]
    return {"zone": zone, "name": zone_name(state, zone), "turns": turns, "rewards": rewards,
            "rewards_face_down": z.rewards_down,
            "spaces": [_char(state, seat, zone, i + 1, ch) for i, ch in enumerate(z.spaces)]}


def _discards(state: State, seat: int | None, i: int) -> list[str]:
    pile = list(state.discards[i])
    if seat is None or seat == i or state.phase != "discard" or not state.piled:
        return pile
    return pile[:state.piled[i]] + [E.HIDDEN] * (len(pile) - state.piled[i])


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON-able data; with a seat, only what that seat may know."""
    seats = []
    for i, name in enumerate(state.players):
        hand = list(state.hands[i]) if seat is None or seat == i else [E.HIDDEN] * held(state, i)
        seats.append({"player": name, "hand": hand, "discards": _discards(state, seat, i),
                      "ships": state.ships[i], "probes": state.probes_left[i]})
    data: dict[str, Any] = {
        "phase": state.phase, "round": state.round, "first": state.first, "turn": state.turn,
        "pending": state.pending, "missions": list(state.missions),
        "grid": [_zone(state, seat, z, t) for z, t in state.grid], "reserve": len(state.reserve),
        "deck": deck_size(state), "bottom": list(state.bottom), "removed": list(state.removed),
        "probes": [[p.seat, p.zone, p.space] for p in state.probes], "shields": state.shields,
        "resolving": state.zone, "cursor": state.cursor, "seats": seats,
    }
    if seat is None:
        data["deck_cards"] = list(state.deck)
        data["reserve_zones"] = list(state.reserve)
    return data


def render(state: State, seat: int | None = None) -> str:
    """The position as readable text; with a seat, only what that seat may know."""
    names = state.players
    lines = [f"2491 Planetship — round {state.round}/4, {state.phase}; first player {names[state.first]}"]
    if state.missions:
        lines.append("Missions: " + " ".join(state.missions))
    lines.append(f"Deck {deck_size(state)} · shields {state.shields} · removed {' '.join(state.removed) or '-'}")
    where = geo(state).where if state.grid else {}
    for z, t in state.grid:
        data = _zone(state, seat, z, t)
        row, col = where[z]
        spaces = []
        for i, ch in enumerate(data["spaces"]):
            mark = "." if ch is None else f"{names[ch['owner']]}:{ch['card']}" + ("*" if ch.get("shield") else "")
            spaces.append(f"{place(z, i + 1)} {mark}")
        rewards = " ".join(data["rewards"]) or "-"
        probes = [f"{names[p.seat]} {place(z, p.space)}" for p in state.probes if p.zone == z]
        lines.append(f"  [{row},{col}] zone {z} {data['name']} @{90 * t}: reward {rewards} | " + ", ".join(spaces)
                     + (" | probes " + ", ".join(probes) if probes else ""))
    for i, name in enumerate(names):
        hand = state.hands[i] if seat is None or seat == i else (f"{held(state, i)} cards",)
        lines.append(f"{name}: hand {' '.join(hand) or '-'} · pile {' '.join(_discards(state, seat, i)) or '-'}"
                     f" · ships {state.ships[i]} · probes {state.probes_left[i]}")
    if state.phase == "resolve" and state.zone >= 0:
        tot = totals(state, state.zone)
        lines.append(f"Resolving zone {state.zone} at {place(state.zone, state.cursor)}: "
                     + ", ".join(f"{names[s]} {v}" for s, v in sorted(tot.items())))
    lines.append(_score_line(state, seat))
    return "\n".join(lines)


def _score_line(state: State, seat: int | None) -> str:
    """The score; for one seat mid-game only its discards and hand (missions compare it with hidden hands)."""
    sheet = score(state)
    if seat is not None and not sheet.final:
        own = breakdown(state)[seat]
        return (f"Score now: {state.players[seat]} {own['discarded'] + own['hand']} from discards and hand "
                "(missions are scored at the end)")
    return (("Final score: " if sheet.final else "Score now: ")
            + ", ".join(f"{s.player} {s.total}" for s in sheet.scores)
            + (f" — winner: {' and '.join(state.players[w] for w in sheet.winners)}" if sheet.final else ""))


def card_text(state: State, code: str) -> str:
    """A card's printed values, for the docs and `render`."""
    c = card(state, code)
    return f"{code}: strength {c.strength}, {c.race}, {c.vp} VP, {' '.join(c.abilities) or 'no ability'}"


__all__ = ["view", "render", "sees", "card_text", "zone_spec"]


def held(state: State, i: int) -> int:
    """How many cards seat i holds: its hand less the cards it placed or discarded as '?' in a kept record (not yet
    named)."""
    placed = sum(ch is not None and ch.owner == i and ch.card == E.HIDDEN for z in state.zones for ch in z.spaces)
    return len(state.hands[i]) - placed - (state.discards[i].count(E.HIDDEN) if state.discards else 0)
