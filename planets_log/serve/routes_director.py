"""The director's side: make tables and their links, flags, revoke links, audit, the archive of every record."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import msgspec
from litestar import Request, Response, delete, get, patch, post
from litestar.datastructures import CacheControlHeader
from litestar.params import FromPath, JSONBody

from planets_log.engine.seats import parse_seat, seat_words

from .auth import caller, director
from .errors import REFUSALS, ApiError
from .server import Server, Srv
from .store import Role, Token
from .types import (AuditInfo, CreatedTable, Link, NewLink, NewTable, PublicPage, TableFlags, TableInfo, TableLinks,
                    TokenInfo)

Req = Request[Any, Any, Any]
NO_STORE = CacheControlHeader(no_store=True)
"""Answers that carry a link's secret: kept in no cache."""


HOST = re.compile(r"^(?:[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$")
LOOPBACK = re.compile(r"^(?:localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])(?::[0-9]{1,5})?$", re.IGNORECASE)


def base_of(request: Req, server: Server) -> str:
    """Where the links of this answer point: the scheme and host the caller's browser used (the `Host` header; the
    scheme as uvicorn gives it, from `X-Forwarded-Proto` of a trusted proxy only). Serving on every interface, a
    loopback host becomes the machine's network address (a phone could not open 127.0.0.1); a host that is not a
    plain name or address, the server's own."""
    host, scheme = request.headers.get("host", ""), request.scope.get("scheme", "http")
    if scheme not in ("http", "https") or not HOST.match(host):
        return server.base_url
    if server.lan_base and LOOPBACK.match(host):
        return server.lan_base
    return f"{scheme}://{host}"


def link(server: Server, role: Role, table: str | None, seat: int | None, player: str | None,
         base: str | None = None) -> Link:
    """Issue a token and the link that carries it in its fragment (never sent to the server, never logged): the
    director's page, a recorder's table page, a seat's game page; at `base` (default: the server's own address)."""
    token = server.store.issue(role, table, seat)
    found = server.store.find(token)
    assert found is not None
    return shown(found, token, player, server.base_url if base is None else base)


def shown(found: Token, token: str, player: str | None, base: str) -> Link:
    """A link as the director's page shows it: its page's address at `base`, and its QR code."""
    page = "director" if found.role == "director" else (
        f"tables/{found.table}" if found.role == "recorder" else f"games/{found.table}")
    url = f"{base}/{page}#token={token}"
    return Link(token_id=found.id, role=found.role, table=found.table, seat=found.seat, player=player, token=token,
                url=url, qr=qr_svg(url))


def qr_svg(url: str) -> str:
    """A QR code of `url` as SVG text (drawn here by segno: nothing is fetched from elsewhere)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=4, border=2, omitsize=False)
    return out.getvalue().decode()


@post("/api/tables", responses=REFUSALS, sync_to_thread=True, status_code=201, cache_control=NO_STORE)
def create_table(request: Req, server: Srv, data: JSONBody[NewTable]) -> CreatedTable:
    """Make a table (the `new` command's choices) and its links: the recorder's and one per seat, each shown once."""
    director(caller(request, server))
    server.create(data)
    live = server.live(data.name)
    players = list(live.session.header.players)
    base = base_of(request, server)
    links = [link(server, "recorder", data.name, None, None, base)]
    links += [link(server, "seat", data.name, i, p, base) for i, p in enumerate(players)]
    return CreatedTable(table=server.info(data.name), links=links)


@patch("/api/tables/{name:str}", responses=REFUSALS, sync_to_thread=True)
def set_flags(request: Req, server: Srv, name: FromPath[str], data: JSONBody[TableFlags]) -> TableInfo:
    """Make a table public (spectators may follow it, `delay` moves behind) or private again."""
    director(caller(request, server))
    table = server.table(name)
    changes = {k: v for k, v in msgspec.structs.asdict(data).items() if v is not None}
    server.store.put_table(msgspec.structs.replace(table, **changes))
    server.notifier.changed(name)
    return server.info(name)


@post("/api/tables/{name:str}/links", responses=REFUSALS, sync_to_thread=True, status_code=201, cache_control=NO_STORE)
def new_link(request: Req, server: Srv, name: FromPath[str], data: JSONBody[NewLink]) -> Link:
    """A new link for a table's recorder or one seat (after revoking a lost one)."""
    director(caller(request, server))
    server.table(name)
    if data.role == "recorder":
        return link(server, "recorder", name, None, None, base_of(request, server))
    players = list(server.live(name).session.header.players)
    seat = parse_seat(data.seat or "", players)
    if seat is None:
        raise ApiError(422, "usage", f"a seat's link needs its seat: name {seat_words(players)}")
    return link(server, "seat", name, seat, players[seat], base_of(request, server))


@get("/api/tables/{name:str}/links", responses=REFUSALS, sync_to_thread=True, cache_control=NO_STORE)
def table_links(request: Req, server: Srv, name: FromPath[str]) -> TableLinks:
    """Every live link of a table, with its QR code, at the address the director's browser used, and the public page
    when the table is public: the director only (a table's links are made again from the links' key)."""
    director(caller(request, server))
    table = server.table(name)
    base = base_of(request, server)
    live = server.lives.get(name)
    players = list(live.session.header.players) if live is not None else []
    links, unshown = [], 0
    for token in server.store.links(name):
        secret = server.store.secret(token)
        if secret is None:
            unshown += 1
            continue
        player = players[token.seat] if token.seat is not None and token.seat < len(players) else None
        links.append(shown(token, secret, player, base))
    url = f"{base}/games/{name}"
    return TableLinks(table=name, links=links, unshown=unshown,
                      public=PublicPage(url=url, qr=qr_svg(url)) if table.public else None)


@get("/api/tokens", responses=REFUSALS, sync_to_thread=False)
def list_tokens(request: Req, server: Srv) -> list[TokenInfo]:
    """Every link issued (never its secret): role, table, seat, whether revoked."""
    director(caller(request, server))
    return [TokenInfo(id=t.id, role=t.role, table=t.table, seat=t.seat, revoked=t.revoked)
            for t in server.store.state.tokens]


@delete("/api/tokens/{token_id:str}", responses=REFUSALS, sync_to_thread=True, status_code=200)
def revoke_token(request: Req, server: Srv, token_id: FromPath[str]) -> TokenInfo:
    """Revoke a link: its token stops working at once."""
    director(caller(request, server))
    old = server.store.revoke(token_id)
    if old is None:
        raise ApiError(404, "token.missing", f"no link {token_id!r}")
    server.notifier.changed()  # its open streams end now
    return TokenInfo(id=old.id, role=old.role, table=old.table, seat=old.seat, revoked=True)


@get("/api/audit", responses=REFUSALS, sync_to_thread=True)
def audit_all(request: Req, server: Srv) -> AuditInfo:
    """The audit of every table's record (problems, seals, results) and the standings of the games that count."""
    director(caller(request, server))
    from planets_log.audit.checks import audit_record
    from planets_log.audit.report import AuditConfig
    from planets_log.audit.seal import load_key
    from planets_log.audit.tournament import add_standing, counts, standings_of

    keys = (load_key(server.key_path),) if server.key_path else ()
    cfg = AuditConfig(keys=keys, require_seal=False)
    records: list[dict[str, Any]] = []
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for t in server.store.state.tables:
        report = audit_record(str(server.folder / t.record), cfg)
        report.counted = counts(report)
        if report.counted:
            add_standing(table, report)
        records.append({"table": t.name, **report.to_json(), "file": t.record})
    return AuditInfo(records=records, standings=standings_of(table))


@get("/api/archive", responses=REFUSALS, sync_to_thread=True, media_type="application/zip")
def archive(request: Req, server: Srv) -> Response[bytes]:
    """Every table's record as it is (sealed ones with their seal), in one zip."""
    director(caller(request, server))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for t in server.store.state.tables:
            path = server.folder / t.record
            if path.exists():
                zf.writestr(t.record, path.read_bytes())
    return Response(out.getvalue(), media_type="application/zip",
                    headers={"Content-Disposition": 'attachment; filename="records.zip"'})
