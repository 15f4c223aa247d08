"""docs/architecture.md, the house: small modules, packages that say what they hold, and a
page that names every package and the contracts CI checks."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "planets_log"
PAGE = ROOT / "docs" / "architecture.md"
MAX_LINES = 400


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_400_lines():
    big = [f"{p.relative_to(ROOT)} ({n} lines)" for p in modules() if (n := len(p.read_text().splitlines())) > MAX_LINES]
    assert big == [], f"modules over {MAX_LINES} lines (docs/architecture.md: the house keeps rooms small): {big}"


def layer_packages() -> list[Path]:
    """The packages directly below planets_log (record, engine, game, games, audit, pictures, serve, cli)."""
    return sorted(p.parent for p in PACKAGE.glob("*/__init__.py"))


def test_every_package_opens_with_a_one_line_docstring():
    for init in sorted(PACKAGE.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text()))
        assert doc and "\n" not in doc.strip(), f"{init.relative_to(ROOT)}: a one-line docstring says what lives here"


def test_every_layer_names_its_public_surface():
    for pkg in layer_packages():
        if pkg.name == "games":
            continue  # the games are found by the registry, each through its RULES
        tree = ast.parse((pkg / "__init__.py").read_text())
        names = [t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)]
        assert "__all__" in names, f"{pkg.name}/__init__.py names its public surface in __all__"


def test_every_surface_name_exists():
    import importlib

    for pkg in layer_packages():
        if pkg.name == "games":
            continue
        module = importlib.import_module(f"planets_log.{pkg.name}")
        for name in module.__all__:
            if not hasattr(module, name):
                importlib.import_module(f"planets_log.{pkg.name}.{name}")  # a submodule named in the surface


def test_the_page_describes_every_package():
    text = PAGE.read_text()
    for pkg in layer_packages():
        assert f"`{pkg.name}/" in text or f"`{pkg.name}`" in text, f"docs/architecture.md says nothing of {pkg.name}/"


def test_the_page_shows_the_contracts_pyproject_declares():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    kinds = {c["type"] for c in contracts}
    assert {"layers", "independence", "forbidden", "acyclic_siblings"} <= kinds
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    text = PAGE.read_text()
    for layer in layers:
        for name in re.split(r"\s*\|\s*", layer):
            assert f"`{name.removeprefix('planets_log.')}`" in text, f"the layer {name} is not in docs/architecture.md"


def test_adding_a_game_names_only_the_authors_surface():
    """What a game's code may import: the page names no module of ours but planets_log.game (and the games' entry
    point group); a maintenance command run with `python -m` is a tool, not an import, and is left out."""
    text = re.sub(r"python -m [\w.]+", "", (ROOT / "docs" / "adding-a-game.md").read_text())
    named = set(re.findall(r"planets_log\.([a-z_]+)", text))
    assert named <= {"game", "games"}, f"docs/adding-a-game.md names {sorted(named - {'game', 'games'})}: only planets_log.game"


def _resolves(dotted: str) -> bool:
    """True when `dotted` (under planets_log) is a module, or a name a module holds."""
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(["planets_log", *parts[:cut]]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def test_every_module_and_name_the_pages_give_exists():
    """A dotted name in backticks that starts at one of our packages (`engine.recorder.Recorder`,
    `planets_log.game.Rules`, or an old `core.` name) is there to be imported."""
    roots = "|".join(["core", *(p.name for p in layer_packages())])
    for page in (PAGE, ROOT / "docs" / "adding-a-game.md"):
        for dotted in re.findall(rf"`(?:planets_log\.)?((?:{roots})\.[A-Za-z_.]*[A-Za-z_])`", page.read_text()):
            assert _resolves(dotted), f"{page.relative_to(ROOT)} names {dotted}, which does not exist"
