"""Issue 25: a remote scheduler whose only worker dies ends the audit with `cluster.failed`, not a hang.

A scheduler and one `dask worker --no-nanny` command (nothing restarts it, as when a
machine is lost); the batch it runs kills its own process. Dask then holds the batch for
a worker that never comes: the audit once waited with no output for ever (150 s and
counting, against 14 s normally).
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from planets_log.audit.cluster import Cluster
from planets_log.audit.pool import collect
from planets_log.audit.report import AuditConfig
from planets_log.audit.tournament import audit
from planets_log.record.errors import UsageError

DASK = Path(sys.executable).with_name("dask")
ROOT = Path(__file__).parents[2]
LOST = 3.0
"""Seconds without a worker before the audit gives up (20 in use)."""


def killing_batch(names, sources, cfg):
    """On the worker: its process dies, as a machine that is switched off."""
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.fixture
def lone_worker(tmp_path):
    """The address of a scheduler with one worker process that nothing restarts."""
    with LocalCluster(n_workers=0, dashboard_address=":0", silence_logs=logging.ERROR) as cluster:
        address = cluster.scheduler_address
        env = dict(os.environ, PYTHONPATH=str(ROOT))  # the worker imports this module's killing_batch
        worker = subprocess.Popen([str(DASK), "worker", address, "--no-nanny", "--nthreads", "1", "--no-dashboard",
                                   "--local-directory", str(tmp_path)], cwd=tmp_path, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with Client(address, timeout=60) as client:
                client.wait_for_workers(1, timeout=60)
            yield address
        finally:
            worker.kill()
            worker.wait(timeout=20)


def test_the_only_worker_lost_is_cluster_failed_within_the_timeout(lone_worker, tournament_of, monkeypatch):
    monkeypatch.setattr("planets_log.audit.cluster.audit_batch", killing_batch)
    monkeypatch.setattr("planets_log.audit.cluster.LOST_TIMEOUT", LOST)
    files = collect([str(tournament_of("four-planets").folder)])
    failed: list[UsageError] = []

    def run() -> None:
        try:
            audit(files, AuditConfig(), cluster=Cluster(lone_worker))
        except UsageError as exc:
            failed.append(exc)

    start = time.monotonic()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the audit still waits for a worker after 60 s"
    assert time.monotonic() - start < LOST + 30
    (exc,) = failed
    assert exc.code == "cluster.failed" and exc.exit_code == 2
    assert f"no worker for {LOST:g} s" in exc.message and lone_worker in exc.message, exc.message
    assert "no report was made" in exc.message
