"""The tournament audit, record by record: report types, one record's checks, the worker pool.

Each record is checked on its own (`audit_record`, which can run in a worker process): its
header against the tournament's game editions and rules versions, then one strict replay
(schema, rules, hash chain, the seed's chance outcomes, the seal gates), then its seal's
signature, whether the game is over, and its declared result against the computed one.
The first error of a replay stops that record: everything after it is unverified.

What looks across records (duplicates, the results file, standings) and the entry point
`audit` are in core.tournament."""

from __future__ import annotations

import hashlib
import io
import os
from functools import cache
from typing import TYPE_CHECKING, BinaryIO, Callable, Literal

from planets_log.engine.edition import load_edition
from planets_log.engine.header import decode_header, readable_versions
from planets_log.engine.replay import BaseVisitor, Replay, SkipType, Step
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.scoring import arbiter_override
from planets_log.engine.session import Position, Session
from planets_log.record.errors import PlanetsLogError, RecordError, UsageError
from planets_log.record.events import EditionRef, Result, Seal
from planets_log.record.files import MAX_RECORD, TooLarge, open_regular, read_capped
from planets_log.record.lines import CHUNK, MAX_LINE, too_long

from .report import AuditConfig, RecordAudit
from .seal import check_seal
from .urls import answer_errors, is_url, open_url
from .validate import mode_of

if TYPE_CHECKING:
    from typing_extensions import Buffer



@cache
def edition_ref(game: str, path: str | None) -> EditionRef:
    from planets_log.engine.registry import get_rules

    return load_edition(get_rules(game), path).ref


Source = io.RawIOBase | io.BufferedIOBase
"""An unbuffered or buffered binary stream a record is read from."""


def open_source(source: str | bytes) -> Source:
    """An unbuffered binary stream of a record: its bytes, a local path, or an fsspec URL."""
    if isinstance(source, bytes):
        return io.BytesIO(source)
    if is_url(source):
        handle: Source = open_url(source, MAX_RECORD)
        return handle
    return os.fdopen(open_regular(source, "the record", MAX_RECORD), "rb", buffering=0)


def open_stream(source: str | bytes, name: str) -> io.BufferedReader:
    """A record's lines to read again (a secret seed's reveal, a deep retraction), under the record's cap."""
    return io.BufferedReader(_Counting(open_source(source), name, digest=False), CHUNK)


def read_bytes(path: str) -> bytes:
    """A whole record's bytes (a local path, a regular file under the cap, or an fsspec URL)."""
    if not is_url(path):
        return read_capped(path, "the record", MAX_RECORD)
    with open_stream(path, path) as handle:
        return handle.read()


class _Counting(io.RawIOBase):
    """A raw stream that counts (and hashes, and counts the newlines of) every byte read through it,
    and refuses to read past the record's cap (a URL may send without end, a file may grow)."""

    def __init__(self, raw: Source, name: str, digest: bool = True):
        self._raw, self._name = raw, name
        self.sha = hashlib.sha256() if digest else None
        self.newlines = self.size = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Buffer) -> int | None:
        try:
            n = self._raw.readinto(buf)
        except answer_errors() as exc:  # a host's error status once the record is open: a read error of that record
            raise OSError(f"the host answered {exc}") from None
        if n:
            self.size += n
            if self.size > MAX_RECORD:
                raise TooLarge(f"the record {self._name} is over the limit of {MAX_RECORD} bytes",
                               code="file.too-large")
            if self.sha is not None:
                chunk = bytes(memoryview(buf)[:n])
                self.sha.update(chunk)
                self.newlines += chunk.count(b"\n")
        return n

    def close(self) -> None:
        self._raw.close()
        super().close()


class _Again:
    """A line stream whose first line was already read: it is given again first."""

    def __init__(self, first: bytes, stream: BinaryIO):
        self._first: bytes | None = first
        self._stream = stream

    def readline(self, limit: int = -1) -> bytes:
        if self._first is not None:
            first, self._first = self._first, None
            return first
        return self._stream.readline(limit)

    def __enter__(self) -> "_Again":
        return self

    def __exit__(self, *exc: object) -> None:  # the audit drains and closes the stream itself
        pass


def audit_record(path: str, cfg: AuditConfig, source: str | bytes | None = None) -> RecordAudit:
    """Check one record: header, every line, seal, end of game, declared result.

    `path` is the name reported; the bytes are read from `source` (a path or fsspec URL
    the worker can read, or the record's bytes), by default from `path`. The record is
    streamed: its digest and line count are taken as it is read.
    """
    out = RecordAudit(file=path)
    try:
        raw = open_source(path if source is None else source)
    except UsageError as exc:  # not a regular file, or over the cap
        out.problem(None, None, exc.code, exc.message)
        return out
    except OSError as exc:
        out.problem(None, None, "file.open", f"cannot read the record: {exc.strerror or exc}")
        return out
    counted = _Counting(raw, path)
    with io.BufferedReader(counted, CHUNK) as stream:
        try:
            _guarded(path, stream, cfg, out, lambda: open_stream(path if source is None else source, path))
            while stream.read(CHUNK):  # the rest, after an error, for the digest and line count
                pass
        except TooLarge as exc:  # no digest: a record cut at the cap is no copy of another
            out.valid = False
            out.problem(None, None, exc.code, exc.message)
            return out
        except OSError as exc:
            out.valid = False
            out.problem(None, None, "file.read", f"cannot read the record: {exc.strerror or exc}")
    assert counted.sha is not None
    out.digest, out.lines = counted.sha.hexdigest(), counted.newlines
    return out


def _guarded(path: str, stream: BinaryIO, cfg: AuditConfig, out: RecordAudit,
             reopen: Callable[[], Source]) -> None:
    try:
        _check(path, stream, cfg, out, reopen)
    except RecordError as exc:
        _placed(out, exc)
    except TooLarge:
        raise
    except PlanetsLogError as exc:
        out.problem(1, 0, exc.code, exc.message)
    except OSError:
        raise
    except Exception as exc:  # a bug in a game's rules must not stop the audit of the others
        out.valid = False
        out.problem(None, None, "internal", f"the record could not be checked: {type(exc).__name__}: {exc} "
                    "(please report this)")


def _placed(out: RecordAudit, exc: RecordError) -> None:
    line, seq, message = exc.line, exc.seq, exc.message
    if exc.code == "chain" and line is not None and line > 1:
        # The line before no longer hashes to the `prev` this line records: that line changed.
        line, seq = line - 1, (seq - 1 if seq is not None else None)
        message = (f"line {line} was changed: its hash is not the prev that line {line + 1} records "
                   f"(or lines after it were removed or reordered and renumbered)")
    elif exc.code == "seq" and line is not None and seq is not None and line > 1:
        due = line - 1
        if seq > due:
            message += f": the line of seq {due} is missing here (a line was deleted, or lines were reordered)"
        else:
            message += f": seq {seq} comes again or out of order (a line was copied or moved here)"
    out.problem(line, seq, exc.code, message)


def _check(path: str, stream: BinaryIO, cfg: AuditConfig, out: RecordAudit,
           reopen: Callable[[], Source]) -> None:
    from planets_log.engine.registry import get_rules

    first = stream.readline(MAX_LINE + 1)
    if not first:
        out.problem(1, None, "header.missing", "the record is empty (no header line)")
        return
    if len(first) > MAX_LINE and not first.endswith(b"\n"):
        raise too_long(path, 1, 0)
    header = decode_header(first.removesuffix(b"\n"), path)
    out.game, out.log_id, out.players = header.game, header.log_id, list(header.players)
    try:
        rules = get_rules(header.game)
    except UsageError as exc:
        out.problem(1, 0, "game.unknown", exc.message)
        return
    except Exception as exc:  # a game package that does not import
        out.problem(1, 0, "game.unavailable", f"the rules of {header.game} cannot be loaded: "
                    f"{type(exc).__name__}: {exc}")
        return
    if header.rules not in readable_versions(rules):
        known = ", ".join(map(str, readable_versions(rules)))
        out.problem(1, 0, "rules.other", f"the record uses {rules.id} rules version {header.rules}; this planets-log "
                    f"replays version(s) {known}; it cannot be checked")
        return
    edition = _pick_edition(header.game, header.edition, cfg, out)
    if edition is False:
        return
    replay = Replay(_Again(first, stream), edition, name=path, reopen=reopen)
    session = replay.session
    marks = replay.fold(Marks())
    pos, seal_line, result_line = marks.pos, marks.seal_line, marks.result_line
    out.valid = True
    last = pos.seq + 1
    arb = pos.arbiter
    out.rulings = [{"seq": r.seq, "code": r.code, "message": r.message, "reason": r.reason} for r in arb.ruled]
    out.peeks = [{"seq": s, "target": t, "reason": r} for s, t, r in arb.peeks]
    override = arbiter_override(session, pos)
    out.overrides = [override] if override is not None else []
    out.mode = mode_of(replay, pos)
    _policy(cfg, out, last, pos.seq)
    if override is not None and arb.seal is None and "overrides-sealed" in cfg.require:
        out.problem(override["seq"] + 1, override["seq"], "policy.override", "the tournament requires an arbiter's "
                    f"override to be sealed after it; this record is not sealed: {override['words']}")
    if arb.seal is not None:
        out.sealed, out.seal_key = True, arb.seal.key_id
        if cfg.keys:
            bad = check_seal(arb.seal, list(cfg.keys))
            out.verified = bad is None
            if bad is not None:
                out.problem(seal_line, arb.seal.seq, *bad)
    elif cfg.seals_required:
        out.problem(last, pos.seq, "seal.missing", f"the record is not sealed (it ends at line {last}, seq {pos.seq}): "
                    "it was cut short, or never sealed")
    _result(session, pos, out, last, result_line)


POLICY_RULE = "security.md: tournament policy"


def _policy(cfg: AuditConfig, out: RecordAudit, last: int, seq: int) -> None:
    """A record against `--require seeded|table` (sealed is checked with the seal)."""
    if "seeded" in cfg.require:
        if out.mode == "table":
            out.problem(1, 0, "policy.seeded", "the tournament requires seeded games; this record is a table game "
                        "(its chance outcomes were typed, not drawn from a seed)")
        elif out.mode == "seeded-public":
            out.problem(1, 0, "policy.public-seed", "the tournament requires seeded games with a secret seed; this "
                        "record's seed is public, so anyone holding it could foresee every draw")
        elif out.mode in ("seeded-unrevealed", "seeded-checked"):
            out.problem(last, seq, "seed.unrevealed", "the secret seed is not revealed, so the draws are not "
                        "verified; reveal it ('planets-log reveal')")
    if "table" in cfg.require and out.mode != "table":
        out.problem(1, 0, "policy.table", "the tournament requires table games; this record is seeded")


class Marks(BaseVisitor["Marks"]):
    """The last position, and the lines of the seal and of the last declared result."""

    seal_line: int | None = None
    result_line: int | None = None

    def visit(self, step: Step) -> SkipType | None:
        if isinstance(step.event, Seal):
            self.seal_line = step.line.number
        elif isinstance(step.event, Result):
            self.result_line = step.line.number
        return super().visit(step)

    def result(self) -> "Marks":
        return self


def _pick_edition(game: str, ref: EditionRef, cfg: AuditConfig, out: RecordAudit) -> str | None | Literal[False]:
    """The edition file to replay with (None: the reference), or False when none fits."""
    want_path = cfg.edition_path(game)
    want = edition_ref(game, want_path)
    if ref.sha256 == want.sha256:
        return want_path
    usable: Literal[False] | None = None if want_path is not None and edition_ref(game, None).sha256 == ref.sha256 else False
    then = ("; its rules were checked with that edition" if usable is None else
            "; it cannot be checked without that edition's file")
    out.problem(1, 0, "edition.other", f"made with edition {ref.name!r} (sha256 {ref.sha256[:12]}…), not the "
                f"tournament's {want.name!r} (sha256 {want.sha256[:12]}…){then}")
    return usable


def _result(session: Session, pos: Position, out: RecordAudit, last: int, result_line: int | None) -> None:
    from planets_log.engine.scoring import adjusted_sheet, result_check
    from planets_log.engine.sheet import known_totals

    mover = session.to_move(pos)
    out.finished = mover == TERMINAL
    declared = pos.arbiter.result
    status, words = result_check(session, pos)
    out.declared = status
    sheet = adjusted_sheet(session, pos)
    out.totals = known_totals(sheet)
    names = session.header.players
    if out.finished:
        missing = session.rules.missing_reveals(pos.state)
        if missing:  # a kept record's score is not known until its hidden cards are revealed
            out.problem(last, pos.seq, "kept.unrevealed", f"the score needs {len(missing)} reveal(s): {'; '.join(missing)}")
        if status == "mismatch":
            out.problem(result_line, result_line - 1 if result_line else None, "result.mismatch", words)
        if status == "overridden" and declared is not None:
            out.winners, out.result_by = [names[w] for w in declared.winners], "arbiter"
        else:
            out.winners, out.result_by = [names[w] for w in sorted(sheet.winners)], "rules"
        return
    if declared is not None and declared.declared_by == "arbiter" and declared.reason:
        out.winners, out.result_by = [names[w] for w in declared.winners], "arbiter"
        return
    nxt = ("chance is next" if mover == CHANCE else f"{session.name(mover)} is to move")
    also = "; a result is declared all the same" if declared is not None else ""
    out.problem(last, pos.seq, "game.unfinished", f"the game is not over: it ends at line {last} (seq {pos.seq}) "
                f"and {nxt}{also}")


def init_worker(games: tuple[tuple[str, str], ...]) -> None:
    """In a worker process: register the games the parent has registered (a worker knows only the installed ones)."""
    from planets_log.engine import registry

    for game, module in games:
        if registry.games().get(game) != module:
            registry.register(game, module)


def worker_config(cfg: AuditConfig) -> AuditConfig:
    """The config a worker needs: the games registered here, edition files by absolute path."""
    from planets_log.engine import registry

    editions = tuple((g, p if is_url(p) else os.path.abspath(p)) for g, p in cfg.editions)
    return AuditConfig(cfg.keys, editions, cfg.require_seal, tuple(registry.games().items()), cfg.require)
