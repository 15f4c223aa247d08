"""Professional Mode: the building deal and choice, and each building's effect at its moment.

The rules object calls these hooks only when the state has a `pro` part. A building step
(`pro.step`: deal, choose, side, card) or the campaign's start-tile chooser takes priority
over the base game's turn; everything else passes to the base rules, and `after` runs the
effects a base event sets off.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Callable, NoReturn

from planets_log.game import CHANCE, UNKNOWN, Chance, Event, IllegalEvent, PlanetsLogError, Stream

from . import apply as base
from . import events as E
from . import pro_events as P
from .buildings import BuildingEntry, Pro, entry, known, owned_with, parse_given
from .edition import FourPlanetsEdition
from .state import MAX_MOVES, PLANETS, State, coins_supply, minus, plus, pro_of, replace, with_item, with_seat

PRO = "Professional Mode"
BUILDINGS = "Components (building cards)"
HAND = 4
KEEP = 2
STEP_EVENT: dict[str, type[Event]] = {"deal": P.BuildingsDealt, "choose": P.BuildingsChosen, "side": P.SideChosen,
                                      "card": P.BuildingCard}
WHAT: dict[type[Event], str] = {
    P.BuildingsDealt: "the 4 buildings dealt to each player (buildings A B C D / E F G H)",
    P.BuildingsChosen: "the 2 buildings kept (choose A B)", P.Oriented: "the start tile's direction (orient NAME)",
    P.SideChosen: "where recruiting begins (side left | side right)",
    P.BuildingCard: "the card a building takes from the deck (card BUILDING CARD)",
}


def fail(code: str, message: str, rule: str, public: str | None = None) -> NoReturn:
    """Raise the illegal-event error; `public`: what any seat may read, where the message names a hidden building."""
    raise IllegalEvent(code, message, rule, public)


# --- setup --------------------------------------------------------------------------------


def setup(state: State, options: dict[str, Any], edition: FourPlanetsEdition) -> State:
    """Add the professional part to the table: buildings to deal, or those the campaign gives."""
    if not options.get("professional", False):
        if options.get("buildings") or options.get("orienter"):
            raise PlanetsLogError("options buildings and orienter need professional=true", code="header.option",
                                  rule=PRO)
        return state
    if len(edition.buildings) < 2 * HAND:
        raise PlanetsLogError(f"edition {edition.name!r} has {len(edition.buildings)} buildings; professional mode "
                              f"deals {2 * HAND} (pass --edition with the buildings)", code="header.option", rule=PRO)
    catalogue = tuple(edition.buildings)
    orienter = options.get("orienter", 0) - 1 if options.get("orienter", 0) else None
    given = options.get("buildings", "")
    if not given:
        return replace(state, pro=Pro(catalogue, pool=tuple(sorted(b.id for b in catalogue)), step="deal",
                                      orienter=orienter))
    pro = Pro(catalogue, owned=_given(catalogue, given), orienter=orienter)
    return replace(state, pro=pro)


def _given(catalogue: tuple[BuildingEntry, ...], text: str) -> tuple[tuple[str, ...], ...]:
    try:
        owned = parse_given(text)
    except ValueError as exc:
        raise PlanetsLogError(f"option buildings={text!r}: {exc}", code="header.option", rule=PRO) from None
    ids = [b for side in owned for b in side]
    probe = Pro(catalogue)
    bad = [b for b in ids if not known(probe, b)]
    if bad or len(set(ids)) != len(ids):
        raise PlanetsLogError(f"option buildings={text!r}: {'unknown ' + ', '.join(bad) if bad else 'a building twice'}"
                              " (each building card exists once)", code="header.option", rule=BUILDINGS)
    return owned


# --- turn order ---------------------------------------------------------------------------


def due(state: State) -> type[Event] | None:
    """The professional event that must come next, or None when the base game goes on."""
    pro = pro_of(state)
    if state.kept_by is not None and pro.revealed and observing(state):
        return E.BonusShown
    if pro.step is not None:
        return STEP_EVENT[pro.step]
    if state.phase == "setup-start" and pro.orienter is not None:
        return P.Oriented
    return None


def observing(state: State) -> bool:
    """True when a kept record waits for the card the keeper's Observatorium showed both players."""
    from . import kept

    return kept.observed(state) is not None


def to_move(state: State) -> int | None:
    """The seat (or CHANCE) a building step waits for; None when the base game decides."""
    kind = due(state)
    if kind is None:
        return None
    if kind in P.PRO_CHANCE or kind is E.BonusShown:
        return CHANCE
    pro = pro_of(state)
    if kind is P.BuildingsChosen:
        return 0 if not pro.owned[0] else 1
    if kind is P.SideChosen:
        return owned_with(pro, "recruit-side")[0][0]
    return pro.orienter


# --- check --------------------------------------------------------------------------------


def check(state: State, event: Event) -> bool:
    """Check a professional event (raise IllegalEvent); False when the base rules must check it."""
    kind = due(state)
    if kind is E.BonusShown:  # a kept record waits for the Observatorium's card
        from . import kept

        kept.check_observed(state, event)
        return False
    if kind is not None and type(event) is not kind:
        tag = type(event).__struct_config__.tag
        fail("pro.due", f"a '{tag}' where {WHAT[kind]} is due", PRO)
    if not isinstance(event, P.PRO_EVENTS):
        return False
    if kind is None and type(event) not in (P.BoostStored, P.BuildingUsed):
        fail("pro.not-due", f"'{type(event).__struct_config__.tag}' is not due now", PRO)
    CHECKS[type(event)](state, event)
    return True


def _dealt(s: State, e: P.BuildingsDealt) -> None:
    cards = tuple(e.buildings)
    named = [b for b in cards if b != UNKNOWN]
    if len(cards) != 2 * HAND or len(set(named)) != len(named):
        fail("buildings.count", f"{HAND} different buildings are dealt to each player, {2 * HAND} in all; "
             f"got {' '.join(cards) or 'none'}", PRO, f"{HAND} different buildings are dealt to each player, "
             f"{2 * HAND} in all; got {len(cards)}{' with repeats' if len(cards) == 2 * HAND else ''}")
    if len(named) < len(cards):
        from . import kept

        kept.check_hidden_buildings(s, cards, HAND)
    for b in named:
        if b not in pro_of(s).pool:
            fail("buildings.card", f"{b!r} is not a building of this edition", BUILDINGS)


def _chosen(s: State, e: P.BuildingsChosen) -> None:
    pro, who = pro_of(s), s.players[e.by]
    dealt = pro.dealt[e.by]
    if UNKNOWN in e.buildings:
        fail("choose.hidden", f"the chosen buildings are revealed before the setup: name the {KEEP} {who} keeps", PRO)
    if UNKNOWN in dealt:  # a kept record: any building the keeper has not seen may have been dealt to them
        dealt = tuple(b for b in dealt if b != UNKNOWN) + pro.pool
    if len(e.buildings) != KEEP or len(set(e.buildings)) != KEEP:
        fail("choose.count", f"{who} keeps exactly {KEEP} different buildings of the {HAND} dealt", PRO)
    for b in e.buildings:
        if b not in dealt:
            fail("choose.card", f"{who} keeps {b!r} but was dealt {' '.join(pro.dealt[e.by])}"
                 + (" (the '?' ones are buildings nobody has seen)" if UNKNOWN in pro.dealt[e.by] else ""), PRO,
                 f"{who} keeps a building that was not dealt to them")  # hidden until both have chosen


def _oriented(s: State, e: P.Oriented) -> None:
    if e.seat not in (0, 1):
        fail("orient.seat", f"the start tile faces seat 1 or 2, not {e.seat + 1}", "Mini-Campaign")


def _side(s: State, e: P.SideChosen) -> None:
    if e.side not in ("left", "right"):
        fail("side.side", f"recruiting begins at the left or the right end, not {e.side!r}", BUILDINGS)


def _card(s: State, e: P.BuildingCard) -> None:
    seat, building = pro_of(s).cards[0]
    if e.building != building:
        fail("building-card.building", f"{building} of {s.players[seat]} takes its card now, not {e.building!r}",
             BUILDINGS)
    colour = entry(pro_of(s), building).colour
    if e.card[:1] != colour or e.card not in s.deck:
        fail("building-card.card", f"{building} takes a card of colour {colour} from the deck; {e.card!r} is not "
             "one left there", BUILDINGS)


def _stored(s: State, e: P.BoostStored) -> None:
    who = s.players[e.by]
    if s.phase != "play" or s.pending is None or s.pending.step != "take":
        fail("store.not-due", f"{who} may store a boost tile only when taking one (purple ability)", BUILDINGS)
    if not owned_with(pro_of(s), "store-boost", e.by):
        fail("store.building", f"{who} owns no building that stores boost tiles", BUILDINGS)
    if e.tile not in s.tiles:
        fail("store.tile", f"{who} stores {e.tile!r} but the face-up boost tiles are {' '.join(s.tiles)}", BUILDINGS)


def _used(s: State, e: P.BuildingUsed) -> None:
    who, pro = s.players[e.by], pro_of(s)
    if s.phase != "play" or s.pending is not None:
        fail("use.not-due", f"{who} may use {e.building} only in their play turn, between plays", BUILDINGS)
    if e.building not in pro.owned[e.by]:
        fail("use.building", f"{who} does not own {e.building!r} ({' '.join(pro.owned[e.by]) or 'no buildings'})",
             BUILDINGS)
    b = entry(pro, e.building)
    if b.effect != "as-coin":
        fail("use.effect", f"{b.name} is not used as coins ({b.when}: {b.effect})", BUILDINGS)
    if b.once and e.building in pro.used:
        fail("use.turned-over", f"{b.name} was used once already and is turned over", PRO)


CHECKS: dict[type[Event], Callable[[State, Any], None]] = {  # each check takes the event type of its key
          P.BuildingsDealt: _dealt, P.BuildingsChosen: _chosen, P.Oriented: _oriented, P.SideChosen: _side,
          P.BuildingCard: _card, P.BoostStored: _stored, P.BuildingUsed: _used}


# --- apply --------------------------------------------------------------------------------


def apply(state: State, event: Event) -> State:
    """The next state: a professional event's own reducer, or the base one and the effects it sets off."""
    if type(event) in APPLY:
        return APPLY[type(event)](state, event)
    after = base.apply(state, event)
    if isinstance(event, E.StartTile):
        return finish_setup(after)
    if isinstance(event, E.Dispatched) and after.phase == "recruit" and owned_with(pro_of(after), "recruit-side"):
        return with_pro(after, step="side")
    return after


def with_pro(state: State, **fields: object) -> State:
    """The state with fields of its professional part replaced."""
    return replace(state, pro=replace(pro_of(state), **fields))


def _a_dealt(s: State, e: P.BuildingsDealt) -> State:
    hands = (tuple(sorted(e.buildings[:HAND])), tuple(sorted(e.buildings[HAND:])))
    return with_pro(s, dealt=hands, pool=minus(pro_of(s).pool, e.buildings), step="choose")


def _a_chosen(s: State, e: P.BuildingsChosen) -> State:
    pro = pro_of(s)
    owned = with_item(pro.owned, e.by, tuple(sorted(e.buildings)))
    unseen = [b for b in e.buildings if b not in pro.dealt[e.by]]  # a kept record's `?` building, now revealed
    if unseen:
        s = with_pro(s, pool=minus(pro.pool, unseen))
    if all(owned):
        return with_pro(s, owned=owned, dealt=((), ()), step=None)
    return with_pro(s, owned=owned)


def _a_oriented(s: State, e: P.Oriented) -> State:
    return finish_setup(base.apply(s, E.StartTile(seat=e.seat)))


def _a_side(s: State, e: P.SideChosen) -> State:
    s = with_pro(s, step=None, reverse=e.side == "right")
    return base.advance_recruit(replace(s, cursor=PLANETS - 1)) if e.side == "right" else s


def _a_card(s: State, e: P.BuildingCard) -> State:
    pro = pro_of(s)
    seat_i, _ = pro.cards[0]
    seat = s.seats[seat_i]
    ci = "RYGPB".index(e.card[0])
    seat = replace(seat, up=with_item(seat.up, ci, seat.up[ci] + (e.card,)))
    faceup = with_item(pro.faceup, seat_i, pro.faceup[seat_i] + (e.card,))
    s = replace(s, seats=with_seat(s, seat_i, seat), deck=minus(s.deck, [e.card]))
    return _next_card(with_pro(s, cards=pro.cards[1:], faceup=faceup))


def _a_stored(s: State, e: P.BoostStored) -> State:
    pro = pro_of(s)
    stored = with_item(pro.stored, e.by, plus(pro.stored[e.by], [e.tile]))
    s = replace(s, tiles=tuple(t for t in s.tiles if t != e.tile), pending=None)
    return with_pro(s, stored=stored)


def _a_used(s: State, e: P.BuildingUsed) -> State:
    pro = pro_of(s)
    b = entry(pro, e.building)
    used = plus(pro.used, [e.building]) if b.once else pro.used
    return with_pro(replace(s, credit=s.credit + b.amount), used=used)


APPLY: dict[type[Event], Callable[[State, Any], State]] = {  # each reducer takes the event type of its key
         P.BuildingsDealt: _a_dealt, P.BuildingsChosen: _a_chosen, P.Oriented: _a_oriented, P.SideChosen: _a_side,
         P.BuildingCard: _a_card, P.BoostStored: _a_stored, P.BuildingUsed: _a_used}


def finish_setup(s: State) -> State:
    """The setup effects of every owned building, seat 1's first; take-card buildings then wait for the deck."""
    queue: list[tuple[int, str]] = []
    pro = pro_of(s)  # the setup effects below change seats and `revealed`, never the owned buildings
    for seat_i, ids in enumerate(pro.owned):
        for building in ids:
            b = entry(pro, building)
            if b.when != "setup":
                continue
            if b.effect == "take-card":
                queue.append((seat_i, building))
            else:
                s = _setup_effect(s, seat_i, b)
    return _next_card(with_pro(s, cards=tuple(queue)))


def _setup_effect(s: State, i: int, b: BuildingEntry) -> State:
    seat = s.seats[i]
    if b.effect == "reveal-bonus":
        return with_pro(s, revealed=tuple(sorted([*pro_of(s).revealed, 4 if i == 0 else 1])))
    if b.effect == "gain-part":
        n = min(b.amount, s.max_parts - seat.parts)
        seat = replace(seat, parts=seat.parts + n, left=seat.left + n)
    elif b.effect == "gain-coin":
        seat = replace(seat, coins=seat.coins + min(b.amount, coins_supply(s)))
    elif b.effect == "move-marker":
        seat = replace(seat, moves=min(MAX_MOVES, seat.moves + b.amount))
    return replace(s, seats=with_seat(s, i, seat))


def _next_card(s: State) -> State:
    """Drop take-card effects whose colour the deck no longer holds (no effect, Specialist Abilities)."""
    pro = pro_of(s)
    cards = pro.cards
    while cards and not any(c[0] == entry(pro, cards[0][1]).colour for c in s.deck):
        cards = cards[1:]
    return with_pro(s, cards=cards, step="card" if cards else None)


# --- legal moves and chance ---------------------------------------------------------------


def legal(state: State, by: int) -> list[Event] | None:
    """The professional actions due (None: the base list, to which `extra` adds)."""
    kind = due(state)
    if kind is P.BuildingsChosen:
        pro = pro_of(state)
        dealt = pro.dealt[by]
        if UNKNOWN in dealt:  # a kept record: the opponent's unseen four are any the keeper has not seen
            dealt = tuple(sorted(b for b in dealt if b != UNKNOWN)) + pro.pool
        return [P.BuildingsChosen(by=by, buildings=pair) for pair in combinations(dealt, KEEP)]
    if kind is P.SideChosen:
        return [P.SideChosen(by=by, side=side) for side in ("left", "right")]
    if kind is P.Oriented:
        return [P.Oriented(by=by, seat=seat) for seat in (0, 1)]
    return [] if kind is not None else None


def extra(state: State, by: int) -> list[Event]:
    """Building actions open beside the base game's: storing a boost tile, using a building as coins."""
    if state.phase != "play" or by != state.turn:
        return []
    if state.pending is not None:
        if state.pending.step == "take" and owned_with(pro_of(state), "store-boost", by):
            return [P.BoostStored(by=by, tile=t) for t in state.tiles]
        return []
    return [P.BuildingUsed(by=by, building=b.id) for _, b in owned_with(pro_of(state), "as-coin", by)]


def chance(state: State, rng: Stream) -> Chance:
    """The seeded outcome of a building step."""
    pro = pro_of(state)
    if pro.step == "deal":
        return P.BuildingsDealt(buildings=tuple(rng.sample(pro.pool, 2 * HAND)))
    building = pro.cards[0][1]
    colour = entry(pro, building).colour
    return P.BuildingCard(building=building, card=rng.choice([c for c in state.deck if c[0] == colour]))


def hint(state: State) -> str:
    """What to type at a building chance point."""
    pro = pro_of(state)
    if pro.step == "deal":
        return "the buildings dealt, seat 1's four then seat 2's: buildings A B C D / E F G H"
    return f"the card {pro.cards[0][1]} takes from the deck: card {pro.cards[0][1]} CARD"


def building_vp(state: State, seat: int) -> int:
    """VP from the seat's buildings: stored boost tiles and cards of a colour."""
    from .state import column_size

    total, pro = 0, pro_of(state)
    for building in pro.owned[seat]:
        b = entry(pro, building)
        if b.effect == "store-boost":
            total += b.amount * len(pro.stored[seat])
        elif b.effect == "vp-per-card" and b.colour is not None:  # the edition's check gives it a colour
            total += b.amount * column_size(state.seats[seat], "RYGPB".index(b.colour))
    return total
