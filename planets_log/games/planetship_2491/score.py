"""Game End and Scoring: discarded cards, VP in hand, missions on hand cards; the tie-breaks."""

from __future__ import annotations

from planets_log.game import Ranking, ScoreSheet, SeatScore, sheet_of, tiebreaks_of

from .edition import Mission
from .state import State, card


def mission_counts(state: State, mission: Mission) -> list[int]:
    """Each seat's count for a mission: race cards, ability icons, or combined strength, in hand."""
    out = []
    for hand in state.hands:
        cards = [card(state, c) for c in hand if c != "?"]
        if mission.kind == "race":
            out.append(sum(c.race == mission.icon for c in cards))
        elif mission.kind == "ability":
            out.append(sum(c.abilities.count(mission.icon) for c in cards))
        else:
            out.append(sum(c.strength for c in cards))
    return out


def mission_points(state: State) -> tuple[list[int], list[int]]:
    """VP from missions per seat and how many missions each achieved (ties split, rounded down)."""
    vp = [0] * len(state.players)
    achieved = [0] * len(state.players)
    by_id = {m.id: m for m in state.ed.missions}
    for mid in state.missions:
        mission = by_id[mid]
        counts = mission_counts(state, mission)
        best = max(counts)
        if best <= 0:
            continue  # nobody holds a single icon: nobody achieves it
        tied = [i for i, n in enumerate(counts) if n == best]
        for i in tied:
            vp[i] += mission.vp // len(tied)
            achieved[i] += 1
    return vp, achieved


def breakdown(state: State) -> list[dict[str, int]]:
    """Each seat's points by source: discarded cards, VP in hand, missions (Game End and Scoring)."""
    vp, _ = mission_points(state)
    return [{"discarded": len(state.discards[i]), "hand": hand_vp(state, i), "missions": vp[i]}
            for i in range(len(state.hands))]


def hand_vp(state: State, seat: int) -> int:
    """The VP printed on the cards in a seat's hand (a card not yet named counts nothing)."""
    return sum(card(state, c).vp for c in state.hands[seat] if c != "?")


TIEBREAKS = (("missions achieved", "most missions"), ("VP in hand", "most VP in hand"),
             ("clockwise from first player", "farthest clockwise from the first player"))
"""The tie-breaks in order: the value each seat's sheet shows, and the name a ranking it decides gives."""


def tiebreaks(state: State) -> list[tuple[str, list[int]]]:
    """Per seat: missions achieved, VP in hand, seats clockwise from the first player (Game End and Scoring)."""
    _, achieved = mission_points(state)
    n = len(state.players)
    values = (achieved, [hand_vp(state, i) for i in range(n)], [(i - state.first) % n for i in range(n)])
    return [(label, v) for (label, _), v in zip(TIEBREAKS, values)]


def score(state: State, seat: int | None = None) -> ScoreSheet:
    """The score sheet (final once the 4th round is over): points by source, the tie-break values apart.

    With a seat, a game in progress: only what it may know. Discards are counted in the open
    and its own hand is its own; another seat's hand is hidden, and so are the missions
    (each compares every hand: Game End and Scoring) and so every total, its own too.
    """
    if seat is not None and state.phase != "over":
        return _seen_by(state, seat)
    breakers = tiebreaks(state)
    parts = breakdown(state)
    sheet = [SeatScore(seat=i, player=state.players[i], total=sum(p.values()), breakdown=p,
                       tiebreak=tiebreaks_of(breakers, i)) for i, p in enumerate(parts)]
    ranking = rank(state, [sum(p.values()) for p in parts])
    if ranking.outcome == "leads":  # who leads, without the tie-break that named them (hands are hidden)
        return ScoreSheet(scores=sheet, winners=[], final=False, outcome="leads", leaders=ranking.winners)
    return sheet_of(sheet, ranking)


def _seen_by(state: State, seat: int) -> ScoreSheet:
    """The sheet as `seat` may know it mid-game: no total, no mission, no other hand; so nobody named as leading."""
    rows, clockwise = [], dict(tiebreaks(state))["clockwise from first player"]  # the seats' order: in the open
    for i, p in enumerate(breakdown(state)):
        own = p["hand"] if i == seat else None
        rows.append(SeatScore(seat=i, player=state.players[i], total=None,
                              breakdown={"discarded": p["discarded"], "hand": own, "missions": None},
                              tiebreak={"missions achieved": None, "VP in hand": own,
                                        "clockwise from first player": clockwise[i]}))
    return ScoreSheet(scores=rows, winners=[], tiebreak=None, final=False, outcome="leads", leaders=[])


def rank(state: State, totals: list[int]) -> Ranking:
    """Most VP; ties: most missions, then most VP in hand, then farthest clockwise from the first player."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    used = None
    for (_, values), (_, name) in zip(tiebreaks(state), TIEBREAKS):
        if len(tied) == 1:
            break
        top = max(values[i] for i in tied)
        tied = [i for i in tied if values[i] == top]
        used = name
    return Ranking(winners=tied, outcome="win" if state.phase == "over" else "leads", tiebreak=used)
