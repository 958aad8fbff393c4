"""main.py's window path on the command line: --screenshot, --load, --size (no screen)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env or ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("extra", "size"),
    [((), (1280, 800)), (("--size", "1024x640"), (1024, 640))],
    ids=["default-demo", "small-demo"],
)
def test_screenshot_writes_a_png_of_the_window_size(
    tmp_path: Path, extra: tuple[str, ...], size: tuple[int, int]
) -> None:
    out = tmp_path / "table.png"
    done = run("--screenshot", str(out), *extra)
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == size


def test_screenshot_of_a_loaded_record(tmp_path: Path) -> None:
    out = tmp_path / "hand.png"
    done = run("--screenshot", str(out), "--load", str(FIXTURES / "hand_seed_opening_51.json"))
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{not json", "not JSON"),
        ('{"format": 1, "players": []}', "not a valid record"),
        (
            '{"players": [{"name": "A"}, {"name": "B"}], "actions": ["discard KS"]}',
            "is illegal",
        ),
    ],
    ids=["not-json", "not-a-record", "illegal-action"],
)
def test_a_bad_record_prints_a_reason_and_exits_2(tmp_path: Path, content: str, says: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    done = run("--screenshot", str(tmp_path / "x.png"), "--load", str(bad))
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "x.png").exists()


def test_a_bad_size_is_refused(tmp_path: Path) -> None:
    done = run("--screenshot", str(tmp_path / "x.png"), "--size", "800x600")
    assert done.returncode == 2 and "--size" in done.stderr


def test_the_screenshot_demo_has_melds_down_and_the_human_to_draw() -> None:
    from ui.table.demo import demo_match

    match = demo_match()
    assert len(match.round.table) >= 2
    assert match.current == 0 and match.round.phase == "draw"


def test_a_screenshot_that_cannot_be_written_says_so(tmp_path: Path) -> None:
    done = run("--screenshot", str(tmp_path / "no" / "such" / "dir.png"))
    assert done.returncode == 2
    assert "cannot write" in done.stderr and "Traceback" not in done.stderr


def test_screenshot_can_be_taken_twice_in_one_process(tmp_path: Path) -> None:
    # pygame.quit() after the first shot closes every font the caches hold (a subprocess:
    # quitting pygame here would pull the display from under the other tests).
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from ui.app import screenshot\n"
        "from ui.table.demo import demo_match\n"
        "out = Path(sys.argv[1])\n"
        "for i, size in enumerate([(1024, 640), (1280, 800)]):\n"
        "    assert screenshot(demo_match(), out / f'{i}.png', size) == 0\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(tmp_path / "0.png")).get_size() == (1024, 640)
    assert pygame.image.load(str(tmp_path / "1.png")).get_size() == (1280, 800)


def test_lang_renders_in_that_language_and_leaves_the_settings_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {**ENV, "HOME": str(home), "XDG_CONFIG_HOME": str(home), "XDG_DATA_HOME": str(home)}
    shots = {}
    for lang in ("en", "ar"):
        out = tmp_path / f"{lang}.png"
        done = run("--screenshot", str(out), "--lang", lang, env=env)
        assert done.returncode == 0, done.stderr
        shots[lang] = pygame.image.tobytes(pygame.image.load(str(out)), "RGB")
    assert shots["en"] != shots["ar"]
    assert list(home.rglob("*")) == []  # no settings read into being, none written
    bad = run("--screenshot", str(tmp_path / "x.png"), "--lang", "fr")
    assert bad.returncode == 2 and "--lang" in bad.stderr
