"""Strict, total decoding of one record line: every input gives a value or our own error.

The fast path is msgspec decoding into the game's typed events. A line that does not
re-encode to exactly its own bytes (hand-edited, or not written by planets-log) takes the
slow path, which also rejects what msgspec would let through: duplicate keys and
non-standard constants. Nesting depth is checked before any decoding, so no input can
raise RecursionError.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from .errors import RecordError

MAX_DEPTH = 32
BOM = b"\xef\xbb\xbf"
_PATH = re.compile(r" - at `(\$[^`]*)`$")


class LineError(ValueError):
    """A line that is not a valid record line (placed by the caller)."""

    def __init__(self, code: str, message: str, path: str | None = None):
        super().__init__(message)
        self.code, self.message, self.path = code, message, path

    def placed(self, file: str, line: int, seq: int | None, offset: int | None = None) -> RecordError:
        return RecordError(self.message, file=file, line=line, seq=seq, code=self.code, kind="format",
                           offset=offset, path=self.path, rule="format.md")


def nesting_depth(raw: bytes) -> int:
    """The deepest nesting of arrays/objects, ignoring brackets inside strings."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return 0
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def precheck(raw: bytes) -> None:
    """The checks made on a line's bytes before any decoding.

    `decode_line` calls it only for a line that does not start with `{`, ends in CR or has
    many brackets: a new check here needs its case in that test too.
    """
    if not raw.strip():
        raise LineError("empty-line", "an empty line; every line of a record is one JSON object (an editor may have "
                        "added a blank line at the end: remove it)")
    if raw.startswith(BOM):
        raise LineError("bom", "the line starts with a byte-order mark; records are UTF-8 without BOM")
    if raw.endswith(b"\r"):
        raise LineError("crlf", "the line ends in a carriage return (CRLF line endings); records end lines with \\n only")
    if nesting_depth(raw) > MAX_DEPTH:
        raise LineError("too-deep", f"JSON nested deeper than {MAX_DEPTH} levels")


def decode_line(decoder: Any, raw: bytes) -> Any:
    """Decode one line with a typed msgspec decoder, or raise LineError."""
    if raw[:1] != b"{" or raw[-1:] == b"\r" or raw.count(b"[") + raw.count(b"{") > MAX_DEPTH:
        precheck(raw)  # only a line that might fail it (empty, BOM, CR, deep); most lines skip two calls
    try:
        value = decoder.decode(raw)
    except msgspec.ValidationError as exc:
        text = str(exc)
        match = _PATH.search(text)
        raise LineError("schema", text, match.group(1) if match else "$") from None  # "$": the line's own object
    except msgspec.DecodeError as exc:
        raise LineError("json", f"not valid JSON: {exc}") from None
    if msgspec.json.encode(value) != raw:
        strict_checks(raw)
    return value


def _reject_constant(name: str) -> Any:
    raise LineError("json", f"non-standard JSON constant {name}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise LineError("duplicate-key", f"the key {key!r} appears twice in one object")
        seen[key] = value
    return seen


def strict_checks(raw: bytes) -> None:
    """What msgspec lets through: duplicate keys, NaN and Infinity (decoded the slow way)."""
    try:
        import json  # only lines that are not in planets-log's own encoding come here

        json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, LineError):
            raise
        raise LineError("json", f"not valid JSON: {exc}") from None
