"""Reading a table: header, position at any seq, legal moves, score, lines, picture, the raw record."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar import Request, Response, get
from litestar.params import FromPath, QueryParameter

from planets_log.engine.redact import public_picture
from planets_log.engine.seats import parse_seat, seat_words

from . import views
from .auth import Caller, caller, eyes, visible
from .errors import REFUSALS, ApiError
from .live import Live
from .server import Server, Srv, games
from .types import GameInfo, HeaderInfo, LinesInfo, MovesInfo, PositionInfo, ScoreInfo, TableInfo, Whoami
from .views import Eyes

AsSeat = Annotated[str | None, QueryParameter(name="as", min_length=1, description="Look as this seat (name or number from 1): "
                                                            "the director's and the recorder's links only.")]
AtSeq = Annotated[int | None, QueryParameter(ge=0, description="The position after this seq (default: the last one "
                                                          "the caller may see).")]
Req = Request[Any, Any, Any]


def looking(request: Req, server: Server, name: str, as_seat: str | None = None) -> tuple[Eyes, Live]:
    """How the caller sees table `name`, and its live record."""
    who = caller(request, server)
    table = server.table(name)
    seat = None
    if as_seat is not None:
        players = server.live(name).session.header.players
        seat = parse_seat(as_seat, list(players))
        if seat is None:
            raise ApiError(422, "usage", f"no seat {as_seat!r}; name {seat_words(list(players))}")
    look = eyes(who, table, seat, server.delay(table))
    return look, server.live(name)


@get("/api/games", responses=REFUSALS, sync_to_thread=False)
def list_games() -> list[GameInfo]:
    """The games this server records, with their options (for the form that makes a table)."""
    return games()


@get("/api/whoami", responses=REFUSALS, sync_to_thread=False)
def whoami(request: Req, server: Srv) -> Whoami:
    """What the caller's token is: director, a table's recorder, a seat, or a spectator (no token)."""
    who: Caller = caller(request, server)
    player = None
    if who.seat is not None and who.table is not None:
        live = server.lives.get(who.table)
        player = live.session.name(who.seat) if live is not None else None
    return Whoami(role=who.role or "spectator", table=who.table, seat=who.seat, player=player)


@get("/api/tables", responses=REFUSALS, sync_to_thread=True)
def list_tables(request: Req, server: Srv) -> list[TableInfo]:
    """The tables the caller may see: all of them for the director, its own for a table's link, the public ones else."""
    who = caller(request, server)
    return [server.info(t.name, spectator=who.role is None) for t in visible(who, server)]


@get("/api/tables/{name:str}", responses=REFUSALS, sync_to_thread=True)
def table_info(request: Req, server: Srv, name: FromPath[str]) -> TableInfo:
    """One table's line: game, players, move count, whose turn, over or with a problem."""
    look = eyes(caller(request, server), server.table(name))
    return server.info(name, spectator=look.viewer == "spectator")


@get("/api/tables/{name:str}/header", responses=REFUSALS, sync_to_thread=True)
def table_header(request: Req, server: Srv, name: FromPath[str]) -> HeaderInfo:
    """The record's header: game, players, options, seed mode (never the secret), edition, meta."""
    _, live = looking(request, server, name)
    h, rules = live.session.header, live.session.rules
    seed: Literal["public", "secret", "table"] = "public" if h.seed is not None else "secret" if live.session.committed else "table"
    kept = h.kept_by if isinstance(h.kept_by, int) else None
    return HeaderInfo(table=name, game=h.game, title=rules.title, players=list(h.players), log_id=h.log_id,
                      seed=seed, kept_by=None if kept is None else h.players[kept], options=dict(h.options),
                      meta=dict(h.meta), edition=h.edition.name, hidden_information=rules.hidden_information,
                      notation_key=rules.notation_key)


@get("/api/tables/{name:str}/position", responses=REFUSALS, sync_to_thread=True)
def table_position(request: Req, server: Srv, name: FromPath[str], seq: AtSeq = None, as_seat: AsSeat = None) -> PositionInfo:
    """The position after `seq` as the caller may see it: JSON view and text (the `replay --as` answers)."""
    look, live = looking(request, server, name, as_seat)
    with live.held():
        return views.position(name, live, look, seq)


@get("/api/tables/{name:str}/moves", responses=REFUSALS, sync_to_thread=True)
def table_moves(request: Req, server: Srv, name: FromPath[str], seq: AtSeq = None, as_seat: AsSeat = None) -> MovesInfo:
    """The legal moves after `seq` in notation (the `moves --json --as` answer)."""
    look, live = looking(request, server, name, as_seat)
    with live.held():
        return views.moves(live, look, seq)


@get("/api/tables/{name:str}/score", responses=REFUSALS, sync_to_thread=True)
def table_score(request: Req, server: Srv, name: FromPath[str], as_seat: AsSeat = None) -> ScoreInfo:
    """The score sheet (the `score --json --as` answer); a spectator of a hidden game gets it when the game ends."""
    look, live = looking(request, server, name, as_seat)
    with live.held():
        return views.score(live, look)


@get("/api/tables/{name:str}/lines", responses=REFUSALS, sync_to_thread=True)
def table_lines(request: Req, server: Srv, name: FromPath[str], after: Annotated[int, QueryParameter(ge=0)] = 0,
                limit: Annotated[int, QueryParameter(ge=1, le=5000)] = 1000, as_seat: AsSeat = None) -> LinesInfo:
    """The record's lines after seq `after`, each in words as the caller may see it (for stepping back)."""
    look, live = looking(request, server, name, as_seat)
    with live.held():
        return LinesInfo(table=name, last=views.horizon(live, look), lines=views.lines(live, look, after, limit))


@get("/api/tables/{name:str}/picture", responses=REFUSALS, sync_to_thread=True, media_type="image/svg+xml")
def table_picture(request: Req, server: Srv, name: FromPath[str], seq: AtSeq = None, as_seat: AsSeat = None) -> Response[str]:
    """The position as the SVG picture the project draws, as the caller may see it."""
    look, live = looking(request, server, name, as_seat)
    with live.held():
        pos = views.position_at(live, look, seq)
        rules = live.session.rules
        svg = public_picture(rules, pos.state) if look.viewer == "spectator" else rules.picture(pos.state, look.seat)
    return Response(svg, media_type="image/svg+xml",
                    headers={"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"})


@get("/api/tables/{name:str}/record", responses=REFUSALS, sync_to_thread=True, media_type="application/jsonl")
def table_record(request: Req, server: Srv, name: FromPath[str]) -> Response[bytes]:
    """The record file byte for byte (the director and the table's recorder: it holds every hidden card)."""
    if caller(request, server).role is None:  # before the table: no token learns whether it exists
        raise ApiError(401, "token.missing", "downloading the record needs the director's or the recorder's link")
    look, live = looking(request, server, name)
    if look.viewer != "scorekeeper":
        raise ApiError(403, "token.role", "only the director and the table's recorder may download the record")
    data = live.path.read_bytes()
    return Response(data, media_type="application/jsonl",
                    headers={"Content-Disposition": f'attachment; filename="{live.path.name}"'})
