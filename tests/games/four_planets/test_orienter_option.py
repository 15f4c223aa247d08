"""`--option orienter=SEAT` names a seat like every option (Mini-Campaign: a named player turns the start tile),
by the player's name or a number counted from 1; `random` (or 0) leaves the start tile to chance."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli


def new(runner, tmp_path, value: str):
    out = tmp_path / "g.jsonl"
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--table",
                              "--option", "professional=true", "--option", f"orienter={value}", str(out)])
    return res, out


@pytest.mark.parametrize("value,stored", [("Ben", 2), ("ben", 2), ("2", 2), ("Ann", 1), ("1", 1)])
def test_the_orienter_is_named_by_name_or_number_from_1(runner, tmp_path, value, stored):
    res, out = new(runner, tmp_path, value)
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text().splitlines()[0])["options"]["orienter"] == stored


@pytest.mark.parametrize("value", ["random", "Random", "0"])
def test_random_leaves_the_start_tile_to_chance_and_the_header_as_before(runner, tmp_path, value):
    """A random orientation is the option's default: left out of the header (records keep their bytes)."""
    res, out = new(runner, tmp_path, value)
    assert res.exit_code == 0, res.output
    assert "orienter" not in json.loads(out.read_text().splitlines()[0])["options"]
    res = runner.invoke(cli, ["record", str(out), *SETUP])
    assert res.exit_code == 0 and "start NAME" in res.output, res.output  # a chance outcome, no player's choice
    assert runner.invoke(cli, ["record", str(out), "start Ben"]).exit_code == 0


def test_the_named_player_turns_the_start_tile(runner, tmp_path):
    res, out = new(runner, tmp_path, "Ben")
    res = runner.invoke(cli, ["record", str(out), *SETUP])
    assert res.exit_code == 0, res.output
    assert "Ben to move" in res.output
    before = out.read_bytes()
    assert runner.invoke(cli, ["record", str(out), "start Ben"]).exit_code == 1  # not left to chance
    assert out.read_bytes() == before
    res = runner.invoke(cli, ["record", str(out), "orient Ann"])
    assert res.exit_code == 0, res.output


SETUP = ["buildings mint museum observatorium tower / greenhouse tech-tornillo galactic-bank botanic-garden",
             "choose mint museum", "choose greenhouse tech-tornillo", "bonus R2v3s Y0s G1v1s B0s",
             "deal R1ss G0s / P1ss B0s / Y2v2s R0s / G2v1ss B1v1s", "boosts search look5 discount copy vp4"]


@pytest.mark.parametrize("value", ["3", "Cid", "-1", ""])
def test_a_value_naming_nobody_is_a_usage_error_naming_the_option(runner, tmp_path, value):
    res, out = new(runner, tmp_path, value)
    assert res.exit_code == 2, res.output
    assert "orienter" in res.output and "Ann, Ben" in res.output and "random" in res.output
    assert "Traceback" not in res.output and not out.exists()
