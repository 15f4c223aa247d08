"""Writing a table: moves (all or none), undo with a reason, notes; the director's rulings, penalties, result, seal."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from litestar import Controller
from litestar.params import FromPath, JSONBody

from planets_log.engine.hints import mover_text
from planets_log.engine.recorder import Entry, Recorder
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.seats import parse_seat, seat_words
from planets_log.record.events import Penalty, Result

from . import views
from .auth import WHO, Caller, Who, known, may_see, may_write
from .errors import ApiError
from .limits import MAX_MOVES
from .live import Live
from .server import Server, Srv
from .routes_read import AsSeat, AtSeq, looking
from .types import MovesInfo, MovesIn, NoteIn, PenaltyIn, ResultIn, RulingIn, UndoIn, UndoPreview, Written
from .verbs import GET, POST

WRITE = partial(POST, status_code=200)
"""A write: 200 with the lines written."""
RECORDERS: dict[str, Any] = {"writers": ("recorder",)}
"""A write the table's recorder may make too (the others are the director's)."""


def _write(who: Caller, server: Server, name: str, act: Callable[[Recorder], list[Entry]],
           expect: int | None = None) -> Written:
    """Run `act` through the table's recorder (a guard has let the caller write), answer with the lines written."""
    live = server.live(name)

    def guarded(rec: Recorder) -> list[Entry]:
        if expect is not None and rec.pos.seq != expect:
            raise ApiError(409, "append.stale", f"the record ends at seq {rec.pos.seq}, not {expect} as expected; "
                           "nothing was written", seq=rec.pos.seq)
        return act(rec)

    try:
        entries = live.write(guarded)
        entries += seal_if_over(server, live)
    finally:
        server.notifier.changed(name)
    return _written(name, live, entries, who.seat if who.role == "seat" else None)


def _written(name: FromPath[str], live: Live, entries: list[Entry], seat: int | None) -> Written:
    look = views.SCOREKEEPER if seat is None else views.Eyes("seat", seat)
    with live.held():
        shown = [views.line(live, look, e.seq) for e in entries if 0 < e.seq <= live.pos.seq]
        return Written(table=name, seq=live.pos.seq, lines=shown, next=mover_text(live.session, live.pos, seat))


def _seat(live: Live, word: str) -> int:
    players = list(live.session.header.players)
    seat = parse_seat(word, players)
    if seat is None:
        raise ApiError(422, "usage", f"no seat {word!r}; name {seat_words(players)}")
    return seat


class WritesController(Controller):
    """Writing one table: the guard lets through the director and the roles of each write's `opt["writers"]`."""

    path = "/api/tables/{name:str}"
    guards = [known, may_write]
    dependencies = {"who": WHO}

    @WRITE("/undo", opt=RECORDERS)
    def post_undo(self, who: Who, server: Srv, name: FromPath[str], data: JSONBody[UndoIn]) -> Written:
        """Take back the last typed line, or every line after `to` (the `undo` command), with the reason kept."""
        def act(rec: Recorder) -> list[Entry]:
            if data.to is not None and data.to > rec.pos.seq:
                raise ApiError(422, "usage",
                               f"the record ends at seq {rec.pos.seq}; there is no seq {data.to} to go back to")
            return rec.undo(data.reason, data.to)

        return _write(who, server, name, act, data.seq)

    @WRITE("/notes", opt={"writers": ("recorder", "seat")})
    def post_note(self, who: Who, server: Srv, name: FromPath[str], data: JSONBody[NoteIn]) -> Written:
        """Add a note on line `target` (the `annotate` command); a seat's note is signed with its player's name."""
        author = data.author
        if who.role == "seat" and who.seat is not None and who.table == name:
            author = server.live(name).session.name(who.seat)
        return _write(who, server, name, lambda rec: rec.annotate(data.target, data.text, data.glyph, author))

    @GET("/undo", opt=RECORDERS)
    def preview_undo(self, server: Srv, name: FromPath[str]) -> UndoPreview:
        """What an undo would take back now (the standing lines from the last typed one on), shown before it is
        confirmed: the recorder and the director."""
        live = server.live(name)
        with live.held():
            return views.undo_preview(live)

    @WRITE("/rulings")
    def post_ruling(self, who: Who, server: Srv, name: FromPath[str], data: JSONBody[RulingIn]) -> Written:
        """The director lets a move stand although a rule forbids it (the `rule` command)."""
        return _write(who, server, name, lambda rec: rec.rule(data.move, data.reason, data.arbiter), data.seq)

    @WRITE("/penalties")
    def post_penalty(self, who: Who, server: Srv, name: FromPath[str], data: JSONBody[PenaltyIn]) -> Written:
        """The director adjusts a player's score, with the reason (the `penalty` command)."""
        def act(rec: Recorder) -> list[Entry]:
            seat = _seat(server.live(name), data.seat)
            return rec.add(Penalty(seat=seat, points=data.points, reason=data.reason, arbiter=data.arbiter))

        return _write(who, server, name, act)

    @WRITE("/result")
    def post_result(self, who: Who, server: Srv, name: FromPath[str], data: JSONBody[ResultIn]) -> Written:
        """The director records the declared result (`result`): winners by name or number, none for nobody."""
        def act(rec: Recorder) -> list[Entry]:
            live = server.live(name)
            winners = [_seat(live, w) for w in data.winners]
            return rec.add(Result(winners=winners, declared_by=data.by, reason=data.reason))

        return _write(who, server, name, act)

    @WRITE("/seal")
    def post_seal(self, who: Who, server: Srv, name: FromPath[str]) -> Written:
        """The director seals the finished record with the server's key (`serve --key`; the `seal` command)."""
        if server.key_path is None:
            raise ApiError(422, "seal.no-key", "this server has no sealing key: start it with --key FILE")
        return _write(who, server, name, sealing(server.key_path))


def sealing(key_path: str) -> Callable[[Recorder], list[Entry]]:
    """The write that seals a record with the key at `key_path` (refused if sealed, or before a seeded outcome)."""
    from planets_log.audit.seal import SEALS_RULE, load_key, make_seal
    from planets_log.record.errors import RecordError

    key = load_key(key_path)

    def act(rec: Recorder) -> list[Entry]:
        pos = rec.pos
        if pos.arbiter.seal is not None:
            raise RecordError(f"the record is already sealed (seq {pos.arbiter.seal.seq})", file=rec.path,
                              seq=pos.seq, code="seal.already", rule=SEALS_RULE)
        if rec.session.seeded and rec.session.to_move(pos) == CHANCE:
            raise RecordError("the record ends before a chance outcome the seed gives; it cannot be sealed here",
                              file=rec.path, seq=pos.seq, code="seal.chance", rule=SEALS_RULE)
        return rec.add(make_seal(key, rec.session.header.log_id, pos.seq, pos.head))

    return act


def seal_if_over(server: Server, live: Live) -> list[Entry]:
    """`serve --key`: seal the record as soon as its game is over (the archive then holds it sealed)."""
    if server.key_path is None:
        return []
    with live.held():
        if live.session.to_move(live.pos) != TERMINAL or live.pos.arbiter.seal is not None:
            return []
        return live.write(sealing(server.key_path))


class MovesController(Controller):
    """A table's moves: the legal ones (for a caller who may see the table), and recording them (its recorder)."""

    path = "/api/tables/{name:str}/moves"
    guards = [known]
    dependencies = {"who": WHO}

    @GET("/", guards=[may_see])
    def table_moves(self, who: Who, server: Srv, name: FromPath[str], seq: AtSeq = None,
                    as_seat: AsSeat = None) -> MovesInfo:
        """The legal moves after `seq` in notation (the `moves --json --as` answer)."""
        look, live = looking(who, server, name, as_seat)
        with live.held():
            return views.moves(live, look, seq)

    @WRITE("/", guards=[may_write], opt=RECORDERS)
    def post_moves(self, who: Who, server: Srv, name: FromPath[str], data: JSONBody[MovesIn]) -> Written:
        """Record moves in the notation (the `record` command): each checked, all written in one fsync'd append or none."""
        if len(data.moves) > MAX_MOVES:
            raise ApiError(413, "limit.moves", f"at most {MAX_MOVES} moves in one request")
        return _write(who, server, name, lambda rec: rec.play_all(list(data.moves), data.by), data.seq)
