"""The one command that builds every game's generated fixtures, and checks them.

    python -m tests.support.fixtures                      # check: name every stale, missing or extra file; exit 1 if any
    python -m tests.support.fixtures --write              # rewrite fixtures/<game>/ for every game
    python -m tests.support.fixtures --write planetopia   # only the games named

Each game's tests keep one generator module, `tests/games/<id_with_underscores>/fixtures_gen.py`,
whose `fixtures()` returns {path under fixtures/<game>/: content}; a generator that reads a
hand-written file from that folder names it in `INPUTS`. Every game also gets the shared
golden record `shared/retracted-chance.jsonl` (tests/support/golden.py). `tests/contract/test_fixtures.py`
checks that each folder holds exactly what its generator builds.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from planets_log.engine.registry import game_ids
from tests.support.golden import NAME, retracted_chance

ROOT = Path(__file__).resolve().parents[2] / "fixtures"


def module_of(game: str) -> ModuleType | None:
    """The game's generator module, or None when its tests have none."""
    name = f"tests.games.{game.replace('-', '_')}.fixtures_gen"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name) if found else None


def games() -> list[str]:
    """Every registered game whose tests have a generator."""
    return [game for game in game_ids() if module_of(game) is not None]


def build(game: str) -> dict[str, bytes]:
    """What the game's generator builds: {path relative to fixtures/<game>/: bytes}."""
    made = {f"shared/{NAME}": retracted_chance(game).text(), **module_of(game).fixtures()}
    return {name: data.encode() if isinstance(data, str) else data for name, data in sorted(made.items())}


def on_disk(game: str) -> dict[str, bytes]:
    """Every generated file now in fixtures/<game>/ (the generator's hand-written inputs left out)."""
    folder = ROOT / game
    inputs = set(getattr(module_of(game), "INPUTS", ()))
    files = (p for p in sorted(folder.rglob("*")) if p.is_file())
    return {name: p.read_bytes() for p in files if (name := p.relative_to(folder).as_posix()) not in inputs}


def problems(game: str, made: dict[str, bytes] | None = None) -> list[str]:
    """Each file of fixtures/<game>/ that is stale, missing or not built by the generator."""
    made = build(game) if made is None else made
    disk = on_disk(game)
    out = [f"stale: {name}" for name in made if name in disk and disk[name] != made[name]]
    out += [f"missing: {name}" for name in made if name not in disk]
    return out + [f"extra: {name} (the generator does not build it)" for name in disk if name not in made]


def write(game: str) -> list[str]:
    """Write what the generator builds into fixtures/<game>/; the paths written."""
    written = []
    for name, data in build(game).items():
        path = ROOT / game / name
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(f"{game}/{name}")
    return written


def main(argv: list[str] | None = None) -> int:
    """Check (or with --write rewrite) the generated fixtures of every game, or of those named."""
    parser = argparse.ArgumentParser(prog="python -m tests.support.fixtures", description=main.__doc__,
                                     epilog="example: python -m tests.support.fixtures --write planetopia")
    parser.add_argument("--write", action="store_true", help="rewrite the files instead of checking them")
    parser.add_argument("game", nargs="*", help=f"game ids (default: every game: {', '.join(games())})")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.game) - set(games()))
    if unknown:
        parser.error(f"no fixture generator for {', '.join(unknown)} (games: {', '.join(games())})")
    bad = 0
    for game in args.game or games():
        if args.write:
            for name in write(game):
                print(f"wrote fixtures/{name}")
        found = problems(game)
        bad += len(found)
        print("\n".join(f"fixtures/{game}: {p}" for p in found) or f"fixtures/{game}: up to date")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
