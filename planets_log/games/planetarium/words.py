"""Planetarium's events in plain words, one sentence each, and the notation's legend.

Cards are named as the edition prints them ("Volcanism (3 Hostile points)"), Matter by its kind ("2 gas, 1 rock"),
spaces as `ORBIT.INDEX`. A card a seat may not see (a hand dealt, a card drawn, the Final kept) is one word to it
(its words joined by U+00A0), as is its name to the seats that see it: the spectators' words lose only that word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planets_log.game import Event

from .edition import MATTER, PLANETS
from .events import (
    UNKNOWN,
    Dealt,
    Discarded,
    Downgraded,
    DrawChosen,
    Drawn,
    Ended,
    FinalPlayed,
    FirstPlayer,
    HandShown,
    Kept,
    MatterPlaced,
    Moved,
    Played,
    Rolled,
)
from .moves import dice_moves
from .notation import orbit_dots
from .state import State, cards_of, left, matter_on

NBSP = "\u00a0"
KINDS = dict(zip(MATTER, ("gas", "rock", "water", "metal")))
DECKS = {"low": "Low", "high": "High", "final": "Final"}


def secret(text: str) -> str:
    """A secret (or its stand-in) as one word, so that the seats' words line up."""
    return text.replace(" ", NBSP)


def listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "nothing"


def matter_words(letters: str) -> str:
    """Matter tokens by kind: "2 gas, 1 rock and 1 metal"; "no Matter" for none."""
    counts = [f"{letters.count(m)} {KINDS[m]}" for m in MATTER if m in letters]
    return listed(counts) if counts else "no Matter"


def card_words(state: State, cid: str) -> str:
    """A card by its printed name and points: "Volcanism (3 Hostile points)"; an unseen one by its deck."""
    data = cards_of(state.edition).get(cid)
    if data is None:
        return "a card not seen"
    return f"{data.name} ({data.points} {data.side.capitalize()} points)"


def cards_words(state: State, cards: tuple[str, ...]) -> str:
    """Cards by name, those not seen counted last: "Clouds (2 Habitable points) and 2 cards not seen"."""
    unseen = sum(1 for c in cards if c == UNKNOWN)
    named = [card_words(state, c) for c in cards if c != UNKNOWN]
    return listed(named + ([f"{unseen} card{'s' * (unseen > 1)} not seen"] if unseen else []))


def _who(state: State, seat: int) -> str:
    """A seat's name."""
    return state.players[seat] if 0 <= seat < len(state.players) else "The player"


def words(event: Event, state: State, seat: int | None = None) -> str:
    """`event` (about to be applied to `state`) as one sentence, as `seat` may know it (None: everything)."""
    say = _SAY.get(type(event))
    return say(event, state, seat) if say is not None else f"{type(event).__name__} is recorded."


# --- setup -------------------------------------------------------------------------------


def _matter(e: MatterPlaced, state: State, seat: int | None) -> str:
    """The opening Matter, orbit by orbit."""
    at = dict(zip(state.board.dots, e.tokens))
    orbits = [f"orbit {k} gets {matter_words(''.join(at.get(d, '') for d in dots))}"
              for k, dots in orbit_dots(state).items()]
    return f"The Matter is placed on the white dots: {'; '.join(orbits)}."


def _dealt(e: Dealt, state: State, seat: int | None) -> str:
    """A player's six opening cards, named to that player and the scorekeeper only."""
    sees = seat is None or seat == e.seat
    named = cards_words(state, e.cards) if sees else "six cards face down"
    return f"{_who(state, e.seat)} is dealt {secret(named)} as the opening hand of 2 Low, 2 High and 2 Final cards."


def _discarded(e: Discarded, state: State, seat: int | None) -> str:
    """The setup discard: one of the two Finals, face up."""
    return (f"{_who(state, e.by)} discards the Final card {card_words(state, e.card)} face up onto the Final "
            "discard pile.")


def _first(e: FirstPlayer, state: State, seat: int | None) -> str:
    """The first player drawn among those tied for the best discarded Final."""
    best = max((cards_of(state.edition)[s.discarded].points for s in state.seats
                if s.discarded in cards_of(state.edition)), default=0)
    return (f"{_who(state, e.seat)} is drawn to take the first turn among the players tied for the highest "
            f"Final discarded ({best} points).")


# --- the move ------------------------------------------------------------------------------


def _moved(e: Moved, state: State, seat: int | None) -> str:
    """A token moved: a planet's step or sweep, or a Matter token's one or two spaces; what it collects."""
    board, who = state.board, _who(state, e.by)
    i, j = board.index.get(e.frm, -1), board.index.get(e.to, -1)
    if i < 0 or j < 0:
        return f"{who} moves the token on {e.frm} to {e.to}."
    token, there = state.cells[i], state.cells[j]
    how = _path(state, i, j, e.via)
    if token and token in PLANETS:
        said = f"{who} moves planet {token} from {e.frm} to {e.to}{how}"
        comma = "," if how.startswith(",") else ""
        got = f"{comma} and collects the {KINDS[there]} token there onto {who}'s mat under planet {token}" if matter_on(
            state, j) else ""
        return said + got + "."
    said = f"{who} moves the {KINDS.get(token, 'Matter')} token on {e.frm} to {e.to}{how}"
    if there and there in PLANETS:
        said += f", onto planet {there}: it goes on {who}'s mat under planet {there}"
    return said + "."


def _path(state: State, i: int, j: int, via: str) -> str:
    """How a token goes: through a middle space, along a thin line, or sweeping along its orbit."""
    board = state.board
    if via:
        return f", two spaces through {via}"
    if board.orbit[i] != board.orbit[j]:
        return f" along a thin line onto orbit {board.orbit[j]}"
    if board.next_on_orbit[i] != j:
        return f", sweeping along orbit {board.orbit[i]}"
    return ""


# --- cards -----------------------------------------------------------------------------------


def _earliest(state: State, seat: int, p: int) -> str:
    """The card of planet index `p` holding `seat`'s earliest marker there (the one the rules lift)."""
    placed = next((x for x in state.rows[p] if x.by == seat and x.marker), None)
    return card_words(state, placed.card) if placed is not None else "a card"


def _played(e: Played, state: State, seat: int | None) -> str:
    """A Low or High card played: the Matter paid, the marker, the Gravity token, what changes."""
    data, who, p = cards_of(state.edition).get(e.card), _who(state, e.by), PLANETS.find(e.planet)
    if data is None or p < 0:
        return f"{who} plays {e.card} to planet {e.planet}."
    said = f"{who} plays {card_words(state, e.card)} to planet {e.planet}"
    supply = state.seats[e.by].markers
    if data.marker:
        said += f", removes {who}'s marker from {_earliest(state, e.by, p)} there"
        supply += 1
    said += _marker(e, state, who, supply) + _paid(data.matter, e.planet)
    if e.gravity and e.gravity in state.board.index:
        token = KINDS.get(state.cells[state.board.index[e.gravity]], "Matter")
        said += (f"; by the Gravity icon {who} takes the {token} token on {e.gravity} onto {who}'s mat under planet "
                 f"{e.onto}")
    return said + _after(state, e.by, data.matter, p, data.side, data.points) + "."


def _paid(matter: str, planet: str) -> str:
    """What a card costs, paid from the mat onto the Evolution track."""
    return f", paying {matter_words(matter)} from under planet {planet} onto the Evolution track" if matter else ""


def _marker(e: Played, state: State, who: str, supply: int) -> str:
    """Where the player's marker comes from (FAQ: out of markers)."""
    if e.marker == "-" or (not supply and not e.marker):
        return " and puts no marker on it (none left)"
    if supply:
        return " and puts a marker on it"
    earliest = _earliest(state, e.by, PLANETS.index(e.marker))
    return f" and moves {who}'s marker from {earliest} on planet {e.marker} onto it"


def _after(state: State, by: int, matter: str, p: int, side: str, points: int) -> str:
    """What a card changes beyond itself: the planet's side, the acceleration space, the final space."""
    cards = cards_of(state.edition)
    sums = {"habitable": 0, "hostile": 0}
    for x in state.rows[p]:
        sums[cards[x.card].side] += cards[x.card].points
    sums[side] += points
    out = ""
    now = sums["habitable"] > sums["hostile"] if sums["habitable"] != sums["hostile"] else state.habitable[p]
    if now != state.habitable[p]:
        out += f"; planet {PLANETS[p]} turns {'Habitable' if now else 'Hostile'}"
    filled, track = len(state.track) + len(matter), state.edition.track
    if len(state.track) < track.acceleration <= filled:
        out += "; the track reaches the acceleration space: Matter may now move two spaces"
    if len(state.track) < track.spaces <= filled and not state.final_turn:
        out += f"; a token reaches the final space: this is {_who(state, by)}'s final turn"
    return out


def _final(e: FinalPlayed, state: State, seat: int | None) -> str:
    """A Final card played on the final turn, lifting a marker of that planet."""
    data, who, p = cards_of(state.edition).get(e.card), _who(state, e.by), PLANETS.find(e.planet)
    if data is None or p < 0:
        return f"{who} plays the Final card {e.card} to planet {e.planet}."
    return (f"{who} plays the Final card {card_words(state, e.card)} to planet {e.planet} and removes {who}'s "
            f"marker from {_earliest(state, e.by, p)} there{_paid(data.matter, e.planet)}"
            f"{_after(state, e.by, data.matter, p, data.side, data.points)}.")


def _downgraded(e: Downgraded, state: State, seat: int | None) -> str:
    """A card with the Downgrade icon discarded for a Low card."""
    return (f"{_who(state, e.by)} downgrades {card_words(state, e.card)}: discards it and draws a Low card "
            "instead of playing a card this turn.")


# --- drawing ---------------------------------------------------------------------------------


def _chosen(e: DrawChosen, state: State, seat: int | None) -> str:
    """The deck chosen after a card."""
    what = {"low": "a Low card", "high": "a High card", "final": "two Final cards, to keep one"}.get(e.deck, e.deck)
    if e.deck == "high" and not left(state, "high"):
        what += " (the High discard pile is reshuffled as the deck)"
    return f"{_who(state, e.by)} chooses to draw {what}."


def _drawn(e: Drawn, state: State, seat: int | None) -> str:
    """The card(s) drawn, named to the drawer and the scorekeeper only."""
    sees = seat is None or seat == state.turn
    many = len(e.cards) > 1
    named = cards_words(state, e.cards) if sees else ("two cards" if many else "a card")
    deck = DECKS.get(state.drawing, "")
    short = state.drawing == "final" and left(state, "final") < len(e.cards)
    again = " (its discard pile reshuffled)" if short else ""
    return f"{_who(state, state.turn)} draws {secret(named)} from the {deck} deck{again}{_turn_over(e, state)}."


def _turn_over(e: Drawn, state: State) -> str:
    """"; Ann's turn ends" after a single card (two Finals wait for the keep)."""
    return "" if len(e.cards) > 1 else f"; {_who(state, state.turn)}'s turn ends"


def _kept(e: Kept, state: State, seat: int | None) -> str:
    """The Final kept (named to its keeper) and the other one, face up on the discard pile."""
    sees = seat is None or seat == e.by
    other = list(state.pending)
    if e.card in other:
        other.remove(e.card)
    elif UNKNOWN in other:
        other.remove(UNKNOWN)
    gone = e.discard or (other[0] if other else "")
    kept = card_words(state, e.card) if sees and e.card != UNKNOWN else "one"
    who = _who(state, e.by)
    return (f"{who} keeps {secret(kept)} and puts {card_words(state, gone)} face up on the Final discard pile; "
            f"{who}'s turn ends.")


def _ended(e: Ended, state: State, seat: int | None) -> str:
    """The end of a turn: without a card, or the final turn; and the game's end after the last final turn."""
    who = _who(state, e.by)
    if not state.final_turn:
        said = f"{who} ends the turn without playing a card"
    else:
        n = state.finals_played
        finals = f", having played {n} Final card{'s' * (n != 1)}" if n else ", playing no Final card"
        said = f"{who} ends the final turn" + (finals if state.phase == "final" else " without playing a card")
    nxt = (e.by + 1) % len(state.players)
    if state.final_turn and nxt == state.trigger:
        said += "; every player has taken a final turn: the game is over"
    return said + "."


# --- solo dice and disclosures ---------------------------------------------------------------


def _rolled(e: Rolled, state: State, seat: int | None) -> str:
    """The Virtual Player's dice and the planets they move (Solo Variant)."""
    total = sum(e.dice)
    said = f"The Virtual Player's dice show {e.dice[0]} and {e.dice[1]}, {total} in all"
    if total > 7:
        return said + ": no planet moves."
    cells, collected = dice_moves(state, total)
    moved = [f"{x} from {_at(state, state.cells, x)} to {_at(state, cells, x)}" for x in PLANETS
             if x in cells and _at(state, state.cells, x) != _at(state, cells, x)]
    said += f": the planets on orbit {total} or lower move"
    said += f" ({listed(moved)})" if moved else ", but none can"
    if collected:
        said += (f"; {collected} Matter token{'s' * (collected > 1)} collected go{'es' * (collected == 1)} face down "
                 f"onto the track and the target falls to {state.target - 2 * collected}")
    return said + "."


def _at(state: State, cells: tuple[str, ...], letter: str) -> str:
    """The space a planet stands on in `cells`."""
    return state.board.names[cells.index(letter)] if letter in cells else "nowhere"


def _shown(e: HandShown, state: State, seat: int | None) -> str:
    """A hand shown to the record's keeper."""
    return f"{_who(state, e.seat)}'s hand is shown: {cards_words(state, e.cards)}."


_SAY: dict[type[Event], Callable[[Any, State, int | None], str]] = {  # each takes the event type it is keyed by
    MatterPlaced: _matter, Dealt: _dealt, Discarded: _discarded, FirstPlayer: _first, Moved: _moved, Played: _played,
    FinalPlayed: _final, Downgraded: _downgraded, DrawChosen: _chosen, Drawn: _drawn, Kept: _kept, Ended: _ended,
    Rolled: _rolled, HandShown: _shown,
}


def legend() -> tuple[tuple[str, str], ...]:
    """The notation explained, a pair per kind of line."""
    return (
        ("matter 1:GMGRWW 2:… … 7:…",
         "The Matter tokens placed on the white dots, an orbit a word: G gas, R rock, W water, M metal, clockwise "
         "from the orbit's space 1."),
        ("deal Ann L1 L2 H1 H2 F1 F2", "Ann's opening cards: 2 Low, 2 High and 2 Final (? for a card not seen)."),
        ("discard F2", "The player to discard puts one of the two Final cards dealt face up on the discard pile."),
        ("first Ben", "Ben is drawn to start among the players tied for the highest Final discarded."),
        ("3.5-3.6", "The player moves the token on space 3.5 (orbit 3, space 5) to 3.6."),
        ("B-3.9", "Planet B moves, or sweeps along its orbit, to space 3.9."),
        ("3.5-3.6-3.7", "Once the track is accelerated, a Matter token moves two spaces, through 3.6."),
        ("play H18 B", "The player plays Magnetic Field to planet B, paying its Matter from under B on the mat."),
        ("play L9 A marker C", "Out of markers: the player moves one from a card of planet C (or 'marker -': none)."),
        ("play L2 A gravity 7.20 D", "A card with the Gravity icon also takes the Matter on 7.20 onto planet D "
                                     "of the mat."),
        ("final F1 B", "On the final turn, the player plays a Final card to planet B, lifting a marker there."),
        ("downgrade H1", "The player discards a card with the Downgrade icon and draws a Low card instead."),
        ("draw low", "After a card, the player draws from the Low deck ('draw high', 'draw final' for two Finals)."),
        ("drawn L9", "The card drawn (two for a Final draw; ? for a card not seen)."),
        ("keep F5", "Of the two Finals drawn, the player keeps F5; the other goes face up on the discard pile."),
        ("end", "The player ends the turn without a card, or ends the final turn."),
        ("roll 3 4", "Solo: the two dice the Virtual Player rolls, which move the planets."),
    )
