"""bench/README.md, the measures: every module of bench/ is listed there, none is over 400 lines, and they share
one naming scheme (named for what they measure, no prefix)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
MODULES = sorted(p for p in BENCH.glob("*.py") if p.name != "__init__.py")


def test_the_readme_names_every_module_of_bench():
    text = (BENCH / "README.md").read_text()
    missing = [p.name for p in MODULES if f"`{p.name}`" not in text and f"bench/{p.name}" not in text]
    assert missing == [], f"bench/README.md does not list {missing}"


def test_no_bench_module_is_over_400_lines():
    big = [f"{p.name} ({n})" for p in MODULES if (n := len(p.read_text().splitlines())) > 400]
    assert big == [], big


def test_one_naming_scheme():
    assert [p.name for p in MODULES if p.name.startswith("bench_")] == []
