"""Professional Mode's events in plain words (the building deal and choice, and what buildings do).

A seat reads the opponent's dealt buildings, and their choice until both have chosen, as one word standing for them
(Professional Mode: the chosen buildings are revealed once both have chosen)."""

from __future__ import annotations

from planets_log.game import seat_label

from . import pro_events as P
from .buildings import BuildingEntry, Pro, entry, known, owned_with
from .phrases import card_words, colour_words, listed, plural, secret, tile_words
from .state import State, pro_of


def building_words(pro: Pro, building: str) -> str:
    """A building by its name: 'the Galactic Bank'."""
    return f"the {entry(pro, building).name}" if known(pro, building) else f"the building {building}"


def _buildings(pro: Pro, ids: tuple[str, ...], seen: bool) -> str:
    """Buildings as one word: named where seen, else how many face-down buildings."""
    if seen:
        return secret(listed([building_words(pro, b) for b in ids]))
    return secret(f"{plural(len(ids), 'face-down building')}")


def _owner(state: State, building: str) -> int | None:
    """The seat that owns `building`, or None."""
    return next((i for i, ids in enumerate(pro_of(state).owned) if building in ids), None)


def _dealt(e: P.BuildingsDealt, state: State, seat: int | None) -> str:
    pro, hands = pro_of(state), (e.buildings[:4], e.buildings[4:])
    said = [f"{_buildings(pro, h, seat is None or seat == i)} to {seat_label(i, list(state.players))}"
            for i, h in enumerate(hands)]
    return f"Each player is dealt 4 buildings: {listed(said)}"


def _chosen(e: P.BuildingsChosen, state: State, seat: int | None) -> str:
    pro = pro_of(state)
    kept = _buildings(pro, e.buildings, seat is None or seat == e.by)
    return (f"{seat_label(e.by, list(state.players))} keeps {kept} and returns the other "
            f"{len(pro.dealt[e.by]) - len(e.buildings)} to the box")


def _oriented(e: P.Oriented, state: State, seat: int | None) -> str:
    names = list(state.players)
    return (f"{seat_label(e.by, names)} turns the start tile: {seat_label(e.seat, names)} faces the spaceship "
            f"symbol and dispatches first")


def _side(e: P.SideChosen, state: State, seat: int | None) -> str:
    found = owned_with(pro_of(state), "recruit-side", e.by)
    tower = f"the {found[0][1].name}" if found else "their building"
    end = "planet 4, on the right" if e.side == "right" else "planet 1, on the left"
    return f"{seat_label(e.by, list(state.players))} uses {tower}: recruiting begins at {end} this round"


def _card(e: P.BuildingCard, state: State, seat: int | None) -> str:
    owner = _owner(state, e.building)
    who = f"{seat_label(owner, list(state.players))}'s" if owner is not None else "the owner's"
    return (f"The {building_words(pro_of(state), e.building)[4:]} finds {card_words(e.card)} in the deck: it "
            f"goes face up into {who} {colour_words(e.card[0])} column")


def _stored(e: P.BoostStored, state: State, seat: int | None) -> str:
    found = owned_with(pro_of(state), "store-boost", e.by)
    holder: BuildingEntry | None = found[0][1] if found else None
    where = f"the {holder.name} ({holder.amount} VP at scoring)" if holder is not None else "their building"
    return f"{seat_label(e.by, list(state.players))} takes {tile_words(e.tile)} and stores it on {where}"


def _used(e: P.BuildingUsed, state: State, seat: int | None) -> str:
    pro = pro_of(state)
    amount = entry(pro, e.building).amount if known(pro, e.building) else 1
    return (f"{seat_label(e.by, list(state.players))} uses {building_words(pro, e.building)} as "
            f"{plural(amount, 'coin')}")


def words(event: P.ProEvent, state: State, seat: int | None = None) -> str:
    """A building event as one sentence (without its full stop); with a seat, as that seat may know it."""
    if isinstance(event, P.BuildingsDealt):
        return _dealt(event, state, seat)
    if isinstance(event, P.BuildingsChosen):
        return _chosen(event, state, seat)
    if isinstance(event, P.Oriented):
        return _oriented(event, state, seat)
    if isinstance(event, P.SideChosen):
        return _side(event, state, seat)
    if isinstance(event, P.BuildingCard):
        return _card(event, state, seat)
    if isinstance(event, P.BoostStored):
        return _stored(event, state, seat)
    return _used(event, state, seat)
