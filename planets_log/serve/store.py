"""What the server keeps that is not in the records: tables, their flags and token hashes (one file, mode 0600), and
the key a table's links are made from (another file, mode 0600), so that the director's page can show them again."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import threading
from pathlib import Path
from typing import Callable, Literal

import msgspec

from planets_log.record.errors import write_failed
from planets_log.record.files import create_temp
from planets_log.record.lines import fsync_dir
from planets_log.store import Conflict, EventStore
from planets_log.store.files import KEY_FILE, STATE_FILE

from .errors import ApiError

from .limits import TOKEN_BYTES

Role = Literal["director", "recorder", "seat"]


class Token(msgspec.Struct, frozen=True):
    """One link's secret, stored only as its SHA-256; `id` names it for revoking."""

    id: str
    sha256: str
    role: Role
    table: str | None = None
    seat: int | None = None
    revoked: bool = False
    derived: bool = False
    """Made from the links' key and its id (a table's links): the director's page can show it again. A director's
    token never is: it is random and kept only as its hash."""


class Table(msgspec.Struct, frozen=True):
    """A table: its record file in DIR, whether spectators may follow it, and their delay in moves."""

    name: str
    record: str
    public: bool = False
    delay: int = 0


class State(msgspec.Struct):
    """The whole server state file."""

    tables: list[Table] = msgspec.field(default_factory=list)
    tokens: list[Token] = msgspec.field(default_factory=list)


def digest(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Store:
    """The server state of a tournament, read once and written whole on every change: to the state file of a served
    folder (atomically), or to a NATS store's bucket (compare-and-set, so that servers sharing it lose no change)."""

    def __init__(self, folder: Path, backend: EventStore | None = None):
        self.folder = folder
        self.path = folder / STATE_FILE
        self.lock = threading.Lock()
        self.backend = backend
        self.revision = 0
        self.on_change: Callable[[], None] | None = None
        """Called when another server changed the state (a NATS store): the streams may have something to say."""
        if backend is None:
            self.state = msgspec.json.decode(self.path.read_bytes(), type=State) if self.path.exists() else State()
            if self.path.exists():
                os.chmod(self.path, 0o600)
            self.key = _links_key(folder / KEY_FILE)
        else:
            self.state = State()
            self.refresh()
            self.key = _key_of(backend.get_key() or backend.put_key((secrets.token_hex(32) + "\n").encode()))
        self._index()

    def _index(self) -> None:
        """Tables by name and tokens by hash, so that a request's look-ups do not grow with the tournament."""
        self.tables = {t.name: t for t in self.state.tables}
        self.hashes = {t.sha256: t for t in self.state.tokens}
        self.ids = {t.id: t for t in self.state.tokens}

    def refresh(self) -> None:
        """The state as the NATS store has it now (another server may have changed it)."""
        if self.backend is not None:
            data, revision = self.backend.get_state()
            self.adopt(data, revision)

    def adopt(self, data: bytes | None, revision: int) -> None:
        """Take the state another server wrote (revision `revision`) unless a later one is here already."""
        if data is None or revision <= self.revision:
            return
        self.state, self.revision = msgspec.json.decode(data, type=State), revision
        self._index()
        if self.on_change is not None:
            self.on_change()

    def _change(self, change: Callable[[State], None]) -> None:
        """Apply `change` and save; a NATS store written meanwhile by another server: read it again, apply again."""
        with self.lock:
            for _ in range(50):
                change(self.state)
                try:
                    self.save()
                    return
                except Conflict:
                    self.refresh()
            raise ApiError(503, "state.busy", "the server state keeps changing under this server; nothing was "
                           "done: try again")

    def save(self) -> None:
        """Write the state: to a temporary file (mode 0600), fsync, rename over the old one; or to the NATS store."""
        data = msgspec.json.format(msgspec.json.encode(self.state)) + b"\n"
        if self.backend is not None:
            self.revision = self.backend.put_state(data, self.revision)
            self._index()
            return
        tmp, fd = create_temp(self.folder, self.path.name, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except OSError as exc:  # a full disk is 507, not a server error; the old state stays
            Path(tmp).unlink(missing_ok=True)
            raise write_failed(self.path, exc) from None
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        fsync_dir(self.folder)
        self._index()

    def table(self, name: str) -> Table | None:
        """The table called `name`, or None."""
        return self.tables.get(name)

    def put_table(self, table: Table) -> None:
        """Add or replace a table and save."""
        def change(state: State) -> None:
            state.tables = [t for t in state.tables if t.name != table.name] + [table]

        self._change(change)

    def issue(self, role: Role, table: str | None = None, seat: int | None = None) -> str:
        """A new token for a role; only its hash is kept. A table's link is made from the links' key and its id (the
        director may see it again); the director's is random, returned once."""
        made: list[str] = []

        def change(state: State) -> None:
            token_id = secrets.token_hex(6)
            while any(t.id == token_id for t in state.tokens):
                token_id = secrets.token_hex(6)
            derived = role != "director"
            token = self._derive(token_id) if derived else secrets.token_urlsafe(TOKEN_BYTES)
            state.tokens.append(Token(token_id, digest(token), role, table, seat, derived=derived))
            made[:] = [token]

        self._change(change)
        return made[0]

    def _derive(self, token_id: str) -> str:
        mac = hmac.new(self.key, b"planets-log link " + token_id.encode(), hashlib.sha256).digest()[:TOKEN_BYTES]
        return base64.urlsafe_b64encode(mac).decode().rstrip("=")

    def secret(self, token: Token) -> str | None:
        """A live table link's token, made again from its id (None: revoked, or a director's)."""
        return self._derive(token.id) if token.derived and not token.revoked else None

    def links(self, table: str) -> list[Token]:
        """The live links of a table: its recorder's, then its seats' in seat order."""
        live = [t for t in self.state.tokens if t.table == table and not t.revoked and t.role != "director"]
        return sorted(live, key=lambda t: -1 if t.seat is None else t.seat)

    def has_director(self) -> bool:
        """Whether a director's link of an earlier start still works."""
        return any(t.role == "director" and not t.revoked for t in self.state.tokens)

    def find(self, token: str) -> Token | None:
        """The live token `token` is: found by its SHA-256 (where a guess's hash falls in the table tells nothing
        of any token), then compared in constant time."""
        wanted = digest(token)
        found = self.hashes.get(wanted)
        if found is None and self.backend is not None:  # a link made on another server a moment ago?
            self.refresh()
            found = self.hashes.get(wanted)
        if found is None or not hmac.compare_digest(found.sha256, wanted) or found.revoked:
            return None
        return found

    def revoked(self, token_id: str) -> bool:
        """Whether the token with this id was revoked (or is not known)."""
        found = self.ids.get(token_id)
        return found is None or found.revoked

    def revoke(self, token_id: str) -> Token | None:
        """Revoke the token with this id; the token as it was, or None if there is none."""
        found: list[Token] = []

        def change(state: State) -> None:
            found[:] = [t for t in state.tokens if t.id == token_id][:1]
            state.tokens = [msgspec.structs.replace(t, revoked=True) if t.id == token_id else t for t in state.tokens]

        self._change(change)
        return found[0] if found else None

    def revoke_directors(self) -> None:
        """Every director link of an earlier start stops working (`serve --new-director-link`)."""
        def change(state: State) -> None:
            state.tokens = [msgspec.structs.replace(t, revoked=True) if t.role == "director" else t
                            for t in state.tokens]

        self._change(change)


def _links_key(path: Path) -> bytes:
    """The key a table's links are made from: 32 random bytes, made once (mode 0600, never over another file)."""
    if not path.exists():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
    if not path.is_file() or path.stat().st_size > 1024:
        raise OSError(f"{path} is not a links key (a file of 64 hexadecimal digits): move it away and start again")
    os.chmod(path, 0o600)
    return _key_of(path.read_bytes(), str(path))


def _key_of(data: bytes, where: str = "the store's links key") -> bytes:
    """The links' key from its file's bytes (64 hexadecimal digits)."""
    try:
        key = bytes.fromhex(data.decode("ascii", "replace").strip())
    except ValueError:
        key = b""
    if len(key) != 32:
        raise OSError(f"{where} is not a links key (64 hexadecimal digits): move it away and start again")
    return key
