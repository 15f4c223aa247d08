"""`undo` takes back the last line typed, chance outcomes and setup included; `undo --to SEQ`."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli

from tests.support.tables import TABLE_FIXTURES, final_view, new_like, standing_lines

# each game's setup line, mistyped as another outcome the rules accept
SETUP_TYPO = {
    "four-planets": ("bonus R2v3s Y0s G1v1s B0s", "bonus Y0s R2v3s G1v1s B0s"),
    "planetopia": ("row .../.../RGB .../.R./oGo .../B../Bo.", "row .../.R./oGo .../.../RGB .../B../Bo."),
    "space-planets": ("deal p1 p2 p3 / oasis distant hole / fuel2 reroll consume",
                      "deal p2 p1 p3 / oasis distant hole / fuel2 reroll consume"),
    "planetship-2491": ("missions M1 M6 M8 M10", "missions M1 M6 M8 M9"),
    "planetarium": ("matter 1:GGGGGG 2:GGGGGG 3:GGGGGGG 4:GGGRRRRRRR 5:RRRRRRRRRRR 6:RRRRWWWWWWW 7:WWWWWWWWWMMMMMMMM",
                    "matter R" + "G" * 22 + "R" * 21 + "W" * 16 + "M" * 8),  # written orbit by orbit, typed either way
}


def lines_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("game", list(TABLE_FIXTURES))
def test_a_setup_typo_is_undone_and_the_record_validates(runner, tmp_path, game):
    fixture = TABLE_FIXTURES[game]
    path = new_like(runner, fixture, tmp_path / "t.jsonl")
    typed = [text for _, text in standing_lines(fixture)]
    right, wrong = SETUP_TYPO[game]
    assert typed[0] == right
    assert runner.invoke(cli, ["record", str(path), wrong]).exit_code == 0
    res = runner.invoke(cli, ["undo", str(path), "--reason", "misread the first card"])
    assert res.exit_code == 0, res.output
    assert lines_of(path)[-1] == {**lines_of(path)[-1], "type": "retract", "target": 1}
    res = runner.invoke(cli, ["record", str(path), *typed])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["validate", str(path)]).exit_code == 0
    assert final_view(path) == final_view(fixture)
    assert lines_of(path)[1]["type"] == lines_of(fixture)[1]["type"]  # the wrong line stays in the file


def test_a_wrong_draw_is_undone_without_the_move_before_it(runner, tmp_path):
    """The Four Planets table game: a mistyped deal after the round's last move is taken back alone."""
    fixture = TABLE_FIXTURES["four-planets"]
    typed = standing_lines(fixture)
    path = new_like(runner, fixture, tmp_path / "t.jsonl")
    i = next(i for i, (_, text) in enumerate(typed) if i > 4 and text.startswith("deal "))
    runner.invoke(cli, ["record", str(path), *[t for _, t in typed[:i]]])
    before = final_view(path)
    words = typed[i][1].split()
    words[1], words[4] = words[4], words[1]  # a card of planet 1 swapped with one of planet 2
    wrong = " ".join(words)
    assert runner.invoke(cli, ["record", str(path), wrong]).exit_code == 0
    assert runner.invoke(cli, ["undo", str(path)]).exit_code == 0
    assert final_view(path) == before  # the move before the deal still stands
    assert runner.invoke(cli, ["record", str(path), *[t for _, t in typed[i:]]]).exit_code == 0
    assert final_view(path) == final_view(fixture)


def test_undo_to_takes_back_everything_after_a_seq(runner, tmp_path):
    fixture = TABLE_FIXTURES["four-planets"]
    typed = [t for _, t in standing_lines(fixture)]
    path = new_like(runner, fixture, tmp_path / "t.jsonl")
    runner.invoke(cli, ["record", str(path), *typed[:4]])
    at_4 = final_view(path)
    runner.invoke(cli, ["record", str(path), *typed[4:10]])
    res = runner.invoke(cli, ["undo", str(path), "--to", "4", "--reason", "wrong table"])
    assert res.exit_code == 0, res.output
    assert "retract seq 5–10" in res.output
    assert final_view(path) == at_4
    assert len(lines_of(path)) == 12  # header, 10 lines, one retract: nothing deleted
    res = runner.invoke(cli, ["undo", str(path), "--to", "4"])
    assert res.exit_code == 1 and "after seq 4" in res.output
    before = path.read_bytes()
    res = runner.invoke(cli, ["undo", str(path), "--to", "99"])  # a seq the record has not reached: bad usage
    assert res.exit_code == 2 and "the record ends at seq 11; there is no seq 99" in res.output
    assert path.read_bytes() == before
    runner.invoke(cli, ["record", str(path), *typed[4:]])
    assert runner.invoke(cli, ["validate", str(path)]).exit_code == 0
    assert final_view(path) == final_view(fixture)


def test_in_a_seeded_game_undo_takes_the_seeds_outcomes_with_the_move(runner, tmp_path):
    path = tmp_path / "s.jsonl"
    runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)])
    res = runner.invoke(cli, ["undo", str(path)])
    assert res.exit_code == 1 and "no typed line" in res.output  # the seed's setup is nobody's typing
