"""The scorekeeper types only decisions (docs/table.md, 2491 Planetship): a declined step (`probe -`, `rotate 0`,
`done`) is written by the recorder before the line that implies it, a Team Radio that adds nothing is passed by
itself, both are undone with the line that made them, and what the seat to move owes is said after every line."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from planets_log.cli.main import cli
from planets_log.games.planetship_2491 import events as E
from planets_log.games.planetship_2491.apply import friends
from planets_log.games.planetship_2491.turn import usable

from .fixtures_gen import ROUND, SCAN, worked_moves
from .helpers import FIXTURES, NAMES, RULES, scene, table

OPENING = worked_moves()[:5]  # missions, layout, rewards, Red: R6 2.I, Blue: B6 7.II (a probe icon)


def new_table(runner, path, players=2):
    args = ["new", "planetship-2491", "--table", str(path)]
    for name in NAMES[:players]:
        args += ["--player", name]
    assert runner.invoke(cli, args).exit_code == 0
    return path


def events(path):
    """The record's events as the same game: without their chain and the `implied` mark (who typed them)."""
    return [{k: v for k, v in json.loads(line).items() if k not in ("prev", "implied")}
            for line in path.read_text().splitlines()[1:]]


def marked(path):
    """The seqs of the lines the recorder marked `implied` (the declined steps nobody typed)."""
    return [e["seq"] for e in map(json.loads, path.read_text().splitlines()[1:]) if e.get("implied")]


def record(runner, path, *lines):
    res = runner.invoke(cli, ["record", str(path), *lines])
    assert res.exit_code == 0, res.output
    return res.output


def test_a_placement_typed_while_a_probe_may_be_placed_writes_probe_minus_first(runner, tmp_path):
    """Probes: the probe is optional; the next player's placement says none was placed."""
    short = new_table(runner, tmp_path / "short.jsonl")
    out = record(runner, short, *OPENING, "R4 0.II")
    assert "   6  Blue: probe -\n   7  Red: R4 0.II" in out
    full = new_table(runner, tmp_path / "full.jsonl")
    record(runner, full, *OPENING, "probe -", "R4 0.II")
    assert events(short) == events(full)
    assert marked(short) == [6] and marked(full) == []  # the record says which `probe -` nobody typed


def test_undo_takes_the_implied_probe_back_with_the_move_that_implied_it(runner, tmp_path):
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING, "R4 0.II")
    res = runner.invoke(cli, ["undo", str(path)])
    assert "retract seq 6–7" in res.output and "Blue places a probe next" in res.output
    assert "Blue: probe 0.I" in record(runner, path, "probe 0.I")  # the probe can still be placed


def test_a_line_refused_after_the_step_it_passes_says_so_and_writes_nothing(runner, tmp_path):
    """Zones: the placement after an implied `probe -` is checked there; refused, neither line is written."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING)
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), "R4 2.I"])
    assert res.exit_code == 1 and "[place.occupied]" in res.output
    assert "(read after the 1 step(s) it passes: Blue: probe -)" in res.output and path.read_bytes() == before
    assert f"{path}:8: seq 7: illegal" in res.output  # the refused line's own place, after `probe -` at seq 6


def test_the_military_area_left_as_it_is_and_probes_not_placed_are_never_typed(runner, tmp_path):
    """Zone Special Rules > #3 - Military Area: `rotate 0` and `probe -` are written by the recorder."""
    typed = [m for m in ROUND if m not in ("rotate 0", "probe -")] + ["done"]  # the zones' first decision
    short, full = new_table(runner, tmp_path / "s.jsonl"), new_table(runner, tmp_path / "f.jsonl")
    out = record(runner, short, *typed)
    record(runner, full, *ROUND, "done")
    assert events(short) == events(full)
    assert "Blue: rotate 0" in out and "Red: probe -" in out


def test_abilities_not_used_are_passed_by_the_line_of_the_next_character_that_uses_one(runner, tmp_path):
    """Round End > #1 - Resolving a Zone: `Red: scan` typed for a later character passes the ones before it
    (naming the player: a line naming nobody passes only the steps of the seat to move)."""
    short, full = new_table(runner, tmp_path / "s.jsonl"), new_table(runner, tmp_path / "f.jsonl")
    out = record(runner, short, *ROUND, "Red: scan")
    record(runner, full, *SCAN)
    assert events(short) == events(full) and out.count(": done") == 3


def test_a_line_the_current_character_could_mean_is_checked_as_typed_not_given_to_a_later_one(runner, tmp_path):
    """Character Abilities > Shield: a shield the resolving character may use, with a wrong target, is refused."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *ROUND)
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), "shield 5.I"])
    assert res.exit_code == 1 and "shield.target" in res.output and path.read_bytes() == before


def test_naming_the_next_player_passes_the_step_the_player_before_declines(runner, tmp_path):
    """turn order: `Blue: B6 7.I` after Red's placement on a probe icon says Red placed none."""
    path = new_table(runner, tmp_path / "t.jsonl")
    out = record(runner, path, *OPENING, "probe 0.I", "Red: R1 2.IV")  # 2.IV shows the probe icon
    assert "Red places a probe next" in out
    out = record(runner, path, "Blue: B3 6.I")
    assert "Red: probe -" in out and "Blue: B3 6.I" in out


def test_a_team_radio_that_adds_nothing_is_passed_by_the_recorder():
    """Character Abilities > Team Radio: +1 per other friendly character near it; with none there is nothing to
    decide."""
    build = scene(table(), {"0.I": ("R4", 0), "2.I": ("B1", 1)}, zone=0)
    state = build.pos.state
    assert usable(state, 0, 1) == ["radio"] and friends(state, 0, 1) == 0
    assert RULES.forced(state) == E.Passed(by=0)
    crowded = scene(table(), {"0.I": ("R4", 0), "0.II": ("R1", 0), "2.I": ("B1", 1)}, zone=0).pos.state
    assert RULES.forced(crowded) is None  # +1 with R1 next to it: Red decides


def test_what_the_seat_owes_is_said_after_every_line_and_in_refusals(runner, tmp_path):
    path = new_table(runner, tmp_path / "t.jsonl")
    out = record(runner, path, *OPENING[:4])
    assert out.rstrip().endswith("Blue places a character next: CARD ZONE.NUMERAL")
    out = record(runner, path, "B6 7.II")
    assert "Blue places a probe next (7.II shows the probe icon)" in out
    out = record(runner, path, "probe 0.I")
    assert out.rstrip().endswith("Red places a character next: CARD ZONE.NUMERAL")
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), "Blue: B3 6.II"])
    assert res.exit_code == 1 and "it is Red's turn, not Blue's: Red places a character next" in res.output
    assert path.read_bytes() == before


@pytest.fixture(scope="module")
def keystrokes():
    """bench/keystrokes.py, the measurement of an evening typed before and after."""
    spec = importlib.util.spec_from_file_location("keystrokes", FIXTURES.parents[1] / "bench" / "keystrokes.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["keystrokes"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["keystrokes"]  # a module global of the process: the next test finds none


def test_an_evening_typed_as_decisions_only_makes_the_same_game(keystrokes):
    """The worked table game typed without the lines the recorder writes: the same events, fewer keystrokes."""
    evening = keystrokes.type_evening(str(FIXTURES / "table-game.jsonl"), "worked")
    assert "rotate 0" in evening.every and "probe -" in evening.every
    assert "rotate 0" not in evening.typed and "probe -" not in evening.typed
    assert len(evening.typed) < len(evening.every)
    assert evening.keys(evening.typed)[0] < evening.keys(evening.every)[0]


def test_an_evening_with_a_radio_that_adds_nothing_types_no_done_for_it(keystrokes):
    """The seeded 3-player golden game, typed at a table: its radio-only characters with no friend near are
    passed by the recorder (the line is in the record, nobody typed it)."""
    evening = keystrokes.type_evening(str(FIXTURES / "seeded-3p.jsonl"), "3p")
    assert evening.every.count("done") > evening.typed.count("done")


def test_a_player_moving_with_by_never_declines_the_optional_step_of_the_seat_to_move(runner, tmp_path):
    """Probes: the probe is Blue's to decide; `--by Red` speaks for Red only, so Red moving first is refused
    (turn order) and Blue may still place it; the scorekeeper's `Red: …` still says Blue placed none."""
    path = new_table(runner, tmp_path / "t.jsonl")
    record(runner, path, *OPENING)
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), "R4 0.II", "--by", "Red"])
    assert res.exit_code == 1 and "[turn.named]" in res.output and "Blue places a probe next" in res.output
    assert path.read_bytes() == before
    assert "Blue: probe 0.I" in record(runner, path, "probe 0.I", "--by", "Blue")
    assert "Red: R4 0.II" in record(runner, path, "R4 0.II", "--by", "Red")
    named = new_table(runner, tmp_path / "n.jsonl")
    assert "Blue: probe -" in record(runner, named, *OPENING, "Red: R4 0.II")
