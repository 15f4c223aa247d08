"""Issue 11, no secret shown to the wrong seat, for every game with hidden information: each
command that prints positions or moves, run `--as SEAT`, prints the same text on the real
game and on a twin that differs only in what that seat cannot see (chosen with the game's
`resample_hidden` hook: see twins.py), for every seat, at several points of a game. Without
`--as` the two differ, so a leak would show.
"""

from __future__ import annotations

import functools

import pytest

from planets_log.record.events import Meta
from planets_log.engine.registry import game_ids, get_rules
from tests.helpers import write_lines

from .conftest import run
from .twins import Table, table_game, twin

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
def _cases(name: str) -> list:
    """(seat, cut, real game, (twin, seqs changed)) for each seat near each point of a self-play game."""
    options, players, face_down = GAMES[name]
    real = table_game(name.split()[0], 3, players, options)
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
