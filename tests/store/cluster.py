"""What the cluster tests check with: the command line on a copy out, a record's moves, the stream's leader."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.engine.replay import Replay
from planets_log.record.errors import RecordError
from planets_log.record.events import Action
from planets_log.store import EventStore, open_store
from tests.support.natsd import Nats


def run_cli(*args: object) -> Any:
    return CliRunner().invoke(cli, [str(a) for a in args])


def copied_out(address: str, folder: Path) -> Path:
    """`planets-log copy` of the tournament into `folder` (once the cluster reads again: for a few seconds after a
    node dies, a new reader can be placed on it and time out)."""
    readable(address)
    res = run_cli("copy", address, folder)
    assert res.exit_code == 0, res.output
    return folder


def valid(path: Path) -> bool:
    """`planets-log validate` accepts the record."""
    return bool(run_cli("validate", path).exit_code == 0)


def moves_at(path: Path) -> dict[int, str]:
    """The record's moves, each by the seq it was typed against."""
    replay = Replay(str(path))
    return {step.before.seq: replay.session.rules.format(step.event, step.before.state) for step in replay.steps()
            if isinstance(step.event, Action)}


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def stream_leader(nats: Nats, tournament: str) -> str:
    """The name of the node leading the tournament's stream (from any live node's monitoring port)."""
    import urllib.request

    for n in nats.nodes:
        if n.proc is None or n.proc.poll() is not None:
            continue
        url = f"http://127.0.0.1:{n.monitor_port}/jsz?streams=true"
        with urllib.request.urlopen(url, timeout=5) as res:
            found = json.load(res)
        for account in found.get("account_details", []):
            for detail in account.get("stream_detail", []):
                if detail["name"] == f"planets-log-{tournament}":
                    return str(detail["cluster"]["leader"])
    raise AssertionError(f"no leader for {tournament}")


def readable(address: str, seconds: float = 30) -> None:
    """Until a new client reads every record of the store."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with open_store(address) as store:
                for record in store.records():
                    store.read(record)
                return
        except RecordError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def first_append(store: EventStore, record: str, lines: list[bytes], seconds: float = 15) -> int:
    """The first append to a stream just made: again while the cluster has not yet spread the stream's interest in
    its subjects (the node answers 'no responders' for a moment)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return store.append(record, lines, 0)
        except RecordError as exc:
            if "no responders" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def opened(address: str, seconds: float = 30) -> EventStore:
    """The store opened, again while a cluster just started is still slow to make the stream (a busy machine)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return open_store(address)
        except RecordError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
