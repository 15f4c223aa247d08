"""Hostile text made harmless: control characters escaped before anything reaches a terminal.

A player name, a note, an author or an argument may hold bytes that a terminal obeys (an
escape sequence that erases a line, a carriage return that overwrites one, a bidi override
that reorders it). Everything printed passes `escape`, which writes such characters the
way git quotes file names (`\\n`, `\\x1b`, `\\u202e`), whatever the terminal.
"""

from __future__ import annotations

import re
from functools import cache
from typing import IO, Any

_NAMED = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r", "\x1b": "\\e"}

# C0, DEL, C1, the line/paragraph separators, bidi embeddings, overrides and isolates,
# and lone surrogates (an argument that was not valid UTF-8)
_OTHERS = "\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
CONTROL = f"[\x00-\x1f{_OTHERS}]"


@cache
def _control(newlines: bool = True) -> re.Pattern[str]:
    """The expression of every control character (`newlines=False`: all but newline), compiled when first needed:
    most text holds none, and `str.isprintable` says so without it (every character here is unprintable)."""
    return re.compile(CONTROL if newlines else f"[\x00-\x09\x0b-\x1f{_OTHERS}]")


def _quote(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """`text` with every control character written as an escape (newlines too)."""
    return text if text.isprintable() else _control().sub(_quote, text)


def escape_output(text: str) -> str:
    """Output text with every control character escaped except the newlines that end lines."""
    if text.isprintable() or text.replace("\n", "").isprintable():
        return text
    return _control(newlines=False).sub(_quote, text)


def json_safe(text: str) -> str:
    """JSON text with every control character as a `\\uXXXX` escape (JSON leaves DEL, C1 and bidi raw)."""
    return text if text.isprintable() else _control().sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def has_control(text: str) -> bool:
    """True when `text` holds a character `escape` would rewrite."""
    return not text.isprintable() and _control().search(text) is not None


def is_number(word: str) -> bool:
    """True for a whole number in ASCII digits: what `int()` reads (`str.isdigit` takes '²' too)."""
    return word.isascii() and word.isdigit()


def fold(name: str) -> str:
    """A name as compared for sameness: trimmed and case-folded."""
    return name.strip().casefold()


class EscapingStream:
    """A text stream that escapes control characters (not newlines) before passing text on.

    The last line of defence for output: every command's text goes through it, so a
    record's or an argument's text cannot drive the terminal even where a command forgot
    to escape it. Newlines inside data are escaped where the data is printed.
    """

    def __init__(self, inner: IO[Any]):
        self._inner = inner

    def write(self, text: str | bytes) -> int:
        written: int = self._inner.write(escape_output(text) if isinstance(text, str) else text)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)
