"""Start-up: `planets-log replay` imports what replaying one game needs, nothing heavier.

A test of behaviour, not of time: each command runs in a fresh interpreter, which then
lists the modules it imported.
"""

import subprocess
import sys

import pytest

from tests.support.golden import ROOT as FIXTURES

RUN = """
import sys
from planets_log.cli.main import main
try:
    main({argv!r})
except SystemExit as exc:
    code = exc.code
print("imported:", code, *sorted(sys.modules))
"""

# sealing and signing, the distributed audit, metadata of installed packages, pictures,
# the record writers, and the slow-path parsers: none is needed to replay a record
NEVER_ON_REPLAY = ("cryptography", "dask", "distributed", "fsspec", "importlib.metadata", "tomllib", "json",
                   "secrets", "planets_log.audit.seal", "planets_log.audit",
                   "planets_log.audit.cluster", "planets_log.engine.svg", "planets_log.pictures.export",
                   "planets_log.engine.recorder", "planets_log.engine.play", "planets_log.cli.write",
                   "planets_log.cli.audit", "planets_log.cli.pictures", "planets_log.games.four_planets.campaign",
                   "signal")
# a seeded record re-derives its outcomes and lists none: the probabilities (fractions) and the dataclass
# machinery are left for a table record, the recorder and the hints
NEVER_ON_SEEDED_REPLAY = ("fractions", "dataclasses")
OTHER_GAMES = ("planets_log.games.space_planets", "planets_log.games.planetopia", "planets_log.games.planetarium",
               "planets_log.games.planetship_2491")


def imported(*argv: str) -> tuple[int, set[str]]:
    """The exit code and the modules a fresh interpreter holds after running `planets-log ARGV`."""
    done = subprocess.run([sys.executable, "-c", RUN.format(argv=list(argv))], capture_output=True, text=True,
                          timeout=120)
    _, code, *modules = done.stdout.splitlines()[-1].split(" ")
    return int(code) if code.isdigit() else None, set(modules)


def heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of `names` (or inside them) that were imported."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize("game, record", [("four_planets", "four-planets/table-game.jsonl"),
                                          ("space_planets", "space-planets/seeded-3p.jsonl")])
def test_replay_imports_only_its_own_game_and_nothing_heavy(game, record):
    code, modules = imported("replay", str(FIXTURES / record))
    assert code in (0, None)
    assert f"planets_log.games.{game}.rules" in modules
    others = tuple(g for g in OTHER_GAMES + ("planets_log.games.four_planets",) if not g.endswith(game))
    assert heavy(modules, NEVER_ON_REPLAY + others) == []


@pytest.mark.parametrize("record", ["four-planets/selfplay-seed-1.jsonl", "space-planets/seeded-3p.jsonl"])
def test_replay_of_a_seeded_record_lists_no_outcome(record):
    code, modules = imported("replay", str(FIXTURES / record))
    assert code in (0, None)
    assert heavy(modules, NEVER_ON_SEEDED_REPLAY) == []


def test_help_imports_no_game_and_no_engine():
    code, modules = imported("--help")
    assert code == 0
    assert heavy(modules, ("planets_log.games", "planets_log.engine", "msgspec") + NEVER_ON_REPLAY) == []
