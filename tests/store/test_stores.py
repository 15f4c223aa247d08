"""The store's promises, kept by both stores: appends at an expected revision, the state written compare-and-set."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from planets_log.record.errors import UsageError
from planets_log.store import Conflict, EventStore, open_store
from planets_log.store import jetstream
from planets_log.store.jetstream import parse_address
from tests.support.natsd import Nats

LINES = [b'{"seq":0,"x":"a"}', b'{"seq":1,"x":"b"}']


def test_an_append_at_the_revision_read_is_kept_byte_for_byte(store: EventStore) -> None:
    revision = store.append("t1.jsonl", LINES, 0)
    assert store.read("t1.jsonl") == (LINES, revision)
    later = store.append("t1.jsonl", [b'{"seq":2,"x":"c \\u00e9"}'], revision)
    assert store.read("t1.jsonl") == ([*LINES, b'{"seq":2,"x":"c \\u00e9"}'], later)
    assert store.records() == ["t1.jsonl"]
    assert store.read("nothing.jsonl") == ([], 0)


def test_an_append_at_an_older_revision_is_refused_and_writes_nothing(store: EventStore) -> None:
    revision = store.append("t1.jsonl", LINES[:1], 0)
    store.append("t1.jsonl", LINES[1:], revision)
    with pytest.raises(Conflict) as refused:  # a group of lines: none of them is kept
        store.append("t1.jsonl", [b'{"seq":1,"x":"late"}', b'{"seq":2,"x":"later"}'], revision)
    assert refused.value.code == "append.stale" and refused.value.kind == "conflict"
    with pytest.raises(Conflict):
        store.append("t1.jsonl", [b'{"seq":0}'], 0)  # a new record where one is already
    assert store.read("t1.jsonl")[0] == LINES


def test_records_are_apart(store: EventStore) -> None:
    a = store.append("a.jsonl", [b'{"seq":0}'], 0)
    store.append("b.jsonl", [b'{"seq":0,"b":1}'], 0)
    store.append("a.jsonl", [b'{"seq":1}'], a)
    assert store.records() == ["a.jsonl", "b.jsonl"]
    assert store.read("a.jsonl")[0] == [b'{"seq":0}', b'{"seq":1}'] and store.read("b.jsonl")[0] == [b'{"seq":0,"b":1}']


def test_a_name_no_store_could_hold_is_refused(store: EventStore) -> None:
    with pytest.raises(UsageError, match="cannot be a record's name"):
        store.append("a.b.jsonl", [b"1"], 0)


def test_the_state_is_written_compare_and_set(store: EventStore) -> None:
    assert store.get_state() == (None, 0)
    first = store.put_state(b'{"tables":[]}', 0)
    with pytest.raises(Conflict):
        store.put_state(b"other", 0)
    second = store.put_state(b'{"tables":[1]}', first)
    assert store.get_state() == (b'{"tables":[1]}', second)


def test_the_links_key_is_made_once(store: EventStore) -> None:
    assert store.get_key() is None
    assert store.put_key(b"first\n") == b"first\n"
    assert store.put_key(b"second\n") == b"first\n"
    assert store.get_key() == b"first\n"


def test_two_writers_at_one_revision_one_wins(natsd: Nats) -> None:
    """Two clients (two servers) append at the same revision: exactly one is kept, the other refused."""
    with open_store(natsd.address()) as one, open_store(natsd.address()) as two:
        revision = one.append("t.jsonl", [b"0"], 0)
        results: list[str] = []

        def write(store: EventStore, line: bytes) -> None:
            try:
                store.append("t.jsonl", [line], revision)
                results.append("kept")
            except Conflict:
                results.append("refused")

        threads = [threading.Thread(target=write, args=(s, b)) for s, b in ((one, b"1"), (two, b"2"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == ["kept", "refused"]
        assert len(two.read("t.jsonl")[0]) == 2


def test_a_follower_sees_every_later_line_in_order(natsd: Nats) -> None:
    with open_store(natsd.address()) as writer, open_store(natsd.address()) as reader:
        revision = writer.append("t.jsonl", [b"0"], 0)
        seen: list[tuple[str, bytes, int]] = []
        done = threading.Event()

        def each(record: str, line: bytes, rev: int) -> None:
            seen.append((record, line, rev))
            if len(seen) == 3:
                done.set()

        reader.follow(each, after=reader.position())
        revision = writer.append("t.jsonl", [b"1", b"2"], revision)
        writer.append("u.jsonl", [b"x"], 0)
        assert done.wait(10)
        assert [(r, line) for r, line, _ in seen] == [("t.jsonl", b"1"), ("t.jsonl", b"2"), ("u.jsonl", b"x")]
        assert seen[1][2] == revision


def test_an_address_names_servers_tournament_and_replicas() -> None:
    assert parse_address("nats://h1:4222,h2:4222/spring-open") == (
        ["nats://h1:4222", "nats://h2:4222"], "spring-open", 2)
    assert parse_address("nats://a:1,b:2,c:3,d:4/x") [2] == 3
    assert parse_address("nats://a:1/x?replicas=1")[2] == 1
    for bad in ("nats://a:1/", "nats:///x", "nats://a:1/x.y", "nats://a:1/x?replicas=0"):
        with pytest.raises(UsageError):
            parse_address(bad)


def test_without_the_client_a_nats_store_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jetstream, "HAVE_NATS", False)
    with pytest.raises(UsageError, match=r"pip install 'planets-log\[nats\]'"):
        open_store("nats://127.0.0.1:4222/club")


def test_an_unreachable_nats_store_is_a_clear_error(tmp_path: Path) -> None:
    from tests.support.natsd import free_port

    with pytest.raises(Exception) as refused:
        open_store(f"nats://127.0.0.1:{free_port()}/club")
    assert "cannot open the NATS store" in str(refused.value)
