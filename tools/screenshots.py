"""Screenshots of the screens around the table, for docs/screens/ (no window needed).

    .venv/bin/python tools/screenshots.py [--size 1280x800] [--lang en] [--out docs/screens]
                                          [--tables-only] [--new-records]

Writes title, new game, house rules, hand-over (pass-and-play), the table with the rules
panel, settings, rules help, saved games, a damaged save's notice and the statistics, each
through the app's own loop and real posted events. Saves and statistics go to a temporary
folder (RUMMYTABLE_HOME), filled with a few seeded matches first: the player's own stay
untouched.

Then two tables from the records in docs/screens/, drawn as `main.py --screenshot PNG
--load RECORD` draws them: table_classic (two players a few turns in) and table_hand (four
players, a crowded table, the indicator; the cards the bots put down since your turn
glow in their colours, the summary beside the piles), table_hand_log (the same with the
turn log open) and table_hand_rewind (its last finished round watched again, halfway).
--new-records plays the seeded matches with the medium bots again and rewrites the records
first (the shots change if the bots did).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import itertools  # noqa: E402
import shutil  # noqa: E402
import time  # noqa: E402
from unittest import mock  # noqa: E402

import pygame  # noqa: E402

import saves  # noqa: E402
from game.match import Match, Player  # noqa: E402
from game.playout import GreedyRandom  # noqa: E402
from game.record import save as record_of  # noqa: E402
from game.rules import preset  # noqa: E402
from main import load_match  # noqa: E402
from ui.app import App, table_scene  # noqa: E402
from ui.nav import Nav  # noqa: E402
from ui.screens.setup import Setup  # noqa: E402
from ui.store.prefs import Settings  # noqa: E402
from ui.table.demo import crowded_match, demo_match  # noqa: E402
from ui.table.handover import GUARD_MS  # noqa: E402
from ui.table.rewind_view import RewindView  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

# The shots are the same on every run: new games get one seed, saves a clock that ticks a
# second at each look, slots numbered names, and the saves live in one fixed folder.
SEED = 2024
WHEN = time.mktime((2026, 11, 28, 19, 30, 0, 5, 332, 0))
HOME = Path(tempfile.gettempdir()) / "rummytable-shots"


def same_every_run() -> contextlib.ExitStack:
    """Patches that make the shots reproducible: the seed, the clock and the slot names."""
    start = Setup.start
    ticks = itertools.count()
    names = itertools.count()
    stack = contextlib.ExitStack()
    stack.enter_context(
        mock.patch.object(Setup, "start", lambda self, seed=None: start(self, SEED))
    )
    stack.enter_context(mock.patch("time.gmtime", lambda *_: time.localtime(WHEN + next(ticks))))
    stack.enter_context(mock.patch("secrets.token_hex", lambda n=3: f"{next(names):0{2 * n}x}"))
    return stack


class Shooter:
    """The app on a dummy display, driven by posted events."""

    def __init__(self, size: tuple[int, int], language: str, out: Path) -> None:
        pygame.display.init()
        pygame.font.init()
        self.surface = pygame.display.set_mode(size)
        self.nav = Nav(size, Settings(language=language, sound=False), inline_bots=True)
        self.nav.title()
        scene, self.nav.pending = self.nav.pending, None
        assert scene is not None
        self.now = 0
        self.app = App(scene, self.surface, clock=lambda: self.now, nav=self.nav)
        self.out = out

    def step(self, frames: int = 1) -> None:
        """Run frames of the loop."""
        for _ in range(frames):
            self.now += 16
            self.app.step()

    def key(self, key: int) -> None:
        """Press a key."""
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        )
        self.step()

    def click(self, pos: tuple[int, int]) -> None:
        """Click a point."""
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, mod=0))
        self.step()

    def control(self, key: str) -> tuple[int, int]:
        """The centre of a control of the screen shown."""
        found = next(c for c in self.app.scene.placed() if c.key == key)  # type: ignore[attr-defined]
        return found.rect.centre

    def save(self, name: str) -> None:
        """Draw a frame and write it."""
        self.step(2)
        path = self.out / f"{self.prefix()}{name}.png"
        pygame.image.save(self.surface, str(path))
        print(f"wrote {path}")

    def prefix(self) -> str:
        """Nothing for English, the language's code and a dash otherwise."""
        return "" if self.nav.settings.language == "en" else f"{self.nav.settings.language}-"


def tour(shot: Shooter) -> None:
    """Visit every screen and photograph it."""
    shot.save("title")
    shot.click(shot.control("new"))
    shot.click(shot.control("preset.romme"))
    shot.click(shot.control("kind.1"))  # a second human: pass-and-play
    shot.click(shot.control("name.0"))
    for _ in range(8):
        shot.key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Anna"))
    shot.click(shot.control("level.2"))
    shot.save("new_game")
    shot.click(shot.control("house"))
    shot.click(shot.control("tab.opening"))
    shot.click(shot.control("opt.opening_min"))
    shot.save("house_rules")
    shot.click(shot.control("tab.scoring"))
    shot.click(shot.control("opt.match_end"))
    shot.save("house_rules_invalid")
    shot.click(shot.control("opt.match_end"))
    shot.click(shot.control("opt.match_end"))
    shot.click(shot.control("opt.match_end"))
    shot.click(shot.control("start"))
    shot.step(GUARD_MS // 16 + 2)  # the hand-over's button wakes after its guard
    shot.save("handover")
    shot.key(pygame.K_RETURN)
    shot.key(pygame.K_i)
    shot.save("rules_panel")
    shot.key(pygame.K_ESCAPE)
    shot.nav.settings_screen(shot.app.scene)
    shot.save("settings")
    shot.nav.rules_help(shot.app.scene, "hand")
    shot.save("rules_help")
    records(shot)


SEATS = {  # preset: the seats of the seeded matches (the human first)
    "classic": ("You", "Ben"),
    "standard": ("You", "Cleo", "Dan", "Eve"),
    "romme": ("You", "Ben", "Cleo"),
    "hand": ("You", "Ben", "Cleo", "Dan"),
}


def seeded(name: str, seed: int) -> Match:
    """A match of a preset with the human in seat 0 and medium bots."""
    names = SEATS[name]
    seats = [Player(names[0])] + [Player(n, "bot", "medium") for n in names[1:]]
    return Match(preset(name, players=len(seats)), seats, seed)


def play(match: Match, seed: int, actions: int | None = None) -> Match:
    """Seeded play to the end of the match, or for a number of actions."""
    policy = GreedyRandom(seed)
    while not match.over and (actions is None or len(match.actions) < actions):
        match.apply(policy.choose(match))
    return match


def fill() -> None:
    """Statistics of a few finished matches and two saved matches in progress."""
    stats, _ = saves.load_stats()
    for k, name in enumerate(("classic", "classic", "romme", "hand", "standard", "classic")):
        match = play(seeded(name, 40 + k), k)
        saves.record_match(stats, match, [0], f"shot-{k}")
    saves.save_stats(stats)
    for name, seed, actions in (("classic", 5, 150), ("hand", 3, 700)):
        match = play(seeded(name, seed), seed, actions)
        slot = saves.new_slot(match, f"{name.title()} after dinner")
        saves.write_save(slot, match)
        saves.write_save(slot, play(match, seed, actions + 1))  # and a backup beside it


def records(shot: Shooter) -> None:
    """Saved games, a damaged save's notice on the title, the statistics."""
    shot.nav.close_table()
    assert shot.nav.saver.flush()
    fill()
    shot.nav.title()
    shot.step()
    shot.click(shot.control("saves"))
    shot.key(pygame.K_DOWN)
    shot.save("saved_games")
    damaged = saves.list_saves()[0].path
    damaged.write_text('{"format": 1, "rules": ', encoding="utf-8")
    os.utime(damaged, (WHEN + 3600, WHEN + 3600))  # newer than every save
    shot.key(pygame.K_ESCAPE)
    shot.click(shot.control("continue"))
    shot.save("damaged_save")
    shot.key(pygame.K_ESCAPE)
    shot.click(shot.control("stats"))
    shot.save("statistics")


RECORDS = ROOT / "docs" / "screens"
TABLES: dict[str, tuple[str, Callable[[], Match]]] = {  # shot: its record and how to play it
    "table_classic": ("classic_demo.json", lambda: demo_match("classic", 2, seed=2, melds=3)),
    "table_hand": ("hand4_demo.json", lambda: crowded_match("hand", 4, seed=1, cards=40)),
}


def tables(shot: Shooter, new_records: bool) -> None:
    """The table of each record (played and written first if missing or asked for)."""
    for name, (record, make) in TABLES.items():
        path = RECORDS / record
        if new_records or not path.exists():
            data = json.dumps(record_of(make()), ensure_ascii=False, indent=1)
            path.write_text(data + "\n", encoding="utf-8")
            print(f"wrote {path}")
        match, problem = load_match(str(path))
        if problem is not None:
            raise SystemExit(problem)
        scene = table_scene(match, shot.surface.get_size(), inline_bots=True)
        scene.draw(shot.surface, 0)
        out = shot.out / f"{shot.prefix()}{name}.png"
        pygame.image.save(shot.surface, str(out))
        print(f"wrote {out}")
        if name == "table_hand":  # the turn log open (G); the last round watched again (W)
            scene.toggle_log()
            _shoot(shot, scene, f"{name}_log")
            scene.toggle_log()
            scene.watch_round()
            view = scene.overlay
            assert isinstance(view, RewindView)
            view.go(-(len(view.frames) // 2))
            _shoot(shot, scene, f"{name}_rewind")
            scene.overlay = None
            scene.show_sheet(match.results[-1], tuple(scene.view.table))
            _shoot(shot, scene, f"{name}_sheet")


def _shoot(shot: Shooter, scene: TableScene, name: str) -> None:
    scene.draw(shot.surface, 0)
    out = shot.out / f"{shot.prefix()}{name}.png"
    pygame.image.save(shot.surface, str(out))
    print(f"wrote {out}")


def main() -> None:
    """Parse the options and take the screenshots."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--tables-only", action="store_true", help="only the two tables")
    parser.add_argument("--new-records", action="store_true", help="replay the bots' matches")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not os.environ.get("RUMMYTABLE_HOME"):  # never the player's own saves
        shutil.rmtree(HOME, ignore_errors=True)
        os.environ["RUMMYTABLE_HOME"] = str(HOME)
    shooter = Shooter((w, h), args.lang, out)
    with same_every_run():
        if not args.tables_only:
            tour(shooter)
    tables(shooter, args.new_records)
    shooter.app.close()
    pygame.quit()


if __name__ == "__main__":
    main()
