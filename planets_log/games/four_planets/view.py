"""Views of the table: text and JSON, either complete or as one seat may know it."""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from planets_log.game import UNKNOWN, Stream

from . import cards as C
from . import professional
from .apply import superior, to_move
from .kept import missing_reveals
from .pro_view import pro_view, render_lines
from .score import score
from .state import State, Tile, coins_supply, deck_left, marker, seen_positions


def visible_bonus(state: State, seat: int | None) -> list[str | None]:
    """The colour-bonus cards by position; None where `seat`'s marker has not reached yet."""
    if seat is None or state.phase == "over":
        return list(state.bonus)
    seen = seen_positions(seat, state.seats[seat].moves) + (state.pro.revealed if state.pro is not None else ())
    return [code if i + 1 in seen else None for i, code in enumerate(state.bonus)]


def _may_see_pending(state: State, seat: int | None) -> bool:
    return seat is None or seat == state.turn


def sees_discard(state: State, seat: int | None) -> bool:
    """True when `seat` may look through the discard pile: the scorekeeper, or the seat searching it (Boost Tiles)."""
    searching = state.pending is not None and state.pending.step == "search"
    return seat is None or (searching and seat == state.turn)


def back(code: str) -> str:
    """What the back of a card shows: its buying power, which is open information (`?` if never typed)."""
    return UNKNOWN if code == UNKNOWN else f"bp{C.bp(code)}"


def _down(codes: tuple[str, ...], hidden: bool) -> list[str]:
    return [back(code) if hidden else code for code in codes]


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The state as JSON-able data; with a seat, redacted to what that seat may know."""
    data: dict[str, Any] = msgspec.to_builtins(state)
    if state.pro is None:
        data.pop("pro", None)
    else:
        data["pro"] = pro_view(state, seat)
    if seat is None:
        return data
    data["bonus"] = [code or back(state.bonus[i]) for i, code in enumerate(visible_bonus(state, seat))]
    data["deck"] = deck_left(state)
    data["discard"] = list(state.discard) if sees_discard(state, seat) else len(state.discard)
    if state.pending is not None and not _may_see_pending(state, seat):
        data["pending"]["cards"] = _down(state.pending.cards, True)
    for i, side in enumerate(data["seats"]):
        if i != seat:
            side["hand"] = _down(state.seats[i].hand, True)
            side["down"] = [_down(col, True) for col in state.seats[i].down]
    return data


def render(state: State, seat: int | None = None) -> str:
    """The position as readable text; with a seat, only what that seat may know."""
    names = state.players
    lines = [_title(state)]
    if state.phase not in ("setup-bonus", "setup-deal", "setup-boosts", "setup-start"):
        lines.append(f"Start tile: {names[state.spaceship]} faces the spaceship, "
                     f"{names[1 - state.spaceship]} the cards")
    bonus = visible_bonus(state, seat)
    if bonus:
        shown = "  ".join(f"{i + 1}:{code or '?' + back(state.bonus[i])}" for i, code in enumerate(bonus))
        marks = ", ".join(f"{names[i]} on {marker(i, s.moves)}" for i, s in enumerate(state.seats))
        lines.append(f"Colour bonus: {shown}   (markers: {marks})")
    lines.append(f"Boost tiles face up: {' '.join(state.tiles) or '-'}")
    discard = f"{len(state.discard)}"
    if sees_discard(state, seat) and state.discard:
        discard += " " + " ".join(state.discard)
    lines.append(f"Deck {deck_left(state)} · discard {discard} · coins in supply {coins_supply(state)}")
    lines += _planets(state)
    for i in range(len(state.seats)):
        lines += _seat(state, i, hidden=seat is not None and seat != i)
    lines += _pending(state, seat)
    if state.pro is not None:
        lines += render_lines(state, seat)
    sheet = score(state)
    totals = ", ".join(f"{s.player} {s.total}" for s in sheet.scores)
    if state.phase == "over" and missing_reveals(state):  # a kept record: the totals lack the `?` cards
        lines.append(f"Score so far: {totals} (provisional: reveals are missing)")
    elif state.phase == "over":
        winners = " and ".join(names[w] for w in sheet.winners)
        tb = f" ({sheet.tiebreak})" if sheet.tiebreak else ""
        lines.append(f"Final score: {totals} — winner: {winners}{tb}")
    elif seat is None and state.bonus:
        lines.append(f"Score so far: {totals}")
    return "\n".join(lines)


def _title(state: State) -> str:
    due = professional.to_move(state) if state.pro is not None else None
    mover = to_move(state) if due is None else due
    who = "game over" if state.phase == "over" else "chance" if mover < 0 else f"{state.players[mover]} to move"
    return f"Four Planets · round {state.round} of 5 · {state.phase} · {who}"


def _planets(state: State) -> list[str]:
    out = []
    for i, planet in enumerate(state.planets):
        ships = ", ".join(f"{state.players[s.seat]} {s.parts}" for s in planet.ships) or "no ships"
        first = ""
        if state.phase == "recruit" and i == state.cursor:
            first = f"  ← {state.players[superior(planet)]} chooses"
        out.append(f"Planet {i + 1}: {' '.join(planet.cards) or '-':<16} ships: {ships}{first}")
    return out


def _seat(state: State, i: int, hidden: bool) -> list[str]:
    side = state.seats[i]
    tiles = " ".join(_tile(t) for t in side.tiles) or "-"
    out = [f"{state.players[i]}: parts {side.parts} ({side.left} to dispatch) · coins {side.coins} "
           f"({side.coins_used} used) · marker on {marker(i, side.moves)} ({side.moves}/3 moves) · tiles {tiles}"]
    hand = " ".join(side.hand) or "-"
    if hidden and side.hand:
        hand = f"{len(side.hand)} card(s) {' '.join(_down(side.hand, True))}"
    out.append(f"  hand: {hand}")
    for j, letter in enumerate(C.COLOURS):
        up, down = side.up[j], side.down[j]
        if up or down:
            face_down = f" + face down {' '.join(_down(down, hidden))}" if down else ""
            out.append(f"  {letter}: {' '.join(up) or '-'}{face_down}")
    return out


def _tile(tile: Tile) -> str:
    text = tile.id
    if tile.copies:
        text += f"={tile.copies}"
    if tile.colour:
        text += f"@{tile.colour}"
    if tile.position:
        text += f"@{tile.position}"
    return text


def _pending(state: State, seat: int | None) -> list[str]:
    pending = state.pending
    if pending is None:
        return []
    cards = " ".join(_down(pending.cards, not _may_see_pending(state, seat)))
    text = {
        "draw": "draw a card for the green ability", "place": f"place the drawn card ({cards}) face down",
        "take": "take a boost tile", "search": "search the discard pile", "reveal": "draw cards for look-at-five",
        "keep": f"keep one of {cards}", "discount": "attach the discount to a column",
        "mark": "mark a colour bonus card", "copy": "choose a tile to copy",
    }[pending.step]
    return [f"Pending: {state.players[state.turn]} must {text}"]


def resample_hidden(state: State, seat: int, rng: Stream) -> State:
    """A table `seat` cannot tell from this one: every card it has not seen redrawn, keeping what
    it knows (the buying power on the back of each card it sees face down, the pile sizes)."""
    searching = sees_discard(state, seat)  # the pile the seat looks through stays as it is
    pool = list(state.deck) + ([] if searching else list(state.discard))
    backed: list[str] = [c for i, c in enumerate(state.bonus) if visible_bonus(state, seat)[i] is None]
    hidden = state.pending if state.pending is not None and not _may_see_pending(state, seat) else None
    backed += list(hidden.cards) if hidden is not None else []
    for i, side in enumerate(state.seats):
        if i != seat:
            backed += list(side.hand) + [c for col in side.down for c in col]
    pool = rng.shuffled(pool + backed)
    take = _drawer(pool)
    bonus = tuple(c if visible_bonus(state, seat)[i] is not None else take(c) for i, c in enumerate(state.bonus))
    pending = state.pending
    if hidden is not None:
        pending = msgspec.structs.replace(hidden, cards=tuple(take(c) for c in hidden.cards))
    seats = tuple(side if i == seat else msgspec.structs.replace(
        side, hand=tuple(take(c) for c in side.hand), down=tuple(tuple(take(c) for c in col) for col in side.down))
        for i, side in enumerate(state.seats))
    deck, discard = pool[:len(state.deck)], (list(state.discard) if searching else pool[len(state.deck):])
    return msgspec.structs.replace(state, bonus=bonus, pending=pending, seats=seats, deck=tuple(deck),
                                   discard=tuple(discard))


def _drawer(pool: list[str]) -> Callable[[str], str]:
    """Take from `pool` (in place) a card with the same back as the one given."""
    def take(code: str) -> str:
        want = back(code)
        i = next(k for k, c in enumerate(pool) if back(c) == want)
        return pool.pop(i)
    return take
