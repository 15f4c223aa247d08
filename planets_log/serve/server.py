"""The served folder: its tables, each one's live record, and who may see what."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Literal

from litestar.di import NamedDependency

from planets_log.engine.registry import game_ids, get_rules
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.scoring import result_words
from planets_log.record.errors import PlanetsLogError
from planets_log.store import Conflict, EventStore
from planets_log.store.files import FileStore

from .create import create_game
from .errors import ApiError, problem_of
from .limits import MAX_TABLES
from .live import Live
from .mirror import Mirror, open_mirror
from .notify import Notifier
from .store import Store, Table
from .types import GameInfo, NewTable, OptionInfo, Problem, TableInfo
from .views import SCOREKEEPER, Eyes, horizon, line, score

RECORD_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
RESERVED = re.compile(r"^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\..*)?$", re.IGNORECASE)
"""Device names Windows reserves in any folder, with any extension: a record so named cannot be written or unpacked
there."""


def reserved(name: str) -> bool:
    """Whether `name` (a table's, or a record file's) is a device name some disk reserves."""
    return RESERVED.match(name) is not None


class Server:
    """Everything one `planets-log serve DIR` holds: the store, the records replayed, the stream notifier."""

    def __init__(self, folder: Path | EventStore, base_url: str = "", key_path: str | None = None,
                 public_delay: int = 0, lan_base: str | None = None):
        backend = folder if isinstance(folder, EventStore) else None
        self.mirror = None if backend is None else open_mirror(backend)
        if self.mirror is not None:
            folder = self.mirror.folder
        elif isinstance(folder, FileStore):
            folder = folder.folder
        assert isinstance(folder, Path)
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder.resolve()
        self.address = str(self.folder) if backend is None or self.mirror is None else backend.address
        """Where the records are: the served folder, or the NATS store (the folder is then its mirror)."""
        self.base_url = base_url
        """The links' address when a request's own cannot be used (the director's link printed at the start)."""
        self.lan_base = lan_base
        """Serving on every interface: the machine's network address, for links asked for through a loopback one."""
        self.key_path = key_path
        self.public_delay = public_delay
        """Spectators follow every public table at least this many moves behind (`serve --public-delay`)."""
        self.store = Store(self.folder, None if self.mirror is None else self.mirror.backend)
        self.notifier = Notifier()
        self.lives: dict[str, Live] = {}
        self.broken: dict[str, Problem] = {}
        self.lock = threading.Lock()
        if self.mirror is not None:
            self._follow(self.mirror)
        self.discover()
        for table in self.store.state.tables:
            self._open(table)

    def _follow(self, mirror: Mirror) -> None:
        """Mirror the store's records and follow them; wake the streams of a table another server wrote to, and every
        stream when the state changed (a link made or revoked on another server)."""
        records = {t.record: t.name for t in self.store.state.tables}

        def applied(record: str) -> None:
            name = records.get(record) or next((t.name for t in self.store.state.tables if t.record == record), None)
            if name is not None:
                records[record] = name
                self.notifier.changed(name)

        mirror.on_line = applied
        mirror.load()
        self.store.on_change = lambda: self.notifier.changed(None)
        mirror.backend.watch_state(self.store.adopt)

    def close(self) -> None:
        """Let go of the NATS store and remove its mirror (a served folder: nothing to do)."""
        if self.mirror is not None:
            self.mirror.close()

    def discover(self) -> None:
        """Every record in the folder that is not a table yet becomes one (private, no links until the director makes
        them), unless its name is reserved or another table's but for case."""
        known = {t.record for t in self.store.state.tables}
        for path in sorted(self.folder.glob("*.jsonl")):
            if (path.name not in known and RECORD_NAME.match(path.stem) and not reserved(path.stem)
                    and self.named(path.stem) is None):
                self.store.put_table(Table(path.stem, path.name))

    def _open(self, table: Table) -> Live | None:
        """Replay a table's record; a record that cannot be replayed is kept as the table's problem."""
        try:
            path = self.folder / table.record
            live = Live(path) if self.mirror is None else self.mirror.open(path)
        except PlanetsLogError as exc:
            self.broken[table.name] = problem_of(exc.for_seat())  # seen by seats too: the public text
            return None
        except OSError as exc:
            self.broken[table.name] = Problem(status=503, code="file.open", message=f"cannot read the record: {exc.strerror}")
            return None
        self.broken.pop(table.name, None)
        self.lives[table.name] = live
        return live

    def table(self, name: str) -> Table:
        """The table `name` (404 if there is none)."""
        table = self.store.table(name)
        if table is None and self.mirror is not None:  # made on another server a moment ago?
            self.store.refresh()
            table = self.store.table(name)
        if table is None:
            raise ApiError(404, "table.missing", f"no table {name!r}")
        return table

    def named(self, name: str) -> Table | None:
        """The table whose name is `name` ignoring case, or None (two such names collide on a case-insensitive disk
        or in a zip unpacked on one)."""
        folded = name.casefold()
        return next((t for t in self.store.state.tables if t.name.casefold() == folded), None)

    def live(self, name: str) -> Live:
        """The table's record replayed and up to date (reread when the command line wrote to it)."""
        table = self.table(name)
        live = self.lives.get(name) or self._open(table)
        if live is None:
            problem = self.broken[name]
            raise ApiError(503, problem.code, f"the record cannot be replayed: {problem.message}", seq=problem.seq)
        try:
            version = live.version
            live.fresh()
        except PlanetsLogError as exc:
            self.lives.pop(name, None)
            problem = self.broken[name] = problem_of(exc.for_seat())
            raise ApiError(503, exc.code, f"the record cannot be replayed: {problem.message}", seq=problem.seq) from None
        if live.version != version:
            self.notifier.changed(name)
        return live

    def delay(self, table: Table) -> int:
        """How many moves behind spectators follow `table`: its own delay, at least the server's."""
        return max(table.delay, self.public_delay)

    def info(self, name: str, spectator: bool = False) -> TableInfo:
        """A table's line in the list (for a spectator, as far as the table's delay lets it see)."""
        table = self.table(name)
        try:
            live = self.live(name)
        except ApiError as exc:
            return TableInfo(name=name, public=table.public, delay=self.delay(table), problem=exc.problem)
        with live.held():
            return _line(table, live, spectator, self.delay(table))

    def create(self, new: NewTable) -> Table:
        """Make a new table and its record."""
        with self.lock:
            if reserved(new.name):
                raise ApiError(422, "table.name", f"{new.name!r} is a device name reserved on Windows disks (CON, PRN, AUX, "
                               "NUL, COM1-9, LPT1-9, in any case): its record could not be written or unpacked there; "
                               "choose another name")
            same = self.named(new.name)
            if same is not None or (self.folder / f"{new.name}.jsonl").exists():
                other = new.name if same is None else same.name
                raise ApiError(409, "table.exists", f"there is already a table {other!r} (names are unique ignoring "
                               "case)")
            if len(self.store.state.tables) >= MAX_TABLES:
                raise ApiError(413, "limit.tables", f"this server keeps at most {MAX_TABLES} tables")
            if new.game not in game_ids():
                raise ApiError(422, "game.unknown", f"no game {new.game!r}; the games are {', '.join(game_ids())}")
            table = Table(new.name, f"{new.name}.jsonl", new.public, new.delay)
            create_game(self.folder / table.record, new)
            if self.mirror is not None:
                try:
                    self.mirror.create(table.record)
                except Conflict:
                    raise ApiError(409, "table.exists", f"there is already a table {new.name!r} (made on another "
                                   "server)") from None
            self.store.put_table(table)
            self._open(table)
        self.notifier.changed(new.name)
        return table


def _line(table: Table, live: Live, spectator: bool, delay: int) -> TableInfo:
    """A table's line from its live record (a spectator's `delay` moves behind)."""
    session, name = live.session, table.name
    shown = horizon(live, Eyes("spectator", delay=delay)) if spectator else live.pos.seq
    pos = live.positions[shown]
    mover = session.to_move(pos)
    status: Literal["waiting", "chance", "over"] = (
        "over" if mover == TERMINAL else "chance" if mover == CHANCE else "waiting")
    result = pos.arbiter.result
    moves = live.actions(shown)
    eyes = Eyes("spectator", delay=delay) if spectator else SCOREKEEPER
    last = line(live, eyes, moves[-1]).text if moves else None
    held_back = spectator and shown != live.pos.seq
    return TableInfo(name=name, game=session.header.game, title=session.rules.title,
                     players=list(session.header.players), seq=pos.seq, moves=len(moves),
                     to_move=session.name(mover) if mover >= 0 else None, status=status, public=table.public,
                     delay=delay, sealed=pos.arbiter.seal is not None, mode=_mode(live),
                     result=None if result is None else result_words(session, result.winners),
                     last_move=last, last_move_at=None if held_back else live.moved_at,
                     scores=_scores(live, shown))


def _scores(live: Live, shown: int) -> str | None:
    """The totals after line `shown` in words, where anyone may know them (kept per position: the tournament's
    stream asks for every table's line at each change)."""
    key = live.positions[shown].head
    if live.scores[0] != key:
        info = score(live, Eyes("spectator"), shown)
        sheet = info.sheet or {}
        totals = [f"{s['player']} {'?' if s['total'] is None else s['total']}" for s in sheet.get("scores", [])]
        live.scores = (key, None if info.withheld or not totals else ", ".join(totals))
    return live.scores[1]


def _mode(live: Live) -> str:
    header = live.session.header
    if header.seed is not None:
        return "public seed"
    return "secret seed" if live.session.committed else "table"


def games() -> list[GameInfo]:
    """Every game the server can record, with its options."""
    out = []
    for gid in game_ids():
        rules = get_rules(gid)
        options = {k: OptionInfo(default=o.default, help=o.help, choices=None if o.choices is None else list(o.choices))
                   for k, o in rules.options.items()}
        out.append(GameInfo(id=gid, title=rules.title, min_players=rules.min_players, max_players=rules.max_players,
                            hidden_information=rules.hidden_information, supports_kept_by=rules.supports_kept_by,
                            options=options))
    return out


Srv = NamedDependency[Server]
"""A handler's `server` parameter: the one Server, given by the application."""
