"""`Replay.trusted` (apply only, for records already validated) ends where the checked replay ends."""

from __future__ import annotations

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.events import Note, Retract
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.engine.registry import GAMES
from tests.support.toy import Take
from tests.support.helpers import write_lines

SHIPPED = [game for game, module in GAMES.items() if module.startswith("planets_log.games.")]


@pytest.mark.parametrize("game", SHIPPED)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_trusted_replay_reaches_the_same_position(tmp_path, game, seed):
    path = tmp_path / "game.jsonl"
    path.write_text(selfplay(game, seed).text())
    assert Replay(str(path)).trusted() == Replay(str(path)).final()


def test_trusted_replay_follows_notes_and_retractions(tmp_path):
    header, session = make_header("countdown", ["Ann", "Ben"], seed=3)
    build = Builder.new(header, session)
    build.draw_chance()
    build.add(Take(by=0, n=1))
    build.add(Note(target=1, text="a note"))
    build.add(Retract(target=build.pos.undo.seq, reason="misread"))
    build.add(Take(by=0, n=2))
    build.draw_chance()
    path = write_lines(tmp_path / "toy.jsonl", build.lines)
    final = Replay(str(path)).final()
    assert Replay(str(path)).trusted() == final
    assert final == build.pos
