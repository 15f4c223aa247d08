"""docs/serve.md and the server's threat table in docs/security.md name tests that exist, and the limits it gives
are the server's."""

from __future__ import annotations

import re
from pathlib import Path

from planets_log.serve import limits

ROOT = Path(__file__).resolve().parents[2]
SERVE = (ROOT / "docs" / "serve.md").read_text()
SECURITY = (ROOT / "docs" / "security.md").read_text()


def _server_rows() -> str:
    return SECURITY.split("## The server (`planets-log serve`)", 1)[1].split("\n## ", 1)[0]


def test_every_test_the_pages_name_exists():
    found = [p for suite in ("serve", "contract", "store") for p in (ROOT / "tests" / suite).glob("test_*.py")]
    tests = "".join(p.read_text() for p in found)  # the server's rows may name a contract test (every game)
    files = {p.name for p in found}
    named = set(re.findall(r"\b(test_\w+)\b", SERVE + _server_rows()))
    assert named
    for name in named:
        assert f"def {name}(" in tests or f"{name}.py" in files, name


def test_every_row_of_the_threat_table_names_its_test():
    rows = [r for r in _server_rows().splitlines() if r.startswith("| ") and not r.startswith("| threat")]
    assert len(rows) >= 15
    for row in rows:
        assert "test_" in row.rsplit("|", 2)[1], row


def test_the_bounds_table_gives_the_servers_values():
    for name, shown in (("HEADER_SECONDS", "10 s"), ("BODY_SECONDS", "10 s"), ("MAX_BODY", "64 KiB"),
                        ("MAX_HEADER_BYTES", "16 KiB"), ("MAX_MOVES", "64"), ("LOCK_SECONDS", "5 s"),
                        ("MAX_CONNECTIONS_PER_CLIENT", "64"), ("WORKERS", "64 threads")):
        bounds = SERVE.split("| bound | value | above it |", 1)[1].split("\n\n", 1)[0]
        row = next(r for r in bounds.splitlines() if f"`{name}`" in r)
        assert f"| {shown} |" in row, (name, row)
    assert limits.HEADER_SECONDS == 10 and limits.BODY_SECONDS == 10 and limits.MAX_BODY == 64 * 1024
    assert limits.MAX_HEADER_BYTES == 16 * 1024 and limits.MAX_MOVES == 64 and limits.LOCK_SECONDS == 5
    assert limits.MAX_CONNECTIONS_PER_CLIENT == 64 and limits.WORKERS == 64
