"""Hypothesis: arbitrary bytes and mutated valid records fed to the reader, to `validate`
(strict and lenient) and to the `validate` command. The reader returns events or raises the
project's own error; `validate` returns a report; the command never shows a traceback or an
internal error; nothing is written; and a mutation at line k never changes the events
read before line k."""

from __future__ import annotations

import hashlib
import json
import re

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planets_log.cli.main import cli
from planets_log.engine.replay import Replay
from planets_log.record.errors import PlanetsLogError
from planets_log.audit.validate import validate_file

from .records import blob, mixed_record, read_events, rechain_text

BASE = mixed_record(30, rng_seed=30).lines
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
RUNNER = CliRunner()


def check_total(path, data: bytes) -> list:
    """Every way of reading `path` returns or raises the project's own error; nothing writes."""
    events = []
    try:
        replay = Replay(str(path))
        for step in replay.steps():
            events.append(step.event)
    except PlanetsLogError:
        pass  # anything else fails the test, with its traceback
    for lenient in (False, True):
        report = validate_file(str(path), lenient=lenient)
        assert report.valid == (not report.errors)
        assert all(isinstance(e, PlanetsLogError) and e.code for e in report.errors)
        json.dumps(report.to_json())
    res = RUNNER.invoke(cli, ["validate", "--lenient", "--json", str(path)])
    assert res.exit_code in (0, 1), (res.exit_code, res.output, res.exception)
    assert "internal error" not in res.output and "Traceback" not in res.output, res.output
    json.loads(res.stdout)
    assert path.read_bytes() == data
    return events


@settings(max_examples=300, **SETTINGS)
@given(data=st.one_of(
    st.binary(max_size=3000),
    st.lists(st.binary(max_size=200), max_size=8).map(lambda xs: b"\n".join(xs)),
    st.text(max_size=500).map(lambda t: t.encode("utf-8", "surrogatepass")),
))
def test_arbitrary_bytes(tmp_path, data):
    path = tmp_path / "any.jsonl"
    path.write_bytes(data)
    check_total(path, data)


VALUES = [b"0", b"-1", b"1.0", b"1e999", b"NaN", b"-Infinity", b"99999999999999999999999999", b"true", b"null",
          b'""', b'"x"', b"[]", b"{}", b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
          b'"\\ud800"', b'"\xff"', b'"\xe2\x80\xa8"', b'{"a":1,"a":2}']


@st.composite
def mutated(draw):
    """A valid record, mutated from line k on: bytes flipped, inserted, deleted, lines
    duplicated, dropped or swapped, values replaced, keys duplicated; then maybe re-chained."""
    lines = list(BASE)
    k = draw(st.integers(0, len(lines) - 1))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(k, len(lines) - 1)) if len(lines) > k else None
        op = draw(st.sampled_from(["flip", "insert", "delete", "dup-line", "drop-line", "swap", "value", "dup-key",
                                   "cut", "newline"]))
        if i is None:
            break
        line = lines[i]
        pos = draw(st.integers(0, max(len(line) - 1, 0)))
        if op == "flip" and line:
            line = line[:pos] + bytes([line[pos] ^ draw(st.integers(1, 255))]) + line[pos + 1:]
        elif op == "insert":
            line = line[:pos] + draw(st.binary(min_size=1, max_size=20)) + line[pos:]
        elif op == "delete":
            line = line[:pos] + line[pos + draw(st.integers(1, 20)):]
        elif op == "newline":
            line = line[:pos] + b"\n" + line[pos:]
        elif op == "cut":
            lines = lines[:i] + [line[:pos]]
            continue
        elif op == "dup-line":
            lines.insert(i, line)
            continue
        elif op == "drop-line":
            del lines[i]
            continue
        elif op == "swap":
            j = draw(st.integers(k, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            continue
        elif op in ("value", "dup-key"):
            keys = re.findall(rb'"([a-z_]+)":', line)
            if keys:
                key = draw(st.sampled_from(keys))
                if op == "value":
                    line = re.sub(rb'("' + key + rb'":)("[^"]*"|[^,}]*)', lambda m: m.group(1) + draw(st.sampled_from(VALUES)),
                                  line, count=1)
                else:
                    line = line.replace(b"{", b'{"' + key + b'":' + draw(st.sampled_from(VALUES)) + b",", 1)
        lines[i] = line
    if draw(st.booleans()):
        lines = rechain_text(lines, k)
    torn = draw(st.sampled_from([b"\n", b"\n", b"", b"\n{\"type\":"]))
    # the leading lines left as they were: before index k, and before a last line left torn
    safe = min(k, len(lines) - 1) if torn == b"" else min(k, len(lines))
    return safe, b"\n".join(lines) + torn


@settings(max_examples=300, **SETTINGS)
@given(case=mutated())
def test_mutated_records(tmp_path, case):
    safe, data = case
    path = tmp_path / "mutated.jsonl"
    path.write_bytes(data)
    events = check_total(path, data)
    original = tmp_path / "original.jsonl"
    original.write_bytes(blob(BASE))
    want, err = read_events(original)
    assert err is None
    got, _ = read_events(path)
    # the lines before index `safe` are untouched: their events come back identically
    assert got[: max(safe - 1, 0)] == want[: max(safe - 1, 0)]
    assert len(events) >= max(safe - 1, 0)
    if hashlib.sha256(data).digest() == hashlib.sha256(blob(BASE)).digest():
        assert events == [e for _, e, _ in want]
