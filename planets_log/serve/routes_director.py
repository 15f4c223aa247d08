"""The director's side: a table's links (shown again, with QR codes), every link issued, revoking one, the audit,
the archive of every record."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from litestar import Controller, Request, Response
from litestar.datastructures import CacheControlHeader
from litestar.params import FromPath, JSONBody

from planets_log.engine.seats import parse_seat, seat_words

from .auth import director_only, known
from .errors import ApiError
from .server import Server, Srv
from .store import Role, Token
from .types import AuditInfo, Link, NewLink, PublicPage, TableLinks, TokenInfo
from .verbs import DELETE, GET, POST

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


class DirectorController(Controller):
    """The director's side: the guard lets through the director's link alone."""

    path = "/api"
    guards = [known, director_only]

    @POST("/tables/{name:str}/links", status_code=201, cache_control=NO_STORE)
    def new_link(self, request: Req, server: Srv, name: FromPath[str], data: JSONBody[NewLink]) -> Link:
        """A new link for a table's recorder or one seat (after revoking a lost one)."""
        server.table(name)
        if data.role == "recorder":
            return link(server, "recorder", name, None, None, base_of(request, server))
        players = list(server.live(name).session.header.players)
        seat = parse_seat(data.seat or "", players)
        if seat is None:
            raise ApiError(422, "usage", f"a seat's link needs its seat: name {seat_words(players)}")
        return link(server, "seat", name, seat, players[seat], base_of(request, server))

    @GET("/tables/{name:str}/links", cache_control=NO_STORE)
    def table_links(self, request: Req, server: Srv, name: FromPath[str]) -> TableLinks:
        """Every live link of a table, with its QR code, at the address the director's browser used, and the public
        page when the table is public (a table's links are made again from the links' key)."""
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

    @GET("/tokens", sync_to_thread=False)
    def list_tokens(self, server: Srv) -> list[TokenInfo]:
        """Every link issued (never its secret): role, table, seat, whether revoked."""
        return [TokenInfo(id=t.id, role=t.role, table=t.table, seat=t.seat, revoked=t.revoked)
                for t in server.store.state.tokens]

    @DELETE("/tokens/{token_id:str}", status_code=200)
    def revoke_token(self, server: Srv, token_id: FromPath[str]) -> TokenInfo:
        """Revoke a link: its token stops working at once."""
        old = server.store.revoke(token_id)
        if old is None:
            raise ApiError(404, "token.missing", f"no link {token_id!r}")
        server.notifier.changed()  # its open streams end now
        return TokenInfo(id=old.id, role=old.role, table=old.table, seat=old.seat, revoked=True)

    @GET("/audit")
    def audit_all(self, server: Srv) -> AuditInfo:
        """The audit of every table's record (problems, seals, results) and the standings of the games that count."""
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

    @GET("/archive", media_type="application/zip")
    def archive(self, server: Srv) -> Response[bytes]:
        """Every table's record as it is (sealed ones with their seal), in one zip."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for t in server.store.state.tables:
                path = server.folder / t.record
                if path.exists():
                    zf.writestr(t.record, path.read_bytes())
        return Response(out.getvalue(), media_type="application/zip",
                        headers={"Content-Disposition": 'attachment; filename="records.zip"'})
