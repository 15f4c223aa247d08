"""Tournament commands: seal (sign a record), keygen (make keys), audit (check a whole tournament)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from planets_log.record.text import escape

from .common import edition_option

if TYPE_CHECKING:  # only for annotations: Dask and the audit's modules load when a command runs
    from planets_log.audit.cluster import Cluster
    from planets_log.audit.tournament import SpooledReport


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--key", "key_file", required=True, type=click.Path(dir_okay=False),
              help="The key that signs: an HMAC secret file or an Ed25519 private key (PREFIX.key).")
@edition_option
def seal(logs: tuple[str, ...], key_file: str, edition: str | None) -> None:
    """Seal each record in LOGS: append the organiser's signature over its log_id, length and head.

    After a seal nothing may be added to the record, and any edit, deletion,
    reordering, truncation or extension shows in `audit` at the first line that
    differs. A record is sealed once; sealing refuses an invalid record.

    \b
    Example:
      planets-log keygen --out organiser
      planets-log seal table-07.jsonl --key organiser.key
      planets-log audit tournament/ --key organiser.pub
    """
    from planets_log.audit.seal import load_key, seal_record
    from planets_log.engine.rules import TERMINAL

    key = load_key(key_file)
    for log in logs:
        entry, rec = seal_record(log, key, edition)
        click.echo(f"{escape(log)}: {entry.seq:>4}  {entry.text}")
        if rec.session.to_move(rec.pos) != TERMINAL:
            click.echo(f"{escape(log)}: warning: the game is not over; the audit will report it unfinished", err=True)


@click.command()
@click.option("--out", required=True, help="PREFIX for PREFIX.key and PREFIX.pub (with --hmac: the file to write).")
@click.option("--hmac", "use_hmac", is_flag=True, help="Make an HMAC-SHA256 secret instead of an Ed25519 key pair.")
def keygen(out: str, use_hmac: bool) -> None:
    """Make a key for sealing records: an Ed25519 key pair, or with --hmac a shared secret.

    PREFIX.key is the private key (mode 0600: keep it to yourself, it seals);
    PREFIX.pub is the public key (give it to anyone who should verify seals).
    An HMAC secret both seals and verifies, so only the organiser may hold it.
    Existing files are never overwritten.

    \b
    Example:
      planets-log keygen --out organiser
      planets-log keygen --hmac --out organiser-secret.json
    """
    from planets_log.audit.seal import keygen as make

    key, paths = make(out, use_hmac=use_hmac)
    for path in paths:
        click.echo(f"wrote {escape(path)}")
    click.echo(f"key id {key.key_id} ({key.alg})")


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--key", "key_files", multiple=True, type=click.Path(dir_okay=False),
              help="A key that verifies seals (Ed25519 .pub or .key, or the HMAC secret); repeatable. "
                   "With a key, every record must be sealed by one of the keys.")
@click.option("--results", "results", type=click.Path(dir_okay=False), default=None,
              help="The director's results: CSV with a header row 'log_id,winners' or 'file,winners' "
                   "(winners' names separated by ';').")
@click.option("--edition", "editions", multiple=True, metavar="GAME=PATH",
              help="The tournament's edition file of GAME (default: the game's reference edition); repeatable.")
@click.option("--require", "require", multiple=True,
              type=click.Choice(["seeded", "sealed", "table", "overrides-sealed"]),
              help="The tournament's policy: every record seeded with a secret seed that is revealed, sealed, "
                   "or a table game; every arbiter's override of a result sealed after it (repeatable).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=None,
              help="Worker processes (default 1; 0: one per CPU); with --scheduler local, the local "
                   "cluster's workers (default: one per CPU).")
@click.option("--scheduler", metavar="ADDRESS|local", default=None,
              help="Run the per-record checks on a Dask cluster: a scheduler's address (tcp://host:8786), or "
                   "'local' to start one on this machine. Needs the dask extra.")
@click.option("--send-records", "send", is_flag=True,
              help="With --scheduler: send each record's bytes to the workers, for workers that do not share "
                   "the records' file system or object store.")
@click.option("--batch", type=click.IntRange(min=1), default=None,
              help="With --scheduler: records per task (default: about 8 tasks per worker thread, at most 256).")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="One CSV row per problem.")
@click.option("--quiet", "-q", is_flag=True, help="Text report: only the problems and the summary.")
def audit(paths: tuple[str, ...], key_files: tuple[str, ...], results: str | None, editions: tuple[str, ...],
          require: tuple[str, ...], jobs: int | None, scheduler: str | None, send: bool, batch: int | None,
          as_json: bool, as_csv: bool, quiet: bool) -> None:
    """Audit a tournament: check every record in PATHS (files, or folders searched for *.jsonl, or
    NATS stores nats://HOST:PORT[,…]/TOURNAMENT, read whole before the checks).

    Each record: schema, rules, hash chain, the seed's chance outcomes, the seal
    (with --key: present and signed by one of the keys), finished or not, and the
    declared result (a result event in the record, or a row of --results) against
    the result the rules give. Across records: the same record twice, one record
    a prefix of another, the same log_id used twice. Records of an edition or
    rules version other than the tournament's are flagged. Standings per game.

    Every problem is reported with its file and line. Exit code 0 when there is
    none, 1 when there is any, 2 on bad usage.

    With --scheduler the per-record checks run on a Dask cluster, in batches; the
    workers read the records from the same path or URL (s3://, gs://, file://…),
    or are sent their bytes (--send-records). The report is the same as --jobs 1.

    \b
    Example:
      planets-log audit tournament/ --key organiser.pub
      planets-log audit tournament/ --key organiser.pub --results results.csv --jobs 4 --json > audit.json
      planets-log audit tournament/ --key organiser.pub --require seeded --require sealed
      planets-log audit /shared/tournament/ --key organiser.pub --scheduler tcp://10.0.0.5:8786
      planets-log audit tournament/ --scheduler local --jobs 2
      planets-log audit nats://n1:4222,n2:4222,n3:4222/spring-open --key organiser.pub
    """
    import tempfile

    with tempfile.TemporaryDirectory(prefix="planets-log-audit-") as tmp:
        local = tuple(_from_store(p, Path(tmp)) for p in paths)
        _audit(local, key_files, results, editions, require, jobs, scheduler, send, batch, as_json, as_csv, quiet)


def _from_store(path: str, tmp: Path) -> str:
    """A NATS store's records, read into a folder named after its tournament in `tmp` (any other path as it is)."""
    from planets_log.store import is_nats, open_store

    if not is_nats(path):
        return path
    with open_store(path) as store:
        folder = tmp / str(getattr(store, "tournament", "store"))
        folder.mkdir(parents=True, exist_ok=True)
        for record in store.records():
            lines, _ = store.read(record)
            (folder / record).write_bytes(b"".join(line + b"\n" for line in lines))
    return str(folder)


def _audit(paths: tuple[str, ...], key_files: tuple[str, ...], results: str | None, editions: tuple[str, ...],
           require: tuple[str, ...], jobs: int | None, scheduler: str | None, send: bool, batch: int | None,
           as_json: bool, as_csv: bool, quiet: bool) -> None:
    """The audit of `paths` (files and folders)."""
    import os

    from planets_log.audit.checks import edition_ref
    from planets_log.audit.pool import collect
    from planets_log.audit.report import AuditConfig
    from planets_log.audit.seal import load_key
    from planets_log.audit.spool import Spool
    from planets_log.audit.tournament import spool_audit as run
    from planets_log.engine.registry import get_rules
    from planets_log.record.errors import PlanetsLogError, UsageError

    from .common import parse_pairs

    if as_json and as_csv:
        raise UsageError("give --json or --csv, not both", code="usage")
    keys = tuple(load_key(k) for k in key_files)
    chosen = parse_pairs(editions, "--edition")
    for game, path in chosen.items():
        get_rules(game)
        try:  # a bad edition file is a usage error now, not a problem in every record
            edition_ref(game, path)
        except PlanetsLogError as exc:
            raise UsageError(f"--edition {game}={path}: {exc.message}", code=exc.code) from None
    cluster = _cluster(scheduler, jobs, send, batch)
    files = collect(paths)
    if "seeded" in require and "table" in require:
        raise UsageError("--require seeded and --require table exclude each other", code="usage")
    cfg = AuditConfig(keys=keys, editions=tuple(sorted(chosen.items())), require=tuple(require))
    jobs = 1 if jobs is None else jobs or os.cpu_count() or 1
    show_bar = len(files) > 20 and sys.stderr.isatty()
    with Spool() as spool:  # the records' results on disk: the report streams from it
        if show_bar:
            with click.progressbar(length=len(files), label="auditing", file=sys.stderr) as bar:
                report = run(spool, files, cfg, jobs=jobs, results=results, progress=bar.update, cluster=cluster)
        else:
            report = run(spool, files, cfg, jobs=jobs, results=results, cluster=cluster)
        if as_json:
            report.write_json(lambda text: click.echo(text, nl=False))
        elif as_csv:
            _print_csv(report)
        else:
            _print_text(report, quiet)
        problems = report.count
    if problems:
        sys.exit(1)


def _cluster(scheduler: str | None, jobs: int | None, send: bool, batch: int | None) -> Cluster | None:
    """Where the checks run: None for this machine's process pool, or a Dask cluster."""
    from planets_log.record.errors import UsageError

    if scheduler is None:
        if send or batch is not None:
            raise UsageError("--send-records and --batch go with --scheduler", code="usage")
        return None
    scheduler = scheduler.strip()
    if not scheduler:
        raise UsageError("--scheduler needs an address (tcp://host:8786) or 'local'", code="usage")
    if scheduler != "local" and jobs is not None:
        raise UsageError("--jobs sizes this machine's pool or a local cluster; a remote cluster's size is its "
                         "workers", code="usage")
    from planets_log.audit.cluster import Cluster

    return Cluster(scheduler, workers=jobs or None, batch=batch, send=send)


def _print_csv(report: SpooledReport) -> None:
    """One row per problem; `record` names the record a problem in another file (the results file) is about."""
    import csv
    import io

    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["file", "line", "seq", "code", "message", "record"])
    for n, (p, record) in enumerate(report.problems(), 1):  # sorted by file and line
        out.writerow([p.file, "" if p.line is None else p.line, "" if p.seq is None else p.seq, p.code, p.message,
                      "" if record == p.file else record])
        if n % 256 == 0:
            click.echo(buf.getvalue(), nl=False)
            buf.seek(0)
            buf.truncate()
    for r in report.records():  # then what the arbiter decided: listed, a problem only if --require says so
        for o in r.overrides:
            out.writerow([r.file, o["seq"] + 1, o["seq"], "result.overridden",
                          f"{o['words']} (arbiter: {o['arbiter'] or 'not named'}) — reason: {o['reason']}", ""])
    click.echo(buf.getvalue(), nl=False)


def _print_text(report: SpooledReport, quiet: bool) -> None:
    from planets_log.audit.validate import override_text
    from planets_log.record.text import escape

    for p, _ in report.problems():
        click.echo(str(p))
    if not quiet:
        for r in report.records():
            if not r.problems:
                state = "finished" if r.finished else "decided by the arbiter"
                state += ", result overridden by the arbiter" if r.finished and r.overrides else ""
                seal = ("sealed, signature verified" if r.verified else "sealed, not verified") if r.sealed else "not sealed"
                click.echo(escape(f"{r.file}: ok ({r.game}, {state}, {seal})"))
            for ruled in r.rulings:
                click.echo(escape(f"{r.file}: seq {ruled['seq']}: ruled [{ruled['code']}]: {ruled['message']} — "
                                  f"stands by ruling: {ruled['reason']}"))
            for peek in r.peeks:
                click.echo(escape(f"{r.file}: seq {peek['seq']}: peek: undo of seq {peek['target']} after its chance "
                                  f"outcome was seen — reason: {peek['reason']}"))
            for override in r.overrides:
                click.echo(escape(override_text(r.file, override)))
        if report.duplicate_count:
            click.echo("\nDuplicates:")
            for d in report.duplicates():
                click.echo(escape(f"  {d['kind']}: {', '.join(d['files'])}"))
        for game, rows in report.standings.items():
            games = report.counted.get(game, 0)
            click.echo(f"\nStandings: {game} ({games} game{'s' if games != 1 else ''} counted)")
            width = max([len(r["player"]) for r in rows] + [6])
            click.echo(f"  {'player'.ljust(width)}  games  wins  shared  points")
            for row in rows:
                click.echo(f"  {row['player'].ljust(width)}  {row['games']:>5}  {row['wins']:>4}  {row['shared']:>6}  "
                           f"{row['points']:>6}")
    bad, counted = report.bad, sum(report.counted.values())
    click.echo(f"\n{report.total} records: {report.total - bad} without problems, {bad} with problems; "
               f"{counted} counted in the standings; {report.count} problem{'s' if report.count != 1 else ''}")
    if not report.keys:
        click.echo("seals: checked against each record, signatures not verified (no --key given)")
