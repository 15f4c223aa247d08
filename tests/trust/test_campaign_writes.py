"""Issue 25, campaigns: everything checked before the first write, a file name too long is a clean error, and
the same `campaign next` again after a crash takes up the game record it had made."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from planets_log.audit import campaign as campaign_module
from planets_log.record import commit
from tests.games.four_planets import campaign
from tests.support.helpers import rechain, write_lines

from .conftest import run

LONG = "x" * 300 + ".jsonl"


def _drafted_but_one(runner, folder: Path, *, seed: bool = True) -> tuple[Path, str]:
    """A new campaign where only Ben's keep is missing before game 1 starts; the keep that completes it."""
    camp = folder / "c.jsonl"
    assert run(runner, "campaign", "new", "four-planets", "--player", "Ann", "--player", "Ben",
               *(["--seed", "7"] if seed else []), camp).exit_code == 0
    assert run(runner, "campaign", "next", camp).exit_code == 0
    hands = {p: run(runner, "campaign", "status", camp, "--seat", p).output.splitlines()[-1].split(": ")[1]
             for p in ("Ann", "Ben")}
    assert run(runner, "campaign", "next", camp, "--keep", f"Ann={hands['Ann'].split(', ')[0]}").exit_code == 0
    return camp, f"Ben={hands['Ben'].split(', ')[0]}"


@pytest.mark.parametrize("out", ["../x.jsonl", LONG, "/tmp/elsewhere.jsonl"])
def test_a_bad_out_is_refused_before_the_keep_is_written(runner, tmp_path, out):
    camp, keep = _drafted_but_one(runner, tmp_path)
    before, files = camp.read_bytes(), sorted(os.listdir(tmp_path))
    res = run(runner, "campaign", "next", camp, "--keep", keep, "--out", out)
    assert res.exit_code == 1 and "[campaign.file]: linked file" in res.output, res.output
    assert "internal error" not in res.output
    assert camp.read_bytes() == before and sorted(os.listdir(tmp_path)) == files


def test_a_long_but_legal_out_name_is_made(runner, tmp_path):
    """A name of 240 characters is legal: the temporary file beside it must not be longer than the system allows."""
    camp, keep = _drafted_but_one(runner, tmp_path)
    name = "y" * 234 + ".jsonl"
    res = run(runner, "campaign", "next", camp, "--keep", keep, "--out", name)
    assert res.exit_code == 0, res.output
    assert (tmp_path / name).is_file() and run(runner, "campaign", "validate", camp).exit_code == 0


def test_a_start_line_naming_a_file_too_long_is_a_clean_error(runner, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(campaign.ROOT / "campaign-seeded", folder)
    path = folder / "campaign.jsonl"
    lines = path.read_bytes().splitlines()[:6]  # up to game 1's start line
    start = json.loads(lines[5])
    start["file"] = LONG
    write_lines(path, rechain(lines[:5] + [json.dumps(start, separators=(",", ":")).encode()]))
    res = run(runner, "campaign", "validate", path)
    assert res.exit_code == 1 and "internal error" not in res.output, res.output
    assert f"campaign.jsonl:6: seq 5: invalid [campaign.file]: linked file '{LONG}' cannot be used: File name too " \
           "long" in res.output
    nxt = run(runner, "campaign", "next", path)
    assert nxt.exit_code == 1 and "internal error" not in nxt.output and "[campaign.file]" in nxt.output


class Crash(BaseException):
    """The process stopping dead (a SIGKILL, a power cut): no handler runs after it."""


@pytest.mark.parametrize("after", ["the seed file", "the game record"])
def test_next_again_after_a_crash_takes_up_the_game_it_made(runner, tmp_path, monkeypatch, after):
    """A committed campaign: the run stops right after making game 1's seed file, or its record, before the
    campaign's start line; the same command again starts game 1 with those files, unchanged."""
    camp, keep = _drafted_but_one(runner, tmp_path, seed=False)
    if after == "the seed file":
        module, name = commit, "write_secret"
    else:  # the game record is made: the crash comes as the campaign's start line is appended
        module, name = campaign_module, "append_lines"
    real = getattr(module, name)

    def made_then_crash(*args, **kwargs):
        if name == "append_lines" and not any(b'"type":"start"' in line for line in args[1]):
            return real(*args, **kwargs)
        if name == "write_secret":
            real(*args, **kwargs)
        raise Crash

    monkeypatch.setattr(module, name, made_then_crash)
    with pytest.raises(Crash):
        run(runner, "campaign", "next", camp, "--keep", keep)
    monkeypatch.setattr(module, name, real)
    left = {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path) if n.startswith("c-game1")}
    assert sorted(left) == (["c-game1.jsonl.seed"] if after == "the seed file" else
                            ["c-game1.jsonl", "c-game1.jsonl.seed"])
    res = run(runner, "campaign", "next", camp, "--keep", keep)
    assert res.exit_code == 0, res.output
    assert "c-game1.jsonl: game 1 of the campaign started" in res.output
    assert all((tmp_path / n).read_bytes() == data for n, data in left.items())
    assert run(runner, "campaign", "validate", camp).exit_code == 0
    assert run(runner, "validate", tmp_path / "c-game1.jsonl", "--seed-file", tmp_path / "c-game1.jsonl.seed"
               ).exit_code == 0


def test_a_game_file_that_is_not_the_one_next_would_make_is_never_taken_up(runner, tmp_path):
    camp, keep = _drafted_but_one(runner, tmp_path)
    (tmp_path / "c-game1.jsonl").write_text("someone else's file\n")
    before = camp.read_bytes()
    res = run(runner, "campaign", "next", camp, "--keep", keep)
    assert res.exit_code == 2 and "c-game1.jsonl already exists" in res.output, res.output
    assert camp.read_bytes() == before and (tmp_path / "c-game1.jsonl").read_text() == "someone else's file\n"
