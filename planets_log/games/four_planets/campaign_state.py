"""The Four Planets mini-campaign's lines and state (Mini-Campaign): what the draft and the games record."""

from __future__ import annotations

from typing import NoReturn, Protocol, Sequence

import msgspec

from planets_log.game import Action, Chance, Event, IllegalEvent

RULE = "Mini-Campaign"
GAMES = 3
IDS = ("observatorium", "tower", "greenhouse", "tech-tornillo", "galactic-bank")


class CDealt(Chance, tag="deal", frozen=True):
    """Buildings dealt to a seat for a draft."""

    seat: int
    buildings: tuple[str, ...]


class CKept(Action, tag="keep", frozen=True):
    """The building a seat keeps of those dealt to it."""

    building: str


class CPicked(Action, tag="pick", frozen=True):
    """The building the leader picks of the 2 passed to them."""

    building: str


class CStarted(Event, tag="start", frozen=True):
    """Game `game` begun: its file and log id, the buildings it gives and who turns the start tile (0: random)."""

    game: int
    file: str
    log_id: str
    buildings: str
    orienter: int


class CFinished(Event, tag="finish", frozen=True):
    """Game `game` linked when over: its log id, the hash of its last line, its totals and winners."""

    game: int
    log_id: str
    head: str
    totals: tuple[int, ...]
    winners: tuple[int, ...]


STEP_EVENT: dict[str, type[Event]] = {"deal": CDealt, "keep": CKept, "pick": CPicked, "start": CStarted,
                                      "finish": CFinished}
"""The line each step of `due` asks for."""


class Players(Protocol):
    """What the campaign reads of its header: the players' names."""

    @property
    def players(self) -> Sequence[str]:
        """The players, seat 1 first."""


class Linked(Protocol):
    """A finished game as the campaign links it: its log id, last line's hash, totals and winners."""

    @property
    def log_id(self) -> str:
        """The game's log id."""

    @property
    def head(self) -> str:
        """The hash of its last line."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats."""


class CState(msgspec.Struct, frozen=True):
    """Where the campaign stands."""

    players: tuple[str, ...]
    box: tuple[str, ...]
    apart: tuple[str, ...] = ()
    owned: tuple[tuple[str, ...], ...] = ((), ())
    hands: tuple[tuple[str, ...], ...] = ((), ())
    passed: tuple[str, ...] = ()
    todo: tuple[tuple[str, int], ...] = (("deal", 0), ("deal", 1), ("keep", 0), ("keep", 1))
    draft: int = 0
    orienter: int = 0
    secret: tuple[int, str] | None = None
    """A building kept while the other player still chooses (both keep 1 of 3): hidden from that player."""
    games: tuple[CStarted, ...] = ()
    results: tuple[CFinished, ...] = ()


def fail(code: str, message: str) -> NoReturn:
    """Raise the illegal-event error."""
    raise IllegalEvent(code, message, RULE)


def totals(state: CState) -> list[int]:
    """Each seat's VP summed over the finished games."""
    return [sum(r.totals[i] for r in state.results) for i in range(2)]


def due(state: CState) -> tuple[str, int]:
    """The next step: (deal|keep|pick, seat), (start|finish, game) or (over, 0)."""
    if state.todo:
        return state.todo[0]
    if len(state.games) > len(state.results):
        return ("finish", len(state.games))
    if len(state.results) == GAMES:
        return ("over", 0)
    return ("start", len(state.games) + 1)


def winner(state: CState) -> list[int]:
    """The campaign's winner: the higher total; tied, the winner of game 3 (shared if that was shared too)."""
    t = totals(state)
    if t[0] != t[1]:
        return [0 if t[0] > t[1] else 1]
    return list(state.results[-1].winners)
