"""What a person at the table is told (docs/table.md, docs/cli.md): the prompt's own example, `?` and Tab at a
chance point with too many outcomes to list, a move after the game's end, a bare `undo` after a seen draw, and
what `new` and `demo` print."""

from __future__ import annotations

from planets_log.cli.interactive import Completions
from planets_log.cli.main import cli
from planets_log.engine.recorder import Recorder

from tests.support.tables import TABLE_FIXTURES, new_like, standing_lines

PS_SETUP = [t for _, t in standing_lines(TABLE_FIXTURES["planetship-2491"])][:2]  # missions, layout


def planetship(runner, tmp_path, *lines):
    path = new_like(runner, TABLE_FIXTURES["planetship-2491"], tmp_path / "ps.jsonl")
    if lines:
        assert runner.invoke(cli, ["record", str(path), *lines]).exit_code == 0
    return path


def test_question_mark_at_a_counted_chance_point_says_how_many_and_lists_the_cards_possible(runner, tmp_path):
    """Start of Round: the rewards are too many to list; `?` counts them and names the words they are typed with."""
    path = planetship(runner, tmp_path, *PS_SETUP)
    res = runner.invoke(cli, ["record", str(path), "--interactive"], input="?\nquit\n")
    assert "(no move to list)" not in res.output
    assert "possible outcomes; Tab completes them word by word" in res.output
    assert "the words possible here: 0: 2: 4: 6: 7: 8: 1 2 3" in res.output


def test_tab_completes_a_counted_outcome_word_by_word(runner, tmp_path):
    comp = Completions(Recorder(str(planetship(runner, tmp_path, *PS_SETUP))))
    assert comp.matching("rew") == ["rewards "] and comp.matching("sh") == ["show"]
    assert comp.matching("rewards ")[:2] == ["rewards 0:", "rewards 2:"]
    assert "rewards 0:27" in comp.matching("rewards 0:2")
    later = comp.matching("rewards 0:27 2:2")
    assert "rewards 0:27 2:23" in later and "rewards 0:27 2:27" not in later  # 27 is typed already


def test_tab_offers_the_planetarium_orbits_still_to_type_in_the_matter_line(runner, tmp_path):
    """Setup, the Matter: the opening line goes orbit by orbit, and Tab offers each orbit's label not typed yet."""
    comp = Completions(Recorder(str(new_like(runner, TABLE_FIXTURES["planetarium"], tmp_path / "pm.jsonl"))))
    assert comp.matching("mat") == ["matter "]
    first = comp.matching("matter ")
    assert first[0] == "matter 1:" and len(first) == 7  # orbits 1 to 7 hold white dots
    later = comp.matching("matter 1:GGGGGG 2:GGGGGG ")
    assert later[0] == "matter 1:GGGGGG 2:GGGGGG 3:" and not any(c.endswith(" 1:") or c.endswith(" 2:") for c in later)
    assert comp.matching("matter 1:GGG") == []  # the letters are the scorekeeper's to type


def test_tab_completes_the_cards_of_a_four_planets_deal(runner, tmp_path):
    path = new_like(runner, TABLE_FIXTURES["four-planets"], tmp_path / "fp.jsonl")
    comp = Completions(Recorder(str(path)))
    assert comp.matching("bon") == ["bonus "]
    cards = comp.matching("bonus R")
    assert cards and all(c.startswith("bonus R") and len(c.split()) == 2 for c in cards)


def test_the_prompt_opens_with_this_games_own_example(runner, tmp_path):
    """The help's example is a move of this game legal now, named by its player (not Four Planets' `Ann: d1x2`)."""
    fixture = [t for _, t in standing_lines(TABLE_FIXTURES["planetship-2491"])][:3]
    path = planetship(runner, tmp_path, *fixture)
    rec = Recorder(str(path))
    res = runner.invoke(cli, ["record", str(path), "--interactive"], input="quit\n")
    assert "d1x2" not in res.output
    assert f"it may name its player: 'Red: {Completions(rec).legal()[0]}'" in res.output
    chance = new_like(runner, TABLE_FIXTURES["planetship-2491"], tmp_path / "c.jsonl")
    res = runner.invoke(cli, ["record", str(chance), "--interactive"], input="quit\n")
    assert "d1x2" not in res.output and "now an outcome, 'missions M1 M2 M3 M4'" in res.output


def test_a_named_move_after_the_end_says_the_game_is_over(runner, tmp_path):
    """game end: nobody's turn is named (there was `seat -1`)."""
    path = tmp_path / "c.jsonl"
    assert runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--table", str(path)]).exit_code == 0
    assert runner.invoke(cli, ["record", str(path), "pile 5", "take 3", "take 2"]).exit_code == 0
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), "Ann: take 1"])
    assert res.exit_code == 1 and "[game-over]" in res.output and "the game is over" in res.output
    assert "seat -1" not in res.output and path.read_bytes() == before


def _seen_draw(runner, tmp_path):
    """A seeded Four Planets record whose last move was followed by a draw (undo would be a peek)."""
    path = tmp_path / "fp.jsonl"
    assert runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7",
                               str(path)]).exit_code == 0
    rec = Recorder(str(path))
    while not rec.peek_pending():
        rec.play(rec.rules.format(rec.rules.legal(rec.pos.state)[0], rec.pos.state))
    return path


def test_a_bare_undo_after_a_seen_draw_says_the_command_to_type(runner, tmp_path):
    """security.md: undo after a draw needs the arbiter's reason; the refusal shows the exact command."""
    path = _seen_draw(runner, tmp_path)
    before = path.read_bytes()
    res = runner.invoke(cli, ["undo", str(path)])
    assert res.exit_code == 1 and "[retract.peek]" in res.output
    assert f'type: planets-log undo {path} --reason "WHY"' in res.output and path.read_bytes() == before
    res = runner.invoke(cli, ["record", str(path), "--interactive"], input="undo\nquit\n")
    assert "type: undo WHY" in res.output and path.read_bytes() == before


def test_new_says_how_many_outcomes_it_drew_only_when_it_drew_some(runner, tmp_path):
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--table",
                              str(tmp_path / "t.jsonl")])
    assert res.exit_code == 0 and "0 chance outcome" not in res.output and "chance is next: " in res.output
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7",
                              str(tmp_path / "s.jsonl")])
    assert "; 4 chance outcomes drawn" in res.output


def test_demo_does_not_print_a_path_it_deletes(runner):
    res = runner.invoke(cli, ["demo"])
    assert res.exit_code == 0, res.output
    assert "planets-log-demo-" not in res.output
    assert "a temporary file, deleted when the demo ends (--out FILE keeps the record)" in res.output


def test_the_prompt_under_as_shows_no_other_seats_moves_nor_an_example_outcome(runner, tmp_path):
    """Hidden information (as `moves --as`): the prompt of one seat lists neither another seat's moves (its hand)
    nor, at a chance point, an example drawn from what is still possible."""
    fixture = [t for _, t in standing_lines(TABLE_FIXTURES["planetship-2491"])][:4]  # Red placed: Blue to move
    path = planetship(runner, tmp_path, *fixture)
    blue = Completions(Recorder(str(path))).legal()
    assert blue and blue[0].startswith("B")
    res = runner.invoke(cli, ["record", str(path), "--interactive", "--as", "Red"], input="?\nquit\n")
    assert res.exit_code == 0 and not any(move in res.output for move in blue), res.output
    assert "not shown to Red" in res.output and "'Blue: MOVE'" in res.output
    rec = Recorder(str(path))
    rec.seat = 0
    assert Completions(rec).matching("B") == []
    (tmp_path / "c").mkdir()
    chance = planetship(runner, tmp_path / "c", *PS_SETUP)  # the rewards are due
    res = runner.invoke(cli, ["record", str(chance), "--interactive", "--as", "Red"], input="quit\n")
    assert res.exit_code == 0 and " — e.g. " not in res.output, res.output
