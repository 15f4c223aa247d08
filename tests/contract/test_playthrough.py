"""The shared playthrough printer (tests/support/playthrough.py) that every game's whole-game snapshots use."""

from __future__ import annotations

import json
import re

from tests.games.space_planets.fixtures_gen import table_game
from tests.support.playthrough import playthrough


def test_every_line_of_the_record_appears_once_with_its_seat_and_move():
    """Each line: its seq, who (a player's name, `chance`) and the move in notation; notes as they read."""
    build = table_game()
    text = playthrough(build)
    assert text.splitlines()[0] == "players: Ann, Ben; seed None; options: {'first': 0, 'miss_percent': 15}"
    seqs = [int(m.group(1)) for m in re.finditer(r"^ +(\d+) (?:Ann:|Ben:|chance:|note on)", text, re.M)]
    assert seqs == list(range(1, len(build.lines)))
    assert "     1 chance: deal " in text and "     2 Ann: roll" in text
    assert " note on 25 !: the re-roll found the distant planet" in text


def test_rounds_show_the_position_or_its_digest_and_the_sheet_ends_it():
    """The position after each chosen round is rendered, the others give a digest; the score sheet is JSON."""
    build = table_game()
    every_round, every_other = playthrough(build), playthrough(build, every=2)
    rounds = every_round.count("--- round ")
    assert rounds > 3 and "position digest" not in every_round
    assert every_other.count("(position digest ") == rounds // 2
    sheet = json.loads(every_round[every_round.rindex("\n{") + 1:])
    assert sheet["winners"] == [0] and sheet["final"] and sheet["outcome"] == "win"
    assert [s["total"] for s in sheet["scores"]] == [14, 10]
