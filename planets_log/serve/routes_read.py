"""Reading: the games, who the caller is, the tables; one table's line, header, position at any seq, legal moves,
score, lines, picture and raw record."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, Response
from litestar.params import FromPath, QueryParameter

from planets_log.engine.redact import public_picture
from planets_log.engine.registry import game_ids, get_rules
from planets_log.engine.seats import parse_seat, seat_words

from . import phone, views
from .auth import WHO, Caller, Who, eyes, known, may_see
from .errors import ApiError
from .live import Live
from .server import Server, Srv, games
from .types import GameInfo, HeaderInfo, LegendLine, LinesInfo, PositionInfo, ScoreInfo, Whoami
from .verbs import GET
from .views import Eyes

AsSeat = Annotated[str | None, QueryParameter(name="as", min_length=1, description="Look as this seat (name or number from 1): "
                                                            "the director's and the recorder's links only.")]
AtSeq = Annotated[int | None, QueryParameter(ge=0, description="The position after this seq (default: the last one "
                                                          "the caller may see).")]


def looking(who: Caller, server: Server, name: str, as_seat: str | None = None) -> tuple[Eyes, Live]:
    """How `who` sees table `name` (a guard has let it look), and its live record."""
    table = server.table(name)
    seat = None
    if as_seat is not None:
        players = server.live(name).session.header.players
        seat = parse_seat(as_seat, list(players))
        if seat is None:
            raise ApiError(422, "usage", f"no seat {as_seat!r}; name {seat_words(list(players))}")
    look = eyes(who, table, seat, server.delay(table))
    return look, server.live(name)


class ServerController(Controller):
    """What this server records and who the caller is."""

    path = "/api"
    guards = [known]
    dependencies = {"who": WHO}

    @GET("/games", sync_to_thread=False)
    def list_games(self) -> list[GameInfo]:
        """The games this server records, with their options (for the form that makes a table)."""
        return games()

    @GET("/games/{game:str}/legend", sync_to_thread=False)
    def game_legend(self, game: FromPath[str]) -> list[LegendLine]:
        """The game's notation explained: an example line and its meaning in plain words, one per kind of line."""
        if game not in game_ids():
            raise ApiError(404, "game.missing", f"no game {game!r}; this server records {', '.join(game_ids())}")
        return phone.legend(get_rules(game))

    @GET("/whoami", sync_to_thread=False)
    def whoami(self, who: Who, server: Srv) -> Whoami:
        """What the caller's token is: director, a table's recorder, a seat, or a spectator (no token)."""
        player = None
        if who.seat is not None and who.table is not None:
            live = server.lives.get(who.table)
            player = live.session.name(who.seat) if live is not None else None
        return Whoami(role=who.role or "spectator", table=who.table, seat=who.seat, player=player)


class ReadsController(Controller):
    """One table as the caller may see it (404 to a caller who may not, whatever the query)."""

    path = "/api/tables/{name:str}"
    guards = [known, may_see]
    dependencies = {"who": WHO}

    @GET("/header")
    def table_header(self, who: Who, server: Srv, name: FromPath[str]) -> HeaderInfo:
        """The record's header: game, players, options, seed mode (never the secret), edition, meta."""
        _, live = looking(who, server, name)
        h, rules = live.session.header, live.session.rules
        seed: Literal["public", "secret", "table"] = (
            "public" if h.seed is not None else "secret" if live.session.committed else "table")
        kept = h.kept_by if isinstance(h.kept_by, int) else None
        return HeaderInfo(table=name, game=h.game, title=rules.title, players=list(h.players), log_id=h.log_id,
                          seed=seed, kept_by=None if kept is None else h.players[kept], options=dict(h.options),
                          meta=dict(h.meta), edition=h.edition.name, hidden_information=rules.hidden_information,
                          notation_key=rules.notation_key)

    @GET("/position")
    def table_position(self, who: Who, server: Srv, name: FromPath[str], seq: AtSeq = None,
                       as_seat: AsSeat = None) -> PositionInfo:
        """The position after `seq` as the caller may see it: JSON view and text (the `replay --as` answers)."""
        look, live = looking(who, server, name, as_seat)
        with live.held():
            return views.position(name, live, look, seq)

    @GET("/score")
    def table_score(self, who: Who, server: Srv, name: FromPath[str], as_seat: AsSeat = None) -> ScoreInfo:
        """The score sheet (the `score --json --as` answer); a spectator of a hidden game gets it when the game ends."""
        look, live = looking(who, server, name, as_seat)
        with live.held():
            return views.score(live, look)

    @GET("/lines")
    def table_lines(self, who: Who, server: Srv, name: FromPath[str],
                    after: Annotated[int, QueryParameter(ge=0)] = 0,
                    limit: Annotated[int, QueryParameter(ge=1, le=5000)] = 1000, as_seat: AsSeat = None) -> LinesInfo:
        """The record's lines after seq `after`, each in words as the caller may see it (for stepping back)."""
        look, live = looking(who, server, name, as_seat)
        with live.held():
            return LinesInfo(table=name, last=views.horizon(live, look), lines=views.lines(live, look, after, limit))

    @GET("/picture", media_type="image/svg+xml")
    def table_picture(self, who: Who, server: Srv, name: FromPath[str], seq: AtSeq = None,
                      as_seat: AsSeat = None) -> Response[str]:
        """The position as the SVG picture the project draws, as the caller may see it."""
        look, live = looking(who, server, name, as_seat)
        with live.held():
            pos = views.position_at(live, look, seq)
            rules = live.session.rules
            svg = public_picture(rules, pos.state) if look.viewer == "spectator" else rules.picture(pos.state, look.seat)
        return Response(svg, media_type="image/svg+xml",
                        headers={"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"})

    @GET("/record", media_type="application/jsonl", opt={"token_first": True})
    def table_record(self, who: Who, server: Srv, name: FromPath[str]) -> Response[bytes]:
        """The record file byte for byte (the director and the table's recorder: it holds every hidden card)."""
        if who.role is None:  # before the table: no token learns whether it exists
            raise ApiError(401, "token.missing", "downloading the record needs the director's or the recorder's link")
        look, live = looking(who, server, name)
        if look.viewer != "scorekeeper":
            raise ApiError(403, "token.role", "only the director and the table's recorder may download the record")
        data = live.path.read_bytes()
        return Response(data, media_type="application/jsonl",
                        headers={"Content-Disposition": f'attachment; filename="{live.path.name}"'})
