"""The tables: the list the caller may see, making one (the director), one table's line, its flags (the director)."""

from __future__ import annotations

import msgspec
from litestar import Controller
from litestar.params import FromPath, JSONBody

from .auth import WHO, Who, director_only, eyes, known, may_see, visible
from .routes_director import NO_STORE, Req, base_of, link
from .server import Srv
from .types import CreatedTable, NewTable, TableFlags, TableInfo
from .verbs import GET, PATCH, POST


class TablesController(Controller):
    """The tables as a collection: anyone lists what it may see; the director makes them and sets their flags."""

    path = "/api/tables"
    guards = [known]
    dependencies = {"who": WHO}

    @GET("/")
    def list_tables(self, who: Who, server: Srv) -> list[TableInfo]:
        """The tables the caller may see: all of them for the director, its own for a table's link, the public ones else."""
        return [server.info(t.name, spectator=who.role is None) for t in visible(who, server)]

    @POST("/", guards=[director_only], status_code=201, cache_control=NO_STORE)
    def create_table(self, request: Req, server: Srv, data: JSONBody[NewTable]) -> CreatedTable:
        """Make a table (the `new` command's choices) and its links: the recorder's and one per seat, at the address
        the director's browser used."""
        server.create(data)
        live = server.live(data.name)
        players = list(live.session.header.players)
        base = base_of(request, server)
        links = [link(server, "recorder", data.name, None, None, base)]
        links += [link(server, "seat", data.name, i, p, base) for i, p in enumerate(players)]
        return CreatedTable(table=server.info(data.name), links=links)

    @GET("/{name:str}", guards=[may_see])
    def table_info(self, who: Who, server: Srv, name: FromPath[str]) -> TableInfo:
        """One table's line: game, players, move count, whose turn, over or with a problem."""
        look = eyes(who, server.table(name))
        return server.info(name, spectator=look.viewer == "spectator")

    @PATCH("/{name:str}", guards=[director_only])
    def set_flags(self, server: Srv, name: FromPath[str], data: JSONBody[TableFlags]) -> TableInfo:
        """Make a table public (spectators may follow it, `delay` moves behind) or private again."""
        table = server.table(name)
        changes = {k: v for k, v in msgspec.structs.asdict(data).items() if v is not None}
        server.store.put_table(msgspec.structs.replace(table, **changes))
        server.notifier.changed(name)
        return server.info(name)
