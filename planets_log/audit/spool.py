"""The audit's per-record results kept on disk, so the client's memory does not grow with the archive.

Each `RecordAudit` is written to a private temporary SQLite file as it comes back from a
worker; the cross-record checks (core.tournament) read back only the groups they need
(records sharing a digest or a log_id, the records a results row names), and the report
is written from it in file order. SQLite sorts and groups on disk with a bounded page
cache.
"""

from __future__ import annotations

import pickle
import sqlite3
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

from .report import Problem, RecordAudit

CACHE_KIB = 8192
"""SQLite's page cache, the most of the spool held in memory."""


def _key(text: str | None) -> bytes | None:
    """A text column as bytes that sort as Python sorts the text (a file name may hold lone surrogates)."""
    return None if text is None else text.encode("utf-8", "surrogatepass")


def _encode(obj: Any) -> bytes:
    """Only this process writes and reads the spool, in a folder of its own: pickle keeps every name as it is."""
    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


_decode = pickle.loads
_SCHEMA = """
CREATE TABLE rec (file BLOB PRIMARY KEY, digest TEXT, log_id BLOB, dup TEXT, real BLOB, blob BLOB);
CREATE INDEX rec_digest ON rec (digest);
CREATE INDEX rec_log ON rec (log_id);
CREATE INDEX rec_real ON rec (real);
CREATE TABLE dup (files BLOB, kind TEXT, blob BLOB);
CREATE TABLE fin (ord INTEGER PRIMARY KEY, blob BLOB);
CREATE TABLE prob (file BLOB, line INTEGER, code BLOB, message BLOB, ord INTEGER PRIMARY KEY, blob BLOB);
"""


class Spool:
    """Records, duplicates and sorted problems in a temporary database; closed (and deleted) with `close`."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="planets-log-audit-")
        self.db = sqlite3.connect(Path(self._dir.name) / "spool.db")
        for pragma in ("journal_mode=OFF", "synchronous=OFF", "temp_store=FILE", f"cache_size=-{CACHE_KIB}"):
            self.db.execute(f"PRAGMA {pragma}")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()
        self._dir.cleanup()

    def __enter__(self) -> "Spool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- records as they come back, and the cross-record checks' groups ---

    def add(self, r: RecordAudit, real: str | None = None) -> None:
        """Keep one record's result; `real` is its file's real path, when a results file names records by file."""
        self.db.execute("INSERT INTO rec VALUES (?, ?, ?, ?, ?, ?)",
                        (_key(r.file), r.digest, _key(r.log_id), r.duplicate, _key(real), _encode(r)))

    def save(self, r: RecordAudit) -> None:
        self.db.execute("UPDATE rec SET dup = ?, blob = ? WHERE file = ?", (r.duplicate, _encode(r), _key(r.file)))

    def load(self, where: str, args: tuple[Any, ...] = ()) -> list[RecordAudit]:
        """The records matching an SQL condition, in file order (a name compared as `key` stores it)."""
        return [_decode(b) for (b,) in self.db.execute(f"SELECT blob FROM rec WHERE {where} ORDER BY file", args)]

    def files(self, where: str, args: tuple[Any, ...] = ()) -> list[bytes]:
        """The file column (as `key` stores a name) of the records matching an SQL condition, in file order."""
        return [f for (f,) in self.db.execute(f"SELECT file FROM rec WHERE {where} ORDER BY file", args)]

    key = staticmethod(_key)

    def shared(self, column: str, where: str) -> Iterator[Any]:
        """Each value of `column` (a column name, never input) that more than one record matching `where` has, in order.

        The values are copied to a table of their own first, so that the records can be
        updated while they are read.
        """
        self.db.execute("DROP TABLE IF EXISTS grp")
        self.db.execute(f"CREATE TEMP TABLE grp AS SELECT {column} AS v FROM rec WHERE {where} "
                        f"GROUP BY {column} HAVING COUNT(*) > 1")
        yield from (value for (value,) in self.db.execute("SELECT v FROM grp ORDER BY v"))

    def add_duplicate(self, entry: dict[str, Any]) -> None:
        key = b"\x00".join(f.encode("utf-8", "surrogatepass") for f in entry["files"])  # sorts as the list does
        self.db.execute("INSERT INTO dup VALUES (?, ?, ?)", (key, entry["kind"], _encode(entry)))

    # --- the finished report, in its order ---

    def finish(self, finished: Callable[[RecordAudit], RecordAudit]) -> None:
        """Pass every record, in file order, through `finished` into the report's table, and index its problems."""
        rows = self.db.execute("SELECT blob FROM rec ORDER BY file")
        while batch := rows.fetchmany(256):
            for (blob,) in batch:
                r = finished(_decode(blob))
                self.db.execute("INSERT INTO fin (blob) VALUES (?)", (_encode(r),))
                for p in r.problems:
                    self.add_problem(p, r.file)
        self.db.execute("DELETE FROM rec")
        self.db.commit()

    def add_problem(self, p: Problem, record: str) -> None:
        self.db.execute("INSERT INTO prob (file, line, code, message, blob) VALUES (?, ?, ?, ?, ?)",
                        (_key(p.file), p.line or 0, _key(p.code), _key(p.message), _encode((p, record))))

    def records(self) -> Iterator[RecordAudit]:
        """The finished records, sorted by file."""
        rows = self.db.execute("SELECT blob FROM fin ORDER BY ord")
        while batch := rows.fetchmany(256):
            yield from (_decode(b) for (b,) in batch)

    def duplicates(self) -> Iterator[dict[str, Any]]:
        """The duplicates found, sorted by their files, then kind."""
        for (blob,) in self.db.execute("SELECT blob FROM dup ORDER BY files, kind, rowid"):
            yield _decode(blob)

    def problems(self) -> Iterator[tuple[Problem, str]]:
        """Every problem with its record's file ('' for none), sorted by file and line (as `Problem.sort_key`)."""
        rows = self.db.execute("SELECT blob FROM prob ORDER BY file, line, code, message, ord")
        while batch := rows.fetchmany(256):
            for (blob,) in batch:
                p, record = _decode(blob)
                yield p, record
