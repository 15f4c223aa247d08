"""fixtures/<game>/ holds exactly what the game's generator builds (tests/support/fixtures.py: one command for every game)."""

from __future__ import annotations

import pytest

from tests.support import fixtures


@pytest.mark.parametrize("game", fixtures.games())
def test_fixtures_folder_holds_exactly_what_the_generator_builds(game):
    """Every generated fixture of the game, byte for byte; nothing stale, missing or extra."""
    made = fixtures.build(game)
    assert made and f"shared/{fixtures.NAME}" in made
    problems = fixtures.problems(game, made)
    assert not problems, f"{problems[:5]}: run python -m tests.support.fixtures --write {game}"


def test_every_game_has_a_generator():
    """Each built-in game's tests keep fixtures_gen.py with a fixtures() function."""
    assert set(fixtures.games()) >= {"four-planets", "space-planets", "planetopia", "planetship-2491", "planetarium"}
    for game in fixtures.games():
        assert callable(fixtures.module_of(game).fixtures)


def test_a_changed_extra_or_missing_file_is_named(tmp_path, monkeypatch):
    """The check names a stale, a missing and an extra file (here in a copy of the Space Planets folder)."""
    import shutil

    shutil.copytree(fixtures.ROOT / "space-planets", tmp_path / "space-planets")
    monkeypatch.setattr(fixtures, "ROOT", tmp_path)
    made = fixtures.build("space-planets")
    (tmp_path / "space-planets" / "seeded-2p.jsonl").write_text("{}\n")
    (tmp_path / "space-planets" / "table-game.jsonl").unlink()
    (tmp_path / "space-planets" / "invalid" / "stray.jsonl").write_text("{}\n")
    assert fixtures.problems("space-planets", made) == [
        "stale: seeded-2p.jsonl", "missing: table-game.jsonl",
        "extra: invalid/stray.jsonl (the generator does not build it)"]
    assert fixtures.main(["space-planets"]) == 1
    written = sorted(fixtures.write("space-planets"))
    assert written == ["space-planets/seeded-2p.jsonl", "space-planets/table-game.jsonl"]
    assert fixtures.problems("space-planets") == ["extra: invalid/stray.jsonl (the generator does not build it)"]
