"""The Dask audit as on several machines (scale.md: running it on a real cluster).

A `dask scheduler` and two `dask worker` processes are started as commands, each in a
working directory of its own, as they would be on other machines; records are sent to
them as bytes. Records are also read by the workers from an HTTP server through fsspec
(a URL every worker reaches that is not a path on their file system), as from an object
store. Either way the report is the one `--jobs 1` gives, byte for byte.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from .test_audit import found, run

DASK = Path(sys.executable).with_name("dask")
START_TIMEOUT = 60


def _start(args: list[str], cwd: Path, log: Path) -> subprocess.Popen:
    return subprocess.Popen([str(DASK), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=log.open("wb"),
                            stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    """The address of a scheduler and two workers, each started as its own command in its own folder."""
    from distributed import Client

    root = tmp_path_factory.mktemp("machines")
    info = root / "scheduler.json"
    procs = []
    try:
        (root / "scheduler").mkdir()
        procs.append(_start(["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                             "--scheduler-file", str(info)], root / "scheduler", root / "scheduler.log"))
        deadline = time.monotonic() + START_TIMEOUT
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert info.exists(), (root / "scheduler.log").read_text()
        address = json.loads(info.read_text())["address"]
        for name in ("worker-a", "worker-b"):
            (root / name).mkdir()
            procs.append(_start(["worker", address, "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                                 "--local-directory", str(root / name)], root / name, root / f"{name}.log"))
        with Client(address, timeout=START_TIMEOUT) as client:
            client.wait_for_workers(2, timeout=START_TIMEOUT)
            cwds = set(client.run(lambda: __import__("os").getcwd()).values())
        assert cwds == {str(root / "worker-a"), str(root / "worker-b")}
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in reversed(procs):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture(scope="module")
def served(tournament_of, tmp_path_factory):
    """One game's planted tournament under a local HTTP server: (url of its folder, its folder)."""
    folder = tournament_of("four-planets").folder
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(folder, root / "records")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/records/", folder
    finally:
        server.shutdown()
        server.server_close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def test_a_scheduler_and_two_worker_commands_give_the_report_of_jobs_1(machines, tournament_of, keys, runner):
    t = tournament_of("four-planets")
    one = run(runner, "audit", t.folder, "--key", keys.good_pub, "--json", "--jobs", "1")
    sent = run(runner, "audit", t.folder, "--key", keys.good_pub, "--json", "--scheduler", machines,
               "--send-records", "--batch", "3")
    assert one.exit_code == sent.exit_code == 1, sent.output
    assert sent.stdout == one.stdout
    assert found(json.loads(sent.stdout)) == t.expected  # the planted problems, each at its line


def test_records_the_workers_read_over_http(machines, served, keys, runner):
    url, folder = served
    one = run(runner, "audit", url, "--key", keys.good_pub, "--json", "--jobs", "1")
    dask = run(runner, "audit", url, "--key", keys.good_pub, "--json", "--scheduler", machines, "--batch", "4")
    assert one.exit_code == dask.exit_code == 1, dask.output
    assert dask.stdout == one.stdout
    report = json.loads(dask.stdout)
    assert report["records"] and all(r["file"].startswith(url) for r in report["records"])
    local = json.loads(run(runner, "audit", folder, "--key", keys.good_pub, "--json").stdout)
    names = {Path(r["file"]).name: r["problems"] for r in local["records"]}
    assert {r["file"].removeprefix(url): [p["code"] for p in r["problems"]] for r in report["records"]} == \
        {name: [p["code"] for p in problems] for name, problems in names.items()}
    assert [d["kind"] for d in report["duplicates"]] == ["copy", "prefix"]


def test_records_only_the_client_can_read_are_sent_as_bytes(machines, tournament_of, keys, runner):
    """fsspec's memory:// file system lives in this process alone: the workers can check these records
    only from the bytes the client sends them."""
    import fsspec

    folder = tournament_of("space-planets").folder
    fs = fsspec.filesystem("memory")
    for path in sorted(folder.iterdir()):
        fs.pipe(f"/machines-test/{path.name}", path.read_bytes())
    try:
        url = "memory://machines-test/"
        one = run(runner, "audit", url, "--key", keys.good_pub, "--json", "--jobs", "1")
        sent = run(runner, "audit", url, "--key", keys.good_pub, "--json", "--scheduler", machines, "--send-records")
        assert one.exit_code == sent.exit_code == 1, sent.output
        assert sent.stdout == one.stdout
        codes = {p["code"] for r in json.loads(sent.stdout)["records"] for p in r["problems"]}
        assert "file.open" not in codes and {"chain", "seal.signature", "duplicate.copy"} <= codes
    finally:
        fs.rm("/machines-test", recursive=True)
