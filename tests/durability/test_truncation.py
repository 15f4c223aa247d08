"""Every byte position of the last line cut off, and 1–1024 random bytes appended: the
events before are recovered identically; a torn tail is told apart from corruption."""

from __future__ import annotations

import os
import random

import pytest

from planets_log.record import lines as record
from planets_log.engine.replay import Replay
from planets_log.record.errors import RecordError
from planets_log.record.events import Note
from planets_log.record.lines import TornTail, repair_torn_tail
from planets_log.audit.validate import validate_file

from .records import blob, mixed_record, read_events, write


class _NoSync:
    """`os` for planets_log.record.lines without fsync: these tests repair hundreds of times;
    the durability of repair itself is tested in test_rewrites.py."""

    def __getattr__(self, name):
        return getattr(os, name)

    def fsync(self, fd):
        pass


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch):
    monkeypatch.setattr(record, "os", _NoSync())


@pytest.fixture(scope="module")
def record_lines() -> list[bytes]:
    """A 25-event record whose last line is a note full of multi-byte UTF-8 and escapes."""
    build = mixed_record(24, rng_seed=5)
    build.add(Note(target=3, text='caf\u00e9 \U0001fa90 \u2028 "q" \\ [{', glyph="!?", author="Zo\u00eb"))
    return build.lines


def test_every_cut_of_the_last_line(tmp_path, record_lines):
    prefix, last = blob(record_lines[:-1]), record_lines[-1] + b"\n"
    want, err = read_events(write(tmp_path / "full.jsonl", record_lines[:-1]))
    assert err is None and len(want) == len(record_lines) - 2
    path = tmp_path / "cut.jsonl"
    for k in range(len(last)):  # k = 0: the line never started; k = len - 1: only its \n is missing
        data = prefix + last[:k]
        path.write_bytes(data)
        got, err = read_events(path)
        assert got == want, f"cut at {k}: the events before changed"
        if k == 0:
            assert err is None
            continue
        assert isinstance(err, TornTail), f"cut at {k}: {err!r}"
        assert (err.code, err.kind, err.line, err.offset) == ("torn-tail", "torn", len(record_lines), len(prefix))
        assert err.data == last[:k]
        side, moved = repair_torn_tail(path)
        assert moved == k and open(side, "rb").read() == last[:k] and path.read_bytes() == prefix
        assert validate_file(str(path)).valid
        # the full line appended again in one go is the same record as before the cut
        path.write_bytes(prefix + last)
        assert validate_file(str(path)).valid
        for f in tmp_path.glob("cut.jsonl.torn-*"):
            f.unlink()


def test_one_to_1024_random_bytes_appended(tmp_path, record_lines):
    """Without a newline in them the bytes are a torn tail (repaired); with one, the line
    they end is corruption at line N+1 (reported with its offset, never repaired)."""
    want, err = read_events(write(tmp_path / "full.jsonl", record_lines))
    assert err is None
    data = blob(record_lines)
    rng = random.Random(1024)
    path = tmp_path / "junk.jsonl"
    kinds = {"torn": 0, "corrupt": 0}
    for size in range(1, 1025):
        junk = rng.randbytes(size) if size % 3 else bytes(rng.choice(b'{}[]":,0123456789 \\abcntrue\n\xff\xc3\xa9')
                                                        for _ in range(size))
        path.write_bytes(data + junk)
        got, err = read_events(path)
        assert got == want, f"{size} junk bytes: the events before changed"
        assert isinstance(err, RecordError) and err.line == len(record_lines) + 1 and err.offset == len(data), (size, err)
        if size % 16 == 0:  # `validate` says the same (checked on a sample: it replays again)
            report = validate_file(str(path))
            assert not report.valid and report.errors[0].line == len(record_lines) + 1
        if b"\n" not in junk:
            kinds["torn"] += 1
            assert isinstance(err, TornTail) and err.data == junk
            side, moved = repair_torn_tail(path)
            assert moved == size and open(side, "rb").read() == junk and path.read_bytes() == data
            open(side, "wb").close()
        else:
            kinds["corrupt"] += 1
            assert not isinstance(err, TornTail) and err.kind == "format"
            assert err.code in ("json", "schema", "bom", "crlf", "too-deep", "duplicate-key", "empty-line"), err
            moved = repair_torn_tail(path)  # only what follows the last newline is moved
            tail = junk[junk.rfind(b"\n") + 1:]
            assert (moved is None) == (not tail)
            assert path.read_bytes() == data + junk[: len(junk) - len(tail)]
            if tail:  # still reported at the same line: never repaired
                got, again = read_events(path)
                assert got == want and again.line == len(record_lines) + 1 and not isinstance(again, TornTail)
        for f in tmp_path.glob("junk.jsonl.torn-*"):
            f.unlink()
    assert min(kinds.values()) > 100, kinds


def test_a_torn_header_is_torn_too(tmp_path, record_lines):
    path = tmp_path / "h.jsonl"
    for k in (1, 10, len(record_lines[0])):
        path.write_bytes(record_lines[0][:k])
        with pytest.raises(TornTail) as err:
            Replay(str(path))
        assert (err.value.line, err.value.offset) == (1, 0)
