"""Issue 11, no secret shown to the wrong seat, for every game with hidden information: each
command that prints positions or moves, run `--as SEAT`, prints the same text on the real
game and on a twin that differs only in what that seat cannot see (chosen with the game's
`resample_hidden` hook: see twins.py), for every seat, at several points of a game. Without
`--as` the two differ, so a leak would show.
"""

from __future__ import annotations

import functools
import json

import pytest

from planets_log.record.events import Chance, Meta
from planets_log.engine.registry import game_ids, get_rules
from tests.support.helpers import write_lines
from tests.support.pictures import page_data

from .conftest import run
from tests.support.twins import Table, table_game, twin

GAMES = {  # game id (and options) -> players, and the fields of moves that put a card face down (by the rulebook)
    "four-planets": ({}, 2, {"done": ("keep",)}),  # Play Specialists: the card kept in hand
    "four-planets professional": ({"professional": True}, 2, {"done": ("keep",)}),
    "planetship-2491": ({}, 3, {"place": ("card",)}),  # a character placed on a face-down space
    "planetarium": ({}, 3, {}),
}
NO_TWIN = {  # games that hide something from a seat's view, but nothing a seat with a perfect memory cannot know
    "planetopia": "every card reaches a hand from the face-up trail, and the piles are drawn face up: "
                  "the other hands show as sizes only to spare memory",
}
POINTS = (0.3, 0.6, 0.85)  # where in the game the records are cut (the first cut after it with a twin)
TYPED = 3  # events typed through `record` for its echo
COMMANDS = [
    ("replay",), ("replay", "--each"), ("replay", "--each", "--format", "json"), ("replay", "--format", "json"),
    ("moves",), ("moves", "--json"), ("score",), ("score", "--json"), ("annotate", "--list"),
    ("annotate", "--list", "--json"),
]


def test_every_game_with_hidden_information_is_covered():
    hidden = {g for g in game_ids() if get_rules(g).hidden_information}
    assert hidden == {name.split()[0] for name in GAMES} | set(NO_TWIN)


@pytest.mark.parametrize("game", list(NO_TWIN))
def test_a_game_that_hides_nothing_from_a_perfect_memory_has_no_twin(game):
    """If this fails, the game now hides something for real: move it to GAMES."""
    real = table_game(game, 3, 3)
    for end in (len(real.events) // 4, len(real.events) // 2):
        for seat in range(3):
            assert twin(real, seat, end, f"{game}/{end}") is None, (game, seat, end)


@functools.cache
def _real(name: str) -> Table:
    options, players, _ = GAMES[name]
    return table_game(name.split()[0], 3, players, options)


@functools.cache
def _cases(name: str) -> list:
    """(seat, cut, real game, (twin, seqs changed)) for each seat near each point of a self-play game."""
    _, players, face_down = GAMES[name]
    real = _real(name)
    last, out = len(real.events), []
    for point in POINTS:
        for seat in range(players):
            # the first cut from here where a drawn card is hidden from the seat (in Planetship: face-down rewards)
            for end in range(int(last * point), last, max(1, last // 60)):
                found = twin(real, seat, end, f"{name}/{end}", face_down)
                if found is not None:
                    out.append((seat, end, real, found))
                    break
            else:
                pytest.fail(f"{name}: no twin for seat {seat + 1} after {point:.0%} of the game")
    return out


def _write(folder, table: Table, end: int, name: str = "g.jsonl"):
    folder.mkdir(parents=True, exist_ok=True)
    return write_lines(folder / name, table.lines[:end + 1])


def _notes(runner, path, seqs):
    for seq in seqs:
        res = run(runner, "annotate", path, "--at", seq, f"about seq {seq}", "--author", "P1")
        assert res.exit_code == 0, res.output


@pytest.mark.parametrize("name", list(GAMES))
def test_every_command_as_each_seat_prints_the_same_on_a_twin(runner, tmp_path, name):
    for seat, end, real, (other, changed) in _cases(name):
        where = f"{name}, seat {seat + 1}, cut after seq {end}, seqs {changed} changed"
        a = _write(tmp_path / f"{end}-{seat}" / "a", real, end)
        b = _write(tmp_path / f"{end}-{seat}" / "b", other, end)
        for path in (a, b):
            _notes(runner, path, sorted({changed[0], end}))
        as_seat = ("--as", str(seat + 1))
        for command in COMMANDS:
            out_a = run(runner, command[0], a, *command[1:], *as_seat)
            out_b = run(runner, command[0], b, *command[1:], *as_seat)
            assert out_a.exit_code == out_b.exit_code == 0, (where, command, out_a.output)
            assert out_a.output == out_b.output, (where, command)
        res = run(runner, "diff", a, b, *as_seat)
        assert res.exit_code == 0 and res.output.startswith("identical:"), (where, res.output)
        # without --as the scorekeeper sees the difference: the test above could fail
        assert run(runner, "replay", a, "--each").output != run(runner, "replay", b, "--each").output, where
        assert run(runner, "diff", a, b).exit_code == 1, where


@pytest.mark.parametrize("name", list(GAMES))
def test_record_echoes_the_same_to_each_seat_on_a_twin(runner, tmp_path, name):
    for seat, end, real, (other, changed) in _cases(name):
        where = f"{name}, seat {seat + 1}, typed seqs {end - TYPED + 1}..{end}, seqs {changed} changed"
        outputs = []
        for side, table in (("a", real), ("b", other)):
            path = _write(tmp_path / f"{end}-{seat}" / side, table, end - TYPED)
            moves = [_typed(table, k) for k in range(end - TYPED, end)]
            res = run(runner, "record", path, *moves, "--as", str(seat + 1))
            assert res.exit_code == 0, (where, moves, res.output)
            assert path.read_bytes() == b"".join(line + b"\n" for line in table.lines[:end + 1]), where
            outputs.append(res.output)
        assert outputs[0] == outputs[1], where


def _typed(table: Table, k: int) -> str:
    """Event k of a table record in the game's notation, as the scorekeeper types it."""
    event = table.events[k]
    assert not isinstance(event, Meta)
    return table.session.rules.format(event, table.positions[k].state)


# --- issue 25: the prompt, every refusal, a seat's sheet, the texts of a tampered line --------------

SCORED = ("four-planets", "four-planets professional", "planetship-2491")  # a hidden card counts in the full score
SCORE_POINT = 0.6  # where the cuts for twins whose full score differs start
PROMPT = "show\n?\nquit\n"


@functools.cache
def _score_cases(name: str) -> list:
    """(seat, cut, real game, (twin, seqs changed)) for each seat: the first cut from SCORE_POINT whose twin has
    another full score sheet (so `score --as` printing the full sheet would show)."""
    _, players, face_down = GAMES[name]
    real = _real(name)
    rules, last, out = real.session.rules, len(real.events), []
    for seat in range(players):
        for end in range(int(last * SCORE_POINT), last, max(1, last // 60)):
            found = twin(real, seat, end, f"{name}/{end}/score", face_down,
                         lambda a, b: rules.score(a) != rules.score(b))
            if found is not None:
                out.append((seat, end, real, found))
                break
        else:
            pytest.fail(f"{name}: no twin with another full score for seat {seat + 1}")
    return out


def _all_cases(name: str) -> list:
    return _cases(name) + (_score_cases(name) if name in SCORED else [])


def _pair(tmp_path, tag: str, real: Table, other: Table, end: int):
    return _write(tmp_path / tag / "a", real, end), _write(tmp_path / tag / "b", other, end)


@pytest.mark.parametrize("name", SCORED)
def test_a_seats_sheet_is_the_same_on_a_twin_with_another_full_sheet(runner, tmp_path, name):
    for seat, end, real, (other, changed) in _score_cases(name):
        where = f"{name}, seat {seat + 1}, cut after seq {end}, seqs {changed} changed"
        a, b = _pair(tmp_path, f"{end}-{seat}", real, other, end)
        assert run(runner, "score", a, "--json").output != run(runner, "score", b, "--json").output, where
        for command in (("score",), ("score", "--json")):
            out = [run(runner, command[0], p, *command[1:], "--as", str(seat + 1)).output for p in (a, b)]
            assert out[0] == out[1], (where, command, out)
        plots = [page_data(_exported(runner, p, seat))["plots"] for p in (a, b)]
        assert plots[0] == plots[1], where


def _exported(runner, path, seat: int, *extra: str) -> str:
    out = path.parent / "page.html"
    res = run(runner, "export", path, "--html", out, "--as", str(seat + 1), *extra)
    assert res.exit_code == 0, res.output
    return out.read_text()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_prompt_and_tab_as_each_seat_are_the_same_on_a_twin(runner, tmp_path, name):
    differ = False
    for seat, end, real, (other, changed) in _all_cases(name):
        where = f"{name}, seat {seat + 1}, cut after seq {end}, seqs {changed} changed"
        a, b = _pair(tmp_path, f"{end}-{seat}", real, other, end)
        out = [run(runner, "record", p, "-i", "--as", str(seat + 1), input=PROMPT).output for p in (a, b)]
        assert out[0] == out[1], where
        assert _tabs(a, seat, real, end) == _tabs(b, seat, real, end), where
        full = [run(runner, "record", p, "-i", input=PROMPT).output for p in (a, b)]
        differ |= full[0] != full[1]
    assert differ, "without --as the prompt shows a difference somewhere: the test above could fail"


def _tabs(path, seat: int, real: Table, end: int) -> list[list[str]]:
    """What Tab offers the seat after each prefix of the scorekeeper's legal moves."""
    from planets_log.cli.interactive import Completions
    from planets_log.engine.recorder import Recorder
    from planets_log.engine.rules import next_events

    rec = Recorder(str(path))
    rec.seat = seat
    rules, state = real.session.rules, real.positions[end].state
    texts = [rules.format(e, state) for e in next_events(rules, state)]
    prefixes = sorted({""} | {t[:n] for t in texts for n in (1, 3, len(t))})
    return [Completions(rec).matching(p) for p in prefixes]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_refusal_as_each_seat_is_the_same_on_a_twin(tmp_path, monkeypatch, name):
    """Every candidate move or listed outcome at the cut that both records refuse under the same rule reads
    the same to the seat (the record is never written: a move both accept is taken back)."""
    from planets_log.engine.recorder import Recorder

    monkeypatch.setattr("planets_log.engine.recorder.append_lines", lambda *a, **k: None)
    compared = 0
    for seat, end, real, (other, changed) in _all_cases(name):
        where = f"{name}, seat {seat + 1}, cut after seq {end}, seqs {changed} changed"
        paths = _pair(tmp_path, f"{end}-{seat}", real, other, end)
        recs = [Recorder(str(p)) for p in paths]
        for rec in recs:
            rec.seat = seat
        for text in _tried(real, other, end):
            seen = [_refusal(rec, text, path) for rec, path in zip(recs, paths)]
            if seen[0] is not None and seen[1] is not None and seen[0][0] == seen[1][0]:
                assert seen[0] == seen[1], (where, text)
                compared += 1
    assert compared, f"{name}: no move refused by both records of a twin"


def _tried(real: Table, other: Table, end: int) -> list[str]:
    """The candidates and listed outcomes at the cut of both records, in the scorekeeper's notation."""
    rules, texts = real.session.rules, []
    for table in (real, other):
        state = table.positions[end].state
        events = rules.candidates(state) if rules.to_move(state) >= 0 else list(rules.chance_outcomes(state).events())
        texts += [rules.format(e, state) for e in events[:200]]
    return list(dict.fromkeys(texts))


def _refusal(rec, text: str, path) -> tuple[str, str] | None:
    """(code, what the seat reads) of the record's refusal of `text`; None when it takes it (then taken back)."""
    from planets_log.cli.common import for_reader
    from planets_log.record.errors import PlanetsLogError

    before = rec.pos
    try:
        rec.play(text)
    except PlanetsLogError as exc:
        return exc.code, str(for_reader(exc, rec.seat)).replace(str(path), "LOG")
    finally:
        rec.pos = before
    return None


@pytest.mark.parametrize("name", list(GAMES))
def test_a_tampered_hidden_outcome_reads_the_same_to_each_seat_on_a_twin(runner, tmp_path, name):
    """The outcome the twins differ in, made impossible the same way in both (one of its cards replaced), cut
    there: `diff`, `export --lenient` and `replay`, as the seat, print the same on both pairs."""
    from tests.support.twins import spoiled

    tried = differ = 0
    for seat, end, real, (other, changed) in _all_cases(name):
        seq = next((s for s in changed if isinstance(real.events[s - 1], Chance)), None)
        bad = spoiled(real, other, seq) if seq is not None else None
        if bad is None:
            continue
        tried += 1
        where = f"{name}, seat {seat + 1}, seq {seq} spoiled"
        folder = tmp_path / f"{end}-{seat}"
        good = _pair(tmp_path, f"{end}-{seat}", real, other, end)
        spoilt = [write_lines(folder / side / "bad.jsonl", lines) for side, lines in zip("ab", bad)]
        texts = []
        for g, s in zip(good, spoilt):
            as_seat = ("--as", str(seat + 1))
            outputs = [run(runner, "diff", g, s, *as_seat, *extra).output for extra in ((), ("--json",))]
            outputs.append(run(runner, "replay", s, *as_seat).output)
            outputs.append(json.dumps(page_data(_exported(runner, s, seat, "--lenient"))))
            texts.append([o.replace(str(g.parent), "DIR") for o in outputs])
        assert texts[0] == texts[1], where
        differ |= run(runner, "diff", good[0], spoilt[0]).output.replace(str(good[0].parent), "DIR") != \
            run(runner, "diff", good[1], spoilt[1]).output.replace(str(good[1].parent), "DIR")
    assert tried and differ, f"{name}: no spoiled outcome that the scorekeeper reads differently on a twin"
