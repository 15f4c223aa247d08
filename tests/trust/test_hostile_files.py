"""Issue 11, hostile files: caps, FIFOs and devices, one set of line limits, safe temp files, symlinks."""

from __future__ import annotations

import os
import threading

import pytest

from planets_log.record import files, lines as record
from planets_log.record.lines import MAX_LINE, repair_torn_tail

from .conftest import run


def _fifo(tmp_path, name="f.jsonl"):
    path = tmp_path / name
    os.mkfifo(path)
    return path


def test_a_note_the_reader_would_refuse_is_never_appended(runner, fp):
    before = fp.read_bytes()
    res = run(runner, "record", fp, "-i", input="note " + "a" * (MAX_LINE + 1) + "\nquit\n")
    assert "refused:" in res.output and "[line.too-long]" in res.output
    assert "over the limit of 16777216 every reader enforces; nothing was written" in res.output
    assert fp.read_bytes() == before
    assert run(runner, "validate", fp).exit_code == 0


def test_a_line_nested_too_deep_is_never_appended(fp):
    before = fp.read_bytes()
    deep = b'{"type":"note","a":' + b"[" * 40 + b"]" * 40 + b"}"
    with pytest.raises(record.RecordError, match="nest deeper than 32"):
        record.append_lines(fp, [deep], 4, "")
    assert fp.read_bytes() == before


@pytest.mark.parametrize("option", ["--edition", "--key", "--results"])
def test_a_device_as_a_side_file_is_refused_at_once(runner, fp, option):
    args = ["validate", fp, "--edition", "/dev/zero"] if option == "--edition" else ["audit", fp, option, "/dev/zero"]
    res = run(runner, *args)
    assert res.exit_code in (1, 2)
    assert "/dev/zero is a character device, not a regular file" in res.output


def test_a_huge_side_file_is_refused_by_its_cap(runner, fp, tmp_path):
    big = tmp_path / "big.csv"
    with open(big, "wb") as handle:
        handle.truncate(files.MAX_SMALL + 1)
    res = run(runner, "audit", fp, "--results", big)
    assert res.exit_code == 2
    assert f"is {files.MAX_SMALL + 1} bytes, over the limit of {files.MAX_SMALL}" in res.output


@pytest.mark.parametrize("command", ["validate", "record", "replay", "score"])
def test_a_fifo_as_the_record_is_refused_without_blocking(runner, tmp_path, command):
    fifo = _fifo(tmp_path)
    result = {}
    args = [command, fifo] + (["d1"] if command == "record" else [])
    worker = threading.Thread(target=lambda: result.setdefault("res", run(runner, *args)), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), f"{command} blocked on a FIFO"
    res = result["res"]
    assert res.exit_code in (1, 2)
    assert "f.jsonl is a FIFO, not a regular file" in res.output


def test_audit_reports_a_jsonl_that_is_not_a_regular_file(runner, fp, tmp_path):
    _fifo(tmp_path, "odd.jsonl")
    (tmp_path / "dir.jsonl").mkdir()
    res = run(runner, "audit", tmp_path, "--quiet")
    assert res.exit_code == 1
    assert "odd.jsonl: [file.not-regular] the record" in res.output and "is a FIFO" in res.output
    assert "dir.jsonl: [file.not-regular]" in res.output


def test_repair_of_a_symlinked_record_keeps_the_link(runner, fp, tmp_path):
    fp.write_bytes(fp.read_bytes() + b'{"torn')
    link = tmp_path / "link.jsonl"
    link.symlink_to(fp)
    res = run(runner, "repair", link)
    assert res.exit_code == 0, res.output
    assert link.is_symlink() and os.readlink(link) == str(fp)
    assert not fp.read_bytes().endswith(b'{"torn')
    assert run(runner, "validate", link).exit_code == 0


def test_temp_files_have_unguessable_names_and_never_follow_a_planted_link(fp, tmp_path, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    victim.chmod(0o600)
    names = iter(["side", "planted", "fresh"])  # the side file first, then the record
    monkeypatch.setattr("secrets.token_hex", lambda n: next(names))
    (tmp_path / f".{fp.name}.planted.tmp").symlink_to(victim)
    (tmp_path / f".{fp.name}.{os.getpid()}.tmp").symlink_to(victim)  # the old predictable name
    fp.write_bytes(fp.read_bytes() + b"torn")
    assert repair_torn_tail(fp) is not None
    assert victim.read_text() == "precious" and (victim.stat().st_mode & 0o777) == 0o600
    assert not (tmp_path / f".{fp.name}.fresh.tmp").exists()


def test_create_temp_refuses_to_follow_a_symlink(tmp_path, monkeypatch):
    monkeypatch.setattr("secrets.token_hex", lambda n: "same")
    (tmp_path / ".r.same.tmp").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(files.UsageError, match="cannot create a temporary file"):
        files.create_temp(tmp_path, "r")
    assert not (tmp_path / "elsewhere").exists()


def test_two_people_annotating_at_once_both_notes_land(fp):
    """A note does not depend on the position: a writer that got there first is no reason to refuse it."""
    from planets_log.engine.recorder import Recorder
    from planets_log.audit.validate import validate_file

    ann, ben = Recorder(str(fp)), Recorder(str(fp))
    ann.annotate(1, "Ann's note")
    [entry] = ben.annotate(1, "Ben's note")  # Ben's view ends one line earlier
    assert entry.seq == 6 and ben.pos.seq == 6
    texts = [line for line in fp.read_bytes().splitlines()[-2:]]
    assert b"Ann's note" in texts[0] and b"Ben's note" in texts[1]
    assert validate_file(str(fp)).valid


def test_a_move_from_a_stale_view_is_still_refused(runner, fp):
    from planets_log.record.errors import RecordError
    from planets_log.engine.recorder import Recorder

    stale = Recorder(str(fp))
    assert run(runner, "annotate", fp, "--at", "1", "meanwhile").exit_code == 0
    before = fp.read_bytes()
    with pytest.raises(RecordError, match="append.stale|changed since it was read"):
        stale.play("d1")
    assert fp.read_bytes() == before


def test_a_note_is_refused_if_the_record_was_sealed_meanwhile(runner, fp, tmp_path):
    from planets_log.record.errors import RecordError
    from planets_log.engine.recorder import Recorder

    late = Recorder(str(fp))
    prefix = tmp_path / "org"
    run(runner, "keygen", "--out", prefix)
    assert run(runner, "seal", fp, "--key", f"{prefix}.key").exit_code == 0
    before = fp.read_bytes()
    with pytest.raises(RecordError, match="sealed meanwhile"):
        late.annotate(1, "too late")
    assert fp.read_bytes() == before
