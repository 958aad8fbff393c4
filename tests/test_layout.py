"""game/ stays pure: standard library only, no I/O, no clock, no global random."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

ALLOWED_IMPORTS = frozenset(sys.stdlib_module_names) | {"game"}
# Any use of these modules means files, processes, the environment or the clock.
FORBIDDEN_MODULES = frozenset({"os", "io", "shutil", "pathlib", "time", "subprocess"})
FORBIDDEN_BUILTINS = frozenset({"open", "print", "input", "breakpoint", "__import__"})
FORBIDDEN_NAMES = frozenset(
    {
        "datetime.datetime.now",
        "datetime.datetime.today",
        "datetime.datetime.utcnow",
        "datetime.date.today",
        "importlib.import_module",
    }
)
# Chance enters through one seeded random.Random per match, never the module's global one.
ALLOWED_RANDOM = frozenset({"random.Random"})


def _dotted(node: ast.expr) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _aliases(tree: ast.Module) -> dict[str, str]:
    """Map each name bound by an absolute import to the qualified name it stands for."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    root = alias.name.split(".")[0]
                    aliases[root] = root
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def _import_problems(tree: ast.Module) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        else:
            continue
        for module in modules:
            if module.split(".")[0] not in ALLOWED_IMPORTS:
                found.append((node.lineno, f"imports {module} (not standard library or game)"))
    return found


def _name_problem(qualified: str) -> str | None:
    """Why a use of the qualified name is not allowed in game/, or None."""
    root = qualified.split(".")[0]
    if root in FORBIDDEN_MODULES:
        return f"uses {qualified} (no files, processes, environment or clock in game/)"
    if root == "random" and qualified != "random" and qualified not in ALLOWED_RANDOM:
        return f"uses {qualified} (use a seeded random.Random instance)"
    if any(qualified == name or qualified.startswith(name + ".") for name in FORBIDDEN_NAMES):
        return f"uses {qualified}"
    return None


class _UseChecker(ast.NodeVisitor):
    """Finds calls to forbidden builtins and uses of forbidden imported names."""

    def __init__(self, aliases: dict[str, str]) -> None:
        self.aliases = aliases
        self.found: list[tuple[int, str]] = []

    def _check_chain(self, node: ast.expr, dotted: str) -> None:
        root, _, rest = dotted.partition(".")
        if root not in self.aliases:
            return
        qualified = self.aliases[root] + ("." + rest if rest else "")
        problem = _name_problem(qualified)
        if problem:
            self.found.append((node.lineno, problem))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if (
            isinstance(func, ast.Name)
            and func.id in FORBIDDEN_BUILTINS
            and func.id not in self.aliases
        ):
            self.found.append((node.lineno, f"calls {func.id}()"))
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dotted = _dotted(node)
        if dotted is None:
            self.generic_visit(node)
        else:
            self._check_chain(node, dotted)

    def visit_Name(self, node: ast.Name) -> None:
        self._check_chain(node, node.id)


def check_source(source: str, filename: str) -> list[str]:
    """Every rule of game/'s purity broken by `source`, as "file:line: problem"."""
    tree = ast.parse(source, filename=filename)
    checker = _UseChecker(_aliases(tree))
    checker.visit(tree)
    found = _import_problems(tree) + checker.found
    return [f"{filename}:{line}: {problem}" for line, problem in sorted(found)]


def game_modules() -> list[Path]:
    return sorted(GAME.rglob("*.py"))


def test_game_package_exists() -> None:
    assert (GAME / "__init__.py").is_file(), "game/ must be a package"


def test_game_uses_only_stdlib_and_no_io_clock_or_global_random() -> None:
    problems: list[str] = []
    for path in game_modules():
        rel = path.relative_to(ROOT).as_posix()
        problems += check_source(path.read_text(encoding="utf-8"), rel)
    assert not problems, "game/ must stay pure:\n" + "\n".join(problems)


BAD_SOURCE = """\
import pygame
from pathlib import Path
import os.path
import random
import time as clock
from random import shuffle
from datetime import datetime


def load(name):
    with open(name) as f:
        return f.read()


def deal(cards, seed):
    rng = random.Random(seed)
    rng.shuffle(cards)
    random.shuffle(cards)
    shuffle(cards)
    print(os.path.exists(Path(name)), clock.monotonic(), datetime.now())
"""


def test_checker_reports_each_violation_with_file_and_line() -> None:
    problems = check_source(BAD_SOURCE, "game/bad.py")
    expected = [
        "game/bad.py:1: imports pygame",
        "game/bad.py:11: calls open()",
        "game/bad.py:18: uses random.shuffle",
        "game/bad.py:19: uses random.shuffle",
        "game/bad.py:20: calls print()",
        "game/bad.py:20: uses os.path.exists",
        "game/bad.py:20: uses pathlib.Path",
        "game/bad.py:20: uses time.monotonic",
        "game/bad.py:20: uses datetime.datetime.now",
    ]
    for prefix in expected:
        assert any(p.startswith(prefix) for p in problems), (prefix, problems)
    assert len(problems) == len(expected), problems


@pytest.mark.parametrize(
    "source",
    [
        "import random\nrng = random.Random(7)\nrng.shuffle([1, 2])\n",
        "from random import Random\n\ndef f(rng: Random) -> int:\n    return rng.randint(1, 6)\n",
        "from __future__ import annotations\nimport dataclasses\nfrom . import cards\n",
        "from game.cards import Card\nfrom .rules import Rules\n",
        "def show(self):\n    self.print()\n    return self.open\n",
    ],
)
def test_checker_accepts_pure_code(source: str) -> None:
    assert check_source(source, "game/ok.py") == []


# --- the arrows inside game/ ---------------------------------------------------------------


def _game_imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, game module imported, inside a function) for every import of a game module,
    type-only ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    found: list[tuple[int, str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parent = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parent, base]) if base else ".".join(parent)
                if base.split(".")[0] == "game":
                    for alias in child.names:
                        full = f"{base}.{alias.name}"
                        is_module = (ROOT / full.replace(".", "/")).with_suffix(".py").exists()
                        found.append((child.lineno, full if is_module else base, in_function))
            visit(child, inner)

    visit(tree, False)
    return found


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_game_modules_import_one_way_and_at_the_top() -> None:
    graph: dict[str, set[str]] = {}
    for path in game_modules():
        name = _module_name(path)
        for line, target, in_function in _game_imports(path):
            assert not in_function, f"{name}:{line} imports {target} inside a function"
            if target != name:
                graph.setdefault(name, set()).add(target)
    # no circle, type-only imports included: every module can be placed after what it imports
    done: set[str] = set()
    visiting: list[str] = []

    def place(module: str) -> None:
        if module in done:
            return
        assert module not in visiting, "import circle: " + " -> ".join([*visiting, module])
        visiting.append(module)
        for target in sorted(graph.get(module, ())):
            place(target)
        visiting.pop()
        done.add(module)

    for module in sorted(graph):
        place(module)
    assert "game.state" in done and "game.round_state" in done
