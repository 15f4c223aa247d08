"""A table of malformed records, each with its error snapshotted (syrupy): the error is
always the project's own, placed at file, line and byte offset with a stable code (and the
JSON path for schema errors), and neither the reader nor `validate` changes the file."""

from __future__ import annotations

import re

import pytest

from planets_log.cli.main import cli
from planets_log.record import lines as record
from planets_log.engine.replay import Replay
from planets_log.record.errors import PlanetsLogError, RecordError

from .records import new_builder

BASE = new_builder().lines  # header (line 1), pile (line 2)
HEADER, PILE = BASE
PREV = record.line_hash(PILE).encode()
NOTE = b'{"type":"note","target":1,"text":"ok","glyph":null,"author":null,"seq":2,"prev":"PREV"}'


def note(**fields: bytes) -> bytes:
    """The good note line 3 with some fields' raw JSON replaced."""
    line = NOTE
    for key, value in fields.items():
        start = line.index(f'"{key}":'.encode()) + len(key) + 3
        end = start
        depth = 0
        in_str = False
        while True:  # the end of the old value (the good note has only simple values)
            c = line[end:end + 1]
            if c == b'"':
                in_str = not in_str
            elif not in_str and c in (b",", b"}") and depth == 0:
                break
            end += 1
        line = line[:start] + value + line[end:]
    return line


def lines(*extra: bytes, head: bytes = HEADER, tail: bytes = b"\n") -> bytes:
    """A record: header, pile, then `extra` lines (PREV replaced by the pile's hash)."""
    body = [head, PILE, *(x.replace(b"PREV", PREV) for x in extra)]
    return b"\n".join(body) + tail


def header(old: bytes, new: bytes) -> bytes:
    """A record whose header has `old` replaced by `new`."""
    assert old in HEADER
    return lines(head=HEADER.replace(old, new, 1))


DEEP = b"[" * 33 + b"]" * 33
CASES = {
    # encoding
    "bom-on-header": b"\xef\xbb\xbf" + lines(),
    "bom-on-event": lines(b"\xef\xbb\xbf" + NOTE),
    "utf16-file": lines().decode().encode("utf-16"),
    "invalid-utf8-byte": lines(note(text=b'"\xff"')),
    "overlong-utf8": lines(note(text=b'"\xc0\xaf"')),
    "utf8-encoded-surrogate": lines(note(text=b'"\xed\xa0\x80"')),
    "lone-surrogate-escape": lines(note(text=b'"\\ud800"')),
    "raw-control-char-in-string": lines(note(text=b'"a\tb"')),
    "nul-byte": lines(note(text=b'"a\x00b"')),
    # line splitting
    "crlf-line-endings": lines(NOTE).replace(b"\n", b"\r\n"),
    "cr-only-line-endings": lines(NOTE).replace(b"\n", b"\r"),
    "blank-line": lines(b"", NOTE),
    "whitespace-line": lines(b"   \t", NOTE),
    "two-objects-on-a-line": lines(NOTE + NOTE),
    "trailing-garbage": lines(NOTE + b" x"),
    # JSON
    "not-an-object": lines(b'["note",1]'),
    "bare-string": lines(b'"note"'),
    "null": lines(b"null"),
    "truncated-object": lines(NOTE[:-10]),
    "leading-zero": lines(note(target=b"01")),
    "duplicate-key": lines(note(target=b'1,"target":0')),
    "duplicate-key-in-header": header(b'"players":', b'"players":["X","Y"],"players":'),
    "nan": lines(note(target=b"NaN")),
    "infinity": lines(note(target=b"-Infinity")),
    "huge-exponent-in-header": header(b'"max_take":3', b'"max_take":1e999'),
    "nan-in-header-options": header(b'"max_take":3', b'"max_take":NaN'),
    "nested-33-deep": lines(note(author=DEEP)),
    "nested-100000-deep": lines(note(author=b"[" * 100_000 + b"]" * 100_000)),
    "nested-100000-deep-header": header(b'"meta":{}', b'"meta":' + b"[" * 100_000),
    # schema (with the JSON path)
    "wrong-type": lines(note(target=b'"one"')),
    "bool-for-int": lines(note(target=b"true")),
    "float-for-int": lines(note(target=b"1.0")),
    "wrong-type-in-game-event": lines(b'{"type":"take","by":0,"n":"two","seq":2,"prev":"PREV"}'),
    "missing-field": lines(b'{"type":"note","text":"ok","seq":2,"prev":"PREV"}'),
    "unknown-field": lines(note(author=b'null,"mood":"happy"')),
    "unknown-type": lines(b'{"type":"dance","seq":2,"prev":"PREV"}'),
    "no-type": lines(b'{"seq":2,"prev":"PREV"}'),
    "header-missing-field": header(b'"log_id":"durability-3",', b""),
    "header-unknown-field": header(b'"meta":{}', b'"meta":{},"extra":1'),
    # placement: seq, chain, header
    "seq-skipped": lines(note(seq=b"3")),
    "seq-as-string": lines(note(seq=b'"2"')),
    "prev-wrong": lines(note(prev=b'"00000000000000000000000000000000"')),
    "header-not-first": PILE + b"\n" + HEADER + b"\n",
    "header-seq-1": header(b'"seq":0', b'"seq":1'),
    "header-newer-format": header(b'"planets-log/1"', b'"planets-log/2"'),
    "header-unknown-format": header(b'"planets-log/1"', b'"chess-log/1"'),
    "header-unknown-game": header(b'"countdown"', b'"chess"'),
    "empty-file": b"",
    # torn tails (distinct from corruption)
    "torn-last-line": lines(NOTE, tail=b""),
    "torn-garbage-after-last-newline": lines() + b"\x00\x17garbage",
    "torn-single-byte": lines() + b"{",
}
VALID = {
    "u2028-and-u2029-inside-strings": lines(note(text='"a\u2028b\u2029c"'.encode())),
    "brackets-inside-strings": lines(note(text=b'"' + b"[{" * 100 + b'"')),
    "hand-spaced-json": lines(b'{ "type" : "note", "target" : 1, "text" : "ok", "seq" : 2, "prev" : "PREV" }'),
    "escaped-unicode": lines(note(text=b'"caf\\u00e9 \\ud83e\\ude90"')),
}


def _first_error(path) -> RecordError | PlanetsLogError | None:
    try:
        Replay(str(path), name="case.jsonl").final()
    except PlanetsLogError as exc:
        return exc
    return None


def _describe(err) -> dict:
    text = re.sub(r"known games: .*", "known games: …", str(err))  # the list grows as games are added
    return {"class": type(err).__name__, "text": text, "code": err.code, "kind": getattr(err, "kind", None),
            "line": getattr(err, "line", None), "seq": getattr(err, "seq", None),
            "offset": getattr(err, "offset", None), "path": getattr(err, "path", None)}


# the codes of the reader itself (record.py, strict.py, upcast.py): these always carry the
# byte offset of their line; the engine's gate and header errors carry the line (see docs/durability.md)
READER_CODES = {"bom", "crlf", "too-deep", "json", "schema", "duplicate-key", "line.too-long", "torn-tail", "upcast"}


@pytest.mark.parametrize("name", CASES)
def test_malformed(tmp_path, name, snapshot, runner):
    data = CASES[name]
    path = tmp_path / "case.jsonl"
    path.write_bytes(data)
    err = _first_error(path)
    assert isinstance(err, PlanetsLogError), f"{name}: {err!r}"
    if isinstance(err, RecordError):
        assert err.file == "case.jsonl" and err.line is not None and err.code
    else:  # a usage error about the header (unknown game): exit code 2 when reading, placed by validate
        assert err.exit_code == 2
    if err.code in READER_CODES:
        assert err.offset is not None  # decode errors and torn tails say where, in bytes
    assert _describe(err) == snapshot
    res = runner.invoke(cli, ["validate", str(path)])
    assert res.exit_code == 1 and "internal error" not in res.output and "Traceback" not in res.output
    assert res.output.startswith(f"{path}:{err.line}:" if isinstance(err, RecordError) else f"{path}:")
    assert path.read_bytes() == data


@pytest.mark.parametrize("name", VALID)
def test_not_malformed(tmp_path, name):
    path = tmp_path / "ok.jsonl"
    path.write_bytes(VALID[name])
    assert _first_error(path) is None


def test_line_length_limit_is_checked_before_decoding(tmp_path, monkeypatch, snapshot):
    """With the limit lowered to 4 kB: a longer line is refused, complete or not, wherever
    it falls relative to the reader's 64 kB chunks."""
    monkeypatch.setattr(record, "MAX_LINE", 4096)
    path = tmp_path / "long.jsonl"
    results = {}
    for name, data in {
        "complete-long-line": lines(note(text=b'"' + b"x" * 5000 + b'"')),
        "torn-long-line": lines(note(text=b'"' + b"x" * 100_000 + b'"'), tail=b""),
        "long-line-across-chunks": lines(note(text=b'"' + b"x" * (65_536 - len(HEADER) - len(PILE)) + b'"')),
        "exactly-at-the-limit": lines(note(text=b'"' + b"x" * (4096 - len(NOTE) - len(PREV) + 6) + b'"')),
        "one-over-the-limit": lines(note(text=b'"' + b"x" * (4096 - len(NOTE) - len(PREV) + 7) + b'"')),
    }.items():
        path.write_bytes(data)
        err = _first_error(path)
        results[name] = _describe(err) if err else None
    assert results["exactly-at-the-limit"] is None
    assert results == snapshot
