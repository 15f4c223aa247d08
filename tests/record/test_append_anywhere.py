"""`append_anywhere` (notes placed wherever the record ends) on a record whose last line is not one it can follow."""

from __future__ import annotations

import pytest

from planets_log.record.errors import RecordError
from planets_log.record.lines import append_anywhere


def test_a_last_line_without_seq_is_refused_and_nothing_is_written(tmp_path):
    """format.md, every line: a line holds its seq; a note cannot be placed after one that does not."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(b'{"type":"header","seq":0}\n{"type":"note","text":"no seq here"}\n')
    before = path.read_bytes()
    made = []
    with pytest.raises(RecordError) as info:
        append_anywhere(path, lambda seq, head, last: made.append(seq) or [b'{"type":"note"}'], fsync=False)
    assert info.value.code == "seq" and "no seq" in info.value.message
    assert made == [] and path.read_bytes() == before
