"""The README's second command (`bash .ci/run`): how long it takes is said, and the suite it runs is
spread over the CPUs with pytest-xdist, deterministically (every worker collects the same tests)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def quick_start() -> str:
    """The README's quick start section."""
    return README.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_the_readme_says_how_long_the_second_command_takes():
    section = quick_start()
    command = section.index("bash .ci/run")
    comment = section[section.rindex("# 2.", 0, command):command]
    assert re.search(r"about \d+ minutes on a machine with \d+ CPUs", comment), comment


def test_ci_runs_the_suite_on_every_cpu_with_xdist_each_file_in_one_worker():
    assert re.search(r"\.venv/bin/pytest -n \"\$cpus\" --dist loadfile", CI), CI
    assert "cpus=$(nproc" in CI
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert any(re.fullmatch(r"pytest-xdist>=[\d.]+", dep) for dep in extra), extra


def collected(seed: str) -> list[str]:
    """The test ids the whole suite collects, in order, in a process with this hash seed."""
    env = dict(os.environ, PYTHONHASHSEED=seed)
    plugins = ["-p", "no:xdist", "-p", "no:syrupy", "-p", "no:cacheprovider", "-p", "no:randomly"]  # syrupy: no unused-snapshot verdict
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=", *plugins, "tests"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_every_worker_collects_the_same_tests_in_the_same_order():
    """xdist refuses a run whose workers (each with its own hash seed) collect differently."""
    first, second = collected("1"), collected("2")
    assert len(first) > 2000 and first == second
