"""Answers as the caller may see them: the scorekeeper's full view, one seat's (`--as`), or a spectator's."""

from __future__ import annotations

from typing import Any

import msgspec

from planets_log.engine.hints import hint
from planets_log.engine.recorder import describe_line
from planets_log.engine.redact import format_as, public_format, public_render, public_view
from planets_log.engine.rules import CHANCE, TERMINAL, Rules, next_events
from planets_log.engine.scoring import adjusted_sheet, result_check
from planets_log.engine.session import Position, Session
from planets_log.record.events import Action, Chance, Event, Meta, Retract

from . import phone
from .errors import ApiError
from .live import Live
from .types import Line, MovesInfo, PositionInfo, ScoreInfo, UndoPreview, Viewer


class Eyes(msgspec.Struct, frozen=True):
    """Who looks: the scorekeeper (seat None), one seat, or a spectator held back `delay` moves."""

    viewer: Viewer
    seat: int | None = None
    delay: int = 0


SCOREKEEPER = Eyes("scorekeeper")


def horizon(live: Live, eyes: Eyes) -> int:
    """The last seq `eyes` may see: the end, or for a spectator the line before the `delay`-th last move."""
    end = live.pos.seq
    if eyes.viewer != "spectator" or not eyes.delay or live.session.to_move(live.pos) == TERMINAL:
        return end
    moves = live.actions()
    if not moves:
        return end
    return moves[-eyes.delay] - 1 if len(moves) >= eyes.delay else moves[0] - 1


def position_at(live: Live, eyes: Eyes, seq: int | None) -> Position:
    """The position after `seq` (the last one `eyes` may see by default); 404 past it, naming only what `eyes` may
    see (a spectator held back never learns where the record ends)."""
    last = horizon(live, eyes)
    if seq is None:
        return live.positions[last]
    if seq > last and last < live.pos.seq:  # held back: the same answer for any seq past it, never the end
        raise ApiError(404, "seq.delayed", f"spectators follow this table {eyes.delay} moves behind: seq {last} "
                       "is the last one shown")
    if seq > last:
        raise ApiError(404, "seq.missing", f"the record ends at seq {last}; there is no seq {seq}")
    return live.positions[seq]


def hint_for(rules: Rules, state: Any, eyes: Eyes) -> str:
    """What is typed at this chance point, in the command line's words for the same viewer (`moves --json --as`)."""
    return hint(rules, state, eyes.seat, spectator=eyes.viewer == "spectator")


def mover_words(session: Session, pos: Position) -> str | None:
    mover = session.to_move(pos)
    return session.name(mover) if mover >= 0 else None


def position(table: str, live: Live, eyes: Eyes, seq: int | None) -> PositionInfo:
    """The position as `eyes` see it (the `replay --as --format json` view, and the text), and the phone's layout
    drawn from that view only."""
    pos = position_at(live, eyes, seq)
    rules, session = live.session.rules, live.session
    mover = session.to_move(pos)
    if eyes.viewer == "spectator":
        view, text = public_view(rules, pos.state), public_render(rules, pos.state)
    else:
        view, text = rules.view(pos.state, eyes.seat), rules.render(pos.state, eyes.seat)
    layout, words = phone.board(rules, view, pos.state)
    return PositionInfo(table=table, seq=pos.seq, last=horizon(live, eyes), viewer=eyes.viewer, seat=eyes.seat,
                        round=rules.round_of(pos.state), to_move=mover_words(session, pos), chance=mover == CHANCE,
                        over=mover == TERMINAL, hint=hint_for(rules, pos.state, eyes) if mover == CHANCE else None,
                        view=view, text=text, layout=layout, words=words)


def moves(live: Live, eyes: Eyes, seq: int | None) -> MovesInfo:
    """The legal moves (the `moves --json --as` answer); withheld where they would tell a hidden card. Whoever may
    record (the scorekeeper's eyes) gets each one's words and parts too."""
    pos = position_at(live, eyes, seq)
    session, rules = live.session, live.session.rules
    mover = session.to_move(pos)
    looker = eyes.seat if eyes.viewer == "seat" else None
    withheld = (rules.hidden_information and mover != TERMINAL
                and (eyes.viewer == "spectator" or (looker is not None and mover != looker)))
    legal = [] if withheld else next_events(rules, pos.state)
    texts = list(dict.fromkeys(format_as(rules, e, pos.state, looker) for e in legal))
    options = phone.options(rules, pos.state, legal, texts) if eyes.viewer == "scorekeeper" else []
    return MovesInfo(seq=pos.seq, to_move=mover_words(session, pos), chance=mover == CHANCE, over=mover == TERMINAL,
                     hint=hint_for(rules, pos.state, eyes) if mover == CHANCE else None, moves=texts, withheld=withheld,
                     options=options)


def score(live: Live, eyes: Eyes, at: int | None = None) -> ScoreInfo:
    """The score sheet at the last position `eyes` may see, or after line `at` (the `score --json --as` answer)."""
    pos = live.positions[horizon(live, eyes) if at is None else at]
    session = live.session
    over = session.to_move(pos) == TERMINAL
    if eyes.viewer == "spectator" and session.rules.hidden_information and not over:
        return ScoreInfo(seq=pos.seq, withheld=True)
    sheet = adjusted_sheet(session, pos, eyes.seat)
    missing = session.rules.missing_reveals(pos.state)
    if missing:  # the totals lack hidden cards: who is ahead, never a winner
        sheet.final, sheet.outcome, sheet.winners, sheet.leaders = False, "leads", [], sheet.winners or sheet.leaders
    status, words = result_check(session, pos)
    return ScoreInfo(seq=pos.seq, withheld=False, sheet=msgspec.to_builtins(sheet),
                     declared={"status": status, "message": words}, missing_reveals=missing)


def kind_of(event: Event) -> Any:
    if isinstance(event, Action):
        return "action"
    if isinstance(event, Chance):
        return "chance"
    return "meta" if isinstance(event, Meta) else "other"


def line(live: Live, eyes: Eyes, seq: int) -> Line:
    """Line `seq` in notation and in words as `eyes` see it (a seat's words made with that seat, a spectator's by
    `public_words`)."""
    event, before = live.events[seq], live.positions[seq - 1]
    assert event is not None
    session = live.session
    if eyes.viewer == "spectator" and not isinstance(event, Meta):
        text = public_format(session.rules, event, before.state)
        text = f"{session.name(event.by)}: {text}" if isinstance(event, Action) else text
    else:
        text = describe_line(session, event, before, eyes.seat)
    words = (phone.meta_words(session, event) if isinstance(event, Meta)
             else phone.event_words(session.rules, event, before.state, eyes.viewer, eyes.seat))
    by = session.name(event.by) if isinstance(event, Action) else None
    target, reason = getattr(event, "target", None), getattr(event, "reason", None)
    return Line(seq=seq, kind=kind_of(event), type=str(type(event).__struct_config__.tag or ""), text=text, by=by,
                target=target if isinstance(target, int) else None, reason=reason if isinstance(reason, str) else None,
                words=words)


def retracted(live: Live) -> set[int]:
    """The seqs of the lines a retraction took back."""
    out: set[int] = set()
    for seq, event in enumerate(live.events):
        if isinstance(event, Retract):
            out.update(range(event.target, seq))
    return out


def undo_preview(live: Live) -> UndoPreview:
    """The standing moves and outcomes an undo would take back now (notes and other meta lines stay)."""
    target = live.recorder.undo_target()
    if target is None:
        return UndoPreview(seq=live.pos.seq, target=None, lines=[])
    gone = retracted(live)
    shown = [line(live, SCOREKEEPER, seq) for seq in range(target, live.pos.seq + 1)
             if seq not in gone and not isinstance(live.events[seq], Meta)]
    return UndoPreview(seq=live.pos.seq, target=target, lines=shown)


def lines(live: Live, eyes: Eyes, after: int, limit: int) -> list[Line]:
    """The lines after seq `after` that `eyes` may see, at most `limit`."""
    last = min(horizon(live, eyes), after + limit)
    return [line(live, eyes, seq) for seq in range(max(after, 0) + 1, last + 1)]
