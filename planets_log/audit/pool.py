"""Finding a tournament's records and auditing them over worker processes or a cluster."""

from __future__ import annotations

import math
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from planets_log.record.errors import UsageError

from .checks import init_worker, audit_record, worker_config
from .report import AuditConfig, RecordAudit
from .urls import is_url, list_url

if TYPE_CHECKING:

    from .cluster import Cluster


# --- the whole tournament -----------------------------------------------------------

def collect(paths: Iterable[str]) -> list[str]:
    """The record files named: files as given, folders searched for *.jsonl; sorted, each once."""
    found: list[str] = []
    seen: set[str] = set()
    for given in paths:
        p = Path(given)
        if is_url(given):
            items = list_url(given)
        elif p.is_dir():
            items = sorted(str(f) for f in p.rglob("*.jsonl"))  # a FIFO or folder here is reported, not skipped
        elif p.exists():
            items = [given]
        else:
            raise UsageError(f"no such file or folder: {given}", code="file.open")
        for item in items:
            real = os.path.realpath(item)
            if real not in seen:
                seen.add(real)
                found.append(item)
    if not found:
        raise UsageError("no records found (a folder is searched for *.jsonl files)", code="usage")
    return sorted(found)


def _audit_chunk(paths: list[str], cfg: AuditConfig) -> list[RecordAudit]:
    return [audit_record(p, cfg) for p in paths]


def check_records(paths: list[str], cfg: AuditConfig, jobs: int = 1,
                  progress: Callable[[int], None] | None = None, cluster: "Cluster | None" = None) -> list[RecordAudit]:
    """Audit each record on its own, over `jobs` processes or a Dask cluster; the result is sorted by file."""
    return sorted(iter_checks(paths, cfg, jobs, progress, cluster), key=lambda r: r.file)


def iter_checks(paths: list[str], cfg: AuditConfig, jobs: int = 1, progress: Callable[[int], None] | None = None,
                cluster: "Cluster | None" = None) -> Iterator[RecordAudit]:
    """Each record's audit as it finishes (here, over `jobs` processes or on a Dask cluster); only a few
    chunks are submitted ahead, so the results held at once do not grow with the number of records."""
    if cluster is not None:
        from .cluster import iter_on_cluster

        yield from iter_on_cluster(paths, worker_config(cfg), cluster, progress)
        return
    if jobs <= 1 or len(paths) < 2:
        for p in paths:
            yield audit_record(p, cfg)
            if progress:
                progress(1)
        return
    cfg = worker_config(cfg)
    size = max(1, min(64, math.ceil(len(paths) / (jobs * 8))))
    chunks = (paths[i:i + size] for i in range(0, len(paths), size))
    workers = min(jobs, math.ceil(len(paths) / size))
    with ProcessPoolExecutor(max_workers=workers, initializer=init_worker, initargs=(cfg.games,)) as pool:
        running = {pool.submit(_audit_chunk, chunk, cfg) for chunk in islice(chunks, workers * 2)}
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                part = fut.result()
                nxt = next(chunks, None)
                if nxt is not None:
                    running.add(pool.submit(_audit_chunk, nxt, cfg))
                if progress:
                    progress(len(part))
                yield from part
