"""A run fails when a test leaves a thread, a child process or a listening socket behind, or changes
process-wide state without putting it back, and names the test.

Before and after each test (its fixtures' setup and teardown included) the plugin notes
the live threads, this process's child processes and its listening sockets; whatever first
appeared during a test is that test's. At the end of the session, every fixture torn down,
what is still there after a short grace fails the run, each with the test that left it.
The process-wide state (the garbage collector, signal handlers, the environment, the
working folder, the umask, the root logger, sys.path) is compared with what it was before
the first test; what still differs at the end is the first test's after which it did. Under pytest-xdist each worker checks its own tests and the controller fails the run.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import threading
import time
from typing import Any, Iterator

import psutil
import pytest

GRACE = 2.0
"""Seconds a thread or a child on its way out gets at the end before it counts as left behind."""

Thing = tuple[str, Any]

PROCESS_WIDE = ("fsspecIO", "Dask-Offload_", "multiprocessing.resource_tracker")
"""Helpers a library starts once for the whole process and keeps to its end, not a test's to stop: fsspec's
event-loop thread (reading URLs), distributed's offload thread, multiprocessing's resource tracker."""


def _children() -> set[Thing]:
    """This process's live (not zombie) children, by pid and start time (a pid can be reused)."""
    pids: set[int] = set()
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as f:
                pids.update(int(p) for p in f.read().split())
    except OSError:  # not Linux, or no /proc: ask psutil (slower)
        pids = {p.pid for p in psutil.Process().children()}
    out: set[Thing] = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            out.add(("child process", (pid, fields[19])))
    return out


def _listening() -> set[Thing]:
    """The TCP sockets this process listens on."""
    return {("listening socket", f"{c.laddr.ip}:{c.laddr.port}")
            for c in psutil.Process().net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN}


def snapshot() -> set[Thing]:
    """The live threads, child processes and listening sockets of this process."""
    threads = {("thread", (t.ident, t.name)) for t in threading.enumerate() if t.is_alive()}
    return threads | _children() | _listening()


def _command(pid: int) -> str:
    """A child's command line, shortened."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()[:120]
    except OSError:
        return "gone"


LIBRARY_ENVIRONMENT = ("PYTEST_CURRENT_TEST", "__DASK_PARENT_PID", "MALLOC_TRIM_THRESHOLD_", "MKL_NUM_THREADS",
                       "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "PYTHONHASHSEED")
"""Variables a library sets for good: pytest's current test, and what distributed's local cluster sets in this
process for the workers it starts (and leaves when it closes). Hypothesis likewise keeps a collector callback
that times collections for the whole process; it is not counted either."""


def _umask() -> str:
    try:
        with open("/proc/self/status") as f:
            return next((line.split()[1] for line in f if line.startswith("Umask:")), "")
    except OSError:
        return ""


def process_state() -> dict[str, object]:
    """What a test may change for every test after it, each by the name the report gives it."""
    root = logging.getLogger()
    return {
        "the garbage collector": (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count(),
                                  [c for c in gc.callbacks if not getattr(c, "__module__", "").startswith("hypothesis")]),
        "the signal handlers": tuple(signal.getsignal(s) for s in sorted(signal.valid_signals())
                                     if s not in (signal.SIGKILL, signal.SIGSTOP)),
        "the environment": {k: v for k, v in os.environ.items() if k not in LIBRARY_ENVIRONMENT},
        "the working folder": os.getcwd(),
        "the umask": _umask(),
        "the root logger": (root.level, tuple(root.handlers), logging.root.manager.disable),
        "sys.path": frozenset(sys.path),  # pytest re-inserts the root it imports tests from: only entries count
    }


def _which(before: object, after: object) -> str:
    """The keys of a mapping that differ, to say what changed."""
    if isinstance(before, dict) and isinstance(after, dict):
        return f" ({', '.join(sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k)))})"
    return ""


def _describe(thing: Thing) -> str:
    kind, what = thing
    if kind == "thread":
        return f"a thread {what[1]!r}"
    if kind == "child process":
        return f"a child process (pid {what[0]}: {_command(what[0])})"
    return f"a socket listening on {what}"


class Leftovers:
    """Who started what: the first test after which each thread, child or socket was there."""

    def __init__(self) -> None:
        self.started: dict[Thing, str] = {}
        self.found: list[str] = []
        self.baseline: dict[str, object] | None = None
        self.changed: dict[str, str] = {}
        """Each part of the process-wide state that differs from before the first test, and the test after which
        it first did."""

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        before = snapshot()
        if self.baseline is None:
            self.baseline = process_state()
        yield
        for name, value in process_state().items():  # a fixture of a wider scope may put it back later
            if value == self.baseline[name]:
                self.changed.pop(name, None)
            else:
                self.changed.setdefault(name, item.nodeid)
        for thing in snapshot() - before:
            if not any(name in _describe(thing) for name in PROCESS_WIDE):
                self.started.setdefault(thing, item.nodeid)

    def left(self) -> list[str]:
        """What is still there at the end (after the grace), each with its test."""
        deadline = time.monotonic() + GRACE
        while True:
            now = {t for t in snapshot() if t in self.started}
            if not any(kind != "listening socket" for kind, _ in now) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        now_state = process_state()
        changed = [f"{test} changed {name} and did not put it back{_which(self.baseline[name], now_state[name])}"
                   for name, test in self.changed.items() if self.baseline and now_state[name] != self.baseline[name]]
        return changed + sorted(f"{self.started[t]} left {_describe(t)} behind" for t in now)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(session.config, "workerinput"):  # an xdist worker: the controller reports
            session.config.workeroutput["leftovers"] = self.left()  # type: ignore[attr-defined]
            return
        self.found += self.left()
        if self.found and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        self.found += getattr(node, "workeroutput", {}).get("leftovers", [])

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.found:
            terminalreporter.section("left behind", red=True)
            for line in self.found:
                terminalreporter.line(line)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Leftovers(), "leftovers")
