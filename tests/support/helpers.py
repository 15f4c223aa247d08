"""Test helpers: rewriting records line by line and re-chaining them."""

from __future__ import annotations

import json
from pathlib import Path

from planets_log.record.lines import line_hash


def rechain(lines: list[bytes]) -> list[bytes]:
    """Recompute every `prev` so the hash chain is valid again after an edit."""
    out = [lines[0]]
    for raw in lines[1:]:
        obj = json.loads(raw)
        obj["prev"] = line_hash(out[-1])
        out.append(json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode())
    return out


def write_lines(path: Path, lines: list[bytes]) -> Path:
    """Write lines as a record file."""
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def edit_line(lines: list[bytes], index: int, **changes) -> list[bytes]:
    """A copy of `lines` with fields of line `index` changed (chain not fixed)."""
    obj = json.loads(lines[index])
    obj.update(changes)
    out = list(lines)
    out[index] = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()
    return out
