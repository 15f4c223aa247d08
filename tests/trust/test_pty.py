"""Issue 11: through a real pseudo-terminal, no raw control byte from a name, note or file name arrives.

On a terminal Click does not strip escape sequences as it does for a pipe, so this is the
case that matters: the bytes the terminal receives are read back from the pty's master side.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import pytest

from tests.support.helpers import rechain, write_lines

from .conftest import through_pty
EVIL = "\x1b[1A\x1b[2K\r\x07\x9b2J\u202eok"
RAW = re.compile(rb"\x1b|\x07|\r(?!\n)|\xc2[\x80-\x9f]|\xe2\x80\xae")


def _through_pty(*args: str) -> bytes:
    """Run planets-log with stdout and stderr on a new pseudo-terminal; the bytes it got."""
    return through_pty(list(args))[1]


@pytest.fixture
def evil(runner, tmp_path):
    from .conftest import run

    path = tmp_path / "g.jsonl"
    assert run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "4", path).exit_code == 0
    assert run(runner, "annotate", path, "--at", "1", "note" + EVIL, "--author", "by" + EVIL).exit_code == 0
    lines = path.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["players"] = ["Ann" + EVIL, "Ben"]
    crafted = write_lines(tmp_path / ("crafted" + EVIL.replace("/", "") + ".jsonl"),
                          rechain([json.dumps(header).encode()] + lines[1:]))
    return path, crafted


def test_the_terminal_gets_no_raw_control_byte(evil, tmp_path):
    path, crafted = evil
    outputs = [
        _through_pty("annotate", str(path), "--list"),
        _through_pty("replay", str(path), "--each"),
        _through_pty("validate", str(crafted), str(path)),
        _through_pty("audit", str(tmp_path)),
        _through_pty("record", str(path), "note" + EVIL),
    ]
    for out in outputs:
        assert out, "nothing reached the terminal"
        assert not RAW.search(out), out
    assert b"note\\e[1A\\e[2K\\r\\a\\x9b2J\\u202eok" in outputs[0]
    assert b"[header.players]" in outputs[3]


def test_the_check_would_see_a_raw_byte(tmp_path):
    """The pty reader is not blind: a raw escape printed around planets-log reaches it."""
    master, slave = os.openpty()
    subprocess.run([sys.executable, "-c", "import sys; sys.stdout.write('\\x1b[2K')"], stdout=slave, check=True)
    os.close(slave)
    assert RAW.search(os.read(master, 100))
    os.close(master)
