"""The director's side: a table's new links, every link issued, revoking one, the audit, the archive of every record."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from litestar import Controller, Response
from litestar.params import FromPath, JSONBody

from planets_log.engine.seats import parse_seat, seat_words

from .auth import director_only, known
from .errors import ApiError
from .server import Server, Srv
from .store import Role
from .types import AuditInfo, Link, NewLink, TokenInfo
from .verbs import DELETE, GET, POST


def link(server: Server, role: Role, table: str | None, seat: int | None, player: str | None) -> Link:
    """Issue a token and the link that carries it in its fragment (never sent to the server, never logged): the
    director's page, a recorder's table page, a seat's game page."""
    token = server.store.issue(role, table, seat)
    found = server.store.find(token)
    assert found is not None
    page = "director" if role == "director" else f"tables/{table}" if role == "recorder" else f"games/{table}"
    return Link(token_id=found.id, role=role, table=table, seat=seat, player=player, token=token,
                url=f"{server.base_url}/{page}#token={token}")


class DirectorController(Controller):
    """The director's side: the guard lets through the director's link alone."""

    path = "/api"
    guards = [known, director_only]

    @POST("/tables/{name:str}/links", status_code=201)
    def new_link(self, server: Srv, name: FromPath[str], data: JSONBody[NewLink]) -> Link:
        """A new link for a table's recorder or one seat (after revoking a lost one)."""
        server.table(name)
        if data.role == "recorder":
            return link(server, "recorder", name, None, None)
        players = list(server.live(name).session.header.players)
        seat = parse_seat(data.seat or "", players)
        if seat is None:
            raise ApiError(422, "usage", f"a seat's link needs its seat: name {seat_words(players)}")
        return link(server, "seat", name, seat, players[seat])

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
