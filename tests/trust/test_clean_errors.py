"""Issue 25, every error clean: a full disk, planted dangling links and endless standard input end in a clear
error, with nothing half-made left behind."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

from planets_log.cli.interactive import PROMPT_LINE
from planets_log.cli.main import cli
from planets_log.record import files
from planets_log.record.lines import MAX_LINE

from .conftest import ROOT, run


def _limited(args: list[str], cwd, limit: int) -> subprocess.CompletedProcess[str]:
    """planets-log run with a file-size limit (`ulimit -f`, in bytes), its output through a pipe."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "planets_log", *args], cwd=cwd, env=env, preexec_fn=cap,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("limit, file", [(0, "OUT.jsonl.seed"), (300, "OUT.jsonl")])
def test_new_on_a_full_disk_says_so_and_leaves_nothing(tmp_path, limit, file):
    """No room for the seed file (limit 0), or for the record after it (300 bytes): a usage error, no file left,
    and the same command goes through once there is room."""
    args = ["new", "four-planets", "--player", "Ann", "--player", "Ben", "OUT.jsonl"]
    done = _limited(args, tmp_path, limit)
    assert done.returncode == 2, done.stderr
    assert f"planets-log: [file.write]: cannot write {file}: File too large" in done.stderr
    assert "internal error" not in done.stderr
    assert sorted(os.listdir(tmp_path)) == []
    again = _limited(args, tmp_path, resource.RLIM_INFINITY)
    assert again.returncode == 0, again.stderr
    assert sorted(os.listdir(tmp_path)) == ["OUT.jsonl", "OUT.jsonl.seed"]


def test_keygen_on_a_full_disk_leaves_no_key(tmp_path):
    done = _limited(["keygen", "--out", "org"], tmp_path, 0)
    assert done.returncode == 2 and "[file.write]: cannot write org.key: File too large" in done.stderr, done.stderr
    assert os.listdir(tmp_path) == []


def test_keygen_refuses_a_dangling_public_key_link_before_writing_anything(runner, tmp_path):
    (tmp_path / "org.pub").symlink_to(tmp_path / "nowhere")
    res = run(runner, "keygen", "--out", tmp_path / "org")
    assert res.exit_code == 2 and "org.pub already exists" in res.output, res.output
    assert sorted(os.listdir(tmp_path)) == ["org.pub"] and not (tmp_path / "nowhere").exists()


def test_repair_steps_past_a_dangling_side_file_link(runner, fp, tmp_path):
    (tmp_path / "fp.jsonl.torn-1").symlink_to(tmp_path / "nowhere")
    whole = fp.read_bytes()
    fp.write_bytes(whole + b'{"torn')
    res = run(runner, "repair", fp)
    assert res.exit_code == 0, res.output
    assert "moved a torn tail of 6 bytes to" in res.output and res.output.count("fp.jsonl.torn-2") == 1
    assert (tmp_path / "fp.jsonl.torn-2").read_bytes() == b'{"torn' and fp.read_bytes() == whole
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("how, cap", [("-", MAX_LINE), ("-i", PROMPT_LINE)])
def test_record_from_an_endless_standard_input_stops_at_the_line_cap(fp, how, cap):
    """`record LOG - < /dev/zero` (and `record LOG -i`): one line that never ends is refused at the cap every
    record line has (at the prompt, with room for the command word), in bounded memory (the run is given 1 GiB
    of address space; unbounded reading would hit it)."""
    before = fp.read_bytes()

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "planets_log", "record", str(fp), how], stdin=zero, env=env,
                              preexec_fn=bounded, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"planets-log: [line.too-long]: standard input: line 1 is longer than {cap} bytes\n"
    assert fp.read_bytes() == before


def test_record_from_standard_input_has_the_record_files_cap(runner, fp, monkeypatch):
    """Past the cap a record file has (lowered here to 300 bytes), standard input is refused; the moves read
    before it stay recorded, as after any refused move."""
    monkeypatch.setattr(files, "MAX_RECORD", 300)
    res = runner.invoke(cli, ["record", str(fp), "-"], input="d1\n" + "# a comment\n" * 40)
    assert res.exit_code == 2
    assert "planets-log: [file.too-large]: standard input is over the limit of 300 bytes" in res.output
    assert run(runner, "validate", fp).exit_code == 0 and b'"seq":5' in fp.read_bytes()
