"""The saves package: pure Python (no pygame), and the API its docstring promises exists."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import saves

ROOT = Path(__file__).resolve().parents[2]


def test_saves_never_imports_pygame() -> None:
    code = "import sys, saves, saves.worker; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_every_name_in_the_api_docstring_exists() -> None:
    doc = saves.__doc__ or ""
    names = set(re.findall(r"``(\w+)\(", doc))
    assert {"open_save", "list_saves", "latest_save", "load_stats"} <= names
    for name in names:
        assert callable(getattr(saves, name, None)) or name == "describe", name
    assert set(saves.__all__) <= set(dir(saves))
