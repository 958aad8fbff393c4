"""The house of ui/: rooms whose imports point one way, each room's docstring naming its modules.

A room is a folder of ui/ (the shell is ui/app.py and ui/nav.py). A room may import only the
rooms below it in ORDER; the screens and the table stand side by side and never import each
other. Imports sit at the top of a module (or under TYPE_CHECKING), never inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "ui"
README = UI.parent / "README.md"
# Lowest first: a room may import the rooms before it (and itself), never one after it.
ORDER = ("kit", "look", "text", "store", "screens", "table", "shell")
SIDE_BY_SIDE = {("screens", "table"), ("table", "screens")}
ROOMS = tuple(r for r in ORDER if r != "shell")


def _room(module: str) -> str:
    parts = module.split(".")
    return "shell" if len(parts) < 2 or parts[1] in ("app", "nav") else parts[1]


def _modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, module, inside a function) for every import of a ui module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                names = [f"{child.module}.{a.name}" for a in child.names]
                targets = names if child.module == "ui" else [child.module]
                found.extend((child.lineno, t, in_function) for t in targets if t.startswith("ui."))
            elif isinstance(child, ast.Import):
                ui_names = [a.name for a in child.names if a.name.startswith("ui.")]
                found.extend((child.lineno, n, in_function) for n in ui_names)
            visit(child, inner)

    visit(tree, False)
    return found


def _name(path: Path) -> str:
    return ".".join(path.relative_to(UI.parent).with_suffix("").parts).removesuffix(".__init__")


def test_every_module_is_in_a_room() -> None:
    for path in _modules():
        room = _room(_name(path))
        assert room in ORDER, f"{path.relative_to(UI)} lies outside the rooms {ORDER}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(UI)))
def test_imports_point_down_and_sit_at_the_top(path: Path) -> None:
    here = _room(_name(path))
    for line, module, in_function in _imports(path):
        assert not in_function, f"line {line}: {module} imported inside a function"
        there = _room(module)
        assert (here, there) not in SIDE_BY_SIDE, f"line {line}: {here} imports {module}"
        assert ORDER.index(there) <= ORDER.index(here), (
            f"line {line}: {module} ({there}) is above {here}"
        )


@pytest.mark.parametrize("room", ROOMS)
def test_each_room_says_what_lives_in_it(room: str) -> None:
    init = UI / room / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    for path in sorted((UI / room).iterdir()):
        if path.name == "__init__.py" or path.name == "__pycache__":
            continue
        name = path.name if path.suffix == ".py" else f"{path.name}/"
        assert f"`{name}`" in doc or f"`{name.removesuffix('.py')}" in doc, (
            f"ui/{room}/__init__.py does not mention {name}"
        )
    top = ast.get_docstring(ast.parse((UI / "__init__.py").read_text(encoding="utf-8"))) or ""
    assert f"`{room}/`" in top, f"ui/__init__.py does not name the room {room}/"


def test_the_readme_names_every_room() -> None:
    text = README.read_text(encoding="utf-8")
    for room in ROOMS:
        assert f"  {room}/" in text, f"README's layout does not name ui/{room}/"
