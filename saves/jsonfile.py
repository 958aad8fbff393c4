"""Reading a JSON file that may be damaged, foreign or huge: a value or a clear problem."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

MAX_BYTES = 4 * 1024 * 1024  # a 7-round Hand match is about 10 kB; 400 times that is not a save


class FileProblem(ValueError):
    """A file that cannot be used; ``code`` is stable, the message says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value of a file; raise FileProblem (never anything else) when it is unusable."""
    data = read_bytes(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("not_json", "it is not a text file (not JSON)") from None
    return parse_json(text)


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, refusing a file larger than ``max_bytes`` before reading it."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > max_bytes:
                raise FileProblem("too_large", _too_large(size, max_bytes))
            data = f.read(max_bytes + 1)  # the file may have grown since fstat
    except FileNotFoundError:
        raise FileProblem("missing", "the file is missing") from None
    except OSError as e:
        raise FileProblem("unreadable", f"it cannot be read ({e.strerror or e})") from None
    if len(data) > max_bytes:
        raise FileProblem("too_large", _too_large(len(data), max_bytes))
    return data


def _too_large(size: int, limit: int) -> str:
    return f"it is too large ({size / 1e6:.1f} MB; at most {limit / 1e6:.1f} MB is read)"


def parse_json(text: str) -> Any:
    """Parse JSON text; raise FileProblem telling a cut-short file from one that is not JSON."""
    if not text.strip():
        raise FileProblem("truncated", "it is empty (the file was cut short)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string"):
            raise FileProblem("truncated", "it ends too early (the file was cut short)") from None
        where = f"line {e.lineno}, column {e.colno}"
        raise FileProblem("not_json", f"it is not valid JSON ({where}: {e.msg})") from None
    except (RecursionError, ValueError):
        # nesting deeper than Python's stack, or a number with thousands of digits
        raise FileProblem("not_json", "it is not a save (its JSON is malformed)") from None


def dumps(value: Any) -> bytes:
    """UTF-8 JSON, one top-level key per line (readable in a bug report, fast to encode)."""
    if isinstance(value, dict) and value:
        parts = [f"{_compact(str(k))}: {_compact(v)}" for k, v in value.items()]
        text = "{\n" + ",\n".join(parts) + "\n}\n"
    else:
        text = _compact(value) + "\n"
    return text.encode("utf-8")


def _compact(value: Any) -> str:
    # the C encoder is used only without indent, so indenting is done by hand above
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
