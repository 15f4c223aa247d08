"""Reading older record formats: chained upcasters, applied on read, never by rewriting.

`UPCASTERS` maps a format to the next one and a function that turns one decoded line of the
old format into a line of the next. A record of an old format is read by running each line
through the chain up to `FORMAT`; the bytes on disk (and so the hash chain) stay as written.
Only `planets-log/1` has been released, so the table is empty: the first change of the
format adds its entry here and its golden record under fixtures/format/.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from .events import FORMAT

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
UPCASTERS: dict[str, tuple[str, Upcaster]] = {}


def chain_for(fmt: str) -> list[Upcaster] | None:
    """The upcasters from `fmt` to the current format, or None if there is no path."""
    steps: list[Upcaster] = []
    seen = set()
    while fmt != FORMAT:
        if fmt in seen or fmt not in UPCASTERS:
            return None
        seen.add(fmt)
        fmt, step = UPCASTERS[fmt]
        steps.append(step)
    return steps


def upcast_line(raw: bytes, steps: list[Upcaster]) -> bytes:
    """One line of an old format, as the current format would have written it."""
    from .strict import LineError, precheck, strict_checks

    precheck(raw)  # an old line is read as strictly as a current one
    try:
        obj = msgspec.json.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise LineError("json", f"not valid JSON: {exc}") from None
    strict_checks(raw)  # duplicate keys, which the untyped decode lets through
    if not isinstance(obj, dict):
        raise LineError("schema", f"Expected `object`, got `{type(obj).__name__}`", "$")
    for step in steps:
        try:
            obj = step(obj)
        except Exception as exc:  # an old line the upcaster cannot read: ours, not a traceback
            raise LineError("upcast", f"cannot upgrade this line to {_target(step)}: {type(exc).__name__}: {exc}") from None
    return msgspec.json.encode(obj)


def _target(step: Upcaster) -> str:
    return next((new for old, (new, fn) in UPCASTERS.items() if fn is step), FORMAT)
