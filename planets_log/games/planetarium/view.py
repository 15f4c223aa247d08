"""Text rendering, JSON view and hidden-card resampling of a Planetarium position."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from planets_log.game import Stream

from .edition import PLANETS
from .events import UNKNOWN
from .state import State, card, left, sort_cards, unseen, with_seat


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON-able data (without the edition); with a seat, others' hands and the decks hidden."""
    data: dict[str, Any] = msgspec.to_builtins(state)
    data.pop("edition", None)
    data.pop("keeper", None)
    data["cells"] = {state.board.names[i]: t for i, t in enumerate(state.cells) if t}
    if seat is None or state.over:
        return data
    for deck in ("low", "high", "final"):
        data[deck] = left(state, deck)
    for i, s in enumerate(data["seats"]):
        if i != seat:
            s["hand"] = len(state.seats[i].hand)
    if state.turn != seat:
        data["pending"] = len(state.pending)
    return data


def render(state: State, seat: int | None = None) -> str:
    """The table as text; with a seat, other players' hands show only their size."""
    lines = [_headline(state), _track(state)]
    board = state.board
    for p, letter in enumerate(PLANETS):
        where = board.names[state.cells.index(letter)] if letter in state.cells else "-"
        kind = "gaseous" if board.gaseous[p] else "terrestrial"
        side = "Habitable" if state.habitable[p] else "Hostile"
        cards = " ".join(f"{x.card}({state.players[x.by]}{'*' if x.marker else ''})" for x in state.rows[p])
        lines.append(f"Planet {letter} ({kind}, {side}) on {where}: {cards or 'no cards'}")
    for k in range(1, 8):
        row = " ".join(f"{board.names[i].split('.')[1]}:{state.cells[i] or '.'}" for i in board.on_orbit(k))
        lines.append(f"orbit {k}: {row}")
    lines.append(f"decks: low {left(state, 'low')}, high {left(state, 'high')} (discard {len(state.high_discard)}), "
                 f"final {left(state, 'final')} (discard {' '.join(state.final_discard) or '-'})")
    for i, name in enumerate(state.players):
        s = state.seats[i]
        shown = seat is None or seat == i or state.over
        hand = " ".join(s.hand) if shown else f"{len(s.hand)} cards"
        mat = " ".join(f"{x}:{s.mat[p] or '-'}" for p, x in enumerate(PLANETS))
        mark = "*" if state.turn == i and not state.over else " "
        lines.append(f"{mark}{name}: {s.points} points, {s.markers} markers in supply, mat {mat}, hand {hand or '-'}")
    if state.pending and (seat is None or seat == state.turn):
        lines.append(f"drawn Final cards to choose from: {' '.join(state.pending)}")
    return "\n".join(lines)


def _headline(state: State) -> str:
    if state.over:
        return f"Planetarium - game over: {state.end_reason}"
    who = state.players[state.turn]
    final = ", final turn" if state.final_turn else ""
    return f"Planetarium - turn {state.turns + 1}{final}: {state.phase} ({who})"


def _track(state: State) -> str:
    t = state.edition.track
    acc = " (accelerated)" if state.accelerated else ""
    solo = f"; target {state.target}" if state.solo else ""
    on_final = max(0, len(state.track) - t.spaces + 1)
    return (f"Evolution track: {min(len(state.track), t.spaces)}/{t.spaces} spaces filled{acc}, "
            f"{on_final} on the final space{solo}")


def resample_hidden(state: State, seat: int, rng: Stream) -> State:
    """A state `seat` cannot tell apart: other hands (and another's pending Finals) redrawn from the unseen cards."""
    if state.over:
        return state
    hidden = [i for i in range(len(state.players)) if i != seat]
    pending_hidden = bool(state.pending) and state.turn != seat
    pools: dict[str, list[str]] = {"low": list(state.low), "high": list(state.high), "final": list(state.final)}
    for i in hidden:
        for c in state.seats[i].hand:
            if not unseen(c):
                pools[card(state, c).deck].append(c)
    if pending_hidden:
        pools["final"] += [c for c in state.pending if c != UNKNOWN]
    shuffled = {k: rng.shuffled(sort_cards(v)) for k, v in pools.items()}
    for i in hidden:
        hand = state.seats[i].hand
        new = [shuffled[card(state, c).deck].pop() for c in hand if not unseen(c)]
        state = with_seat(state, i, hand=sort_cards(new + [c for c in hand if unseen(c)]))
    if pending_hidden:
        state = replace(state, pending=sort_cards(shuffled["final"].pop() if c != UNKNOWN else c
                                                   for c in state.pending))
    return replace(state, low=sort_cards(shuffled["low"]), high=sort_cards(shuffled["high"]),
                   final=sort_cards(shuffled["final"]))
