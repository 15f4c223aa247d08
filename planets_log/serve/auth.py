"""Who is calling: the token of the `Authorization: Bearer` header, and what it lets the caller see or write."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request

from .errors import ApiError
from .server import Server
from .store import Role, Table
from .views import SCOREKEEPER, Eyes


class Caller(msgspec.Struct, frozen=True):
    """A token's role (spectator: no token), with its table and seat."""

    role: Role | None = None
    table: str | None = None
    seat: int | None = None
    token: str | None = None
    """The token's id (not its secret)."""


SPECTATOR = Caller()


def caller(request: Request[Any, Any, Any], server: Server) -> Caller:
    """The caller of a request: no header, a spectator; a token that is not (or no longer) valid, 401."""
    header = request.headers.get("authorization")
    if header is None:
        return SPECTATOR
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "token.malformed", "send the link's token as 'Authorization: Bearer TOKEN'")
    found = server.store.find(token.strip())
    if found is None:
        raise ApiError(401, "token.invalid", "this link is not valid (revoked, or never issued by this server)")
    return Caller(found.role, found.table, found.seat, found.id)


def director(who: Caller) -> None:
    """Refuse anyone but the director: 401 without a token, 403 with another's."""
    if who.role is None:
        raise ApiError(401, "token.missing", "this needs the director's link")
    if who.role != "director":
        raise ApiError(403, "token.role", "only the director may do this")


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
