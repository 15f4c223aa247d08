"""A tournament on a cluster of three NATS nodes: replicated three times by default, one client's append read
through another node."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from planets_log.store import open_store
from planets_log.store.jetstream import JetStreamStore
from tests.support.natsd import Nats, running_nats


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Nats]:
    yield from running_nats(tmp_path / "cluster", size=3)


def test_a_cluster_keeps_each_line_on_three_nodes_and_any_node_reads_it(cluster: Nats) -> None:
    with open_store(cluster.address("spring-open")) as store:
        assert isinstance(store, JetStreamStore) and store.replicas == 3
        revision = store.append("t1.jsonl", [b'{"seq":0}', b'{"seq":1}'], 0)
        info = store._loop.run(store.js.stream_info(store.name))
        assert info.config.num_replicas == 3 and info.cluster is not None and len(info.cluster.replicas or []) == 2
    last = cluster.nodes[-1]
    with open_store(f"nats://{last.url}/spring-open?replicas=3") as other:
        assert other.read("t1.jsonl") == ([b'{"seq":0}', b'{"seq":1}'], revision)
