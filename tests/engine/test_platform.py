"""The package imports on any OS; only writing needs POSIX locking, and says so."""

from __future__ import annotations

import subprocess
import sys

from planets_log.engine.play import selfplay
from tests.support.helpers import write_lines

NO_FCNTL = "import sys; sys.modules['fcntl'] = None\n"  # importing fcntl now fails, as on Windows


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", NO_FCNTL + code], capture_output=True, text=True, timeout=120)


def test_without_fcntl_reading_works_and_writing_says_why(tmp_path):
    from tests.support.positions import positions

    build = selfplay("space-planets", 1, ["Ann", "Ben"])
    rules = build.session.rules
    k, move = next((k, rules.format(event, state)) for k, (state, event) in enumerate(positions(build), start=1)
                   if k > 10 and event is not None and rules.to_move(state) >= 0)
    path = write_lines(tmp_path / "g.jsonl", build.lines[:k])
    done = run(f"""
from planets_log.cli.main import main
import planets_log.record.lines, planets_log.engine, planets_log.engine.recorder
try:
    main(["validate", {str(path)!r}])
except SystemExit as e:
    print("validate exit", e.code)
try:
    main(["record", {str(path)!r}, {move!r}])
except SystemExit as e:
    print("record exit", e.code)
""")
    assert "validate exit 0" in done.stdout, done.stderr
    assert "record exit 2" in done.stdout and "POSIX file locking" in done.stderr
    assert "Traceback" not in done.stderr
