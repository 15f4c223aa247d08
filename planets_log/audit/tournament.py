"""A whole tournament at once: the audit's entry point and what looks across records.

`audit` checks every record (core.audit), then finds identical copies, one record a
prefix of another and a log_id used by different records, compares the director's
results file, and counts the standings. The report is sorted by file, so it is the same
for any number of jobs. Each record's result goes to a spool on disk as it comes back
(core.spool): the cross-record checks read back only the groups they need, and
`audit_spooled` hands the report out as streams, so the client's memory does not grow
with the number of records.
"""

from __future__ import annotations

import csv
import io
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, TextIO

import msgspec

from planets_log.record.errors import UsageError
from planets_log.record.files import read_capped

from .checks import read_bytes
from .pool import iter_checks
from .report import AuditConfig, AuditReport, Problem, RecordAudit
from .spool import Spool

if TYPE_CHECKING:
    from .cluster import Cluster


def audit(paths: list[str], cfg: AuditConfig, *, jobs: int = 1, results: str | None = None,
          progress: Callable[[int], None] | None = None, cluster: Cluster | None = None) -> AuditReport:
    """Audit the records `paths` (already collected) as one tournament, here or on a Dask cluster; the whole
    report in memory (the command streams it instead: `audit_spooled`)."""
    with audit_spooled(paths, cfg, jobs=jobs, results=results, progress=progress, cluster=cluster) as spooled:
        return AuditReport(records=list(spooled.records()), duplicates=list(spooled.duplicates()),
                           other=spooled.other, standings=spooled.standings, keys=spooled.keys)


@dataclass
class SpooledReport:
    """The audit's report read from its spool: records, duplicates and problems as streams, and the totals."""

    spool: Spool
    keys: tuple[str, ...] = ()
    other: list[Problem] = field(default_factory=list)
    standings: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    total: int = 0
    """Records audited."""
    bad: int = 0
    """Records with a problem."""
    counted: dict[str | None, int] = field(default_factory=dict)
    """Records counted in the standings, per game."""
    count: int = 0
    """Problems in all."""
    duplicate_count: int = 0

    def records(self) -> Iterator[RecordAudit]:
        return self.spool.records()

    def duplicates(self) -> Iterator[dict[str, Any]]:
        return self.spool.duplicates()

    def problems(self) -> Iterator[tuple[Problem, str]]:
        """Every problem with its record's file ('' for none), sorted by file and line."""
        return self.spool.problems()

    def finish(self) -> None:
        """Sort each record's problems, count the standings and the totals, index the problems."""
        table: dict[str, dict[str, dict[str, Any]]] = {}

        def finished(r: RecordAudit) -> RecordAudit:
            r.problems.sort(key=Problem.sort_key)
            r.counted = counts(r)
            self.total += 1
            self.bad += bool(r.problems)
            self.count += len(r.problems)
            if r.counted:
                self.counted[r.game] = self.counted.get(r.game, 0) + 1
                add_standing(table, r)
            return r

        self.spool.finish(finished)
        self.other.sort(key=Problem.sort_key)
        for p in self.other:
            self.spool.add_problem(p, "")
        self.count += len(self.other)
        self.duplicate_count = self.spool.db.execute("SELECT COUNT(*) FROM dup").fetchone()[0]
        self.standings = standings_of(table)

    def write_json(self, write: Callable[[str], None]) -> None:
        """The `--json` report, written piece by piece: the same bytes as `AuditReport.to_json` encoded whole.

        Every piece is encoded once before anything is written, so that a name JSON cannot
        hold fails the command with nothing written, as the report encoded whole did.
        """
        for _ in self._json_parts():
            pass
        buf: list[str] = []
        for part in self._json_parts():
            buf.append(part)
            if len(buf) == 256:
                write("".join(buf))
                buf = []
        write("".join(buf))

    def _json_parts(self) -> Iterator[str]:
        from planets_log.record.text import json_safe

        def enc(obj: object) -> str:
            return json_safe(msgspec.json.encode(obj).decode())

        yield '{"records":['
        for i, r in enumerate(self.records()):
            yield ("," if i else "") + enc(r.to_json())
        yield '],"duplicates":['
        for i, d in enumerate(self.duplicates()):
            yield ("," if i else "") + enc(d)
        yield (f'],"other":{enc([p.to_json() for p in self.other])},"standings":{enc(self.standings)},'
               f'"problems":{self.count}}}\n')


@contextmanager
def audit_spooled(paths: list[str], cfg: AuditConfig, *, jobs: int = 1, results: str | None = None,
                  progress: Callable[[int], None] | None = None,
                  cluster: Cluster | None = None) -> Iterator[SpooledReport]:
    """Audit as `audit` does, keeping each record's result on disk; the report is readable inside the `with`."""
    with Spool() as spool:
        yield spool_audit(spool, paths, cfg, jobs=jobs, results=results, progress=progress, cluster=cluster)


def spool_audit(spool: Spool, paths: list[str], cfg: AuditConfig, *, jobs: int = 1, results: str | None = None,
                progress: Callable[[int], None] | None = None, cluster: Cluster | None = None) -> SpooledReport:
    """Check every record into `spool` as it finishes, then look across them; the report reads from the spool."""
    table = read_results(results) if results is not None else None  # a bad file fails before the long part
    by_file = table is not None and table[0] == "file"
    for r in iter_checks(paths, cfg, jobs, progress, cluster):
        spool.add(r, os.path.realpath(r.file) if by_file else None)
    report = SpooledReport(spool, keys=tuple(k.key_id for k in cfg.keys))
    find_duplicates(spool)
    if results is not None:
        compare_results(report, results, table)
    report.finish()
    return report


# --- duplicates ------------------------------------------------------------------------

FOLDED_BY_PREFIX = ("seal.missing", "game.unfinished")


def find_duplicates(spool: Spool) -> None:
    """Copies (same bytes), prefixes (one record the start of another), log_id clashes."""
    for digest in spool.shared("digest", "digest != ''"):
        group = spool.load("digest = ?", (digest,))
        # The one kept: the shortest file name (copies tend to get longer ones), then path order. A plain
        # string, not a Path: pathlib interns every part of a name, growing CPython's table per record.
        group.sort(key=lambda r: (len(os.path.basename(r.file.rstrip("/"))), r.file))
        first, *copies = group
        spool.add_duplicate({"kind": "copy", "files": [r.file for r in group]})
        for r in copies:
            r.duplicate = "copy"
            r.problem(1, 0, "duplicate.copy", f"the same record as {first.file} (byte for byte)")
            spool.save(r)
    distinct = "digest != '' AND dup IS NULL AND log_id"
    for log_id in spool.shared("log_id", f"{distinct} IS NOT NULL"):
        _same_log(spool, spool.load(f"{distinct} = ?", (log_id,)))


def _same_log(spool: Spool, group: list[RecordAudit]) -> None:
    """Records of one log_id: each an earlier copy (a prefix) of a longer one, or a clash."""
    log_id = group[0].log_id
    blobs = {r.file: read_bytes(r.file) for r in group}
    clash = []
    for r in group:
        longer = [o for o in group if o is not r and len(blobs[o.file]) > len(blobs[r.file])
                  and blobs[o.file].startswith(blobs[r.file])]
        if longer:
            other = max(longer, key=lambda o: (len(blobs[o.file]), o.file))
            r.duplicate = "prefix"
            folded = [p.code for p in r.problems if p.code in FOLDED_BY_PREFIX]
            r.problems = [p for p in r.problems if p.code not in FOLDED_BY_PREFIX]
            also = f" (so it is {' and '.join(_words(c) for c in folded)})" if folded else ""
            r.problem(r.lines, r.lines - 1, "duplicate.prefix",
                      f"the first {r.lines} lines of {other.file}, which goes on to line {other.lines}: "
                      f"an earlier copy of the same game{also}")
            spool.add_duplicate({"kind": "prefix", "files": [r.file, other.file]})
            spool.save(r)
        else:
            clash.append(r)
    if len(clash) > 1:
        spool.add_duplicate({"kind": "log_id", "log_id": log_id, "files": [r.file for r in clash]})
        for r in clash:
            others = ", ".join(o.file for o in clash if o is not r)
            r.problem(1, 0, "duplicate.log_id", f"log_id {log_id} is also the id of {others}, a different record")
            spool.save(r)


def _words(code: str) -> str:
    return {"seal.missing": "not sealed", "game.unfinished": "not finished"}.get(code, code)


# --- the director's results file -----------------------------------------------------

def read_results(path: str) -> tuple[str, list[tuple[int, str, list[str]]]]:
    """A results CSV: (key column, [(line, key, winners)]). The key column is log_id or file."""
    try:
        data = read_capped(path, "the results file")
        handle = io.StringIO(data.decode("utf-8-sig"), newline="")  # a spreadsheet's byte-order mark is skipped
    except UsageError as exc:
        raise UsageError(exc.message, code="results.read") from None
    except UnicodeDecodeError:
        raise UsageError(f"the results file {path} is not UTF-8 text", code="results.read") from None
    rows: list[tuple[int, str, list[str]]] = []
    key = ""
    with handle:
        reader = csv.reader(handle, delimiter=_delimiter(handle, path), skipinitialspace=True)
        head: list[str] | None = None
        for row in _rows(reader, path):
            line = reader.line_num
            if not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
                continue
            if head is None:
                head = [c.strip().lower() for c in row]
                key = _key_column(head, path)
                continue
            cells = dict(zip(head, (c.strip() for c in row)))
            winners = [w.strip() for w in cells.get("winners", "").split(";") if w.strip()]
            rows.append((line, cells.get(key, ""), winners))
    if head is None:
        raise UsageError(f"{path}: the results file is empty; it needs a header row such as 'log_id,winners'",
                         code="results.read")
    return key, rows


def _delimiter(handle: TextIO, path: str) -> str:
    """`;` when the header row is separated by semicolons (as many spreadsheets save), else `,`."""
    try:
        for text in handle:
            if text.strip() and not text.lstrip().startswith("#"):
                break
        else:
            text = ""
        handle.seek(0)
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not a readable CSV file: {exc}", code="results.read") from None
    return ";" if text.count(";") > text.count(",") else ","


def _rows(reader: Iterator[list[str]], path: str) -> Iterator[list[str]]:
    try:
        yield from reader
    except (UnicodeDecodeError, csv.Error) as exc:
        raise UsageError(f"{path}: not a readable CSV file: {exc}", code="results.read") from None


def _key_column(head: list[str], path: str) -> str:
    found = ", ".join(repr(c) for c in head)
    if "winners" not in head:
        raise UsageError(f"{path}: the results file needs a 'winners' column (header row: log_id,winners or "
                         f"file,winners); its header row has the column(s) {found}", code="results.read")
    for key in ("log_id", "file"):
        if key in head:
            return key
    raise UsageError(f"{path}: the results file needs a 'log_id' or 'file' column; its header row has the column(s) "
                     f"{found}", code="results.read")


def compare_results(report: SpooledReport, path: str,
                    table: tuple[str, list[tuple[int, str, list[str]]]] | None = None) -> None:
    """Compare each row of the results file with the record's result that stands (a record named by
    file needs its real path spooled: `audit_spooled` does it).

    The rows are first grouped by the record they name, so that each record is read from the
    spool and written back once, however many rows name it.
    """
    key, rows = table if table is not None else read_results(path)
    spool = report.spool
    base = os.path.dirname(os.path.abspath(path))
    named: dict[bytes, list[tuple[int, list[str]]]] = {}  # a record's file (as spooled) -> its rows, in order
    for line, value, winners in rows:
        if not value or not winners:
            report.other.append(Problem(path, line, None, "results.row",
                                        f"a row needs a {key} and at least one winner (names separated by ';')"))
            continue
        files = _named(spool, key, value, base)
        if not files:
            report.other.append(Problem(path, line, None, "results.unknown", f"no audited record has {key} {value}"))
        for file in files:
            named.setdefault(file, []).append((line, winners))
    for file, its_rows in named.items():
        (r,) = spool.load("file = ?", (file,))
        first = its_rows[0][0]
        for line, winners in its_rows:
            _compare_row(r, line, winners, path, first)
        spool.save(r)


def _named(spool: Spool, key: str, value: str, base: str) -> list[bytes]:
    """The spooled records a row's key names: by log_id (copies and prefixes share the log_id of the record
    they duplicate, and are left out), or by file, as given or relative to the results file's folder."""
    if key == "log_id":
        return spool.files("log_id = ? AND dup IS NULL", (spool.key(value),))
    if "\0" in value:  # no file has such a name
        return []
    return (spool.files("real = ?", (spool.key(os.path.realpath(value)),))
            or spool.files("real = ?", (spool.key(os.path.realpath(os.path.join(base, value))),)))


def _compare_row(r: RecordAudit, line: int, winners: list[str], path: str, first: int) -> None:
    """One row of the results file against one record it names (`first`: the line of its first row)."""
    if line != first:
        r.problem(line, None, "results.duplicate", f"a second row for {r.file} (the first is line "
                  f"{first})", file=path)
        return
    strangers = [w for w in winners if w not in r.players]
    if strangers:
        r.problem(line, None, "results.player", f"{', '.join(strangers)} did not play in {r.file} "
                  f"(players: {', '.join(r.players)})", file=path)
    elif r.winners is not None and sorted(winners) != sorted(r.winners):
        by = "by the rules" if r.result_by == "rules" else "as the arbiter declared it"
        r.problem(line, None, "result.mismatch", f"the results file gives {', '.join(winners)} for "
                  f"{r.file}, but its result {by} is {', '.join(r.winners)}", file=path)


# --- standings --------------------------------------------------------------------------

def counts(r: RecordAudit) -> bool:
    """A record counts when it replays, has a result, is not a copy, and has no problem but result ones."""
    return (r.valid and r.winners is not None and r.duplicate is None
            and all(p.code.startswith("result") for p in r.problems))


def add_standing(table: dict[str, dict[str, dict[str, Any]]], r: RecordAudit) -> None:
    """Count a record in the standings, per game, per player: games, wins (alone, or a solo game won),
    shared wins, games nobody won (or a solo game lost), points (sum of totals)."""
    game = table.setdefault(r.game or "?", {})
    winners = r.winners or []
    shared = len(winners) > 1
    for seat, name in enumerate(r.players):
        row = game.setdefault(name, {"player": name, "games": 0, "wins": 0, "shared": 0, "no_winner": 0,
                                     "points": 0})
        row["games"] += 1
        row["points"] += r.totals[seat] if seat < len(r.totals) else 0
        if not winners:
            row["no_winner"] += 1
        elif name in winners:
            row["shared" if shared else "wins"] += 1


def standings_of(table: dict[str, dict[str, dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The standings, each game's players best first."""
    return {
        game: sorted(rows.values(), key=lambda x: (-x["wins"], -x["shared"], -x["points"], x["player"]))
        for game, rows in sorted(table.items())
    }
