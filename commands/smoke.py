"""``main.py --smoke``: the real app, headless, plays one bot-only round, saves it, loads it back.

It opens the game window (SDL's dummy drivers unless others are set), sits two medium bots
at a classic table with a fixed seed and steps the app's own loop, bots thinking in their
worker thread, until the first round ends and its score sheet is up, and closes the app as
quitting does. The app has autosaved the match into a temporary data folder
(RUMMYTABLE_HOME, unless set); that save, and one more written with saves.write_save, are
opened again and the replayed matches compared with the live one. It prints one line and
returns 0; any error, a scene reporting one, or the time limit returns 1 with the reason.
The built app runs the same check (tests/test_build.py).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

SEED = 20240
SIZE = (1280, 800)
LIMIT_S = 60.0
PREFIX = "smoke"


class SmokeFailure(Exception):
    """The smoke run found something wrong; the message says what."""


def run(limit: float = LIMIT_S) -> int:
    """Run the smoke check; print one line (the summary, or the reason for failing)."""
    started = time.monotonic()
    home = _private_home()
    watchdog = _watchdog(limit + 10)  # a hang outside the loop's own deadline checks
    try:
        summary = _play(started + limit, autosaves=home is not None)
    except SmokeFailure as failure:
        _fail(str(failure), home)
        return 1
    except Exception as error:  # every failure becomes a reason and exit code 1
        traceback.print_exc(file=sys.stderr if sys.stderr is not None else None)
        _fail(f"{type(error).__name__}: {error}", home)
        return 1
    finally:
        watchdog.cancel()
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)
    _say(f"{PREFIX} ok: {summary} in {time.monotonic() - started:.1f} s")
    return 0


def _say(line: str, stream: Any = None) -> None:
    """One line to stdout or `stream` (a windowed Windows build may have none: then nowhere)."""
    stream = stream or sys.stdout
    if stream is not None:
        print(line, file=stream, flush=True)


def _fail(reason: str, home: Path | None) -> None:
    """The reason for failing, on stderr; the data folder is kept to look into."""
    kept = f" (its data folder is kept: {home})" if home is not None else ""
    _say(f"{PREFIX} failed: {reason}{kept}", sys.stderr)


def _private_home() -> Path | None:
    """Headless drivers and a fresh data folder, unless the caller chose them; the folder
    made here (to remove at the end), or None."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if os.environ.get("RUMMYTABLE_HOME"):
        return None
    home = Path(tempfile.mkdtemp(prefix="rummytable-smoke-"))
    os.environ["RUMMYTABLE_HOME"] = str(home)
    return home


def _watchdog(seconds: float) -> threading.Timer:
    """Exit 1 with a reason if the whole run takes longer than `seconds`."""

    def give_up() -> None:
        _say(f"{PREFIX} failed: still running after {seconds:.0f} s (hung?)", sys.stderr)
        os._exit(1)

    timer = threading.Timer(seconds, give_up)
    timer.daemon = True
    timer.start()
    return timer


def _play(deadline: float, autosaves: bool) -> str:
    """Play the round in the app, save, reload, compare; a summary of what happened."""
    import pygame

    from ui.app import open_window, start_app

    surface = open_window(SIZE)
    assets = _check_assets()
    app = start_app(surface, _match(), _settings())
    try:
        frames, match = _until_round_over(app, deadline)
    finally:
        _close(app)
        pygame.quit()
    saved = _save_and_compare(match, autosaves)
    totals = "-".join(str(t) for t in match.totals)
    return (
        f"classic, 2 medium bots, seed {SEED}: round 1 over after {len(match.actions)} actions "
        f"in {frames} frames, totals {totals}; {assets} assets found; {saved}"
    )


def _close(app: Any) -> None:
    """End the app as quitting does: bots stop, pending autosaves are written."""
    close = getattr(app, "close", None)
    if callable(close):
        close()
    elif app.nav is not None:
        app.nav.close_table()


def _check_assets() -> int:
    """Every asset the game opens is where ui.look.assets looks (in a build: inside the bundle),
    and every translation has texts; how many files were checked."""
    from ui.look import sound
    from ui.look.assets import asset_path, font_path
    from ui.text import i18n

    files = [font_path(False), font_path(True), asset_path("icon", "icon-128.png")]
    files += [asset_path("sounds", f"{name}.wav") for name in sound.NAMES]
    for language in i18n.LANGUAGES:
        files.append(asset_path("rules", f"{language}.md"))
        if language != "en":
            files.append(asset_path("i18n", f"{language}.po"))
            if not i18n.catalog(language):
                raise SmokeFailure(f"no translations for {language!r} in {i18n.po_path(language)}")
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise SmokeFailure(f"assets missing: {', '.join(missing)}")
    return len(files)


def _match() -> Any:
    from game.match import Match, Player
    from game.rules import preset

    players = [Player("Ada", "bot", "medium"), Player("Ben", "bot", "medium")]
    return Match(preset("classic", players=2), players, SEED)


def _settings() -> Any:
    """Bots without pauses, no card glides, no sound, English."""
    from ui.store.prefs import ANIMATIONS, SPEEDS, Settings

    speed = next(i for i, (name, _) in enumerate(SPEEDS) if name == "instant")
    animation = next(i for i, (name, _) in enumerate(ANIMATIONS) if name == "off")
    return Settings(speed=speed, animation=animation, sound=False, language="en")


def _until_round_over(app: Any, deadline: float) -> tuple[int, Any]:
    """Step the app's loop until the first round's score sheet is drawn; the frame count
    and the match at the table."""
    from ui.table.overlays import SheetOverlay

    frames = 0
    while True:
        if time.monotonic() > deadline:
            match = getattr(app.scene, "match", None)
            played = f" ({len(match.actions)} actions played)" if match is not None else ""
            raise SmokeFailure(f"no round end within the time limit{played}")
        if not app.step():
            raise SmokeFailure("the app quit before the round ended")
        frames += 1
        _check_scene(app.scene)
        match = getattr(app.scene, "match", None)
        if match is None:
            raise SmokeFailure(f"left the table for {type(app.scene).__name__}")
        if match.results and isinstance(app.scene.overlay, SheetOverlay):
            return frames, match
        time.sleep(0.001)  # let the bot thread have the interpreter


def _check_scene(scene: Any) -> None:
    """A scene that caught an error shows it; the smoke run fails on it."""
    status = getattr(scene, "status", None)
    if status is not None and status.kind == "error":
        raise SmokeFailure(f"the table reported an error: {status.text}")
    error = getattr(scene, "error", None)
    if error:
        raise SmokeFailure(f"{type(scene).__name__} reported an error: {error}")


def _save_and_compare(match: Any, autosaves: bool) -> str:
    """Save with the saves package, open the file again, compare; with `autosaves` (the data
    folder is ours alone) the app's own autosave there is opened and compared too."""
    import saves

    slot = saves.new_slot(match, "Smoke test")
    saves.write_save(slot, match, {})
    loaded = saves.open_save(slot.path)
    if not isinstance(loaded, saves.Loaded):
        raise SmokeFailure(f"the save does not open: {loaded.describe()}")
    if not loaded.check_ok or loaded.notes:
        raise SmokeFailure(f"the save opened with notes: {' '.join(loaded.notes)}")
    _compare(match, loaded.match)
    if not autosaves:
        return f"saved to {slot.path.name} and reloaded identically"
    others = [i for i in saves.list_saves() if i.path != slot.path]
    if not others:
        raise SmokeFailure(f"the app autosaved nothing into {saves.saves_dir()}")
    for info in others:
        _check_autosave(info.path, match)
    return f"the app's autosave and a save to {slot.path.name} reloaded identically"


def _compare(live: Any, replayed: Any) -> None:
    """The replayed match stands where the live one does: round, totals, hands, table."""
    from saves.check import position_text

    facts = {
        "round": lambda m: m.round.number,
        "totals": lambda m: m.totals,
        "results": lambda m: m.results,
        "hands": lambda m: m.round.hands,
        "actions": lambda m: m.actions,
        "position": position_text,
    }
    for name, fact in facts.items():
        if fact(live) != fact(replayed):
            raise SmokeFailure(f"the reloaded match differs in its {name}")


def _check_autosave(path: Path, live: Any) -> None:
    """The app's autosave (written in full when it closed) opens at the live position."""
    import saves

    loaded = saves.open_save(path)
    if not isinstance(loaded, saves.Loaded):
        raise SmokeFailure(f"the app's autosave {path.name} does not open: {loaded.describe()}")
    try:
        _compare(live, loaded.match)
    except SmokeFailure as failure:
        raise SmokeFailure(f"the app's autosave {path.name}: {failure}") from None
