"""Frame-time benchmark of the table scene (run: python bench/frames.py).

A 4-player Hand table, crowded (at least 40 cards on the table, from a seeded match played
by medium bots), drawn at 1280×800 and 1920×1080 with no screen (SDL's dummy driver).
Each measured frame posts a mouse motion and runs the app's own step: events, update,
draw. Prints the median and p99 over 300 frames of the whole step, and of a full redraw
(the still table's cache thrown away first: what a frame costs whenever the table changes),
idle, while cards are being dragged over the melds, and with the turn log open; in English,
or with --lang ar in Arabic (every line shaped and ordered right to left).
Target: median ≤ 4 ms, p99 ≤ 12 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from ui.app import App
from ui.table.botrunner import BotRunner
from ui.table.demo import crowded_match, table_cards
from ui.table.scene import Settings, TableScene
from ui.text import i18n
from ui.text.i18n import LANGUAGES

SIZES = ((1280, 800), (1920, 1080))


def p99(values: list[float]) -> float:
    """The 99th percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def table(size: tuple[int, int], cards: int, state: str) -> tuple[App, TableScene, list[int]]:
    """The crowded table in an app with a fake clock; "dragging": a card picked up; "log":
    the turn log open over it."""
    match = crowded_match("hand", 4, seed=1, cards=cards)
    surface = pygame.display.set_mode(size)
    scene = TableScene(match, size, BotRunner(inline=True), Settings())
    clock = [0]
    app = App(scene, surface, clock=lambda: clock[0])
    hand = scene.placement.hand
    if state == "log":
        scene.toggle_log()
    if state == "dragging" and hand:
        rect = hand[0][1]
        press = pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(rect.x + 5, rect.y + 20), button=1, mod=0
        )
        pygame.event.post(press)
    return app, scene, clock


def measure(size: tuple[int, int], frames: int, cards: int, state: str) -> dict[str, float]:
    """Median and p99 of a step and of a full redraw, in milliseconds."""
    app, scene, clock = table(size, cards, state)
    steps: list[float] = []
    draws: list[float] = []
    area = scene.layout.melds_area
    for i in range(frames + 30):  # the first 30 frames fill the caches
        pos = (area.x + (i * 37) % area.w, area.y + (i * 23) % area.h)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        )
        clock[0] += 16
        t0 = time.perf_counter()
        app.step()
        t1 = time.perf_counter()
        scene.renderer.drawn = None  # forget the cached still table: draw everything
        scene.draw(app.surface, clock[0])
        t2 = time.perf_counter()
        if i >= 30:
            steps.append((t1 - t0) * 1000)
            draws.append((t2 - t1) * 1000)
    return {
        "table_cards": table_cards(scene.match),
        "step_median": statistics.median(steps),
        "step_p99": p99(steps),
        "redraw_median": statistics.median(draws),
        "redraw_p99": p99(draws),
    }


def main() -> int:
    """Measure every size, idle, while dragging and with the turn log open; print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--cards", type=int, default=40, help="least cards on the table")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the table's language")
    args = parser.parse_args()
    i18n.set_language(args.lang)
    pygame.display.init()
    pygame.font.init()
    heads = ("step p50", "step p99", "redraw p50", "redraw p99")
    print(f"{'size':>10} {'state':>9} {'cards':>5}  " + "  ".join(f"{h:>10}" for h in heads))
    for size in SIZES:
        for state in ("idle", "dragging", "log"):
            r = measure(size, args.frames, args.cards, state)
            print(
                f"{size[0]:>5}x{size[1]:<4} {state:>9} {r['table_cards']:>5.0f}  "
                f"{r['step_median']:>10.2f}  {r['step_p99']:>10.2f}  "
                f"{r['redraw_median']:>10.2f}  {r['redraw_p99']:>10.2f}   ms"
            )
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
