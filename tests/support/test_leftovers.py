"""The session check: a run whose test leaves a thread, a child process or a listening socket behind, or
changes the environment without putting it back, fails naming the test; a run whose tests clean up passes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LEAVES = '''
import os, socket, subprocess, threading

def test_cleans_up():
    done = threading.Event()
    t = threading.Thread(target=done.wait)
    t.start()
    done.set()
    t.join()

def test_leaves_things_behind():
    threading.Thread(target=threading.Event().wait, daemon=True, name="forgotten").start()
    subprocess.Popen(["sleep", "4"])
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    test_leaves_things_behind.kept = s

def test_changes_the_environment():
    os.environ["PLANETS_LOG_LEFT_BEHIND"] = "1"
'''


def run(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_it.py").write_text(source)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.support.leftovers", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "-q", str(tmp_path / "test_it.py")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_a_test_that_leaves_a_thread_a_child_and_a_socket_fails_the_run_by_name(tmp_path):
    done = run(tmp_path, LEAVES)
    assert done.returncode == 1, done.stdout
    named = [line for line in done.stdout.splitlines() if "::" in line and " left " in line]
    assert [line.split(" left ")[0].rsplit("::", 1)[1] for line in named] == ["test_leaves_things_behind"] * 3
    assert {line.split(" left ")[1].split()[1] for line in named} == {"thread", "child", "socket"}
    assert "test_it.py::test_changes_the_environment changed the environment and did not put it back" in done.stdout
    assert "test_cleans_up" not in done.stdout


def test_a_run_whose_tests_clean_up_passes(tmp_path):
    done = run(tmp_path, LEAVES.split("def test_leaves_things_behind")[0])
    assert done.returncode == 0, done.stdout
