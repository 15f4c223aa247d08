"""Format versions: a golden record of every released format is read on every run; older
formats are upgraded on read by chained upcasters (never by rewriting the file), as
strictly as current lines; a newer format is refused with a clear message."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec
import pytest

from planets_log.record import upcast
from planets_log.engine.replay import Replay
from planets_log.record.errors import RecordError
from planets_log.record.events import FORMAT
from planets_log.engine.recorder import Recorder
from planets_log.audit.validate import validate_file
from tests.support.toy import Take

from tests.support.helpers import rechain

from .records import new_builder, rechain_text, write

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "format"


def _folder(fmt: str) -> str:
    return fmt.replace("/", "-")


def test_every_released_format_has_a_golden_record():
    released = {FORMAT, *upcast.UPCASTERS}
    folders = {p.name for p in GOLDEN.iterdir() if p.is_dir()}
    assert folders == {_folder(f) for f in released}
    for folder in folders:
        assert list((GOLDEN / folder).glob("*.jsonl")) and (GOLDEN / folder / "expected.json").exists()


GOLDEN_FILES = sorted(GOLDEN.glob("*/*.jsonl"))


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[f"{p.parent.name}/{p.name}" for p in GOLDEN_FILES])
def test_golden_record_reads_as_released(path):
    expected = json.loads((path.parent / "expected.json").read_text())[path.name]
    data = path.read_bytes()
    assert hashlib.sha256(data).hexdigest() == expected["sha256"], (
        f"{path} changed: golden records are never edited (see fixtures/format/README.md)")
    mtime = path.stat().st_mtime_ns
    report = validate_file(str(path))
    assert report.valid, [str(e) for e in report.errors]
    assert (report.events, report.finished) == (expected["events"], expected["finished"])
    replay = Replay(str(path))
    steps = list(replay.steps())
    assert [msgspec.json.decode(s.line.data)["type"] for s in steps] == expected["types"]
    final = steps[-1].after.state
    assert replay.session.rules.view(final) == expected["final"]
    assert msgspec.to_builtins(replay.session.rules.score(final)) == expected["score"]
    assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime  # read, never rewritten


# --- upcasters, with a made-up older format "planets-log/0" in which `take` said `count` ---

def _count_to_n(obj: dict) -> dict:
    if obj.get("type") == "take":
        obj = dict(obj)
        obj["n"] = obj.pop("count")
    if obj.get("type") == "header":
        obj = dict(obj, format=FORMAT)
    return obj


def _zero_to_half(obj: dict) -> dict:  # a second step, to show the chain
    return obj


@pytest.fixture
def old_format(monkeypatch):
    monkeypatch.setattr(upcast, "UPCASTERS", {"planets-log/0": ("planets-log/0.5", _zero_to_half),
                                              "planets-log/0.5": (FORMAT, _count_to_n)})


def _old_record(tmp_path: Path, *extra: bytes) -> Path:
    build = new_builder()
    build.add(Take(by=0, n=2))
    build.add(Take(by=1, n=3))
    lines = [json.loads(x) for x in build.lines]
    lines[0]["format"] = "planets-log/0"
    for obj in lines:
        if obj["type"] == "take":
            obj["count"] = obj.pop("n")
    raw = [json.dumps(o, separators=(",", ":")).encode() for o in lines] + list(extra)
    return write(tmp_path / "old.jsonl", rechain(raw))


def test_an_older_format_is_upgraded_on_read_not_rewritten(tmp_path, old_format):
    path = _old_record(tmp_path)
    data = path.read_bytes()
    steps = list(Replay(str(path)).steps())
    assert [s.event for s in steps if isinstance(s.event, Take)] == [
        Take(by=0, n=2, seq=2, prev=steps[1].before.head), Take(by=1, n=3, seq=3, prev=steps[2].before.head)]
    assert validate_file(str(path)).valid  # the chain is checked on the bytes as written
    assert path.read_bytes() == data


def test_older_lines_are_read_as_strictly_as_current_ones(tmp_path, old_format):
    base = _old_record(tmp_path).read_bytes().splitlines()
    cases = {
        "duplicate-key": base[2].replace(b'"count":', b'"count":9,"count":', 1),
        "bom": b"\xef\xbb\xbf" + base[2],
        "crlf": base[2] + b"\r",
        "too-deep": base[2].replace(b"}", b',"x":' + b"[" * 40 + b"]" * 40 + b"}", 1),
        "schema": b"[1,2,3]",
        "upcast": base[2].replace(b'"count":', b'"counted":', 1),  # the upcaster cannot read it: ours, not KeyError
        "json": b'{"type":"take",',
    }
    for code, line in cases.items():
        path = write(tmp_path / f"{code}.jsonl", rechain_text(base[:2] + [line] + base[3:], 2))
        err = validate_file(str(path)).errors[0]
        assert (err.code, err.line) == (code, 3), (code, str(err))
        assert err.offset == len(b"".join(x + b"\n" for x in base[:2]))


def test_an_upcaster_loop_or_gap_is_an_unknown_format(tmp_path, monkeypatch):
    monkeypatch.setattr(upcast, "UPCASTERS", {"planets-log/0": ("planets-log/0.5", _zero_to_half),
                                              "planets-log/0.5": ("planets-log/0", _zero_to_half)})
    err = validate_file(str(_old_record(tmp_path))).errors[0]
    assert (err.code, err.line) == ("header.format", 1) and "unknown record format" in err.message


def test_a_newer_format_is_refused_clearly(tmp_path):
    lines = new_builder().lines
    header = json.loads(lines[0])
    header["format"] = "planets-log/2"
    path = write(tmp_path / "new.jsonl", rechain([json.dumps(header).encode(), *lines[1:]]))
    err = validate_file(str(path)).errors[0]
    assert (err.code, err.line) == ("header.format", 1)
    assert "newer than this planets-log reads" in err.message and "upgrade planets-log" in err.message
    with pytest.raises(RecordError):
        Recorder(str(path))


def test_appending_to_an_older_format_record_is_refused(tmp_path, old_format):
    path = _old_record(tmp_path)
    data = path.read_bytes()
    with pytest.raises(RecordError) as err:
        Recorder(str(path)).annotate(0, "hello")
    assert err.value.code == "append.old-format" and "older format" in err.value.message
    assert path.read_bytes() == data
