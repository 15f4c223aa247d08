"""The command line end to end, on the toy game (core behaviour, independent of real games)."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import COMMANDS, cli


def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def game(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    res = run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path))
    assert res.exit_code == 0, res.output
    return path


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_help_with_an_example(runner, name):
    res = run(runner, name, "--help")
    assert res.exit_code == 0
    assert "Example:" in res.output
    assert "planets-log " + name in res.output


def test_new_seeded_draws_the_setup_chance(game):
    lines = game.read_text().splitlines()
    assert json.loads(lines[0])["seed"] == 3
    assert json.loads(lines[1]) == {"type": "pile", "size": 12, "seq": 1, "prev": json.loads(lines[1])["prev"]}


def test_new_refuses_to_overwrite(runner, game):
    before = game.read_bytes()
    res = run(runner, "new", "countdown", "--player", "A", "--player", "B", "--seed", "1", str(game))
    assert res.exit_code == 2
    assert "already exists" in res.output
    assert game.read_bytes() == before


def test_new_rejects_bad_player_count_and_option(runner, tmp_path):
    res = run(runner, "new", "countdown", "--player", "Solo", str(tmp_path / "x.jsonl"))
    assert res.exit_code == 2 and "2–3 players, not 1" in res.output
    res = run(runner, "new", "countdown", "--player", "A", "--player", "B", "--option", "max_take=9", str(tmp_path / "y.jsonl"))
    assert res.exit_code == 2 and "max_take" in res.output  # a bad option is a usage error
    assert not (tmp_path / "x.jsonl").exists() and not (tmp_path / "y.jsonl").exists()


def test_record_appends_moves_and_reports_the_next_mover(runner, game):
    res = run(runner, "record", str(game), "take 3", "take 2")
    assert res.exit_code == 0, res.output
    assert "take 3" in res.output and "Ann to move" in res.output
    assert len(game.read_text().splitlines()) == 4


def test_a_refused_move_leaves_the_file_unchanged(runner, game):
    run(runner, "record", str(game), "take 3")
    before = game.read_bytes()
    res = run(runner, "record", str(game), "take 5")
    assert res.exit_code == 1
    assert res.output.strip() == (
        f"planets-log: {game}:4: seq 3: illegal [take.count]: 'take 5': Ben may take 1 to 3, not 5 (Turn)")
    assert game.read_bytes() == before


def test_moves_before_a_refused_one_are_kept(runner, game):
    res = run(runner, "record", str(game), "take 1", "take 9", "take 1")
    assert res.exit_code == 1
    assert len(game.read_text().splitlines()) == 3


def test_record_reads_moves_from_stdin(runner, game):
    res = run(runner, "record", str(game), "-", input="take 1\n# a comment\n\ntake 2\n")
    assert res.exit_code == 0, res.output
    assert len(game.read_text().splitlines()) == 4


def test_notation_errors_quote_the_input(runner, game):
    res = run(runner, "record", str(game), "grab 2")
    assert res.exit_code == 1
    assert "cannot read 'grab 2'" in res.output


def test_expect_seq_refuses_a_stale_writer(runner, game):
    res = run(runner, "record", str(game), "--expect-seq", "5", "take 1")
    assert res.exit_code == 1 and "not 5 as expected" in res.output
    assert run(runner, "record", str(game), "--expect-seq", "1", "take 1").exit_code == 0


def test_undo_retracts_and_keeps_the_line(runner, game):
    run(runner, "record", str(game), "take 3")
    res = run(runner, "undo", str(game), "--reason", "misclick")
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in game.read_text().splitlines()]
    assert lines[-1]["type"] == "retract" and lines[-1]["target"] == 2
    assert lines[2]["type"] == "take"
    res = run(runner, "replay", str(game), "--format", "json")
    assert json.loads(res.output)["state"] == {"pile": 12, "turn": 0}


def test_undo_with_nothing_to_take_back(runner, game):
    res = run(runner, "undo", str(game))
    assert res.exit_code == 1 and "no typed line left" in res.output


def test_moves_lists_legal_moves(runner, game):
    res = run(runner, "moves", str(game), "--json")
    data = json.loads(res.output)
    assert data["moves"] == ["take 1", "take 2", "take 3"] and data["to_move"] == "Ann"


def test_validate_json_and_exit_codes(runner, game, tmp_path):
    run(runner, "record", str(game), "take 3")
    res = run(runner, "validate", "--json", str(game))
    assert res.exit_code == 0
    [report] = json.loads(res.output)
    assert report == {"file": str(game), "valid": True, "events": 2, "finished": False, "game": "countdown",
                      "mode": "seeded-public", "peeks": [], "errors": [], "rulings": [], "overrides": []}
    lines = game.read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    obj = json.loads(lines[1])
    obj["size"] = 11
    bad.write_text("\n".join([lines[0], json.dumps(obj, separators=(",", ":")), lines[2]]) + "\n")
    res = run(runner, "validate", "--json", "--lenient", str(bad))
    assert res.exit_code == 1
    [report] = json.loads(res.output)
    assert [(e["line"], e["seq"], e["code"]) for e in report["errors"]] == [(2, 1, "chance.tampered"), (3, 2, "chain")]


def test_validate_lenient_reports_every_error(runner, game, tmp_path):
    run(runner, "record", str(game), "take 3", "take 3", "take 3")
    lines = [json.loads(x) for x in game.read_text().splitlines()]
    lines[2]["n"] = 7
    lines[4]["n"] = 9
    bad = tmp_path / "bad.jsonl"
    from tests.support.helpers import rechain

    raw = rechain([json.dumps(x, separators=(",", ":")).encode() for x in lines])
    bad.write_bytes(b"".join(r + b"\n" for r in raw))
    strict = json.loads(run(runner, "validate", "--json", str(bad)).output)[0]
    lenient = json.loads(run(runner, "validate", "--json", "--lenient", str(bad)).output)[0]
    assert len(strict["errors"]) == 1
    assert [e["line"] for e in lenient["errors"]] == [3, 5]
    assert all(e["code"] == "take.count" and e["rule"] == "Turn" for e in lenient["errors"])


def test_replay_at_and_as(runner, game):
    run(runner, "record", str(game), "take 3", "take 2")
    res = run(runner, "replay", str(game), "--at", "2", "--format", "json")
    assert json.loads(res.output) == {"seq": 2, "state": {"pile": 9, "turn": 1}}
    res = run(runner, "replay", str(game), "--at", "9")
    assert res.exit_code == 2 and "ends at seq 3" in res.output
    res = run(runner, "replay", str(game), "--as", "Zed")
    assert res.exit_code == 2 and "name Ann, Ben (or a number 1–2)" in res.output


def test_replay_each_is_one_pass_over_every_state(runner, game):
    run(runner, "record", str(game), "take 3", "take 2")
    res = run(runner, "replay", str(game), "--each", "--format", "json")
    seqs = [json.loads(x)["seq"] for x in res.output.splitlines()]
    assert seqs == [0, 1, 2, 3]


def test_annotate_and_list(runner, game):
    run(runner, "record", str(game), "take 3")
    res = run(runner, "annotate", str(game), "--at", "2", "greedy", "--glyph", "?!", "--author", "Ben")
    assert res.exit_code == 0, res.output
    res = run(runner, "annotate", str(game), "--list", "--json")
    assert json.loads(res.output) == [{"seq": 3, "target": 2, "move": "take 3", "text": "greedy", "glyph": "?!", "author": "Ben"}]
    res = run(runner, "annotate", str(game), "--at", "2", "x", "--glyph", "?!?")
    assert res.exit_code == 1 and "unknown glyph" in res.output
    res = run(runner, "annotate", str(game), "--at", "99", "later")
    assert res.exit_code == 1 and "not an earlier line" in res.output


def test_score_of_a_finished_game(runner, game):
    run(runner, "record", str(game), "take 3", "take 3", "take 3", "take 3")
    res = run(runner, "score", str(game), "--json")
    data = json.loads(res.output)
    assert data["winners"] == [1] and data["final"] is True
    assert "Ben wins" in run(runner, "score", str(game)).output
    res = run(runner, "record", str(game), "take 1")
    assert res.exit_code == 1 and "game-over" in res.output


def test_table_mode_chance_is_typed_and_checked(runner, tmp_path):
    path = tmp_path / "t.jsonl"
    assert run(runner, "new", "countdown", "--player", "A", "--player", "B", "--table", str(path)).exit_code == 0
    res = run(runner, "record", str(path), "take 1")
    assert res.exit_code == 1 and "chance outcome is due" in res.output
    res = run(runner, "record", str(path), "pile 40")
    assert res.exit_code == 1 and "not possible" in res.output
    assert run(runner, "record", str(path), "pile 6", "take 3").exit_code == 0


def test_diff_identical_and_diverging(runner, game, tmp_path):
    other = tmp_path / "o.jsonl"
    other.write_bytes(game.read_bytes())
    assert run(runner, "diff", str(game), str(other)).exit_code == 0
    run(runner, "record", str(game), "take 3")
    run(runner, "record", str(other), "take 2")
    res = run(runner, "diff", str(game), str(other))
    assert res.exit_code == 1
    assert "first difference at seq 2" in res.output
    assert "take 3" in res.output and "take 2" in res.output
    assert "$.pile: 9 → 10" in res.output


def test_schema_and_games(runner):
    res = run(runner, "schema", "countdown")
    assert res.exit_code == 0 and "$defs" in json.loads(res.output)
    res = run(runner, "games", "--json")
    assert any(g["id"] == "countdown" for g in json.loads(res.output))
    res = run(runner, "schema", "nope")
    assert res.exit_code == 2 and "unknown game" in res.output


def test_selfplay_writes_valid_records(runner, tmp_path):
    res = run(runner, "selfplay", "countdown", "--seed", "1", "--games", "3", "--out", str(tmp_path / "sp"))
    assert res.exit_code == 0, res.output
    files = sorted((tmp_path / "sp").glob("*.jsonl"))
    assert len(files) == 3
    assert run(runner, "validate", *map(str, files)).exit_code == 0


def test_edition_mismatch_is_refused(runner, game, tmp_path):
    other = tmp_path / "ed.toml"
    other.write_text('name = "custom"\nmin_pile = 5\nmax_pile = 13\n')
    res = run(runner, "validate", "--edition", str(other), str(game))
    assert res.exit_code == 1 and "edition" in res.output


def test_missing_file_is_a_usage_error(runner, tmp_path):
    res = run(runner, "validate", str(tmp_path / "none.jsonl"))
    assert res.exit_code == 1 or res.exit_code == 2
    assert "none.jsonl" in res.output


def test_interactive_prompt_lists_moves_refuses_undoes_and_notes(runner, game):
    res = runner.invoke(cli, ["record", str(game), "--interactive"],
                        input="?\ntake 9\ntake 2\nundo\ntake 1\nnote nice\nshow\nquit\n")
    assert res.exit_code == 0, res.output
    assert "take 1  take 2  take 3" in res.output
    assert "refused:" in res.output and "Ann may take 1 to 3, not 9" in res.output
    types = [json.loads(x)["type"] for x in game.read_text().splitlines()]
    assert types == ["header", "pile", "take", "retract", "take", "note"]
    assert "pile: 11" in res.output


def test_interactive_completion_offers_legal_moves(game):
    from planets_log.cli.interactive import completions
    from planets_log.engine.recorder import Recorder

    rec = Recorder(str(game))
    assert completions(rec, "ta") == ["take 1", "take 2", "take 3"]
    assert completions(rec, "take 2") == ["take 2"]
    assert completions(rec, "u") == ["undo"]
