"""Who is calling (the `Authorization: Bearer` token) and the guards the controllers declare: who may see or write.

A guard runs before the request's query and body are read, so who the caller is decides first: a private table is
404 to anyone who may not see it, whatever the query asks.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.di import NamedDependency, Provide
from litestar.handlers.base import BaseRouteHandler

from .errors import ApiError
from .server import Server
from .store import Role, Store, Table
from .views import SCOREKEEPER, Eyes

Connection = ASGIConnection[Any, Any, Any, Any]


class Caller(msgspec.Struct, frozen=True):
    """A token's role (spectator: no token), with its table and seat, and the token's id (to notice a revoke)."""

    role: Role | None = None
    table: str | None = None
    seat: int | None = None
    token_id: str | None = None

    def check(self, store: Store) -> None:
        """401 if the caller's link was revoked since (an open stream ends)."""
        if self.token_id is not None and store.revoked(self.token_id):
            raise ApiError(401, "token.invalid", "this link is not valid (revoked, or never issued by this server)")


SPECTATOR = Caller()


def server_of(connection: Connection) -> Server:
    """The one Server the application serves (kept in the application's state)."""
    server: Server = connection.app.state.server
    return server


def identify(connection: Connection) -> Caller:
    """The caller of a request, worked out once per request: no header, a spectator; a token that is not (or no
    longer) valid, 401."""
    known: Caller | None = connection.state.get("caller")
    if known is not None:
        return known
    header = connection.headers.get("authorization")
    who = SPECTATOR
    if header is not None:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "token.malformed", "send the link's token as 'Authorization: Bearer TOKEN'")
        found = server_of(connection).store.find(token.strip())
        if found is None:
            raise ApiError(401, "token.invalid", "this link is not valid (revoked, or never issued by this server)")
        who = Caller(found.role, found.table, found.seat, found.id)
    connection.state["caller"] = who
    return who


def _who(request: Request[Any, Any, Any]) -> Caller:
    return identify(request)


WHO = Provide(_who, sync_to_thread=False)
"""The provider of a handler's `who` parameter: its caller."""
Who = NamedDependency[Caller]


def known(connection: Connection, _: BaseRouteHandler) -> None:
    """Guard: the token, if any, is a valid link (401 else)."""
    identify(connection)


def director_only(connection: Connection, _: BaseRouteHandler) -> None:
    """Guard: the director alone: 401 without a token, 403 with another's."""
    who = identify(connection)
    if who.role is None:
        raise ApiError(401, "token.missing", "this needs the director's link")
    if who.role != "director":
        raise ApiError(403, "token.role", "only the director may do this")


def _table(connection: Connection) -> Table:
    return server_of(connection).table(connection.path_params["name"])


def may_see(connection: Connection, handler: BaseRouteHandler) -> None:
    """Guard: the caller may look at the table of the path (404 if it is missing or private to the caller, 403 for
    another table's link); a handler marked `token_first` asks for a token before it looks for the table (401 for
    any name: no one learns whether a table exists)."""
    who = identify(connection)
    if handler.opt.get("token_first") and who.role is None:
        raise ApiError(401, "token.missing", "this needs the director's or the table's recorder's link")
    eyes(who, _table(connection))


def may_write(connection: Connection, handler: BaseRouteHandler) -> None:
    """Guard: the caller may write this to the table of the path: the roles in the handler's `opt["writers"]`, and
    the director everywhere."""
    writer(identify(connection), _table(connection), tuple(handler.opt.get("writers", ())))


def eyes(who: Caller, table: Table, as_seat: int | None = None, delay: int | None = None) -> Eyes:
    """How `who` sees `table`: the scorekeeper's view (director, the table's recorder; `as_seat` to look as a seat),
    its own seat's, a spectator's on a public table (`delay` moves behind, default the table's); 403 for another
    table's link, 404 for a private table."""
    if who.role == "director" or (who.role == "recorder" and who.table == table.name):
        return SCOREKEEPER if as_seat is None else Eyes("seat", as_seat)
    if who.role is not None and who.table != table.name:
        raise ApiError(403, "token.table", "this link is not valid for this table")
    if who.role == "seat":
        if as_seat is not None and as_seat != who.seat:
            raise ApiError(403, "token.seat", "a seat's link shows only that seat's view")
        return Eyes("seat", who.seat)
    if not table.public:
        raise ApiError(404, "table.missing", f"no table {table.name!r}")
    if as_seat is not None:
        raise ApiError(401, "token.missing", "looking as a seat needs that seat's link")
    return Eyes("spectator", delay=table.delay if delay is None else delay)


def writer(who: Caller, table: Table, roles: tuple[Role, ...]) -> None:
    """Refuse a write unless `who` holds one of `roles` for this table (the director writes everywhere)."""
    if who.role is None:
        raise ApiError(401, "token.missing", "writing needs the table's link")
    if who.role != "director" and who.table != table.name:
        raise ApiError(403, "token.table", "this link is not valid for this table")
    if who.role not in roles + ("director",):
        raise ApiError(403, "token.role", f"a {who.role}'s link may not do this")


def visible(who: Caller, server: Server) -> list[Table]:
    """The tables `who` may see: all for the director, its own for a table's link, the public ones for a spectator."""
    tables = server.store.state.tables
    if who.role == "director":
        return list(tables)
    return [t for t in tables if t.name == who.table or (who.role is None and t.public)]
