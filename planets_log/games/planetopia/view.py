"""Text rendering and JSON view of a Planetopia position."""

from __future__ import annotations

from typing import Any

import msgspec

from .state import State, usable_tokens


def render(state: State, seat: int | None = None) -> str:
    """The table as text; with a seat, other players' hands show only their size."""
    lines = [_headline(state)]
    row = "  ".join(f"{i + 1}) {c} {state.config.prestige_of(c)[0]}pt{_token(state, c)}" for i, c in enumerate(state.row))
    lines.append(f"Prestige row: {row or '(empty)'}   pile: {len(state.prestige_deck)}")
    n = len(state.trail)
    trail = "  ".join(f"[{n - i}] {t.card}" + (f"+{t.atoms}a" if t.atoms else "") for i, t in enumerate(state.trail))
    lines.append(f"Cosmos trail (slot 1 is free): {trail or '(empty)'}   pile: {len(state.cosmos_deck)}")
    for i in range(len(state.players)):
        lines += _seat_lines(state, i, seat is None or seat == i or state.over)
    return "\n".join(lines)


def _headline(state: State) -> str:
    if state.over:
        return f"Planetopia - game over after round {state.round}: {state.end_reason}"
    if state.due:
        return f"Planetopia - round {state.round}: setting out ({state.due} due)"
    name = state.players[state.turn]
    return (f"Planetopia - round {state.round}, {name} to act "
            f"(mandatory {state.mandatory}, optional {state.optional}{', recovers at end' if state.recover else ''})")


def _token(state: State, card: str) -> str:
    token = state.config.prestige_of(card)[1]
    return f"+{token}" if token else ""


def _seat_lines(state: State, i: int, open_hand: bool) -> list[str]:
    s = state.seats[i]
    mark = "*" if not state.over and not state.due and state.turn == i else " "
    fresh = set(s.fresh)
    usable = list(usable_tokens(s))
    tokens = " ".join(usable + [f"{t}(new)" for t in s.fresh]) if fresh else " ".join(s.tokens)
    head = (f"{mark}{state.players[i]}: {s.points} points ({len(s.prestige)} Prestige cards), {s.atoms} Atoms, "
            f"tokens: {tokens or '-'}")
    hand = " ".join(s.hand) if open_hand else f"{len(s.hand)} cards"
    out = [head, f"   hand: {hand or '-'} | played: {' '.join(s.played) or '-'}"]
    for y in (2, 1, 0):
        cells = [s.board[x][y] if y < len(s.board[x]) else "." for x in range(3)]
        out.append(f"   {y + 1} {' '.join(cells)}")
    out.append("     a b c")
    return out


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The state as JSON-able data (the edition's tables as objects); with a seat, other hands and the piles'
    contents hidden."""
    data: dict[str, Any] = msgspec.to_builtins(state)
    config = data["config"]
    for table in ("aliens", "colours", "prestige"):
        config[table] = dict(config[table])
    if seat is None or state.over:
        return data
    data["prestige_deck"] = len(state.prestige_deck)
    data["cosmos_deck"] = len(state.cosmos_deck)
    for i, s in enumerate(data["seats"]):
        if i != seat:
            s["hand"] = len(state.seats[i].hand)
    return data


def resample_hidden(state: State, seat: int, rng: Any) -> State:
    """A table `seat` cannot tell from this one: the other hands and the Cosmos pile dealt again
    from the cards it has not seen, and the Prestige pile shuffled (sizes kept)."""
    if state.over:
        return state
    others = [i for i in range(len(state.seats)) if i != seat]
    pool = rng.shuffled(list(state.cosmos_deck) + [c for i in others for c in state.seats[i].hand])
    seats = list(state.seats)
    for i in others:
        n = len(seats[i].hand)
        seats[i], pool = msgspec.structs.replace(seats[i], hand=tuple(sorted(pool[:n]))), pool[n:]
    return msgspec.structs.replace(state, seats=tuple(seats), cosmos_deck=tuple(pool),
                                   prestige_deck=tuple(rng.shuffled(state.prestige_deck)))
