"""The game passes its smoke test from source and as the app build.spec builds.

The build test is one test (so `pytest -n auto` builds once, on one worker): it builds with
PyInstaller into a temporary folder, runs the built program with --smoke and checks that
nothing was written inside the bundle. About 10–20 s to build on 2 cores; the limits
below keep the whole test under 3 minutes. Leave it out of a quick run with -m "not build".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_LIMIT_S = 150
SMOKE_LIMIT_S = 90


def headless_env(tmp: Path) -> dict[str, str]:
    """SDL's dummy drivers; temporary files, home and XDG folders inside `tmp`."""
    env = {k: v for k, v in os.environ.items() if k != "RUMMYTABLE_HOME"}
    fake_home = tmp / "user"
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TMPDIR=str(tmp / "tmp"),
        TEMP=str(tmp / "tmp"),
        TMP=str(tmp / "tmp"),
        HOME=str(fake_home),
        USERPROFILE=str(fake_home),
        APPDATA=str(fake_home / "AppData" / "Roaming"),
        LOCALAPPDATA=str(fake_home / "AppData" / "Local"),
        XDG_DATA_HOME=str(fake_home / "data"),
        XDG_CONFIG_HOME=str(fake_home / "config"),
    )
    (tmp / "tmp").mkdir(exist_ok=True)
    fake_home.mkdir(exist_ok=True)
    return env


def smoke(command: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    """Run `command --smoke` headless; fail with its output unless it passed."""
    env = headless_env(tmp)
    done = subprocess.run(
        [*command, "--smoke"],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=SMOKE_LIMIT_S,
    )
    assert done.returncode == 0, f"--smoke failed:\n{done.stdout}\n{done.stderr}"
    assert done.stdout.startswith("smoke ok: classic, 2 medium bots"), done.stdout
    assert "the app's autosave and a save to" in done.stdout
    assert "reloaded identically" in done.stdout
    # the smoke run kept to its own temporary folder, and removed it
    assert list((tmp / "tmp").iterdir()) == []
    assert list((tmp / "user").rglob("*.json")) == []
    return done


def test_a_bot_round_plays_saves_and_reloads_from_source(tmp_path: Path) -> None:
    smoke([sys.executable, str(ROOT / "main.py")], tmp_path)


def test_a_failing_smoke_run_exits_1_with_the_reason(tmp_path: Path) -> None:
    code = "import sys; from commands.smoke import run; sys.exit(run(limit=0.0))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=headless_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=SMOKE_LIMIT_S,
    )
    assert done.returncode == 1
    assert "smoke failed: no round end within the time limit" in done.stderr


def program(dist: Path) -> Path:
    """The built executable (inside the .app on macOS)."""
    if sys.platform == "darwin":
        return dist / "Rummy Table.app" / "Contents" / "MacOS" / "RummyTable"
    return dist / "RummyTable" / ("RummyTable.exe" if sys.platform == "win32" else "RummyTable")


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under a folder with its size and modification time."""
    return {
        str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns)
        for p in folder.rglob("*")
    }


@pytest.mark.build
def test_the_built_app_plays_a_bot_round_headless(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    built = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm"]
        + ["--log-level", "WARN", "--workpath", str(tmp_path / "build")]
        + ["--distpath", str(dist)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=BUILD_LIMIT_S,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    exe = program(dist)
    assert exe.is_file(), sorted(p.name for p in dist.rglob("*"))[:50]
    bundle = exe.parent if sys.platform != "darwin" else exe.parents[1]
    assert list(bundle.rglob("assets/icon/icon-256.png")), "assets are not in the bundle"
    before = snapshot(dist)
    runs = tmp_path / "runs"
    runs.mkdir()
    smoke([str(exe)], runs)
    assert snapshot(dist) == before, "the app wrote inside its bundle"
