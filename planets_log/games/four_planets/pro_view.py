"""What the views show of the buildings: per seat, the opponent's deal and unrevealed choice hidden."""

from __future__ import annotations

from typing import Any

from planets_log.game import Stream

from .buildings import entry
from .state import State, pro_of


def hidden_owned(state: State, seat: int | None, other: int) -> bool:
    """True while `seat` may not see `other`'s chosen buildings (not both have chosen yet)."""
    return seat is not None and seat != other and pro_of(state).step == "choose"


def pro_view(state: State, seat: int | None) -> dict[str, Any]:
    """The professional part as JSON-able data; the catalogue is left out (it is edition data)."""
    pro = pro_of(state)
    sides = []
    for i in range(len(state.seats)):
        hide = seat is not None and seat != i
        sides.append({
            "dealt": ["?"] * len(pro.dealt[i]) if hide else list(pro.dealt[i]),
            "buildings": ["?"] * len(pro.owned[i]) if hidden_owned(state, seat, i) else list(pro.owned[i]),
            "stored": list(pro.stored[i]), "face_up": list(pro.faceup[i]),
        })
    return {"seats": sides, "turned_over": list(pro.used), "step": pro.step, "revealed_bonus": list(pro.revealed),
            "recruit_from": "right" if pro.reverse else "left",
            "orienter": None if pro.orienter is None else pro.orienter + 1}


def render_lines(state: State, seat: int | None) -> list[str]:
    """Text lines: each seat's buildings with what they hold; one-time ones marked when turned over."""
    pro, lines = pro_of(state), []
    for i, name in enumerate(state.players):
        if hidden_owned(state, seat, i) or not pro.owned[i]:
            lines.append(f"{name}'s buildings: {_choosing(state, seat, i)}")
            continue
        names = [_label(state, b) for b in pro.owned[i]]
        held = f" · stored {' '.join(pro.stored[i])}" if pro.stored[i] else ""
        lines.append(f"{name}'s buildings: {', '.join(names)}{held}")
    if pro.revealed:
        lines.append(f"Known to both: colour-bonus card {' and '.join(map(str, pro.revealed))}")
    return lines


def _choosing(state: State, seat: int | None, i: int) -> str:
    pro = pro_of(state)
    dealt, owned = pro.dealt[i], pro.owned[i]
    if not dealt:
        return "-"
    if seat is None or seat == i:
        return " ".join(dealt) + (f" dealt, kept {' '.join(owned)}" if owned else " dealt, choosing")
    return f"{len(dealt)} dealt, " + ("chosen (hidden until both have chosen)" if owned else "choosing")


def _label(state: State, building: str) -> str:
    pro = pro_of(state)
    b = entry(pro, building)
    return f"{b.name} (turned over)" if building in pro.used else b.name


def resample_hidden(state: State, seat: int, rng: Stream) -> State:
    """The professional part as `seat` could believe it: the opponent's 4 dealt buildings and an unrevealed choice redrawn.

    For the game's `resample_hidden` to call on the state it returns: what remains in the box
    and the opponent's hand are unknown to `seat` while the choice is going on.
    """
    import msgspec

    from .state import minus, replace, with_item

    pro, other = pro_of(state), 1 - seat
    if not pro.dealt[other]:
        return state
    unseen = tuple(sorted(pro.pool + pro.dealt[other]))
    hand = tuple(sorted(rng.sample(unseen, len(pro.dealt[other]))))
    owned = pro.owned
    if pro.owned[other]:
        owned = with_item(owned, other, tuple(sorted(rng.sample(hand, len(pro.owned[other])))))
    pro = msgspec.structs.replace(pro, pool=minus(unseen, hand), dealt=with_item(pro.dealt, other, hand), owned=owned)
    return replace(state, pro=pro)
