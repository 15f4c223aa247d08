"""Four Planets on a phone: the table, the colour bonus, the boost tiles, a planet a row, each seat's area, hand and
buildings; and what each move is about, in the order a player taps it.

Drawn from a view's data only (the scorekeeper's, a seat's or the spectators' meet, where a leaf may be "?"): the
state gives only the names, which every seat knows, and the edition's buildings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planets_log.game import Event, Layout, Spot, Zone

from . import events as E
from . import pro_events as P
from .buildings import entry, known, owned_with
from .cards import COLOURS
from .phrases import TILE_TEXT, TILES, card_words, colour_words, listed, plural, seen_words, ship_words
from .state import State

HIDDEN = "?"
PHASES = {"setup-bonus": "the colour bonus is laid out", "setup-deal": "the planets are dealt",
          "setup-boosts": "the boost tiles are laid out", "setup-start": "the start tile is placed",
          "dispatch": "dispatching spaceships", "recruit": "recruiting specialists", "play": "playing specialists",
          "deal": "the planets are dealt again", "over": "the game is over"}
STEPS = {"draw": "draws a card for the green ability", "place": "places the drawn card face down",
         "take": "takes a boost tile", "search": "searches the discard pile", "reveal": "draws 5 cards to look at",
         "keep": "keeps one of the cards drawn", "discount": "attaches the Discount to a column",
         "mark": "places the Private bonus on a colour bonus card", "copy": "chooses a tile to copy"}
START = Spot("start", "start tile", "the start tile")
DECK, DISCARD = "pile:deck", "pile:discard"


def _get(data: Any, key: str, default: Any = None) -> Any:
    """`data[key]` where `data` is a dict holding it, else `default` (a spectator's view may lack it or say "?")."""
    return data.get(key, default) if isinstance(data, dict) else default


def _list(value: Any) -> list[Any]:
    """A list (a view's tuple or the spectators' JSON list), [] for "?", a count or nothing."""
    return list(value) if isinstance(value, (list, tuple)) else []


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


def _count(value: Any) -> int | None:
    """How many cards a pile holds: a list's length or a count; None where unknown."""
    return len(value) if isinstance(value, (list, tuple)) else _int(value)


def _code(value: Any) -> str:
    return value if isinstance(value, str) else HIDDEN


def _name(state: State, seat: int) -> str:
    return state.players[seat] if 0 <= seat < len(state.players) else f"Player {seat + 1}"


def _whose(state: State, seat: Any) -> str:
    """'Ann's', or 'someone's' where the seat is not known."""
    i = _int(seat)
    return f"{_name(state, i)}'s" if i is not None else "someone's"


def _short(text: str) -> str:
    """A label at most 10 characters long."""
    return text if len(text) <= 10 else text[:9].rstrip(" -") + "."


# --- the layout ---------------------------------------------------------------------------------------


def layout(data: Any, state: State) -> Layout:
    """The table, the colour bonus, the boost tiles, the four planets, then each seat's area, hand and buildings."""
    rows = [_table(data, state), _bonus(data, state), _tiles(data)]
    rows += [_planet(data, state, n) for n in range(1, 5)]
    pending = _pending(data, state)
    rows += [pending] if pending is not None else []
    for i, seat in enumerate(_list(_get(data, "seats"))):
        rows += [_seat(seat, i, state), _hand(seat, i, state)]
        rows += _buildings(data, state, i)
    return Layout(tuple(rows))


def _table(data: Any, state: State) -> Zone:
    deck, discard = _count(_get(data, "deck")), _count(_get(data, "discard"))
    total = _int(_get(data, "coins_total"))
    held = [_int(_get(s, "coins")) for s in _list(_get(data, "seats"))]
    coins = total - sum(h for h in held if h is not None) if total is not None and None not in held else None
    shown = ["?" if n is None else str(n) for n in (deck, discard, coins)]
    spots = (_start(data, state), Spot(DECK, f"deck {shown[0]}", f"the face-down deck: {shown[0]} cards"),
             Spot(DISCARD, f"discard {shown[1]}", f"the discard pile: {shown[1]} cards face down"),
             Spot("pile:coins", f"coins {shown[2]}", f"the general supply: {shown[2]} coins"))
    round_, phase = _int(_get(data, "round")), _get(data, "phase")
    note = f"Round {round_ if round_ is not None else '?'} of 5 · {PHASES.get(str(phase), str(phase))}"
    return Zone("table", "The table", spots, note)


def _start(data: Any, state: State) -> Spot:
    ship = _int(_get(data, "spaceship"))
    if ship is None or _get(data, "phase") in ("setup-bonus", "setup-deal", "setup-boosts", "setup-start"):
        return START
    return Spot(START.id, START.label, f"the start tile: {_name(state, ship)} faces the spaceship symbol, "
                f"{_name(state, 1 - ship)} the card symbol")


def _bonus(data: Any, state: State) -> Zone:
    bonus = _list(_get(data, "bonus"))
    marks: dict[int, list[str]] = {}
    for i, seat in enumerate(_list(_get(data, "seats"))):
        moves = _int(_get(seat, "moves"))
        if moves is not None:
            marks.setdefault(1 + moves if i == 0 else len(bonus) - moves, []).append(f"{_name(state, i)}'s marker")
    spots = []
    for p, code in enumerate(bonus, 1):
        on = f", {listed(marks[p])} on it" if p in marks else ""
        said = seen_words(_code(code)) if _code(code) != HIDDEN else "a card not known"
        spots.append(Spot(f"bonus:{p}", _code(code), f"colour bonus card {p}: {said}{on}"))
    return Zone("bonus", "The colour bonus", tuple(spots), "card 1 is nearest the first player")


def _tiles(data: Any) -> Zone:
    tiles = [t for t in _list(_get(data, "tiles")) if isinstance(t, str)]
    spots = tuple(Spot(f"tile:{t}", _short(t), f"the {TILES.get(t, t)} boost tile: {TILE_TEXT.get(t, t)}")
                  for t in tiles)
    return Zone("tiles", "Boost tiles face up", spots, "" if spots else "none left")


def _planet(data: Any, state: State, n: int) -> Zone:
    planets = _list(_get(data, "planets"))
    planet = planets[n - 1] if len(planets) >= n else None
    cards = _list(_get(planet, "cards"))
    ships = [s for s in _list(_get(planet, "ships")) if isinstance(s, dict)]
    said = [f"{_whose(state, s.get('seat'))} {ship_words(_int(s.get('parts')) or 0)[2:]}" for s in ships]
    here = _get(data, "phase") == "recruit" and _int(_get(data, "cursor")) == n - 1
    spots = [Spot(f"planet:{n}", f"Planet {n}", f"planet {n}" + (", recruiting here now" if here else ""))]
    spots += [Spot(f"pcard:{n}-{i}", _code(c), card_words(_code(c))) for i, c in enumerate(cards)]
    title = f"Planet {n}" + (" · recruiting" if here else "")
    return Zone(f"planet-{n}", title, tuple(spots), "ships: " + listed(said) if said else "no spaceships")


def _pending(data: Any, state: State) -> Zone | None:
    pending, turn = _get(data, "pending"), _int(_get(data, "turn"))
    if not isinstance(pending, dict) or turn is None:
        return None
    step = str(pending.get("step"))
    cards = _list(pending.get("cards"))
    prefix = "look" if step == "keep" else "drawn"
    spots = tuple(Spot(f"{prefix}:{j}", _code(c), seen_words(_code(c))) for j, c in enumerate(cards))
    return Zone("pending", f"{_name(state, turn)} {STEPS.get(step, step)}", spots)


def _seat(seat: Any, i: int, state: State) -> Zone:
    name = _name(state, i)
    spots = [Spot(f"seat:{i}", _short(name), f"{name}'s side of the table")]
    ups, downs = _list(_get(seat, "up")), _list(_get(seat, "down"))
    for c, letter in enumerate(COLOURS):
        up = [_code(x) for x in _list(ups[c])] if len(ups) > c else []
        down = [_code(x) for x in _list(downs[c])] if len(downs) > c else []
        size = len(up) + len(down)
        said = [card_words(x) for x in up] + [_down(x) for x in down]
        spots.append(Spot(f"col:{i}-{letter}", f"{letter} {size}", f"{name}'s {colour_words(letter)} column: "
                          f"{listed(said) if said else 'empty'}"))
    for tile in _list(_get(seat, "tiles")):
        spots.append(_own(tile, i))
    return Zone(f"seat-{i}", f"{name}'s side", tuple(spots), _facts(seat))


def _down(code: str) -> str:
    """A face-down card in a column: named (and said to lie face down) where this reader may see it."""
    said = seen_words(code) if code != HIDDEN else "a face-down card"
    return said if said.startswith("a face-down") else f"{said} face down"


def _own(tile: Any, i: int) -> Spot:
    tid = str(_get(tile, "id", HIDDEN))
    on = [f"copying the {TILES.get(str(_get(tile, 'copies')), '')} tile" if _get(tile, "copies") else "",
          f"on the {colour_words(str(_get(tile, 'colour')))} column" if _get(tile, "colour") else "",
          f"on colour bonus card {_get(tile, 'position')}" if _get(tile, "position") else ""]
    extra = ", ".join(o for o in on if o)
    return Spot(f"own:{i}-{tid}", _short(tid), f"the {TILES.get(tid, tid)} tile" + (f", {extra}" if extra else ""))


def _facts(seat: Any) -> str:
    parts, left = _int(_get(seat, "parts")), _int(_get(seat, "left"))
    coins, used, moves = _int(_get(seat, "coins")), _int(_get(seat, "coins_used")), _int(_get(seat, "moves"))
    facts = [f"{parts if parts is not None else '?'} spaceship parts ({left if left is not None else '?'} to "
             "dispatch)", f"{coins if coins is not None else '?'} coins ({used if used is not None else '?'} used)",
             f"marker moved {moves if moves is not None else '?'} of 3 times"]
    return " · ".join(facts)


def _hand(seat: Any, i: int, state: State) -> Zone:
    hand = _list(_get(seat, "hand"))
    spots = tuple(Spot(f"hand:{i}-{j}", _code(c), seen_words(_code(c)) if _code(c) != HIDDEN else "a card")
                  for j, c in enumerate(hand))
    held = _count(_get(seat, "hand"))
    return Zone(f"hand-{i}", f"{_name(state, i)}'s hand", spots,
                plural(held, "card") if held is not None else "not known")


def _buildings(data: Any, state: State, i: int) -> list[Zone]:
    side = _list(_get(_get(data, "pro"), "seats"))
    if state.pro is None or len(side) <= i:
        return []
    owned = [_code(b) for b in _list(_get(side[i], "buildings"))]
    dealt = [_code(b) for b in _list(_get(side[i], "dealt"))]
    used = [b for b in _list(_get(_get(data, "pro"), "turned_over")) if isinstance(b, str)]
    stored = [t for t in _list(_get(side[i], "stored")) if isinstance(t, str)]
    spots = [_building(state, b, i, k, b in owned and bool(dealt), b in used) for k, b in enumerate(dealt or owned)]
    note = f"stored: {listed([TILES.get(t, t) for t in stored])}" if stored else ""
    return [Zone(f"buildings-{i}", f"{_name(state, i)}'s buildings", tuple(spots), note)]


def _building(state: State, b: str, i: int, k: int, kept: bool, over: bool) -> Spot:
    if state.pro is None or not known(state.pro, b):
        return Spot(f"building:{i}-{k}", "?", "a building not known")
    found = entry(state.pro, b)
    marks = [m for m, on in (("kept", kept), ("turned over", over)) if on]
    said = f"the {found.name}" + (f" ({', '.join(marks)})" if marks else "") + (f": {found.text}" if found.text else "")
    return Spot(f"building:{b}", _short(found.name), said)


# --- what a move is about -----------------------------------------------------------------------------


def _choice(name: str, label: str, words: str = "") -> Spot:
    return Spot(f"choice:{name}", label, words or label)


def _hand_at(state: State, by: int, code: str, skip: int = 0) -> Spot:
    """The `skip`-th copy of `code` in the seat's hand (identical cards are told apart by their place)."""
    hand = state.seats[by].hand
    places = [j for j, c in enumerate(hand) if c == code]
    j = places[skip] if skip < len(places) else len(hand) + skip
    return Spot(f"hand:{by}-{j}", code, card_words(code))


def _played(e: E.Played, state: State) -> tuple[Spot, ...]:
    out = [_hand_at(state, e.by, e.card)]
    for n, code in enumerate(e.discards):
        copy = e.discards[:n].count(code)
        out.append(Spot(f"pay:{code}" + (f"#{copy + 1}" if copy else ""), _short(f"-{code}"),
                        f"discard {card_words(code)}"))
    if e.coins:
        out.append(_choice(f"coins-{e.coins}", plural(e.coins, "coin"), f"use {plural(e.coins, 'coin')}"))
    return tuple(out)


def _dispatched(e: E.Dispatched, state: State) -> tuple[Spot, ...]:
    size = _choice(f"parts-{e.parts}", "simple" if e.parts == 1 else f"{e.parts} parts", ship_words(e.parts))
    return Spot(f"planet:{e.planet}", f"Planet {e.planet}", f"planet {e.planet}"), size


def _recruited(e: E.Recruited, state: State) -> tuple[Spot, ...]:
    cards = state.planets[e.planet - 1].cards if 1 <= e.planet <= len(state.planets) else ()
    i = cards.index(e.card) if e.card in cards else len(cards)
    return (Spot(f"pcard:{e.planet}-{i}", e.card, card_words(e.card)),)


def _done(e: E.Done, state: State) -> tuple[Spot, ...]:
    done = _choice("done", "done", "end the play turn")
    if e.keep is None:
        return Spot(f"seat:{e.by}", _short(_name(state, e.by)), f"{_name(state, e.by)}'s side"), done
    return _hand_at(state, e.by, e.keep), done


def _column(by: int, colour: str) -> Spot:
    return Spot(f"col:{by}-{colour}", f"{colour}", f"the {colour_words(colour)} column")


def _kept(e: E.Kept, state: State) -> tuple[Spot, ...]:
    cards = state.pending.cards if state.pending is not None else ()
    j = cards.index(e.card) if e.card in cards else len(cards)
    return (Spot(f"look:{j}", e.card, card_words(e.card)),)


def _building_spot(state: State, building: str) -> Spot:
    name = entry(state.pro, building).name if state.pro is not None and known(state.pro, building) else building
    return Spot(f"building:{building}", _short(name), f"the {name}")


def _stored(e: P.BoostStored, state: State) -> tuple[Spot, ...]:
    found = owned_with(state.pro, "store-boost", e.by) if state.pro is not None else []
    holder = _building_spot(state, found[0][1].id) if found else _choice("store", "store")
    return _tile(e.tile), holder


def _tile(tile: str) -> Spot:
    return Spot(f"tile:{tile}", _short(tile), f"the {TILES.get(tile, tile)} boost tile")


def _seat_spot(state: State, seat: int) -> Spot:
    return Spot(f"seat:{seat}", _short(_name(state, seat)), f"{_name(state, seat)}'s side")


def _words_of(e: Event, state: State) -> tuple[Spot, ...]:
    """An outcome typed, not tapped: a choice per word of its notation."""
    from .notation import format_event
    from .pro_notation import format_event as pro_format

    said = (pro_format(e, state) if isinstance(e, P.PRO_EVENTS) else format_event(e, state)).split()[1:] or ["-"]
    return tuple(_choice(f"{i}-{w}", _short(w)) for i, w in enumerate(said))


PARTS: dict[type[Event], Callable[[Any, State], tuple[Spot, ...]]] = {  # each takes the event type it is keyed by
    E.Dispatched: _dispatched, E.Recruited: _recruited, E.Played: _played, E.Done: _done, E.Kept: _kept,
    E.Placed: lambda e, s: (_column(e.by, e.colour),),
    E.Discounted: lambda e, s: (_column(e.by, e.colour),),
    E.TookTile: lambda e, s: (_tile(e.tile),),
    E.Searched: lambda e, s: (Spot(DISCARD, "discard", "the discard pile"),
                              _choice(f"search-{e.card}", e.card, card_words(e.card))),
    E.Marked: lambda e, s: (Spot(f"bonus:{e.position}", str(e.position), f"colour bonus card {e.position}"),),
    E.Copied: lambda e, s: (Spot(f"own:{e.by}-{e.tile}", _short(e.tile), f"the {TILES.get(e.tile, e.tile)} tile"),),
    E.StartTile: lambda e, s: (START, _seat_spot(s, e.seat)),
    E.Drawn: lambda e, s: (Spot(DECK, "deck", "the deck"), _choice(f"draw-{e.card}", e.card, card_words(e.card))),
    E.BonusShown: lambda e, s: (Spot(f"bonus:{e.position}", str(e.position), f"colour bonus card {e.position}"),
                                _choice(f"card-{e.card}", e.card, card_words(e.card))),
    E.DownShown: lambda e, s: (_column(e.seat, e.colour), _choice(f"card-{e.card}", e.card, card_words(e.card))),
    P.BuildingsChosen: lambda e, s: tuple(_building_spot(s, b) for b in e.buildings),
    P.Oriented: lambda e, s: (START, _seat_spot(s, e.seat)),
    P.SideChosen: lambda e, s: (Spot(f"planet:{4 if e.side == 'right' else 1}", e.side, f"begin on the {e.side}"),
                                _choice(f"side-{e.side}", e.side, f"recruiting begins on the {e.side}")),
    P.BoostStored: _stored,
    P.BuildingUsed: lambda e, s: (_building_spot(s, e.building),),
    P.BuildingCard: lambda e, s: (_building_spot(s, e.building),
                                  _choice(f"card-{e.card}", e.card, card_words(e.card))),
}


def parts(event: Event, state: State) -> tuple[Spot, ...]:
    """What a legal action or a listed chance outcome is about, in tapping order."""
    found = PARTS.get(type(event))
    return found(event, state) if found is not None else _words_of(event, state)
