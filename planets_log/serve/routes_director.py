"""The director's side: make tables and their links, flags, revoke links, audit, the archive of every record."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import msgspec
from litestar import Request, Response, delete, get, patch, post
from litestar.params import FromPath, JSONBody

from planets_log.engine.seats import parse_seat, seat_words

from .auth import caller, director
from .errors import REFUSALS, ApiError
from .server import Server, Srv
from .store import Role
from .types import AuditInfo, CreatedTable, Link, NewLink, NewTable, TableFlags, TableInfo, TokenInfo

Req = Request[Any, Any, Any]


def link(server: Server, role: Role, table: str | None, seat: int | None, player: str | None) -> Link:
    """Issue a token and the link that carries it in its fragment (never sent to the server, never logged): the
    director's page, a recorder's table page, a seat's game page."""
    token = server.store.issue(role, table, seat)
    found = server.store.find(token)
    assert found is not None
    page = "director" if role == "director" else f"tables/{table}" if role == "recorder" else f"games/{table}"
    return Link(token_id=found.id, role=role, table=table, seat=seat, player=player, token=token,
                url=f"{server.base_url}/{page}#token={token}")


@post("/api/tables", responses=REFUSALS, sync_to_thread=True, status_code=201)
def create_table(request: Req, server: Srv, data: JSONBody[NewTable]) -> CreatedTable:
    """Make a table (the `new` command's choices) and its links: the recorder's and one per seat, each shown once."""
    director(caller(request, server))
    server.create(data)
    live = server.live(data.name)
    players = list(live.session.header.players)
    links = [link(server, "recorder", data.name, None, None)]
    links += [link(server, "seat", data.name, i, p) for i, p in enumerate(players)]
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


@post("/api/tables/{name:str}/links", responses=REFUSALS, sync_to_thread=True, status_code=201)
def new_link(request: Req, server: Srv, name: FromPath[str], data: JSONBody[NewLink]) -> Link:
    """A new link for a table's recorder or one seat (after revoking a lost one)."""
    director(caller(request, server))
    server.table(name)
    if data.role == "recorder":
        return link(server, "recorder", name, None, None)
    players = list(server.live(name).session.header.players)
    seat = parse_seat(data.seat or "", players)
    if seat is None:
        raise ApiError(422, "usage", f"a seat's link needs its seat: name {seat_words(players)}")
    return link(server, "seat", name, seat, players[seat])


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
