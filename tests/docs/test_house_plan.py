"""docs/adding-a-game.md, the house plan: every game package has the modules its table names,
`rules.py` holds the `Rules` subclass only (setup lives in `state.py`; no hook that only calls the
function the core would call for it), and a game that
supports records kept by one player keeps their checks in `kept.py`."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

from planets_log.engine.rules import HOOKS, Rules

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adding-a-game.md"
GAMES = sorted(p.parent for p in (ROOT / "planets_log" / "games").glob("*/__init__.py"))


def plan() -> list[str]:
    """The files and folders the house plan's table names (its first column), in order."""
    section = PAGE.read_text().split("## The house plan", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [name for row in rows for name in re.findall(r"`([\w./]+)`", row.split("|")[1])]


def test_the_plan_is_read_from_the_page():
    names = plan()
    assert names[:2] == ["events.py", "state.py"] and "editions/" in names and "picture.py" in names
    assert {"words.py", "spots.py"} <= set(names) and len(names) == 16


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_game_has_each_module_of_the_house_plan(game):
    missing = [name for name in plan() if not (game / name.rstrip("/")).exists()]
    assert not missing, f"{game.name} lacks {missing} (docs/adding-a-game.md: the house plan)"


def top_level(tree: ast.Module) -> list[ast.stmt]:
    """The module's statements other than its docstring and imports (those for the type checker only included)."""
    return [node for node in tree.body if not isinstance(node, (ast.Import, ast.ImportFrom))
            and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)) and not _typing_imports(node)]


def _typing_imports(node: ast.stmt) -> bool:
    """`if TYPE_CHECKING:` holding imports only (a name for annotations, imported where it is used)."""
    return (isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING" and not node.orelse
            and all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in node.body))


def rules_problems(source: str) -> list[str]:
    """Why a `rules.py` is more than the `Rules` subclass (and its `RULES` instance), calling setup in state.py."""
    tree = ast.parse(source)
    classes = [node for node in top_level(tree) if isinstance(node, ast.ClassDef)]
    out = [f"line {node.lineno}: {type(node).__name__} {getattr(node, 'name', '')}".rstrip()
           for node in top_level(tree) if node not in classes and not _rules_instance(node)]
    if [c.name for c in classes if any(getattr(b, "id", None) == "Rules" for b in c.bases)] != [c.name for c in classes]:
        out.append("a class that is not the Rules subclass")
    if len(classes) != 1:
        out.append(f"{len(classes)} classes, not one")
    for cls in classes:
        for hook in cls.body:
            if isinstance(hook, ast.FunctionDef) and hook.name == "setup" and len(top_level(hook)) != 1:  # type: ignore[arg-type]
                out.append(f"line {hook.lineno}: setup is built here, not in state.py")
            if isinstance(hook, ast.FunctionDef) and _forwards(hook):
                out.append(f"line {hook.lineno}: {hook.name} only calls {'.'.join(HOOKS[hook.name])}, as the core does")
    return out


def _forwards(hook: ast.FunctionDef) -> bool:
    """The hook's body is one call of the very function the core would call for it, with the hook's arguments."""
    if hook.name not in HOOKS:
        return False
    body = top_level(hook)  # type: ignore[arg-type]
    call = body[0].value if len(body) == 1 and isinstance(body[0], (ast.Return, ast.Expr)) else None
    params = [a.arg for a in hook.args.args[1:]]
    if params != list(inspect.signature(getattr(Rules, hook.name)).parameters)[1:]:
        return False  # another signature (Planetarium's score without a seat) is a declaration of its own
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and (getattr(call.func.value, "id", None), call.func.attr) == HOOKS[hook.name]
            and [getattr(a, "id", None) for a in call.args] == params)


def _rules_instance(node: ast.stmt) -> bool:
    """`RULES = SomeRules()`."""
    return (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["RULES"]
            and isinstance(node.value, ast.Call))


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_rules_py_holds_the_rules_subclass_only(game):
    assert not rules_problems((game / "rules.py").read_text()), game.name
    state = importlib.import_module(f"planets_log.games.{game.name}.state")
    assert callable(getattr(state, "setup", None)), f"{game.name}/state.py has no setup"


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_kept_py_is_there_exactly_when_the_game_supports_records_kept_by_one_player(game):
    rules = importlib.import_module(f"planets_log.games.{game.name}").RULES
    assert (game / "kept.py").exists() == rules.supports_kept_by, (
        f"{game.name}: kept.py is the module of records kept by one player, there exactly when supports_kept_by")


def test_the_rules_check_finds_a_helper_a_second_class_and_setup_built_in_rules_py():
    source = '''
from planets_log.engine import Rules
LIMIT = 3
def helper(): pass
class Extra: pass
class Game(Rules):
    def setup(self, header, edition):
        n = len(header.players)
        return n
RULES = Game()
'''
    found = rules_problems(source)
    assert any("Assign" in p for p in found) and any("FunctionDef helper" in p for p in found)
    assert "a class that is not the Rules subclass" in found and "2 classes, not one" in found
    assert any("setup is built here" in p for p in found)
