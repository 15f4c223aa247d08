"""Game End and Scoring: discarded cards, VP in hand, missions on hand cards; the tie-breaks."""

from __future__ import annotations

from planets_log.game import Ranking, ScoreSheet, SeatScore

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
    """Each seat's points by source, with the tie-break counts."""
    vp, achieved = mission_points(state)
    out = []
    for i, hand in enumerate(state.hands):
        out.append({
            "discarded": len(state.discards[i]),
            "hand": sum(card(state, c).vp for c in hand if c != "?"),
            "missions": vp[i],
            "missions achieved": achieved[i],
        })
    return out


def score(state: State) -> ScoreSheet:
    """The score sheet (final once the 4th round is over)."""
    parts = breakdown(state)
    sheet = [SeatScore(seat=i, player=state.players[i], total=p["discarded"] + p["hand"] + p["missions"],
                       breakdown=p) for i, p in enumerate(parts)]
    ranking = rank(state, [s.total for s in sheet])
    final = state.phase == "over"
    if not final:
        return ScoreSheet(scores=sheet, winners=[], tiebreak=None, final=False, outcome="leads",
                          leaders=ranking.winners)
    return ScoreSheet(scores=sheet, winners=ranking.winners, tiebreak=ranking.tiebreak, outcome=ranking.outcome)


def rank(state: State, totals: list[int]) -> Ranking:
    """Most VP; ties: most missions, then most VP in hand, then farthest clockwise from the first player."""
    parts = breakdown(state)
    n = len(state.players)
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    tiebreak = None
    steps = (("most missions", lambda i: parts[i]["missions achieved"]),
             ("most VP in hand", lambda i: parts[i]["hand"]),
             ("farthest clockwise from the first player", lambda i: (i - state.first) % n))
    for name, key in steps:
        if len(tied) == 1:
            break
        top = max(key(i) for i in tied)
        tied = [i for i in tied if key(i) == top]
        tiebreak = name
    outcome = "win" if state.phase == "over" else "leads"
    return Ranking(winners=tied, outcome=outcome, tiebreak=tiebreak)
