"""The audit's per-record checks on a Dask cluster (`dask.distributed`, the `[dask]` extra).

Records go to the workers in batches, with only a few batches per worker submitted at a
time, so the scheduler holds a bounded number of tasks however large the archive; each
batch's results come back as it finishes. A worker reads each record from a location it
shares with the client (an absolute path on a shared file system, or an fsspec URL), or
is sent the record's bytes. The report is built and sorted on the client, so it is the
same as with `--jobs 1`.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import time
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Callable, Hashable, Iterator

from planets_log.record.errors import UsageError

from .checks import init_worker, audit_record, read_bytes
from .report import AuditConfig, RecordAudit
from .urls import is_url

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

    Batch = Future[list[RecordAudit]]

CONNECT_TIMEOUT = 20.0  # seconds
LOST_TIMEOUT = 20.0
"""Seconds the cluster may have no worker while batches wait (a worker restarting) before the audit gives up."""
POLL = 1.0  # seconds between looks at the cluster's workers while waiting for a batch
BATCHES_PER_THREAD = 8  # enough batches to balance uneven records, few enough to keep each worth sending
MAX_BATCH = 256
IN_FLIGHT_PER_THREAD = 2  # batches submitted ahead per worker thread


@dataclass(frozen=True)
class Cluster:
    """Where and how to run: the scheduler ("local" or an address) and how records travel."""

    scheduler: str
    workers: int | None = None  # a local cluster's worker processes (None: one per CPU)
    batch: int | None = None  # records per task (None: chosen from the records and threads)
    send: bool = False  # send each record's bytes instead of a path the workers share


def batch_size(records: int, threads: int) -> int:
    """Records per task: about BATCHES_PER_THREAD tasks per worker thread, at most MAX_BATCH."""
    return max(1, min(MAX_BATCH, math.ceil(records / (threads * BATCHES_PER_THREAD))))


def iter_on_cluster(paths: list[str], cfg: AuditConfig, where: Cluster,
                    progress: Callable[[int], None] | None = None) -> Iterator[RecordAudit]:
    """Audit each record on the cluster; results in the order they finish, as they come back."""
    client, local = _connect(where)
    try:
        yield from _run(client, paths, cfg, where, progress)
    finally:
        client.close()
        if local is not None:
            local.close()


async def _reach(address: str) -> None:
    """Open and close one connection to the scheduler, raising as `Client` would where it cannot be reached."""
    from distributed.comm.core import connect

    comm = await connect(address, timeout=CONNECT_TIMEOUT)
    await comm.close()


def _connect(where: Cluster) -> tuple[Client, LocalCluster | None]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'planets-log[dask]'", code="usage") from None
    if where.scheduler == "local":
        local = LocalCluster(n_workers=where.workers, threads_per_worker=1, processes=True,
                             dashboard_address=":0", silence_logs=logging.ERROR)
        return Client(local), local
    try:
        asyncio.run(_reach(where.scheduler))  # a Client that cannot connect leaves its event-loop thread running
        return Client(where.scheduler, timeout=CONNECT_TIMEOUT), None
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {where.scheduler}: {exc}",
                         code="scheduler.connect") from None


def _run(client: Client, paths: list[str], cfg: AuditConfig, where: Cluster,
         progress: Callable[[int], None] | None) -> Iterator[RecordAudit]:
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except (TimeoutError, OSError):
        raise UsageError(f"the Dask scheduler at {where.scheduler} has no workers (start some with "
                         f"'dask worker {where.scheduler}')", code="scheduler.workers") from None
    threads = max(1, sum(client.nthreads().values()))
    size = where.batch or batch_size(len(paths), threads)
    batches = (paths[i:i + size] for i in range(0, len(paths), size))

    first: dict[Hashable, str] = {}

    def submit(batch: list[str]) -> Batch:
        sources = _sources(batch, where.send)
        if where.send:  # the bytes go to the workers directly, not inside the task graph
            sources = client.scatter(sources, hash=False)
        fut = client.submit(audit_batch, batch, sources, cfg, pure=False)
        first[fut.key] = batch[0]
        return fut

    running = {submit(b) for b in islice(batches, threads * IN_FLIGHT_PER_THREAD)}
    while running:
        done = _finished(client, running, where)
        running -= done
        for fut in done:
            part = _result(fut, first.pop(fut.key))
            fut.release()
            nxt = next(batches, None)
            if nxt is not None:
                running.add(submit(nxt))
            if progress:
                progress(len(part))
            yield from part


def _finished(client: Client, running: set[Batch], where: Cluster) -> set[Batch]:
    """The batches of `running` done, waited for; `cluster.failed` once the cluster has had no worker for
    LOST_TIMEOUT seconds (Dask would hold the batches for ever for a worker that never comes)."""
    from distributed import wait

    alone_since: float | None = None
    while True:
        try:
            return set(wait(list(running), timeout=POLL, return_when="FIRST_COMPLETED").done)
        except TimeoutError:
            pass
        if _workers(client, where):
            alone_since = None
            continue
        alone_since = alone_since or time.monotonic()
        if time.monotonic() - alone_since >= LOST_TIMEOUT:
            raise UsageError(f"the cluster failed: the Dask scheduler at {where.scheduler} has had no worker for "
                             f"{LOST_TIMEOUT:g} s with {len(running)} batch(es) waiting (its workers were lost); "
                             "no report was made", code="cluster.failed")


def _workers(client: Client, where: Cluster) -> int:
    """How many workers the scheduler has now."""
    try:
        return len(client.nthreads())
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"the cluster failed: the Dask scheduler at {where.scheduler} cannot be reached "
                         f"({type(exc).__name__}: {exc}); no report was made", code="cluster.failed") from None


def _result(fut: Batch, first: str) -> list[RecordAudit]:
    """A finished batch's results; a batch that failed on its worker fails the audit."""
    try:
        return fut.result()
    except Exception as exc:  # a worker lost, or planets-log missing or different on a worker
        raise UsageError(f"the cluster failed on the batch starting at {first}: {type(exc).__name__}: "
                         f"{exc}; no report was made (are the same planets-log and games installed on every "
                         "worker?)", code="cluster.failed") from None


def _sources(batch: list[str], send: bool) -> list[str | bytes]:
    """Each record's bytes, or where the workers read it."""
    if send:
        return [_bytes_or_path(p) for p in batch]
    return [p if is_url(p) else os.path.abspath(p) for p in batch]


def _bytes_or_path(path: str) -> str | bytes:
    try:
        return read_bytes(path)
    except (OSError, UsageError):
        return path  # the worker reports that it cannot be read, as --jobs 1 does here


def audit_batch(names: list[str], sources: list[str | bytes], cfg: AuditConfig) -> list[RecordAudit]:
    """On a worker: audit each record of a batch, reported under its name, read from its source."""
    init_worker(cfg.games)
    return [audit_record(name, cfg, source) for name, source in zip(names, sources)]
