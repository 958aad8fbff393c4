"""Start-up benchmark: process start to the first drawn frame, from source and from the build.

    .venv/bin/python bench/startup.py [--runs 5] [--app dist/RummyTable] [--no-build]

Each run starts the game in a new process on its title screen, with SDL's dummy drivers
and a fresh data folder, and with RUMMYTABLE_FIRST_FRAME naming a file: the app writes
the time of its first flipped frame there (ui/app.py). The time is measured from just
before the process is started, so the interpreter's (or the bundle's) own start counts.
One warm-up run is not counted. Without --app the app is built first with build.spec
into a temporary folder (the build time is reported). Also reported: the build's size
on disk and zipped, and the time of a --smoke run from each.
Target: median ≤ 1 s from source, ≤ 2 s built.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 60.0


def program(app: Path) -> Path:
    """The executable inside a build folder (dist/RummyTable or dist/Rummy Table.app)."""
    if app.suffix == ".app":
        return app / "Contents" / "MacOS" / "RummyTable"
    return app / ("RummyTable.exe" if sys.platform == "win32" else "RummyTable")


def environment(home: Path, marker: Path | None = None) -> dict[str, str]:
    """Headless, a private data folder, and the first-frame marker file."""
    env = dict(os.environ, RUMMYTABLE_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if marker is not None:
        env["RUMMYTABLE_FIRST_FRAME"] = str(marker)
    return env


def first_frame(command: list[str], work: Path) -> float:
    """Seconds from starting the process to its first frame on screen."""
    marker = work / "first-frame.txt"
    marker.unlink(missing_ok=True)
    home = Path(tempfile.mkdtemp(dir=work))
    started = time.time()
    process = subprocess.Popen(command, env=environment(home, marker), cwd=work)
    try:
        while time.time() - started < TIMEOUT_S:
            shown = _read_marker(marker)
            if shown is not None:
                return shown - started
            if process.poll() is not None:
                raise RuntimeError(f"{command[0]} exited with {process.returncode} before drawing")
            time.sleep(0.002)
        raise RuntimeError(f"{command[0]}: no frame within {TIMEOUT_S:.0f} s")
    finally:
        process.terminate()
        process.wait(10)


def _read_marker(marker: Path) -> float | None:
    try:
        return float(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # not written yet, or half written
        return None


def measure(name: str, command: list[str], runs: int, work: Path) -> float:
    """Print and return the median start-up time over `runs` (after one warm-up run)."""
    first_frame(command, work)
    times = [first_frame(command, work) for _ in range(runs)]
    median = statistics.median(times)
    spread = f"min {min(times):.3f}, max {max(times):.3f}"
    print(f"start-up to first frame, {name}: median {median:.3f} s over {runs} runs ({spread})")
    return median


def smoke(name: str, command: list[str], work: Path) -> None:
    """Time one --smoke run."""
    started = time.perf_counter()
    done = subprocess.run(
        [*command, "--smoke"],
        env=environment(Path(tempfile.mkdtemp(dir=work))),
        capture_output=True,
        text=True,
        timeout=120,
    )
    took = time.perf_counter() - started
    outcome = "ok" if done.returncode == 0 else f"FAILED ({done.stderr.strip()[-300:]})"
    print(f"--smoke, {name}: {took:.2f} s, {outcome}")


def build(work: Path) -> Path:
    """Build the app with build.spec into `work`; the build folder."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm"]
        + ["--log-level", "WARN", "--workpath", str(work / "build")]
        + ["--distpath", str(work / "dist")],
        cwd=ROOT,
        env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"),
        check=True,
    )
    print(f"build (pyinstaller build.spec, clean): {time.perf_counter() - started:.1f} s")
    dist = work / "dist"
    return next((p for p in dist.glob("*.app")), dist / "RummyTable")


def size(app: Path, work: Path) -> None:
    """The build's size on disk and as a zip file."""
    total = sum(
        (Path(folder) / f).lstat().st_size for folder, _, files in os.walk(app) for f in files
    )
    zipped = Path(shutil.make_archive(str(work / "app"), "zip", app.parent, app.name))
    print(
        f"build size: {total / 1e6:.1f} MB in {app} ({zipped.stat().st_size / 1e6:.1f} MB zipped)"
    )


def main() -> int:
    """Build (unless given one), then time start-up and --smoke from source and from the build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--app", type=Path, help="a build folder (default: build one now)")
    parser.add_argument("--no-build", action="store_true", help="time the source only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rummytable-bench-") as tmp:
        work = Path(tmp)
        source = [sys.executable, str(ROOT / "main.py")]
        measure("from source", source, args.runs, work)
        smoke("from source", source, work)
        if args.no_build:
            return 0
        app = args.app.resolve() if args.app else build(work)
        built = [str(program(app))]
        measure("built", built, args.runs, work)
        smoke("built", built, work)
        size(app, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
