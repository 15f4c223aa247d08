"""The live streams (Server-Sent Events): a table's lines as the caller may see them, resumed from Last-Event-ID;
the tournament's tables as they change; open streams bounded per client."""

from __future__ import annotations

import json
import threading
import time

import pytest

from planets_log.serve import limits, quota, stream

from .conftest import Served


def events(body: str) -> list[dict[str, str]]:
    """The events of an SSE body: each one's fields (comments left out)."""
    out = []
    for block in body.replace("\r\n", "\n").split("\n\n"):
        fields = {}
        for line in block.split("\n"):
            if line and not line.startswith(":"):
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        if fields:
            out.append(fields)
    return out


@pytest.fixture
def short(monkeypatch):
    monkeypatch.setattr(stream, "STREAM_SECONDS", 0.4)


def test_a_table_stream_sends_each_line_with_its_seq_and_resumes_from_last_event_id(served: Served, short):
    served.table("t1")
    served.play("t1", "d1", "d2")
    rec = served.links["t1"]["recorder"]
    got = events(served.client.get("/api/tables/t1/stream?after=0", headers=rec).text)
    assert got[0]["event"] == "hello"
    lines = [e for e in got if e.get("event") == "line"]
    assert [int(e["id"]) for e in lines] == list(range(1, served.seq("t1") + 1))
    assert json.loads(lines[-1]["data"])["text"] == "Ben: d2"
    resumed = events(served.client.get("/api/tables/t1/stream", headers={**rec, "Last-Event-ID": "5"}).text)
    assert [int(e["id"]) for e in resumed if e.get("event") == "line"] == list(range(6, served.seq("t1") + 1))
    now = events(served.client.get("/api/tables/t1/stream", headers=rec).text)
    assert [e["event"] for e in now] == ["hello"]  # without after or Last-Event-ID: from the end on


def test_a_last_event_id_that_is_no_ascii_number_is_ignored_never_a_server_error(served: Served, short):
    """'²' passes str.isdigit but not int(): a tournament stream's `name=seq` list skips such a part, and a table
    stream sent odd header bytes starts now."""
    assert stream._vector("t1=²,t2=7") == {"t2": 7}
    served.table("t1")
    served.play("t1", "d1")
    rec = served.links["t1"]["recorder"]
    for odd in (b"\xb2", b"5\xb2", b"\xb9\xb2"):
        answer = served.client.get("/api/tables/t1/stream", headers={**rec, "Last-Event-ID": odd})
        assert answer.status_code == 200 and [e["event"] for e in events(answer.text)] == ["hello"]


def test_a_move_written_while_the_stream_is_open_arrives_on_it(served: Served, short):
    served.table("t1")
    start = served.seq("t1")

    def later() -> None:
        time.sleep(0.1)
        live = served.server.live("t1")
        live.write(lambda rec: rec.play_all(["d1"]))
        served.server.notifier.changed()

    writer = threading.Thread(target=later)
    writer.start()
    got = events(served.client.get("/api/tables/t1/stream", headers=served.links["t1"]["Ben"]).text)
    writer.join()
    lines = [json.loads(e["data"]) for e in got if e.get("event") == "line"]
    assert [ln["seq"] for ln in lines] == [start + 1] and lines[0]["text"] == "Ann: d1"


def test_a_spectator_stream_is_held_back_by_the_tables_delay(served: Served, short):
    served.table("t1", public=True, delay=2)
    served.play("t1", "d1", "d2", "d3")
    got = events(served.client.get("/api/tables/t1/stream?after=0").text)
    texts = [json.loads(e["data"])["text"] for e in got if e.get("event") == "line"]
    assert "Ann: d1" in texts and "Ben: d2" not in texts and "Ann: d3" not in texts


def test_the_tournament_stream_sends_each_table_and_then_only_what_changed(served: Served, short):
    served.table("t1")
    served.table("t2", public=True)
    got = events(served.client.get("/api/stream", headers=served.director).text)
    assert sorted(json.loads(e["data"])["name"] for e in got) == ["t1", "t2"]
    mark = got[-1]["id"]
    served.play("t2", "d1")
    again = events(served.client.get("/api/stream", headers={**served.director, "Last-Event-ID": mark}).text)
    assert [json.loads(e["data"])["name"] for e in again] == ["t2"]
    public = events(served.client.get("/api/stream").text)
    assert [json.loads(e["data"])["name"] for e in public] == ["t2"]


def test_open_streams_are_bounded_per_client_and_per_link(served: Served, short):
    served.table("t1", public=True)
    spectator = ("spectator", "testclient")
    stream.STREAMS.open[spectator] = limits.MAX_STREAMS_PER_CLIENT
    try:
        res = served.client.get("/api/tables/t1/stream")
        assert (res.status_code, res.json()["code"]) == (429, "limit.streams") and res.headers["Retry-After"]
        assert served.client.get("/api/tables/t1/stream", headers=served.director).status_code == 200  # not theirs
    finally:
        stream.STREAMS.open.pop(spectator, None)
    assert served.client.get("/api/tables/t1/stream").status_code == 200
    assert not stream.STREAMS.open  # each stream gave its place back when it ended
    ann = _link(served, "t1", "Ann")
    stream.STREAMS.open[ann] = limits.MAX_STREAMS_PER_LINK
    try:
        res = served.client.get("/api/tables/t1/stream", headers=served.links["t1"]["Ann"])
        assert (res.status_code, res.json()["code"]) == (429, "limit.streams")
        assert served.client.get("/api/tables/t1/stream", headers=served.links["t1"]["Ben"]).status_code == 200
    finally:
        stream.STREAMS.open.pop(ann, None)


def _link(served: Served, table: str, who: str) -> quota.Holder:
    """The holder a link's streams count against: its token's id."""
    tokens = served.client.get("/api/tokens", headers=served.director).json()
    seat = {"recorder": None, "Ann": 0, "Ben": 1}[who]
    return ("link", next(t["id"] for t in tokens if t["table"] == table and t["seat"] == seat and not t["revoked"]))


def test_spectators_filling_the_server_refuse_no_director_recorder_or_seat(served: Served, short, monkeypatch):
    """Spectators, from as many addresses as they like, fill only their own share: a spectator over it gets a 503 with
    Retry-After, while the links' streams come from a reserve of their own."""
    monkeypatch.setattr(limits, "MAX_STREAMS", 3)
    served.table("t1", public=True)
    for k in range(3):
        stream.STREAMS.open[("spectator", f"10.0.0.{k + 1}")] = 1
    try:
        res = served.client.get("/api/tables/t1/stream")
        assert (res.status_code, res.json()["code"]) == (503, "limit.streams"), res.text
        assert int(res.headers["Retry-After"]) == limits.STREAM_RETRY_SECONDS
        assert served.client.get("/api/stream").status_code == 503  # the tournament's stream too
        for headers in (served.director, served.links["t1"]["recorder"], served.links["t1"]["Ann"]):
            res = served.client.get("/api/tables/t1/stream", headers=headers)
            assert res.status_code == 200 and events(res.text)[0]["event"] == "hello"
        assert served.client.get("/api/stream", headers=served.director).status_code == 200
    finally:
        stream.STREAMS.open.clear()


def test_the_links_reserve_is_bounded_too(served: Served, short, monkeypatch):
    monkeypatch.setattr(limits, "MAX_LINK_STREAMS", 2)
    served.table("t1", public=True)
    stream.STREAMS.open[_link(served, "t1", "Ann")] = 1
    stream.STREAMS.open[_link(served, "t1", "Ben")] = 1
    try:
        res = served.client.get("/api/tables/t1/stream", headers=served.links["t1"]["recorder"])
        assert (res.status_code, res.json()["code"]) == (503, "limit.streams") and res.headers["Retry-After"]
        assert served.client.get("/api/tables/t1/stream").status_code == 200  # spectators have theirs
    finally:
        stream.STREAMS.open.clear()


def test_revoking_a_link_ends_its_open_stream(served: Served, short):
    made = served.table("t1")
    ben = next(ln for ln in made["links"] if ln["player"] == "Ben")

    def later() -> None:  # once the stream is open (revoked before, the request itself is refused: a 401)
        deadline = time.monotonic() + 5
        while not stream.STREAMS.open and time.monotonic() < deadline:
            time.sleep(0.01)
        served.server.store.revoke(ben["token_id"])
        served.server.notifier.changed()

    revoker = threading.Thread(target=later)
    revoker.start()
    got = events(served.client.get("/api/tables/t1/stream", headers={"Authorization": f"Bearer {ben['token']}"}).text)
    revoker.join()
    assert got[-1]["event"] == "end" and json.loads(got[-1]["data"])["code"] == "token.invalid"


def test_a_change_wakes_its_tables_streams_and_the_tournaments_and_is_not_missed_while_they_look():
    import asyncio

    from planets_log.serve.notify import ANY, Notifier

    async def go() -> dict[str, bool]:
        notifier = Notifier()
        notifier.bind()
        t1, t2, every = notifier.event("t1"), notifier.event("t2"), notifier.event(ANY)
        notifier.changed("t1")  # while the streams "look": they took their events before
        await asyncio.sleep(0)
        first = {"t1": t1.is_set(), "t2": t2.is_set(), "any": every.is_set()}
        again = notifier.event("t2")
        notifier.changed()  # a link revoked: every stream looks again
        await asyncio.sleep(0)
        return {**first, "t2 after a revocation": again.is_set(), "t1 fresh": not notifier.event("t1").is_set()}

    assert asyncio.run(go()) == {"t1": True, "t2": False, "any": True, "t2 after a revocation": True,
                                 "t1 fresh": True}
