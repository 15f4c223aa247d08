"""Space Planets as text and as JSON-able data. Everything on the table is public."""

from __future__ import annotations

from typing import Any

import msgspec

from .check import describe_roll
from .state import State, deck_counts, deck_size, explore_cost, landing


def status(state: State) -> str:
    """One line: whose turn it is and what is due."""
    who = state.players[state.turn]
    if state.phase == "deal":
        return "the grid is to be dealt"
    if state.phase == "roll":
        extra = " (one more roll; may pass)" if state.ender is not None else ""
        return f"{who} to roll{extra}"
    if state.phase == "landing":
        return f"{who}'s die is rolling"
    if state.phase == "choose":
        cost, _ = explore_cost(state, state.turn)
        return f"{who}'s die landed {describe_roll(landing(state))}: explore (costs {cost}) or collect"
    if state.phase == "refill":
        return f"space {state.refill} is to be refilled from the deck"
    return f"game over: {state.end_reason}"


def seat_line(state: State, seat: int, width: int) -> str:
    """One player's crystals, planet cards (^ = face up) and stars."""
    held = state.seats[seat]
    up = list(held.face_up)
    cards = []
    for code in held.cards:
        if code in up:
            up.remove(code)
            cards.append(code + "^")
        else:
            cards.append(code)
    stars = sum(state.book.known(code).stars for code in held.cards)
    mark = "*" if state.phase != "over" and seat == state.turn else " "
    listing = " ".join(cards) if cards else "-"
    return (f"{mark} {state.players[seat]:<{width}}  crystals {held.crystals:>2}  stars {stars:>2}  "
            f"cards {len(held.cards)}: {listing}")


def render(state: State, seat: int | None = None) -> str:
    """The grid, the supply and each player's spaceship card."""
    seen = f" (as seen by {state.players[seat]})" if seat is not None else ""
    lines = [f"Space Planets, round {state.round}: {status(state)}{seen}",
             f"Grid (deck {deck_size(state)} cards, stockpile {state.stock} crystals):"]
    for row in range(3):
        cells = [f"{i + 1} {state.grid[i] or '.':<8}" for i in range(row * 3, row * 3 + 3)]
        lines.append("   " + "  ".join(cells).rstrip())
    width = max(len(name) for name in state.players)
    lines += [seat_line(state, i, width) for i in range(len(state.players))]
    if state.removed:
        lines.append("Removed from the game: " + " ".join(state.removed))
    if state.ender is not None and state.phase != "over":
        lines.append(f"Last round: {state.players[state.ender]} has {state.book.end_cards} planet cards")
    return "\n".join(lines)


def view(state: State, seat: int | None = None) -> Any:
    """The state as builtins, the deck as counts; no seat sees less, since nothing on the table is hidden."""
    return {**msgspec.to_builtins(state), "deck": deck_counts(state)}
