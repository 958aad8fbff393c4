"""Rummy Table: the entry point. Parses the command line (docs/NOTATION.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from game.text import encodable
from saves.settings import LANGUAGES

MAX_RECORD_BYTES = 5_000_000


def read_json(path: str) -> tuple[Any, str | None]:
    """The JSON value of a file, or None and a reason a person can read (read with the
    saves package's one reader: a regular file only, never blocking, at most 5 MB)."""
    from saves.reading import FileProblem, read_regular

    try:
        data = read_regular(path, MAX_RECORD_BYTES)
        return json.loads(data.decode("utf-8")), None
    except FileProblem as e:
        if e.code == "missing":
            return None, f"{path}: no such file"
        if e.code == "too_large":
            return None, f"{path}: the file is larger than a record can be"
        return None, f"{path}: cannot read it ({e})"
    except UnicodeDecodeError as e:
        return None, f"{path}: cannot read it ({e})"
    except json.JSONDecodeError as e:
        return None, f"{path}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})"
    except (RecursionError, ValueError):
        return None, f"{path}: not a record (the JSON is nested too deeply or malformed)"


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record and print the outcome as JSON (exit status 0, 1 or 2, always JSON)."""
    from game.record import replay_data

    data, problem = read_json(args.file)
    out: dict[str, Any]
    if problem is not None:
        out, code = {"ok": False, "error": {"code": "bad_record", "reason": problem}}, 2
    else:
        try:
            out, code = replay_data(data)
        except Exception as e:  # a bug of ours: still JSON, still a status the docs promise
            reason = f"the replay failed ({type(e).__name__}: {e})"
            out, code = {"ok": False, "error": {"code": "internal_error", "reason": reason}}, 2
    write_json(out, args.compact)
    return code


def write_json(value: Any, compact: bool) -> None:
    """Print JSON that any stdout takes: lone surrogates quoted from a file become U+FFFD,
    and where the stream's encoding cannot take a character, the JSON is written ASCII."""
    indent = None if compact else 2
    text = encodable(json.dumps(value, ensure_ascii=False, indent=indent))
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(json.loads(text), ensure_ascii=True, indent=indent)
    print(text)
    sys.stdout.flush()


def cmd_simulate(args: argparse.Namespace) -> int:
    """Bots play matches without a window; print results (a table or JSON)."""
    from commands.simulate import check_args, simulate, table

    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    problem = check_args(args.rules, levels, args.games)
    if problem is not None:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    result = simulate(args.rules, levels, args.games, args.seed, progress=not args.json)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0 if not result["errors"] else 1


def build_parser() -> argparse.ArgumentParser:
    """The command line of docs/NOTATION.md."""
    parser = argparse.ArgumentParser(prog="main.py", description="Rummy Table")
    sub = parser.add_subparsers(dest="command")
    rp = sub.add_parser("replay", help="replay a record and print the outcome as JSON")
    rp.add_argument("file")
    rp.add_argument("--compact", action="store_true", help="one line of JSON")
    rp.set_defaults(func=cmd_replay)
    sim = sub.add_parser("simulate", help="bots play matches without a window")
    sim.add_argument("--rules", default="classic", help="preset: classic, standard, romme, hand")
    sim.add_argument("--seats", default="medium,easy", help="bot levels, comma separated")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.set_defaults(func=cmd_simulate)
    parser.add_argument("--load", metavar="FILE", help="open the game at a record's position")
    parser.add_argument("--screenshot", metavar="PNG", help="render the table to a PNG and exit")
    parser.add_argument("--size", metavar="WxH", help="window size for --screenshot")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="speak this language for this run only (the saved settings stay as they are)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="self-test without a screen: bots play a round, it is saved and loaded back",
    )
    return parser


def parse_size(text: str | None) -> tuple[tuple[int, int] | None, str | None]:
    """A window size from ``WxH`` (at least the table's minimum), or a reason it is not one."""
    from game.text import ascii_digits
    from ui.table.layout import MIN_SIZE

    if text is None:
        return (1280, 800), None
    w, sep, h = text.lower().partition("x")
    if sep and ascii_digits(w) and ascii_digits(h) and len(w + h) < 12:
        size = (int(w), int(h))
        if MIN_SIZE[0] <= size[0] <= 7680 and MIN_SIZE[1] <= size[1] <= 4320:
            return size, None
    return None, (
        f"--size takes WIDTHxHEIGHT from {MIN_SIZE[0]}x{MIN_SIZE[1]} to 7680x4320, "
        f"e.g. 1280x800; not {text!r}"
    )


def load_match(path: str) -> tuple[Any, str | None]:
    """A match at the final position of a record, or a reason a person can read."""
    from game.errors import IllegalAction
    from game.match import DealError
    from game.record import RecordError, load
    from game.text import clean_players

    data, problem = read_json(path)
    if problem is not None:
        return None, problem
    try:
        record = load(clean_players(data))  # names any screen can draw
        match = record.start()
        for action in record.actions:
            match.apply(action)
    except (RecordError, DealError) as e:  # DealError: a fixed deal that does not fit when due
        return None, f"{path}: not a valid record: {e}"
    except IllegalAction as e:
        number = len(match.actions) + 1
        return None, f"{path}: action {number} ({e.action}) is illegal: {e.refusal.reason}"
    return match, None


def cmd_window(args: argparse.Namespace) -> int:
    """Open the game window, or render one frame of the table with --screenshot."""
    size, problem = parse_size(args.size)
    match = None
    if problem is None and args.load:
        match, problem = load_match(args.load)
    if problem is not None or size is None:
        print(f"main.py: {problem}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from ui.app import screenshot
        from ui.table.demo import demo_match

        try:
            return screenshot(match or demo_match(), Path(args.screenshot), size, args.lang)
        except (OSError, ValueError, RuntimeError) as e:  # pygame.error is a RuntimeError
            print(f"main.py: cannot write {args.screenshot}: {e}", file=sys.stderr)
            return 2
    from ui.app import run_window

    return run_window(match, size, args.lang)


def cmd_smoke(args: argparse.Namespace) -> int:
    """The self-test of the app and of a build (commands/smoke.py)."""
    from commands.smoke import run

    return run()


def _no_console_streams() -> None:
    """A windowed build on Windows starts with sys.stdout and sys.stderr set to None: write
    to the handles a parent process passed (a pipe, for --smoke in tests), else nowhere."""
    for name, number in (("stdout", -11), ("stderr", -12)):  # STD_OUTPUT/ERROR_HANDLE
        if getattr(sys, name) is None:
            setattr(sys, name, _inherited_stream(number) or open(os.devnull, "w"))  # noqa: SIM115


def _inherited_stream(number: int) -> Any:
    """The Windows standard handle `number` as a text stream, or None."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes
        import msvcrt

        handle = getattr(ctypes, "windll").kernel32.GetStdHandle(number)  # noqa: B009 (Windows only)
        if not handle or handle == -1:
            return None
        fd = msvcrt.open_osfhandle(handle, os.O_WRONLY)
        os.fstat(fd)
        return open(fd, "w", encoding="utf-8", errors="replace", buffering=1)
    except (OSError, AttributeError, ValueError):
        return None


def main(argv: list[str] | None = None) -> int:
    """Run a command; with none, open the game."""
    _no_console_streams()
    args = build_parser().parse_args(argv)
    if getattr(args, "func", None) is not None:
        return int(args.func(args))
    if args.smoke:
        return cmd_smoke(args)
    return cmd_window(args)


if __name__ == "__main__":
    sys.exit(main())
