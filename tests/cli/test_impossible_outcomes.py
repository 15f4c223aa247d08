"""docs/table.md (what can happen): a table game refuses an outcome that cannot happen in this position,
with one line naming the rule and the record left byte for byte as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from planets_log.cli.main import cli
from planets_log.engine import registry
from planets_log.engine.replay import Replay

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

# game, lines of its table-game fixture kept, the impossible outcome typed next, the error's code, the rule named
CASES = [
    # Components: a card named more often than the deck still holds it (the bonus took one R2v3s)
    ("four-planets", 1, "deal R2v3s R2v3s / R2v3s R2v3s / Y2v2s R0s / G2v1ss B1v1s", "deal.card", "Setup"),
    # Game contents: the die has faces 1-3, never 7
    ("space-planets", 2, "land 8 reroll 7", "landed.face", "Game contents"),
    # Turn of Play: the only BGR card of the Cosmos pile was dealt to the trail and taken
    ("planetopia", 5, "refill BGR", "refill.card", "Turn of Play"),
    # Start of Round: one reward card in two slots
    ("planetship-2491", 2, "rewards 0:27 2:27 4:30 6:24 7:34 8:32", "rewards.twice", "Start of Round"),
    # Set-Up: F1 was dealt to Ann, it is no longer in the Final deck
    ("planetarium", 2, "deal Ben F1 F4 H3 H4 L3 L4", "deal.card", "Set-Up"),
]


def prefix(tmp_path: Path, game: str, events: int) -> Path:
    """The first `events` lines after the header of the game's table fixture, as a record of its own."""
    lines = (FIXTURES / game / "table-game.jsonl").read_bytes().splitlines(keepends=True)
    path = tmp_path / f"{game}.jsonl"
    path.write_bytes(b"".join(lines[:events + 1]))
    return path


@pytest.mark.parametrize("game,events,line,code,rule", CASES, ids=[c[0] for c in CASES])
def test_an_impossible_outcome_is_refused_with_the_rule_and_the_record_unchanged(
        runner, tmp_path, game, events, line, code, rule):
    path = prefix(tmp_path, game, events)
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), line])
    assert res.exit_code == 1, res.output
    message = res.output.strip()
    assert message.startswith(f"planets-log: {path}:{events + 2}: seq {events + 1}: illegal [{code}]: '{line}': ")
    assert message.endswith(f"({rule})") and "\n" not in message and "Traceback" not in message
    assert path.read_bytes() == before
    # the game's chance_outcomes refuses it too: the table gate would, were check to let it by
    state = Replay(str(path)).final().state
    rules = Replay(str(path)).session.rules
    assert rules.chance_outcomes(state).refusal(rules.parse(line, state)) is not None


@pytest.mark.parametrize("game,events,line,code,rule", CASES, ids=[c[0] for c in CASES])
def test_the_same_position_takes_a_possible_outcome(runner, tmp_path, game, events, line, code, rule):
    """The refusal is about the outcome, not the position: the fixture's own next line is taken."""
    path = prefix(tmp_path, game, events)
    want = (FIXTURES / game / "table-game.jsonl").read_bytes().splitlines()[events + 1]
    replay = Replay(str(path))
    state, rules = replay.final().state, replay.session.rules
    text = rules.format(replay.session.decoder.decode(want), state)
    res = runner.invoke(cli, ["record", str(path), text])
    assert res.exit_code == 0, res.output


def test_an_outcome_check_allows_but_chance_outcomes_does_not_is_refused(runner, tmp_path):
    """The gate itself: the narrow toy's check allows a pile of 5, its chance_outcomes does not list it."""
    path = tmp_path / "narrow.jsonl"
    assert runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--table", str(path)]
                         ).exit_code == 0
    registry.register("countdown", "tests.cli.narrow_toy")
    try:
        before = path.read_bytes()
        res = runner.invoke(cli, ["record", str(path), "pile 5"])
        assert res.exit_code == 1
        assert res.output.strip() == (f"planets-log: {path}:2: seq 1: illegal [chance.impossible]: 'pile 5': this "
                                      "outcome cannot happen here: it is not one of the 7 outcomes possible here (Setup)")
        assert path.read_bytes() == before
        assert runner.invoke(cli, ["record", str(path), "pile 6"]).exit_code == 0
    finally:
        registry.register("countdown", "tests.support.toy")
    assert runner.invoke(cli, ["record", str(path), "take 3"]).exit_code == 0


def test_missions_typed_in_another_order_are_the_same_outcome(runner, tmp_path):
    """Game Setup: the face-up missions are a set; the outcomes compare them as a multiset (unordered)."""
    path = tmp_path / "ps.jsonl"
    runner.invoke(cli, ["new", "planetship-2491", "--player", "Ann", "--player", "Ben", "--table", str(path)])
    res = runner.invoke(cli, ["record", str(path), "missions M10 M1 M8 M6"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["moves", str(path), "--json"])
    assert '"moves":[]' in res.output  # the layout: counted, not listed


def test_moves_lists_a_chance_points_outcomes_or_counts_them(runner, tmp_path):
    """`moves` at a chance point: the listed outcomes (from chance_outcomes, not legal), a count past a page."""
    import json

    from planets_log.cli.read import LISTED_OUTCOMES

    few = prefix(tmp_path, "four-planets", 3)  # the start tile is due: two outcomes
    res = runner.invoke(cli, ["moves", str(few)])
    assert res.output.splitlines()[-2:] == ["  start Ann", "  start Ben"]
    many = tmp_path / "ps.jsonl"
    runner.invoke(cli, ["new", "planetship-2491", "--player", "Ann", "--player", "Ben", "--table", str(many)])
    listed = json.loads(runner.invoke(cli, ["moves", str(many), "--json"]).output)["moves"]
    assert len(listed) > LISTED_OUTCOMES and "missions M1 M6 M8 M10" in listed
    assert runner.invoke(cli, ["moves", str(many)]).output.splitlines()[-1] == (
        f"  ({len(listed)} possible outcomes; --json lists them)")
