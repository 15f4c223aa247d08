"""The HTML export without a browser: size, what an `--as` file holds, errors, lenient export."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.engine.replay import Replay

from tests.support.pictures import FIXTURES, page_data

CODE = re.compile(r"\b[RYGPB][0-2](?:v[0-9]+)?s+\b")
TABLE_GAME = FIXTURES / "four-planets" / "table-game.jsonl"


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def export(log: Path, out: Path, *extra: str) -> dict:
    res = run("export", str(log), "--html", str(out), *extra)
    assert res.exit_code == 0, res.output
    return page_data(out.read_text())


def record_of(tmp_path: Path, game: str, players: int, events: int, seed: int = 3) -> Path:
    """The first `events` events of a seeded self-played game (a prefix of a valid record is valid)."""
    res = run("selfplay", game, "--seed", str(seed), "--players", str(players), "--out", str(tmp_path / "sp"))
    assert res.exit_code == 0, res.output
    full = next((tmp_path / "sp").glob("*.jsonl")).read_text().splitlines(keepends=True)
    assert len(full) > events, "the self-played game is long enough"
    path = tmp_path / f"{game}-{events}.jsonl"
    path.write_text("".join(full[:events + 1]))
    return path


def test_a_400_event_record_gives_a_page_under_1_mb(tmp_path):
    log = record_of(tmp_path, "planetopia", 5, 400)
    out = tmp_path / "p.html"
    data = export(log, out)
    assert len(data["steps"]) == 401 and len(data["views"]) == 6, "every position, every seat's view and everything"
    assert out.stat().st_size < 1_000_000


def test_the_page_loads_nothing_from_outside(tmp_path):
    out = tmp_path / "g.html"
    export(TABLE_GAME, out)
    html = out.read_text()
    assert "default-src 'none'" in html and "connect-src 'none'" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html), "no external script, style, font or image"
    assert "<link" not in html and "@import" not in html and "url(http" not in html


def _tokens(obj) -> set[str]:
    return set(CODE.findall(json.dumps(obj)))


def _views_of(seat: int):
    """Per line of the table game: the position's view by `seat` and by everyone, and the step."""
    rep = Replay(str(TABLE_GAME))
    rules = rep.session.rules
    yield rules.view(rep.start.state, seat), rules.view(rep.start.state, None), None
    for step in rep.steps():
        yield rules.view(step.after.state, seat), rules.view(step.after.state, None), step


def test_an_as_export_holds_none_of_the_other_seats_hidden_cards(tmp_path):
    """Pictures, labels and the score plot of `--as Ben`: at every position only the codes Ben's view holds,
    and nowhere a card Ben never sees in the whole game."""
    data = export(TABLE_GAME, tmp_path / "ben.html", "--as", "Ben")
    assert data["views"] == ["as Ben sees it"] and len(data["pictures"]) == 1
    views = list(_views_of(1))
    never_seen = set().union(*(_tokens(full) for _, full, _ in views)) - set().union(*(_tokens(v) for v, _, _ in views))
    assert never_seen, "the game has cards Ben never sees (else this test proves nothing)"
    for i, (mine, _, _) in enumerate(views):
        drawn = "\n".join(data["lines"][k] for k in data["pictures"][0][i])
        assert set(CODE.findall(drawn)) <= _tokens(mine), f"seq {i}: the picture shows only what Ben may see"
    rest = {key: value for key, value in data.items() if key != "steps"}
    assert not _tokens(rest) & never_seen
    assert data["plots"][0]["svg"].count('class="score-line') == 2, "one line per player"


def test_an_as_export_move_texts_hold_none_of_the_other_seats_hidden_cards(tmp_path):
    data = export(TABLE_GAME, tmp_path / "ben.html", "--as", "Ben")
    rules = Replay(str(TABLE_GAME)).session.rules
    would_leak = 0
    for (mine, _, step), entry in zip(_views_of(1), data["steps"]):
        before = set() if step is None else _tokens(rules.view(step.before.state, 1))
        shown = set(CODE.findall(entry["moves"][0]))
        assert shown <= _tokens(mine) | before, f"seq {entry['seq']}: {entry['moves'][0]!r} names a card Ben may not see"
        if step is not None:
            would_leak += bool(set(CODE.findall(rules.format(step.event, step.before.state))) - _tokens(mine) - before)
    assert would_leak, "the plain notation names cards Ben may not see (else this test proves nothing)"


def test_an_invalid_record_is_refused_with_one_line_and_no_file(tmp_path):
    bad = FIXTURES / "four-planets" / "invalid" / "dispatch-own-ship.jsonl"
    out = tmp_path / "bad.html"
    res = CliRunner().invoke(cli, ["export", str(bad), "--html", str(out)])
    assert res.exit_code == 1
    assert len(res.output.strip().splitlines()) == 1 and "illegal [dispatch.own-ship]" in res.output
    assert "Traceback" not in res.output
    assert not out.exists() and not list(tmp_path.iterdir())


def test_lenient_exports_up_to_the_first_error_and_shows_it(tmp_path):
    bad = FIXTURES / "four-planets" / "invalid" / "dispatch-own-ship.jsonl"
    out = tmp_path / "bad.html"
    res = CliRunner().invoke(cli, ["export", str(bad), "--html", str(out), "--lenient"])
    assert res.exit_code == 0, res.output
    data = page_data(out.read_text())
    assert "illegal [dispatch.own-ship]" in data["error"]
    error_seq = int(re.search(r"seq (\d+):", data["error"]).group(1))
    assert [s["seq"] for s in data["steps"]] == list(range(error_seq))


def test_render_writes_an_svg_and_refuses_bad_arguments_in_one_line(tmp_path):
    out = tmp_path / "p.svg"
    res = run("render", str(TABLE_GAME), "--round", "2", "--as", "Ben", "--svg", str(out))
    assert res.exit_code == 0, res.output
    assert out.read_text().startswith("<svg")
    assert res.output == f"wrote {out}\n"  # says where the picture went
    res = run("render", str(TABLE_GAME), "--svg", "-")
    assert res.exit_code == 0 and res.output.startswith("<svg")  # to stdout: the picture alone
    for args, words in [(["--at", "999"], "there is no seq 999"), (["--as", "Zed"], "no seat 'Zed'"),
                        (["--at", "3", "--round", "1"], "not both")]:
        res = CliRunner().invoke(cli, ["render", str(TABLE_GAME), *args, "--svg", str(tmp_path / "x.svg")])
        assert res.exit_code == 2 and words in res.output and len(res.output.strip().splitlines()) == 1
    assert not (tmp_path / "x.svg").exists()


def test_notes_and_arbiter_events_sit_beside_the_moves(tmp_path):
    log = tmp_path / "g.jsonl"
    log.write_bytes(TABLE_GAME.read_bytes())
    assert run("annotate", str(log), "--at", "5", "A bold start", "--glyph", "!?", "--author", "Ann").exit_code == 0
    assert run("penalty", str(log), "--seat", "Ben", "--points", "-2", "--reason", "slow play").exit_code == 0
    data = export(log, tmp_path / "g.html")
    assert data["steps"][5]["notes"] == ["!? A bold start — Ann"]
    assert data["steps"][-2]["kind"] == "note" and data["steps"][-1]["kind"] == "penalty"
    assert data["steps"][-1]["moves"][0] == "arbiter penalty: Ben -2 (slow play)"


def test_a_ruled_move_carries_the_ruling_beside_it(tmp_path):
    log = tmp_path / "r.jsonl"
    log.write_text("".join(TABLE_GAME.read_text().splitlines(keepends=True)[:8]))
    res = run("rule", str(log), "d1", "--reason", "agreed at the table")
    assert res.exit_code == 0, res.output
    data = export(log, tmp_path / "r.html")
    ruled = data["steps"][-1]
    assert ruled["moves"][0] == "d1" and data["steps"][-2]["kind"] == "ruling"
    assert len(ruled["notes"]) == 1 and "stands by ruling: agreed at the table" in ruled["notes"][0]
    assert ruled["notes"][0].startswith("ruled [dispatch.own-ship]")


def test_a_game_without_pictures_is_refused_and_nothing_written(tmp_path):
    log = tmp_path / "toy.jsonl"
    assert run("new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "1", str(log)).exit_code == 0
    for command, flag in [("export", "--html"), ("render", "--svg")]:
        res = CliRunner().invoke(cli, [command, str(log), flag, str(tmp_path / "out")])
        assert res.exit_code == 2 and "no picture for" in res.output and "yet" in res.output
    assert not (tmp_path / "out").exists()


def test_planetarium_as_export_move_texts_are_the_seats_own(tmp_path):
    """Planetarium's format takes the seat: an `--as Ben` page names only cards Ben's view holds then."""
    record = FIXTURES / "planetarium" / "seeded-3p.jsonl"
    data = export(record, tmp_path / "ben.html", "--as", "Ben")
    card = re.compile(r"\b[LHF][0-9]+\b")
    rep = Replay(str(record))
    rules = rep.session.rules
    hidden_seen = 0
    for step, entry in zip(rep.steps(), data["steps"][1:]):
        known = set(card.findall(json.dumps([rules.view(step.before.state, 1), rules.view(step.after.state, 1)])))
        shown = set(card.findall(entry["moves"][0]))
        assert shown <= known, f"seq {entry['seq']}: {entry['moves'][0]!r}"
        full = set(card.findall(rules.format(step.event, step.before.state)))
        hidden_seen += bool(full - known)
    assert hidden_seen, "the record has moves whose plain notation names cards Ben may not see"


def test_planetship_as_export_plots_no_total_before_the_end(tmp_path):
    """Issue 25: even a seat's own total rests on the missions, which compare every hand (Game End and Scoring)."""
    record = FIXTURES / "planetship-2491" / "seeded-3p.jsonl"
    data = export(record, tmp_path / "blue.html", "--as", "Blue")
    plot = data["plots"][0]["svg"]
    lines = re.findall(r'<polyline class="score-line seat-(\d)" points="([^"]*)"', plot)
    assert [seat for seat, _ in lines] == ["0", "1", "2"], "one line per player"
    counts = {seat: len(points.split()) for seat, points in lines}
    rep = Replay(str(record))
    final = sum(1 for step in rep.steps() if rep.session.rules.score(step.after.state).final)
    assert counts["0"] == counts["1"] == counts["2"] == final > 0, "every total only once the game is over"


def test_each_step_names_who_moved(tmp_path):
    """Issue 24: the move list said '106. 24 7.II'; each step now carries its mover (the player to move before it),
    'chance' for a chance outcome, nobody for a meta line."""
    record = FIXTURES / "planetship-2491" / "table-game.jsonl"
    data = export(record, tmp_path / "t.html")
    rep = Replay(str(record))
    rules = rep.session.rules
    for step, entry in zip(rep.steps(), data["steps"][1:]):
        mover = rules.to_move(step.before.state)
        want = "chance" if entry["kind"] == "chance" else rep.header.players[mover] if entry["kind"] == "move" else ""
        assert entry["who"] == want, entry
    assert data["steps"][0]["who"] == ""
    assert {e["who"] for e in data["steps"] if e["kind"] == "move"} == set(rep.header.players)


def test_the_plot_says_a_total_is_hidden_instead_of_drawing_nothing(tmp_path):
    record = FIXTURES / "planetship-2491" / "seeded-3p.jsonl"
    plot = export(record, tmp_path / "blue.html", "--as", "Blue")["plots"][0]["svg"]
    notes = re.findall(r'<text class="score-hidden seat-(\d)"[^>]*>([^<]*)</text>', plot)
    assert notes == [("0", "hidden until the end"), ("1", "hidden until the end"), ("2", "hidden until the end")]
    everything = export(record, tmp_path / "all.html")["plots"]
    assert "score-hidden" not in everything[0]["svg"], "the scorekeeper knows every total"
    lines = record.read_text().splitlines(keepends=True)
    part = tmp_path / "part.jsonl"
    part.write_text("".join(lines[:60]))
    plot = export(part, tmp_path / "part.html", "--as", "Blue")["plots"][0]["svg"]
    assert re.findall(r'<text class="score-hidden seat-(\d)"[^>]*>([^<]*)</text>', plot) == [
        ("0", "hidden from this view"), ("1", "hidden from this view"), ("2", "hidden from this view")]


def test_planetariums_labelled_board_is_stored_once_in_the_page(tmp_path):
    """The board's names, dots and lines never change: one shared line of the page, whatever the moves (the
    tokens are their own panel), so labelling every space costs the page almost nothing."""
    out = tmp_path / "pm.html"
    data = export(FIXTURES / "planetarium" / "seeded-3p.jsonl", out)
    boards = [line for line in data["lines"] if line.startswith('<g class="board"')]
    assert len(boards) == 1 and boards[0].count('<g class="space">') == 98
    assert len({line for line in data["lines"] if line.startswith('<g class="tokens"')}) > 100
    assert out.stat().st_size < 200_000
