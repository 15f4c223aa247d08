"""Four Planets' events in plain words, as the scorekeeper or one seat may know them, and the notation's legend.

A card a seat may not see (a discard, a kept card, a draw, a colour bonus card its marker has not reached) is one
word to every seat: its name joined by no-break spaces where the seat sees it, "a face-down card" where it does
not, so the spectators' words, met word by word, lose only that word. Building events are in `pro_words.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planets_log.game import Event, seat_label

from . import events as E
from . import pro_events as P
from .phrases import card_words, colour_words, listed, plural, secret, ship_words, tile_words
from .state import Planet, State

UNSEEN = "a face-down card"


def sees(seat: int | None, owner: int) -> bool:
    """True when `seat` (None: the scorekeeper) may see what `owner` holds."""
    return seat is None or seat == owner


def hidden(cards: tuple[str, ...] | list[str], seen: bool, unseen: str = "") -> str:
    """Cards as one word: named when `seen`, else how many face-down cards."""
    if seen and cards:
        return secret(listed([card_words(c) for c in cards]))
    return secret(unseen or (UNSEEN if len(cards) == 1 else f"{len(cards)} face-down cards"))


def _name(state: State, seat: int) -> str:
    return seat_label(seat, list(state.players))


# --- chance outcomes ------------------------------------------------------------------------------


def _bonus(e: E.BonusDealt, state: State, seat: int | None) -> str:
    near = {0: 1, 1: len(e.cards)}  # each player looks at the card nearest them (Setup, step 3)
    said = [f"{hidden((c,), seat is None or near.get(seat) == i)} as card {i}" for i, c in enumerate(e.cards, 1)]
    return (f"The colour bonus is laid face down: {listed(said)}; {_name(state, 0)} looks at card 1 and "
            f"{_name(state, 1)} at card {len(e.cards)}")


def _dealt(e: E.Dealt, state: State, seat: int | None) -> str:
    groups = [e.cards[i:i + 2] for i in range(0, len(e.cards), 2)]
    said = [f"planet {i} {listed([card_words(c) for c in g])}" for i, g in enumerate(groups, 1)]
    return f"Specialists are laid face up under the planets: {'; '.join(said)}"


def _boosts(e: E.BoostsRevealed, state: State, seat: int | None) -> str:
    return f"The boost tiles laid face up are {listed([tile_words(t) for t in e.tiles])}"


def _start(e: E.StartTile, state: State, seat: int | None) -> str:
    return (f"The start tile is placed: {_name(state, e.seat)} faces the spaceship symbol and dispatches first, "
            f"{_name(state, 1 - e.seat)} faces the card symbol")


def _drawn(e: E.Drawn, state: State, seat: int | None) -> str:
    return (f"{_name(state, state.turn)} draws {hidden((e.card,), sees(seat, state.turn))} from the deck "
            "for the green ability")


def _revealed(e: E.Revealed, state: State, seat: int | None) -> str:
    return (f"{_name(state, state.turn)} draws {hidden(e.cards, sees(seat, state.turn))} from the top of the deck "
            "for the Look at five tile and alone looks at them")


# --- dispatch and recruit -------------------------------------------------------------------------


def _dispatched(e: E.Dispatched, state: State, seat: int | None) -> str:
    planet = state.planets[e.planet - 1] if 1 <= e.planet <= len(state.planets) else None
    below = planet is not None and any(ship.seat != e.by for ship in planet.ships)
    after = f", below {_name(state, 1 - e.by)}'s spaceship" if below else ""
    return f"{_name(state, e.by)} dispatches {ship_words(e.parts)} to planet {e.planet}{after}"


def _recruited(e: E.Recruited, state: State, seat: int | None) -> str:
    said = f"{_name(state, e.by)} recruits {card_words(e.card)} from planet {e.planet}"
    planet = state.planets[e.planet - 1] if 1 <= e.planet <= len(state.planets) else Planet()
    rest = list(planet.cards)
    if e.card not in rest or len(rest) < 2:
        return said
    rest.remove(e.card)
    if any(ship.seat != e.by for ship in planet.ships):
        return said + f"; {_name(state, 1 - e.by)} takes the other, {card_words(rest[0])}"
    return said + f"; the other, {card_words(rest[0])}, goes face down to the discard pile"


# --- the play turn --------------------------------------------------------------------------------


def _played(e: E.Played, state: State, seat: int | None) -> str:
    pay = [f"discards {hidden(e.discards, sees(seat, e.by))} face down"] if e.discards else []
    pay += [f"uses {plural(e.coins, 'coin')}"] if e.coins else []
    how = f"{' and '.join(pay)} to play" if pay else "plays"
    return f"{_name(state, e.by)} {how} {card_words(e.card)} into their {colour_words(e.card[0])} column"


def _placed(e: E.Placed, state: State, seat: int | None) -> str:
    cards = state.pending.cards if state.pending is not None else ()
    card = hidden(cards[:1], sees(seat, state.turn) and bool(cards), "the drawn card")
    return f"{_name(state, e.by)} places {card} face down in their {colour_words(e.colour)} column"


def _took(e: E.TookTile, state: State, seat: int | None) -> str:
    return f"{_name(state, e.by)} takes {tile_words(e.tile)} with the purple ability"


def _searched(e: E.Searched, state: State, seat: int | None) -> str:
    card = hidden((e.card,), sees(seat, e.by), "a card")
    return f"{_name(state, e.by)} takes {card} from the discard pile into their hand"


def _kept(e: E.Kept, state: State, seat: int | None) -> str:
    card = hidden((e.card,), sees(seat, e.by), "one card")
    return f"{_name(state, e.by)} keeps {card} of the cards drawn; the others are shuffled back into the deck"


def _holder(state: State, tile: str) -> str:
    """The tile whose effect is due: the tile itself, or the Copy tile copying it (The Boost Tiles)."""
    holder = state.pending.tile if state.pending is not None else None
    return tile_words("copy") + f" copying {tile_words(tile)}" if holder == "copy" else tile_words(tile)


def _discounted(e: E.Discounted, state: State, seat: int | None) -> str:
    return (f"{_name(state, e.by)} attaches {_holder(state, 'discount')} to their {colour_words(e.colour)} column: "
            f"{colour_words(e.colour)} specialists cost them 1 coin less")


def _marked(e: E.Marked, state: State, seat: int | None) -> str:
    return (f"{_name(state, e.by)} places {_holder(state, 'bonus1')} on colour bonus card {e.position}: 1 more VP per own "
            "specialist of its colour")


def _copied(e: E.Copied, state: State, seat: int | None) -> str:
    return f"{_name(state, e.by)} attaches the Copy tile to {tile_words(e.tile)} and copies its ability"


def _done(e: E.Done, state: State, seat: int | None) -> str:
    gone = len(state.seats[e.by].hand) - (e.keep is not None)
    keep = "nothing" if e.keep is None else hidden((e.keep,), sees(seat, e.by), "one card")
    rest = f" and discarding {plural(gone, 'card')} face down" if gone > 0 else ""
    return f"{_name(state, e.by)} ends their play turn, keeping {keep} in hand{rest}"


# --- reveals of a record kept by one player -------------------------------------------------------


def _bonus_shown(e: E.BonusShown, state: State, seat: int | None) -> str:
    return f"Colour bonus card {e.position} is named: {card_words(e.card)}"


def _down_shown(e: E.DownShown, state: State, seat: int | None) -> str:
    return (f"{_name(state, e.seat)}'s face-down card in the {colour_words(e.colour)} column is named: "
            f"{card_words(e.card)}")


WORDS: dict[type[Event], Callable[[Any, State, int | None], str]] = {  # each takes the event type it is keyed by
    E.BonusDealt: _bonus, E.Dealt: _dealt, E.BoostsRevealed: _boosts, E.StartTile: _start, E.Drawn: _drawn,
    E.Revealed: _revealed, E.Dispatched: _dispatched, E.Recruited: _recruited, E.Played: _played,
    E.Placed: _placed, E.TookTile: _took, E.Searched: _searched, E.Kept: _kept, E.Discounted: _discounted,
    E.Marked: _marked, E.Copied: _copied, E.Done: _done, E.BonusShown: _bonus_shown, E.DownShown: _down_shown,
}


def words(event: Event, state: State, seat: int | None = None) -> str:
    """`event` (about to be applied to `state`) as one sentence; with a seat, as that seat may know it."""
    if isinstance(event, P.PRO_EVENTS):
        from .pro_words import words as pro

        return pro(event, state, seat) + "."
    return WORDS[type(event)](event, state, seat) + "."


LEGEND: tuple[tuple[str, str], ...] = (
    ("bonus R1v1s Y0s G2v2s B1v1s", "the 4 colour bonus cards laid face down, card 1 (nearest the first player) "
     "first; cards are written colour, cost, v and the VP, one s per symbol: G2v1ss is a green toucan of cost 2, "
     "1 VP, 2 symbols"),
    ("deal R0s Y1v1s / G0s G0s / B0s B0s / P1ss P0s", "the specialists laid face up under planets 1 to 4, two each"),
    ("boosts vp4 columns5 sets5 thirteen bp3", "the 5 boost tiles laid face up"),
    ("start Ann", "Ann faces the spaceship symbol of the start tile and dispatches first"),
    ("d3x2", "the player to move dispatches a built-up spaceship of 2 parts to planet 3 (d3: a simple spaceship)"),
    ("r2 G1v1s", "the player choosing at planet 2 recruits the green toucan G1v1s; the other card goes to the "
     "other player if they have a spaceship there"),
    ("p G2v1ss -B0s -c", "the player plays G2v1ss into their green column, discarding B0s and using 1 coin to pay"),
    ("draw G1v1s", "the card drawn for the green ability"),
    ("place B", "the drawn card goes face down into the player's blue column"),
    ("take look5", "the purple ability takes the Look at five boost tile"),
    ("reveal R0s Y0s G0s P0s B0s", "the top 5 cards drawn for the Look at five tile"),
    ("keep Y2v2s", "the card kept of those drawn for the Look at five tile"),
    ("search Y2v2s", "the card taken from the discard pile with the Search the discards tile"),
    ("discount G", "the Discount tile goes on the green column: green specialists cost 1 coin less"),
    ("mark 3", "the Private bonus tile goes on colour bonus card 3"),
    ("copy sets5", "the Copy tile copies the player's Full sets tile"),
    ("done keep G2v1ss", "the player ends their play turn keeping G2v1ss and discarding the rest of their hand"),
    ("buildings tower mint mine museum / shipyard harbour greenhouse laboratory",
     "Professional Mode: the 4 buildings dealt to each player, the first player's first"),
    ("choose tower mint", "the player keeps the Tower and the Mint of the buildings dealt to them"),
    ("side right", "the Tower's owner has recruiting begin at planet 4, on the right"),
    ("use galactic-bank", "the player uses the Galactic Bank as a coin"),
)


def legend() -> tuple[tuple[str, str], ...]:
    """The notation explained: an example line of each kind and its meaning."""
    return LEGEND
