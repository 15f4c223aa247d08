"""One NATS node: every append synced to disk before its acknowledgement, so an acknowledged line survives kill -9
of the node and its restart (the promise a folder makes with its fsync)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from planets_log.store import open_store
from tests.support.natsd import Nats

LINES = [b'{"seq":%d}' % i for i in range(20)]


def test_the_node_syncs_every_append_before_its_acknowledgement(natsd: Nats) -> None:
    """The running node's JetStream says so (its /varz), from the configuration the tests and docs ship."""
    only = natsd.nodes[0]
    assert "sync_interval: always" in (only.folder / "nats.conf").read_text()
    with urllib.request.urlopen(f"http://127.0.0.1:{only.monitor_port}/varz", timeout=5) as res:
        config = json.load(res)["jetstream"]["config"]
    assert config["sync_always"] is True


def test_an_acknowledged_append_survives_kill_9_and_a_restart(natsd: Nats, tmp_path: Path) -> None:
    address = natsd.address("kept")
    with open_store(address) as store:
        revision = 0
        for line in LINES:  # each acknowledged before the next
            revision = store.append("t1.jsonl", [line], revision)
    only = natsd.nodes[0]
    only.kill()
    only.start([])
    only.ready()
    with open_store(address) as store:
        assert store.read("t1.jsonl") == (LINES, revision)
        assert store.append("t1.jsonl", [b'{"seq":20}'], revision) > revision  # and writes go on
