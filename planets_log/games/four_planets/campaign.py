"""The Four Planets mini-campaign (Mini-Campaign): three professional games, buildings drafted between them.

Each draft is a list of steps fixed when it starts: before game 1 both are dealt 3 and keep
1 (the rest set apart); after a game with a VP lead the lower total draws 3, keeps 1 and
passes 2, the leader picks 1 of them (the last back to the box) and the lower total turns
the next start tile; after a tie both are dealt 3 and keep 1 and the start tile is random.
Draws come from the set-apart cards while they last, then from the box.
"""

from __future__ import annotations
from typing import Any, Callable

import msgspec

from planets_log.game import Edition, Event, Header, IllegalEvent, Stream

from .buildings import format_given
from .campaign_state import (
    GAMES,
    RULE,
    STEP_EVENT,
    CDealt,
    CFinished,
    CKept,
    CPicked,
    CStarted,
    CState,
    Linked,
    Players,
    due,
    fail,
    totals,
    winner,
)
from .edition import FourPlanetsEdition

__all__ = ["GAMES", "RULE", "CDealt", "CFinished", "CKept", "CPicked", "CStarted", "CState", "Linked",
           "FourPlanetsCampaign", "due", "totals", "winner"]


class FourPlanetsCampaign:
    """The campaign rules the core's campaign file calls."""

    events = (CDealt, CKept, CPicked, CStarted, CFinished)
    rule = RULE

    def players_problem(self, players: list[str]) -> str | None:
        """Why these players cannot play a campaign, or None."""
        if len(players) != 2 or len(set(players)) != 2 or not all(p.strip() for p in players):
            return "the mini-campaign is for 2 players with different, non-empty names"
        return None

    def start(self, header: Players) -> CState:
        """The campaign before the first draft: every building in the box."""
        edition: FourPlanetsEdition = _edition().data
        return CState(players=tuple(header.players), box=tuple(sorted(b.id for b in edition.buildings)))

    def check(self, s: CState, e: Event) -> None:
        """Raise IllegalEvent when `e` is not the step due or breaks a Mini-Campaign rule."""
        step, who = due(s)
        if type(e) is not STEP_EVENT.get(step):
            fail("campaign.due", f"a '{type(e).__struct_config__.tag}' line where {step} is due")
        if isinstance(e, (CKept, CPicked)) and e.by != who:
            fail("campaign.turn", f"{s.players[who]} decides now, not seat {e.by + 1}")
        CHECKS[type(e)](s, e, who)

    def apply(self, s: CState, e: Event) -> CState:
        """The campaign after `e`."""
        return APPLY[type(e)](s, e)

    def deal(self, s: CState, rng: Stream) -> CDealt:
        """A seeded deal: from the set-apart cards first, then the box."""
        seat = due(s)[1]
        n = min(3, len(s.apart) + len(s.box))
        first = rng.sample(s.apart, min(n, len(s.apart)))
        return CDealt(seat=seat, buildings=tuple(first) + tuple(rng.sample(s.box, n - len(first))))

    def game_problem(self, started: CStarted, header: Header) -> IllegalEvent | None:
        """Why a game record's header does not match the campaign's start line (buildings, orienter), or None."""
        opts = header.options
        if header.game != "four-planets" or not opts.get("professional"):
            return IllegalEvent("campaign.game", f"{started.file} is not a professional Four Planets game", RULE)
        if opts.get("first_game", False):
            return IllegalEvent("campaign.game", f"game {started.game} was set up with the first-game boost tiles; "
                                "campaign games use random boost tiles", RULE)
        if header.edition != _edition().ref:
            want = _edition().ref
            return IllegalEvent("campaign.edition", f"game {started.game} was played with edition "
                                f"{header.edition.name} ({header.edition.sha256[:12]}…); the campaign's buildings "
                                f"are those of edition {want.name} ({want.sha256[:12]}…)", RULE)
        if opts.get("buildings", "") != started.buildings:
            return IllegalEvent("campaign.buildings", f"game {started.game} was played with the buildings "
                                f"{opts.get('buildings', '') or 'dealt at the table'}; the campaign gave "
                                f"{started.buildings}", RULE)
        if opts.get("orienter", 0) != started.orienter:
            return IllegalEvent("campaign.orienter", f"game {started.game} had the start tile turned by "
                                f"{opts.get('orienter', 0) or 'chance'}; the campaign names {started.orienter or 'chance'}",
                                RULE)
        return None

    def due(self, s: CState) -> tuple[str, int]:
        """The next step (see `due`)."""
        return due(s)

    def plan(self, s: CState, keeps: dict[int, str], deals: dict[int, tuple[str, ...]],
             rng_for: Callable[[int], Stream] | None) -> tuple[list[Event], str]:
        """The draft lines due now from the choices given (and seeded deals); what is missing, in words. A choice
        given that is not due when the draft stops is refused (campaign.due), as a line out of turn is."""
        out: list[Event] = []
        missing = ""
        while s.todo and not missing:
            step, seat = s.todo[0]
            event: Event
            if step == "deal":
                if seat in deals:
                    event = CDealt(seat=seat, buildings=deals.pop(seat))
                elif rng_for is not None:
                    event = self.deal(s, rng_for(len(out)))
                else:
                    missing = _ask_deal(s, seat)
                    continue
            else:
                if seat not in keeps:
                    missing = _ask(s, step, seat)
                    continue
                event = (CKept if step == "keep" else CPicked)(by=seat, building=keeps.pop(seat))
            self.check(s, event)
            s = self.apply(s, event)
            out.append(event)
        if keeps or deals:
            given = [f"--keep {s.players[i]}" for i in keeps] + [f"--deal {s.players[i]}" for i in deals]
            fail("campaign.due", f"{', '.join(given)} is not due now, and nothing was recorded; due first: "
                 f"{missing or _due_words(s)}")
        return out, missing

    def started(self, s: CState, file: str, log_id: str) -> CStarted:
        """The start line of the next game."""
        given, orienter = self.give(s)
        return CStarted(game=len(s.games) + 1, file=file, log_id=log_id, buildings=given, orienter=orienter)

    def finished(self, s: CState, linked: Linked) -> CFinished:
        """The line linking the current game, now over."""
        return CFinished(game=len(s.games), log_id=linked.log_id, head=linked.head, totals=linked.totals,
                         winners=linked.winners)

    def status(self, s: CState, seat: int | None = None) -> dict[str, Any]:
        """The campaign as JSON-able data: buildings, games, totals, what is due, the winner when over.

        A building kept while the other player still chooses shows as '?'; the buildings dealt
        to a player and not yet decided show only with that `seat`.
        """
        step, who = due(s)
        what = f"{step} ({s.players[who]})" if step in ("deal", "keep", "pick") else (
            f"{step} game {who}" if step != "over" else "over")
        out: dict[str, Any] = {"players": list(s.players), "buildings": _owned_as_seen(s, seat),
               "games": [{"game": r.game, "log_id": r.log_id, "totals": list(r.totals),
                          "winners": [w + 1 for w in r.winners]} for r in s.results],
               "totals": totals(s), "due": what, "next_orienter": None if step == "over" else _orienter(s, s.orienter),
               "winner": [s.players[w] for w in winner(s)] if step == "over" else None}
        if seat is not None:
            out["seat"] = s.players[seat]
            out["hand"] = list(s.hands[seat])
            out["passed"] = list(s.passed)
        return out

    def give(self, s: CState) -> tuple[str, int]:
        """The next game's buildings option and orienter (0: random)."""
        return format_given(s.owned), s.orienter


def _due_words(s: CState) -> str:
    """What is due when no draft decision is, in words."""
    step, n = due(s)
    if step == "over":
        return "nothing, the campaign is over"
    return f"game {n} is {'started' if step == 'start' else 'finished and linked'} (no draft decision)"


def _ask_deal(s: CState, seat: int) -> str:
    """The deal a table campaign waits for, in words."""
    name, n = s.players[seat], min(3, len(s.apart) + len(s.box))
    source = (f"the {len(s.apart)} set apart before game 1 first, then the box" if s.apart else "the box")
    return f"{name} is dealt {n} buildings, from {source}: --deal {name}=A,B,C"


def _ask(s: CState, step: str, seat: int) -> str:
    """The decision `next` waits for, in words; a player's dealt buildings are not printed (see status --seat)."""
    name = s.players[seat]
    if step == "pick":
        return f"{name} picks 1 of the 2 passed ({' '.join(s.passed)}): --keep {name}=BUILDING"
    passes = f", passing the other 2 to {s.players[1 - seat]}" if s.todo[1:2] == (("pick", 1 - seat),) else ""
    return (f"{name} keeps 1 of the {len(s.hands[seat])} dealt{passes} (shown only with: campaign status LOG --seat "
            f"{name}): --keep {name}=BUILDING")


def _edition() -> Edition:
    """The edition whose buildings the campaign deals, and its games use: the default professional one."""
    from planets_log.game import load_edition

    from . import RULES

    return load_edition(RULES, options={"professional": True})


def _owned_as_seen(s: CState, seat: int | None) -> list[list[str]]:
    """Each player's buildings, a keep not yet revealed to `seat` as '?'."""
    owned = [list(o) for o in s.owned]
    if s.secret is not None and s.secret[0] != seat:
        i, building = s.secret
        owned[i] = [b for b in owned[i] if b != building] + ["?"]
    return owned


def _c_deal(s: CState, e: CDealt, seat: int) -> None:
    cards = tuple(e.buildings)
    n = min(3, len(s.apart) + len(s.box))
    if e.seat != seat or len(cards) != n or len(set(cards)) != n:
        fail("campaign.deal", f"{n} different buildings are dealt to {s.players[seat]} now")
    if any(b not in s.apart + s.box for b in cards):
        fail("campaign.deal", f"{' '.join(b for b in cards if b not in s.apart + s.box)} is not in the box")
    if sum(b in s.apart for b in cards) != min(n, len(s.apart)):
        fail("campaign.deal", f"the set-apart buildings ({' '.join(s.apart)}) are drawn first")


def _c_keep(s: CState, e: CKept, seat: int) -> None:
    if e.building not in s.hands[seat]:
        fail("campaign.keep", f"{s.players[seat]} keeps {e.building!r} but holds {' '.join(s.hands[seat])}")


def _c_pick(s: CState, e: CPicked, seat: int) -> None:
    if e.building not in s.passed:
        fail("campaign.pick", f"{s.players[seat]} picks {e.building!r} but was passed {' '.join(s.passed)}: the "
             f"leader takes one of the two, and cannot decline both (both players start game {len(s.results) + 1} "
             f"with {len(s.results) + 1} buildings)")


def _c_start(s: CState, e: CStarted, n: int) -> None:
    given, orienter = format_given(s.owned), s.orienter
    if e.game != n:
        fail("campaign.game", f"game {n} starts now, not game {e.game}")
    if e.buildings != given:
        fail("campaign.buildings", f"game {n} is played with the buildings {given}, not {e.buildings}")
    if e.orienter != orienter:
        fail("campaign.orienter", f"in game {n} {_orienter(s, orienter)} turns the start tile, not "
             f"{_orienter(s, e.orienter)}")


def _orienter(s: CState, o: int) -> str:
    return "chance" if o == 0 else s.players[o - 1] if 0 < o <= 2 else f"seat {o}"


def _c_finish(s: CState, e: CFinished, n: int) -> None:
    if e.game != n or e.log_id != s.games[-1].log_id:
        fail("campaign.link", f"game {n} is {s.games[-1].log_id}, not game {e.game} {e.log_id}")
    if len(e.totals) != 2 or any(w not in (0, 1) for w in e.winners):
        fail("campaign.link", "a game's totals are 2 numbers and its winners seats 1 or 2")


CHECKS: dict[type[Event], Callable[[CState, Any, int], None]] = {  # each check takes the event type of its key
    CDealt: _c_deal, CKept: _c_keep, CPicked: _c_pick, CStarted: _c_start, CFinished: _c_finish}


def _a_deal(s: CState, e: CDealt) -> CState:
    apart = tuple(b for b in s.apart if b not in e.buildings)
    box = tuple(b for b in s.box if b not in e.buildings)
    hands = tuple(tuple(sorted(e.buildings)) if i == e.seat else h for i, h in enumerate(s.hands))
    return msgspec.structs.replace(s, apart=apart, box=box, hands=hands, todo=s.todo[1:])


def _a_keep(s: CState, e: CKept) -> CState:
    rest = tuple(b for b in s.hands[e.by] if b != e.building)
    owned = tuple(tuple(sorted(o + (e.building,))) if i == e.by else o for i, o in enumerate(s.owned))
    hands = tuple(() if i == e.by else h for i, h in enumerate(s.hands))
    secret = (e.by, e.building) if s.todo[1:2] == (("keep", 1 - e.by),) else None
    s = msgspec.structs.replace(s, owned=owned, hands=hands, todo=s.todo[1:], secret=secret)
    if s.draft == 0:
        return msgspec.structs.replace(s, apart=tuple(sorted(s.apart + rest)))
    if s.todo and s.todo[0][0] == "pick":
        return msgspec.structs.replace(s, passed=rest)
    return msgspec.structs.replace(s, box=tuple(sorted(s.box + rest)))


def _a_pick(s: CState, e: CPicked) -> CState:
    owned = tuple(tuple(sorted(o + (e.building,))) if i == e.by else o for i, o in enumerate(s.owned))
    rest = tuple(b for b in s.passed if b != e.building)
    return msgspec.structs.replace(s, owned=owned, passed=(), box=tuple(sorted(s.box + rest)), todo=s.todo[1:])


def _a_start(s: CState, e: CStarted) -> CState:
    return msgspec.structs.replace(s, games=s.games + (e,))


def _a_finish(s: CState, e: CFinished) -> CState:
    s = msgspec.structs.replace(s, results=s.results + (e,))
    if len(s.results) == GAMES:
        return s
    t = totals(s)
    todo: tuple[tuple[str, int], ...]
    if t[0] == t[1]:
        todo = (("deal", 0), ("deal", 1), ("keep", 0), ("keep", 1))
        return msgspec.structs.replace(s, todo=todo, draft=len(s.results), orienter=0)
    low = 0 if t[0] < t[1] else 1
    todo = (("deal", low), ("keep", low), ("pick", 1 - low))
    return msgspec.structs.replace(s, todo=todo, draft=len(s.results), orienter=low + 1)


APPLY: dict[type[Event], Callable[[CState, Any], CState]] = {  # each reducer takes the event type of its key
    CDealt: _a_deal, CKept: _a_keep, CPicked: _a_pick, CStarted: _a_start, CFinished: _a_finish}
