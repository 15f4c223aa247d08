"""What the server keeps that is not in the records: tables, their flags and token hashes (one file, mode 0600)."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
from pathlib import Path
from typing import Literal

import msgspec

from planets_log.record.errors import write_failed
from planets_log.record.files import create_temp
from planets_log.record.lines import fsync_dir

from .limits import TOKEN_BYTES

STATE_FILE = "planets-log-serve.json"
Role = Literal["director", "recorder", "seat"]


class Token(msgspec.Struct, frozen=True):
    """One link's secret, stored only as its SHA-256; `id` names it for revoking."""

    id: str
    sha256: str
    role: Role
    table: str | None = None
    seat: int | None = None
    revoked: bool = False


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
    """The state file of a served folder, read once and rewritten atomically on every change."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.path = folder / STATE_FILE
        self.lock = threading.Lock()
        self.state = msgspec.json.decode(self.path.read_bytes(), type=State) if self.path.exists() else State()
        if self.path.exists():
            os.chmod(self.path, 0o600)
        self._index()

    def _index(self) -> None:
        """Tables by name and tokens by hash, so that a request's look-ups do not grow with the tournament."""
        self.tables = {t.name: t for t in self.state.tables}
        self.hashes = {t.sha256: t for t in self.state.tokens}
        self.ids = {t.id: t for t in self.state.tokens}

    def save(self) -> None:
        """Write the state to a temporary file (mode 0600), fsync, rename over the old one."""
        tmp, fd = create_temp(self.folder, self.path.name, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(msgspec.json.format(msgspec.json.encode(self.state)) + b"\n")
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
        with self.lock:
            self.state.tables = [t for t in self.state.tables if t.name != table.name] + [table]
            self.save()

    def issue(self, role: Role, table: str | None = None, seat: int | None = None) -> str:
        """A new token for a role; only its hash is kept, the token itself is returned once."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self.lock:
            self.state.tokens.append(Token(secrets.token_hex(6), digest(token), role, table, seat))
            self.save()
        return token

    def find(self, token: str) -> Token | None:
        """The live token `token` is: found by its SHA-256 (where a guess's hash falls in the table tells nothing
        of any token), then compared in constant time."""
        wanted = digest(token)
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
        with self.lock:
            old = next((t for t in self.state.tokens if t.id == token_id), None)
            if old is not None:
                self.state.tokens = [msgspec.structs.replace(t, revoked=True) if t.id == token_id else t
                                     for t in self.state.tokens]
                self.save()
            return old

    def revoke_directors(self) -> None:
        """Every director link of an earlier start stops working (a start prints a fresh one)."""
        with self.lock:
            self.state.tokens = [msgspec.structs.replace(t, revoked=True) if t.role == "director" else t
                                 for t in self.state.tokens]
            self.save()
