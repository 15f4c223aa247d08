"""Planetarium on a phone: the turn and the Evolution track, the decks, the Finals drawn, each planet with the cards
along its edge, each orbit (orbit 7 an arm at a time) a row of spaces, and each player's mat and hand; and what each
move is about, in the order a player taps it.

Spot ids: `space:3.5` a board space, `planet:A` a planet (its card row), `card:A:N` the Nth card along planet A's
edge, `deck:low` `deck:high` `deck:final` the decks, `pile:final` `pile:high` the discard piles, `drawn:F5` a Final
drawn to keep, `seat:N` a player, `mat:N:A` a player's mat under planet A, `hand:N:L3` a card in hand, `turn:end`.
Off the board: `choice:` no marker, no Gravity token, downgrade, a die's face, a card drawn.
Drawn from a view's data only; the state gives only what every seat sees alike (the board, the edition, the names).
"""

from __future__ import annotations

from typing import Any

import msgspec

from planets_log.game import Event, Layout, Spot, Zone

from .edition import PLANETS
from .events import (
    Discarded,
    Downgraded,
    DrawChosen,
    Drawn,
    Ended,
    FinalPlayed,
    FirstPlayer,
    Kept,
    Moved,
    Played,
    Rolled,
)
from .state import State, cards_of
from .words import DECKS, KINDS, card_words, listed, matter_words

HIDDEN = "?"
END = Spot("turn:end", "End turn", "end the turn")


def _get(data: Any, key: str, default: Any = None) -> Any:
    """`data[key]` where `data` is a dict holding it, else `default` (a spectator's view may say "?")."""
    return data.get(key, default) if isinstance(data, dict) else default


def _int(value: Any) -> int | None:
    """A whole number, or None for "?" and anything else."""
    return value if type(value) is int else None


def _list(value: Any) -> list[Any] | None:
    """A list, or None for a count, "?" and anything else."""
    return value if isinstance(value, list) else None


def _count(value: Any) -> str:
    """A pile's or a hand's size: a list's length, a number, or "?"."""
    return str(len(value)) if isinstance(value, list) else str(value) if type(value) is int else HIDDEN


def _name(state: State, seat: int) -> str:
    """A seat's name."""
    return state.players[seat] if 0 <= seat < len(state.players) else f"Player {seat + 1}"


def card_label(state: State, cid: str) -> str:
    """A card as short as its corner: its id and points ("H18 11"); an unseen one by its deck ("?L")."""
    data = cards_of(state.edition).get(cid)
    return cid if data is None else f"{cid} {data.points}"


def needs(state: State, cid: str) -> str:
    """A card's requirements in words: "needs 1 rock, a Hostile planet in orbits 3 to 7"."""
    data = cards_of(state.edition).get(cid)
    if data is None:
        return ""
    kind = " ".join(x for x in (data.climate.capitalize(), data.system.capitalize()) if x)
    where = f" in orbits {data.orbits[0]} to {data.orbits[1]}" if tuple(data.orbits) != (1, 7) else ""
    parts = [matter_words(data.matter)] if data.matter else []
    if kind or where:
        parts.append(f"a {kind} planet{where}".replace("  ", " "))
    if data.marker or data.deck == "final":
        parts.append("a marker of yours on that planet to remove")
    icons = [icon for icon, on in (("Gravity", data.gravity), ("Downgrade", data.downgrade)) if on]
    return (f"needs {listed(parts)}" if parts else "needs nothing") + (f"; {' and '.join(icons)} icon" if icons else "")


# --- the layout ---------------------------------------------------------------------------------


def layout(data: Any, state: State) -> Layout:
    """The position for a phone, drawn from a view's `data` only (a seat's, the scorekeeper's or the spectators')."""
    data = msgspec.json.decode(msgspec.json.encode(data))  # as JSON gives it: tuples become lists
    zones = [_turn(data, state), _decks(data, state)]
    pending = _get(data, "pending")
    if pending:
        zones.append(_pending(state, pending))
    zones += [_planet(data, state, p) for p in range(len(PLANETS))]
    zones += _orbits(data, state)
    seats = _list(_get(data, "seats")) or []
    for i, seat in enumerate(seats):
        zones += [_seat(data, state, i, seat), _hand(state, i, _get(seat, "hand"))]
    return Layout(tuple(zones))


def _turn(data: Any, state: State) -> Zone:
    """Whose turn and what is due; the Evolution track in the note."""
    phase, turn = _get(data, "phase"), _int(_get(data, "turn"))
    who = _name(state, turn) if turn is not None else HIDDEN
    final = " (final turn)" if _get(data, "final_turn") is True else ""
    due = {"matter": "the Matter is to be placed", "deal": "the cards are to be dealt", "discard": f"{who} to discard",
           "first": "the first player is to be drawn", "move": f"{who} to move a token{final}",
           "card": f"{who} may play a card{final}", "draw": f"{who} to choose a deck", "drawn": f"{who} draws",
           "keep": f"{who} keeps one Final", "final": f"{who} may play Final cards",
           "roll": "the dice are to be rolled",
           "over": f"game over: {_get(data, 'end_reason', '')}"}
    title = due.get(phase, HIDDEN) if isinstance(phase, str) else HIDDEN
    spots = (END,) if phase in ("card", "final") else ()
    return Zone("turn", title[:1].upper() + title[1:], spots, _track(data, state))


def _track(data: Any, state: State) -> str:
    """The Evolution track: spaces filled, acceleration, the final space; the solo target and last dice."""
    track, spaces = _list(_get(data, "track")), state.edition.track.spaces
    filled = min(len(track), spaces) if track is not None else None
    note = f"Evolution track: {HIDDEN if filled is None else filled} of {spaces} spaces filled"
    if track is not None and len(track) >= state.edition.track.acceleration:
        note += ", accelerated"
    if state.solo:
        dice = _list(_get(data, "dice"))
        note += f"; target {_get(data, 'target')}" + (f"; last dice {dice[0]} and {dice[1]}" if dice else "")
    return note


def _decks(data: Any, state: State) -> Zone:
    """The three decks and the two discard piles."""
    finals = _list(_get(data, "final_discard"))
    shown = listed([card_words(state, c) for c in finals]) if finals else "empty"
    unseen = _list(_get(data, "unknown")) or [0, 0, 0]
    sizes = [_deck_size(_get(data, d), unseen[n] if n < len(unseen) else 0) for n, d in enumerate(DECKS)]
    spots = [Spot(f"deck:{d}", f"{DECKS[d]} {size}", f"the {DECKS[d]} deck: {size} cards face down")
             for d, size in zip(DECKS, sizes)]
    spots.append(Spot("pile:final", f"F disc {_count(finals)}", f"the Final discard pile, face up: {shown}"))
    highs = _get(data, "high_discard")
    spots.append(Spot("pile:high", f"H disc {_count(highs)}", f"the High discard pile: {_count(highs)} cards"))
    return Zone("decks", "The decks and discard piles", tuple(spots))


def _deck_size(deck: Any, unseen: Any) -> str:
    """A deck's size; a listed deck (the scorekeeper's) without the cards drawn unseen in a kept record."""
    if isinstance(deck, list) and type(unseen) is int:
        return str(len(deck) - unseen)
    return _count(deck)


def _pending(state: State, pending: Any) -> Zone:
    """The two Finals drawn, one to keep: named to the drawer, counted to the others."""
    cards = _list(pending)
    if cards is None:
        return Zone("drawn", "Final cards drawn, one to keep", (), f"{_count(pending)} cards face down")
    spots = tuple(Spot(f"drawn:{c}", card_label(state, c), f"{card_words(state, c)}; {needs(state, c)}")
                  for c in dict.fromkeys(cards))
    return Zone("drawn", "Final cards drawn, one to keep", spots)


def _planet(data: Any, state: State, p: int) -> Zone:
    """A planet: where it stands, its system and side, and the cards along its edge."""
    letter = PLANETS[p]
    cells = _get(data, "cells")
    where = next((k for k, v in cells.items() if v == letter), HIDDEN) if isinstance(cells, dict) else HIDDEN
    system = "gaseous" if state.board.gaseous[p] else "terrestrial"
    flags = _list(_get(data, "habitable"))
    side = ("Habitable" if flags[p] else "Hostile") if flags and len(flags) == 4 else HIDDEN
    head = Spot(f"planet:{letter}", f"Planet {letter}", f"planet {letter}: {system}, {side}, on space {where}")
    rows = _list(_get(data, "rows"))
    row = _list(rows[p]) if rows and len(rows) == 4 else None
    spots = [head] + [_placed(state, letter, k, x) for k, x in enumerate(row or []) if isinstance(x, dict)]
    return Zone(f"planet-{letter}", f"Planet {letter} ({system}, {side}) on {where}", tuple(spots),
                _balance(state, row or []))


def _placed(state: State, letter: str, k: int, placed: dict[str, Any]) -> Spot:
    """A card along a planet's edge, with its player's marker or not."""
    cid, by = str(placed.get("card")), _int(placed.get("by"))
    marker = placed.get("marker") is True
    whose = _name(state, by) if by is not None else HIDDEN
    on = f", {whose}'s marker on it" if marker else ""
    return Spot(f"card:{letter}:{k + 1}", card_label(state, cid) + (" ●" if marker else ""),
                f"{card_words(state, cid)}, played by {whose}{on}")


def _balance(state: State, row: list[Any]) -> str:
    """The Habitable and Hostile points on a planet."""
    cards = cards_of(state.edition)
    sums = {"habitable": 0, "hostile": 0}
    for x in row:
        data = cards.get(str(_get(x, "card")))
        if data is not None:
            sums[data.side] += data.points
    return f"Habitable {sums['habitable']} points, Hostile {sums['hostile']} points"


def _orbits(data: Any, state: State) -> list[Zone]:
    """Orbits 1 to 6 a row each, then orbit 7 an arm at a time."""
    board, cells = state.board, _get(data, "cells")
    zones = []
    for k in range(1, 8):
        spaces = board.on_orbit(k)
        arms = [spaces] if k < 7 else [spaces[a:a + state.edition.board.arm]
                                       for a in range(0, len(spaces), state.edition.board.arm)]
        for n, arm in enumerate(arms, 1):
            spots = tuple(_space(state, i, cells) for i in arm)
            held = sum(1 for i in arm if isinstance(cells, dict) and cells.get(board.names[i]) in KINDS)
            title = f"Orbit {k}" if k < 7 else f"Orbit 7, arm {n} ({board.names[arm[0]]} to {board.names[arm[-1]]})"
            zid = f"orbit-{k}" if k < 7 else f"orbit-7-{n}"
            zones.append(Zone(zid, title, spots, f"{held} Matter token{'s' * (held != 1)}"))
    return zones


def _space(state: State, i: int, cells: Any) -> Spot:
    """A board space: its token (a Matter letter or a planet), and where its thin lines lead."""
    board = state.board
    name = board.names[i]
    token = cells.get(name, "") if isinstance(cells, dict) else HIDDEN
    token = token if isinstance(token, str) else HIDDEN
    lines = [board.names[j] for j in board.lines[i]]
    goes = f"; a thin line leads to {listed(lines)}" if lines else ""
    if token in KINDS:
        return Spot(f"space:{name}", f"{name} {token}", f"space {name}: a {KINDS[token]} token{goes}")
    if token in PLANETS and token:
        return Spot(f"space:{name}", f"{name} {token}", f"space {name}: planet {token}{goes}")
    label = f"{name} ?" if token == HIDDEN else name
    return Spot(f"space:{name}", label, f"space {name}: {'not known' if token == HIDDEN else 'empty'}{goes}")


def _seat(data: Any, state: State, i: int, seat: Any) -> Zone:
    """A player's mat: the Matter under each planet; points and markers in the title and note."""
    name = _name(state, i)
    mat = _list(_get(seat, "mat"))
    spots = [Spot(f"seat:{i}", name[:10], f"{name}'s player mat")]
    for p, letter in enumerate(PLANETS):
        held = mat[p] if mat and len(mat) == 4 and isinstance(mat[p], str) else HIDDEN
        spots.append(_mat(i, letter, held))
    turn = " (to move)" if _get(data, "turn") == i and _get(data, "phase") != "over" else ""
    note = f"{_count(_get(seat, 'markers'))} markers in supply"
    return Zone(f"seat-{i}", f"{name}: {_count(_get(seat, 'points'))} points{turn}", tuple(spots), note)


def _mat(seat: int, letter: str, held: str) -> Spot:
    """The Matter on a player's mat under one planet."""
    label = f"{letter} {held or '-'}" if len(held) <= 8 else f"{letter} {len(held)} tok"
    what = "not known" if held == HIDDEN else matter_words(held)
    return Spot(f"mat:{seat}:{letter}", label, f"under planet {letter}: {what}")


def _hand(state: State, i: int, hand: Any) -> Zone:
    """A player's hand: a spot per card, or only its size where the view hides it."""
    title = f"{_name(state, i)}'s hand"
    cards = _list(hand)
    if cards is None:
        return Zone(f"hand-{i}", title, (), f"{_count(hand)} cards, face down")
    codes = [str(c) for c in cards]
    spots = tuple(_in_hand(state, i, c, codes.count(c)) for c in dict.fromkeys(codes))
    return Zone(f"hand-{i}", title, spots, f"{len(codes)} card{'s' * (len(codes) != 1)}")


def _in_hand(state: State, seat: int, cid: str, copies: int) -> Spot:
    """A card in hand (an unseen one, `?L`, by its deck, as often as it is held)."""
    if cid.startswith(HIDDEN):
        deck = {"?L": "Low", "?H": "High", "?F": "Final"}.get(cid, "")
        return Spot(f"hand:{seat}:{cid}", cid + (f" x{copies}" if copies > 1 else ""),
                    f"{copies} {deck} card{'s' * (copies != 1)} the record's keeper did not see")
    return Spot(f"hand:{seat}:{cid}", card_label(state, cid), f"{card_words(state, cid)}; {needs(state, cid)}")


# --- what a move is about -----------------------------------------------------------------------------


def parts(event: Event, state: State) -> tuple[Spot, ...]:
    """What a legal action or a listed outcome is about, in tapping order."""
    if isinstance(event, Moved):
        return _moved(event, state)
    if isinstance(event, Played):
        return _played(event, state)
    if isinstance(event, FinalPlayed):
        return _hand_part(state, event.by, event.card), _planet_part(event.planet)
    if isinstance(event, Downgraded):
        return _hand_part(state, event.by, event.card), Spot("choice:downgrade", "downgrade",
                                                             "discard it and draw a Low card")
    if isinstance(event, Discarded):
        return (_hand_part(state, event.by, event.card),)
    if isinstance(event, DrawChosen):
        return (Spot(f"deck:{event.deck}", DECKS.get(event.deck, event.deck), f"the {event.deck} deck"),)
    if isinstance(event, Kept):
        return (Spot(f"drawn:{event.card}", card_label(state, event.card), card_words(state, event.card)),)
    if isinstance(event, Ended):
        return (END,)
    return _outcome(event, state)


def _moved(e: Moved, state: State) -> tuple[Spot, ...]:
    """A planet's move: the planet, then where it ends; a Matter token's: its space, the middle one, the last."""
    i = state.board.index.get(e.frm, -1)
    token = state.cells[i] if i >= 0 else ""
    if token in PLANETS and token:
        return _planet_part(token), _space_part(state, e.to)
    return tuple(_space_part(state, s) for s in (e.frm, e.via, e.to) if s)


def _space_part(state: State, name: str) -> Spot:
    """A board space as a part."""
    return Spot(f"space:{name}", name, f"space {name}")


def _planet_part(letter: str) -> Spot:
    """A planet (its row of cards) as a part."""
    return Spot(f"planet:{letter}", f"Planet {letter}", f"planet {letter}")


def _hand_part(state: State, seat: int, cid: str) -> Spot:
    """A card in the player's hand as a part."""
    return Spot(f"hand:{seat}:{cid}", card_label(state, cid), card_words(state, cid))


def _played(e: Played, state: State) -> tuple[Spot, ...]:
    """The card, the planet; then the marker's card (or none), the Gravity token and the mat it goes to."""
    out = [_hand_part(state, e.by, e.card), _planet_part(e.planet)]
    if e.marker == "-":
        out.append(Spot("choice:no-marker", "no marker", "play it without a marker (none left)"))
    elif e.marker:
        out.append(_marker_part(state, e.by, e.marker))
    data = cards_of(state.edition).get(e.card)
    if e.gravity:
        out += [_space_part(state, e.gravity), Spot(f"mat:{e.by}:{e.onto}", f"{e.onto} mat",
                                                    f"onto the mat under planet {e.onto}")]
    elif data is not None and data.gravity:
        out.append(Spot("choice:no-gravity", "no token", "take no Matter token by the Gravity icon"))
    return tuple(out)


def _marker_part(state: State, seat: int, letter: str) -> Spot:
    """The card of planet `letter` holding the player's earliest marker there: the one moved (FAQ)."""
    row = state.rows[PLANETS.index(letter)]
    k = next((k for k, x in enumerate(row) if x.by == seat and x.marker), 0)
    cid = row[k].card if row else ""
    return Spot(f"card:{letter}:{k + 1}", card_label(state, cid) + " ●", f"the marker on {card_words(state, cid)}")


def _outcome(event: Event, state: State) -> tuple[Spot, ...]:
    """A chance outcome: the player drawn to start, the cards drawn, the dice; the rest is typed or drawn."""
    if isinstance(event, FirstPlayer):
        return (Spot(f"seat:{event.seat}", _name(state, event.seat)[:10], f"{_name(state, event.seat)} starts"),)
    if isinstance(event, Drawn):
        return tuple(Spot(f"choice:card:{c}", card_label(state, c), f"{card_words(state, c)} drawn")
                     for c in event.cards)
    if isinstance(event, Rolled):
        return tuple(Spot(f"choice:die{n}:{d}", f"die {n}: {d}", f"die {n} shows {d}")
                     for n, d in enumerate(event.dice, 1))
    tag = str(event.__struct_config__.tag)
    return (Spot(f"choice:{tag}", tag, f"the {tag} outcome, typed or drawn"),)
