"""A whole tournament at once: the audit's entry point and what looks across records.

`audit` checks every record (core.audit), then finds identical copies, one record a
prefix of another and a log_id used by different records, compares the director's
results file, and counts the standings. The report is sorted by file, so it is the same
for any number of jobs.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, TextIO

from .audit import AuditConfig, AuditReport, Problem, RecordAudit, check_records, read_bytes
from .errors import UsageError
from .files import MAX_RECORD, read_capped

if TYPE_CHECKING:
    from .cluster import Cluster


def audit(paths: list[str], cfg: AuditConfig, *, jobs: int = 1, results: str | None = None,
          progress: Callable[[int], None] | None = None, cluster: Cluster | None = None) -> AuditReport:
    """Audit the records `paths` (already collected) as one tournament, here or on a Dask cluster."""
    table = read_results(results) if results is not None else None  # a bad file fails before the long part
    records = check_records(paths, cfg, jobs, progress, cluster)
    report = AuditReport(records=records, keys=tuple(k.key_id for k in cfg.keys))
    find_duplicates(report)
    if results is not None:
        compare_results(report, results, table)
    for r in records:
        r.problems.sort(key=Problem.sort_key)
    report.other.sort(key=Problem.sort_key)
    count_standings(report)
    return report


# --- duplicates ------------------------------------------------------------------------

FOLDED_BY_PREFIX = ("seal.missing", "game.unfinished")


def find_duplicates(report: AuditReport) -> None:
    """Copies (same bytes), prefixes (one record the start of another), log_id clashes."""
    by_digest: dict[str, list[RecordAudit]] = {}
    for r in report.records:
        if r.digest:
            by_digest.setdefault(r.digest, []).append(r)
    distinct: list[RecordAudit] = []
    for group in by_digest.values():
        # The one kept: the shortest file name (copies tend to get longer ones), then path order.
        group.sort(key=lambda r: (len(Path(r.file).name), r.file))
        first, *copies = group
        distinct.append(first)
        if copies:
            report.duplicates.append({"kind": "copy", "files": [r.file for r in group]})
        for r in copies:
            r.duplicate = "copy"
            r.problem(1, 0, "duplicate.copy", f"the same record as {first.file} (byte for byte)")
    by_log: dict[str, list[RecordAudit]] = {}
    for r in distinct:
        if r.log_id is not None:
            by_log.setdefault(r.log_id, []).append(r)
    for log_id, group in sorted(by_log.items()):
        if len(group) < 2:
            continue
        group.sort(key=lambda r: r.file)
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
                report.duplicates.append({"kind": "prefix", "files": [r.file, other.file]})
            else:
                clash.append(r)
        if len(clash) > 1:
            report.duplicates.append({"kind": "log_id", "log_id": log_id, "files": [r.file for r in clash]})
            for r in clash:
                others = ", ".join(o.file for o in clash if o is not r)
                r.problem(1, 0, "duplicate.log_id", f"log_id {log_id} is also the id of {others}, a different record")
    report.duplicates.sort(key=lambda d: (d["files"], d["kind"]))


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


def compare_results(report: AuditReport, path: str, table: tuple[str, list[tuple[int, str, list[str]]]] | None = None) -> None:
    """Compare each row of the results file with the record's result that stands."""
    key, rows = table if table is not None else read_results(path)
    index: dict[str, list[RecordAudit]] = {}
    if key == "log_id":  # copies and prefixes share the log_id of the record they duplicate
        for r in report.records:
            if r.log_id is not None and r.duplicate is None:
                index.setdefault(r.log_id, []).append(r)
    else:
        for r in report.records:
            index.setdefault(os.path.realpath(r.file), []).append(r)
    base = os.path.dirname(os.path.abspath(path))
    seen: dict[int, int] = {}
    for line, value, winners in rows:
        if not value or not winners:
            report.other.append(Problem(path, line, None, "results.row",
                                        f"a row needs a {key} and at least one winner (names separated by ';')"))
            continue
        if key == "log_id":
            found = index.get(value, [])
        else:
            found = index.get(os.path.realpath(value)) or index.get(os.path.realpath(os.path.join(base, value)), [])
        if not found:
            report.other.append(Problem(path, line, None, "results.unknown", f"no audited record has {key} {value}"))
            continue
        for r in found:
            if id(r) in seen:
                r.problem(line, None, "results.duplicate", f"a second row for {r.file} (the first is line "
                          f"{seen[id(r)]})", file=path)
                continue
            seen[id(r)] = line
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


def count_standings(report: AuditReport) -> None:
    """Per game, per player: games, wins (alone, or a solo game won), shared wins, games nobody won
    (or a solo game lost), points (sum of totals)."""
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for r in report.records:
        r.counted = counts(r)
        if not r.counted:
            continue
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
    report.standings = {
        game: sorted(rows.values(), key=lambda x: (-x["wins"], -x["shared"], -x["points"], x["player"]))
        for game, rows in sorted(table.items())
    }
