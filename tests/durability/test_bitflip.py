"""One byte flipped in each line of a 100-event record in turn: reported at the right
line, and the file is left unchanged.

"The right line" is the flipped line when the flip breaks that line itself (its JSON,
UTF-8, schema, seq, prev, or a rule of the game). A flip can also leave a line that
passes every check of its own (a letter of a note's text, a digit of `log_id`, a card
changed to another legal card): then the hash chain catches it at the next line, whose
`prev` no longer matches, and the error says so (`chain`). For the last line there is no
next line: such a flip is undetectable by the record alone, only a seal (the tournament
audit) catches it. The test checks all three cases exactly, using the record cut after
the flipped line as the oracle for "passes every check of its own".
"""

from __future__ import annotations

import random

import pytest

from planets_log.audit.validate import validate_file

from .records import blob, mixed_record, write

MASKS = (0x01, 0x20, 0x80)  # a digit/letter to its neighbour, case/space/quote games, broken UTF-8


@pytest.fixture(scope="module")
def lines() -> list[bytes]:
    return mixed_record(100, rng_seed=100).lines


def _flips(lines: list[bytes]):
    rng = random.Random(101)
    for i, line in enumerate(lines, start=1):
        positions = sorted({0, len(line) - 1, *(rng.randrange(len(line)) for _ in range(2))})
        for pos in positions:
            for mask in (*MASKS, rng.randrange(1, 256)):
                yield i, pos, mask


def test_one_byte_flipped_in_each_line(tmp_path, lines):
    assert len(lines) == 101
    offsets = [len(blob(lines[:k])) for k in range(len(lines))]
    path, prefix_path = tmp_path / "flip.jsonl", tmp_path / "prefix.jsonl"
    seen = {"at the line": 0, "chain at the next line": 0, "undetectable last line": 0}
    codes = set()
    for i, pos, mask in _flips(lines):
        mutated = bytearray(lines[i - 1])
        mutated[pos] ^= mask
        changed = list(lines)
        changed[i - 1] = bytes(mutated)
        data = blob(changed)
        path.write_bytes(data)
        report = validate_file(str(path))
        assert path.read_bytes() == data, "validate changed the file"
        where = f"line {i}, byte {pos}, mask {mask:#04x}"
        if not report.valid and report.errors[0].line == i:  # the flipped line itself is refused
            err = report.errors[0]
            if err.kind == "format":
                assert err.offset == offsets[i - 1], f"{where}: offset {err.offset}"
            codes.add(err.code)
            seen["at the line"] += 1
            continue
        # not refused at its line: then it must pass every check of its own, which the
        # record cut after it shows (the flipped line is its last line)
        write(prefix_path, changed[:i])
        assert validate_file(str(prefix_path)).valid, f"{where}: the broken line was not reported at its line"
        if i < len(lines):
            err = report.errors[0]
            assert (err.line, err.code) == (i + 1, "chain"), f"{where}: {err}"
            assert "a line before was changed" in err.message
            seen["chain at the next line"] += 1
        else:
            assert report.valid  # only a seal can tell
            seen["undetectable last line"] += 1
    print(seen, sorted(codes))
    assert seen["at the line"] > 1000 and seen["chain at the next line"] > 20
    assert {"json", "schema", "seq", "chain"} <= codes
