"""Issue 11, hostile names and text: control characters never reach the output raw."""

from __future__ import annotations

import json
import re

from planets_log.record.text import escape, escape_output
from tests.support.helpers import rechain, write_lines

from .conftest import run

RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_escape_writes_controls_as_git_does():
    assert escape("a\nb\x1b[2K\r\u202e\x9b") == "a\\nb\\e[2K\\r\\u202e\\x9b"
    assert escape_output("line\nnext\x07") == "line\nnext\\a"
    assert escape("Zoë 🚀") == "Zoë 🚀"


def test_new_refuses_a_control_character_in_a_name(runner, tmp_path):
    out = tmp_path / "x.jsonl"
    res = run(runner, "new", "four-planets", "--player", "Ann\x1b[2K", "--player", "Ben", out)
    assert res.exit_code == 2  # at `new`, names are the caller's choice: bad usage
    assert res.output.strip() == ("planets-log: [header.players]: player name 'Ann\\e[2K' holds a control "
                                  "character (Setup)")
    assert not out.exists()


def test_new_refuses_names_equal_after_case_folding_and_trimming(runner, tmp_path):
    out = tmp_path / "x.jsonl"
    res = run(runner, "new", "four-planets", "--player", "Ann", "--player", " ANN ", out)
    assert res.exit_code == 2
    assert "[header.players]: two player names are the same once trimmed and case-folded" in res.output
    assert not out.exists()


def test_invalid_utf8_argument_is_bad_usage(runner, tmp_path):
    out = tmp_path / "x.jsonl"
    bad = b"Ann\xff".decode("utf-8", "surrogateescape")
    res = run(runner, "new", "four-planets", "--player", bad, "--player", "Ben", out)
    assert res.exit_code == 2
    assert res.output.strip() == "planets-log: usage [usage.utf8]: the argument 'Ann\\udcff' is not valid UTF-8"
    assert not out.exists()


def test_invalid_utf8_note_is_bad_usage_and_writes_nothing(runner, fp):
    before = fp.read_bytes()
    bad = b"nice \xfe move".decode("utf-8", "surrogateescape")
    res = run(runner, "annotate", fp, "--at", "1", bad)
    assert res.exit_code == 2 and "not valid UTF-8" in res.output
    assert fp.read_bytes() == before


def test_a_note_and_author_with_controls_are_printed_escaped(runner, fp):
    evil = "ok\x1b[2K\r[chance.tampered] gone\nfp.jsonl: ok (four-planets, finished, sealed)"
    res = run(runner, "annotate", fp, "--at", "1", evil, "--author", "Bo\x1b]0;pwned\x07b")
    assert res.exit_code == 0
    listed = run(runner, "annotate", fp, "--list")
    for out in (res.output, listed.output):
        assert not RAW.search(out), out
        assert len(out.strip().splitlines()) == 1  # the note's newline does not start a fake line
    assert "ok\\e[2K\\r[chance.tampered] gone\\nfp.jsonl: ok" in listed.output
    assert "Bo\\e]0;pwned\\ab" in listed.output


def test_a_crafted_name_in_a_record_cannot_hide_an_audit_line(runner, fp, tmp_path):
    lines = fp.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["players"] = ["Ann\x1b[1A\x1b[2K\r", "Ben"]
    crafted = write_lines(tmp_path / "crafted.jsonl", rechain([json.dumps(header).encode()] + lines[1:]))
    res = run(runner, "audit", crafted)
    assert res.exit_code == 1
    assert not RAW.search(res.output), res.output
    assert "[header.players] player name 'Ann\\e[1A\\e[2K\\r' holds a control character" in res.output
    val = run(runner, "validate", crafted)
    assert val.exit_code == 1 and not RAW.search(val.output)


def test_a_file_name_with_a_newline_cannot_fake_an_audit_line(runner, fp, tmp_path):
    folder = tmp_path / "t"
    folder.mkdir()
    evil = folder / "x.jsonl\ny.jsonl: ok (four-planets, finished, sealed)\n.jsonl"
    evil.write_bytes(fp.read_bytes())
    res = run(runner, "audit", folder)
    assert "\ny.jsonl: ok" not in res.output
    assert "x.jsonl\\ny.jsonl: ok" in res.output


def test_json_output_stays_valid_json_with_controls_escaped(runner, fp):
    evil = "csi\x9b2J rlo\u202e del\x7f esc\x1b"
    assert run(runner, "annotate", fp, "--at", "1", evil).exit_code == 0
    res = run(runner, "annotate", fp, "--list", "--json")
    assert not RAW.search(res.output) and "\x7f" not in res.output
    assert json.loads(res.output)[0]["text"] == evil  # the data itself is intact


def test_file_names_with_a_newline_or_escape_are_quoted_in_every_echo(runner, tmp_path):
    """A file name is text from an argument: a newline in it must not forge a second output line."""
    log = tmp_path / "a\nb.jsonl"
    prefix = tmp_path / "k\x1b[31m"
    outputs = [
        run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3", log),
        run(runner, "keygen", "--out", prefix),
        run(runner, "seal", log, "--key", f"{prefix}.key"),
        run(runner, "repair", log),
    ]
    for res in outputs:
        assert res.exit_code == 0, res.output
        assert "\x1b" not in res.output
        for line in res.output.splitlines():
            assert not line.startswith("b.jsonl"), res.output  # the name's newline did not split a line
    assert "a\\nb.jsonl: new Four Planets record" in outputs[0].output
    assert "k\\e[31m.key" in outputs[1].output
