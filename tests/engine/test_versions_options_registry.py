"""Rules versions never orphan an archive; options are typed; games register through an entry point."""

from __future__ import annotations

import json
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from planets_log.cli.main import cli
from planets_log.engine import registry
from planets_log.engine.play import selfplay
from planets_log.audit.validate import validate_file
from tests.support.helpers import write_lines

GOLDEN_V1 = Path(__file__).parents[1] / "support" / "toy" / "golden" / "countdown-rules1.jsonl"


@contextmanager
def countdown_v2():
    registry.register("countdown", "tests.engine.toy_v2")
    try:
        yield
    finally:
        registry.register("countdown", "tests.support.toy")


def test_a_rules_1_record_still_validates_after_a_behaviour_change_makes_version_2(tmp_path):
    lines = GOLDEN_V1.read_bytes().splitlines()
    assert json.loads(lines[0])["rules"] == 1
    assert any(json.loads(raw).get("n") == 3 for raw in lines[1:]), "the golden record must use version 1's freedom"
    with countdown_v2():
        report = validate_file(str(GOLDEN_V1))
        assert report.valid, [str(e) for e in report.errors]
        build = selfplay("countdown", 0, ["Ann", "Ben"])
        assert json.loads(build.lines[0])["rules"] == 2, "a new record gets the newest version"
        # the same moves under version 2 break its rule
        header = json.loads(lines[0])
        header["rules"] = 2
        from tests.support.helpers import rechain
        v2 = write_lines(tmp_path / "v2.jsonl", rechain([json.dumps(header).encode()] + lines[1:]))
        assert [e.code for e in validate_file(str(v2)).errors] == ["take.count"]


def test_an_unknown_rules_version_is_refused_naming_the_versions_replayed(tmp_path):
    lines = GOLDEN_V1.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["rules"] = 3
    from tests.support.helpers import rechain
    path = write_lines(tmp_path / "v3.jsonl", rechain([json.dumps(header).encode()] + lines[1:]))
    with countdown_v2():
        report = validate_file(str(path))
    assert report.errors[0].code == "header.rules" and "versions 1, 2" in report.errors[0].message


@pytest.mark.parametrize("option,value,words", [
    ("miss_percent", "true", "option miss_percent"),
    ("miss_percent", "95", "<= 90"),
    ("first", "-1", "option first"),
    ("nonsense", "1", "unknown option 'nonsense'"),
])
def test_a_bad_option_is_a_usage_error_naming_it(option, value, words, tmp_path, runner):
    out = runner.invoke(cli, ["new", "space-planets", "--player", "Ann", "--player", "Ben", "--seed", "1",
                              "--option", f"{option}={value}", str(tmp_path / "g.jsonl")])
    assert out.exit_code == 2, out.output
    assert words in out.output and not (tmp_path / "g.jsonl").exists()


def test_bool_is_not_int_in_a_records_options(tmp_path):
    build = selfplay("space-planets", 1, ["Ann", "Ben"])
    header = json.loads(build.lines[0])
    header["options"]["miss_percent"] = True
    from tests.support.helpers import rechain
    path = write_lines(tmp_path / "g.jsonl", rechain([json.dumps(header).encode()] + build.lines[1:]))
    [err] = validate_file(str(path)).errors
    assert err.code == "header.option" and "miss_percent" in err.message and "bool" in err.message


@pytest.mark.parametrize("game", ["four-planets", "space-planets", "planetopia"])
def test_options_appear_in_the_json_schema(game):
    from planets_log.engine.schema import record_schema

    schema = record_schema(game)
    ref = schema["$defs"]["Header"]["properties"]["options"]["$ref"].rsplit("/", 1)[1]
    options = schema["$defs"][ref]
    assert options["additionalProperties"] is False
    assert set(options["properties"]) == set(registry.get_rules(game).options)


def test_a_game_from_another_installed_package_appears_in_games(tmp_path, monkeypatch, runner):
    site = tmp_path / "site"
    pkg = site / "extra_planets"
    shutil.copytree(Path(__file__).parents[1] / "support" / "toy", pkg)
    dist = site / "extra_planets-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: extra-planets\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[planets_log.games]\ncountdown-extra = extra_planets\n")
    monkeypatch.syspath_prepend(str(site))
    registry.refresh()
    try:
        assert "countdown-extra" in registry.game_ids()
        out = runner.invoke(cli, ["games"])
        assert "countdown-extra" in out.output and out.exit_code == 0
        assert registry.get_rules("countdown-extra").title == "Countdown"
    finally:
        monkeypatch.undo()
        registry.refresh()
        sys.modules.pop("extra_planets", None)
    assert "countdown-extra" not in registry.game_ids()


def test_the_built_in_games_are_announced_through_the_entry_point():
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group=registry.ENTRY_POINTS)}
    assert {"four-planets", "space-planets", "planetopia"} <= names


def test_a_header_of_an_older_rules_version_is_made_on_request_and_an_unknown_one_refused():
    """Golden records keep the rules version they were written with: a header names the version asked for, among
    those replayed; another is a usage error naming the versions."""
    from planets_log.engine.play import make_header
    from planets_log.record.errors import UsageError

    with countdown_v2():
        header, _ = make_header("countdown", ["Ann", "Ben"], seed=1, rules_version=1)
        assert header.rules == 1 and make_header("countdown", ["Ann", "Ben"], seed=1)[0].rules == 2
        with pytest.raises(UsageError) as info:
            make_header("countdown", ["Ann", "Ben"], seed=1, rules_version=3)
    assert info.value.code == "header.rules" and "1, 2" in info.value.message
