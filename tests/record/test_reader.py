"""The record reader: a broken chain, deleted or swapped lines, a torn tail, a stale append,
schema errors and a newer format, each reported at its line, on the toy game."""

from __future__ import annotations

import json

import pytest

from planets_log.audit.validate import validate_file
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.record.errors import RecordError
from planets_log.record.lines import TornTail, append_lines, iter_lines, line_hash
from tests.support.helpers import edit_line, rechain, write_lines


def fresh(seed=3):
    header, session = make_header("countdown", ["Ann", "Ben"], seed=seed)
    build = Builder.new(header, session)
    build.draw_chance()
    return build


def test_reader_reports_chain_break_at_the_line(tmp_path):
    build = selfplay("countdown", 2)
    lines = edit_line(build.lines, 2, n=1)
    path = write_lines(tmp_path / "r.jsonl", lines)
    report = validate_file(str(path))
    assert not report.valid
    err = report.errors[0]
    assert (err.line, err.seq, err.code) == (4, 3, "chain")
    assert str(err).startswith(f"{path}:4: seq 3: illegal [chain]: prev")


def test_reader_reports_deleted_and_swapped_lines(tmp_path):
    build = selfplay("countdown", 2)
    deleted = write_lines(tmp_path / "d.jsonl", build.lines[:2] + build.lines[3:])
    assert validate_file(str(deleted)).errors[0].code == "seq"
    swapped = write_lines(tmp_path / "s.jsonl", build.lines[:2] + [build.lines[3], build.lines[2]] + build.lines[4:])
    assert validate_file(str(swapped)).errors[0].line == 3


def test_torn_tail_is_reported_with_its_offset(tmp_path):
    build = selfplay("countdown", 2)
    path = tmp_path / "t.jsonl"
    data = b"".join(x + b"\n" for x in build.lines)
    path.write_bytes(data + b'{"type":"ta')
    with pytest.raises(TornTail) as err:
        list(iter_lines(path))
    assert err.value.offset == len(data) and err.value.code == "torn-tail"
    report = validate_file(str(path))
    assert report.errors[0].code == "torn-tail"


def test_append_refuses_torn_and_stale(tmp_path):
    build = fresh()
    path = write_lines(tmp_path / "a.jsonl", build.lines)
    with pytest.raises(RecordError) as err:
        append_lines(path, [b"{}"], expect_seq=0, expect_head=line_hash(build.lines[0]))
    assert err.value.code == "append.stale"
    path.write_bytes(path.read_bytes() + b"{")
    before = path.read_bytes()
    with pytest.raises(RecordError) as err:
        append_lines(path, [b"{}"], expect_seq=1, expect_head=line_hash(build.lines[1]))
    assert err.value.code == "torn-tail" and path.read_bytes() == before


def test_unknown_fields_and_types_are_schema_errors(tmp_path):
    build = fresh()
    path = write_lines(tmp_path / "u.jsonl", rechain(edit_line(build.lines, 1, extra=1)))
    err = validate_file(str(path)).errors[0]
    assert err.code == "schema" and err.line == 2 and "extra" in err.message


def test_newer_format_is_refused(tmp_path):
    build = fresh()
    header = json.loads(build.lines[0])
    header["format"] = "planets-log/9"
    path = write_lines(tmp_path / "n.jsonl", rechain([json.dumps(header).encode()] + build.lines[1:]))
    err = validate_file(str(path)).errors[0]
    assert err.code == "header.format" and "newer" in err.message and err.line == 1


def test_empty_file(tmp_path):
    path = tmp_path / "e.jsonl"
    path.write_bytes(b"")
    assert validate_file(str(path)).errors[0].code == "header.missing"
