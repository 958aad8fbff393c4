"""Reading a JSON file that may be damaged, foreign or huge: a value or a clear problem."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .reading import FileProblem, read_regular

__all__ = ["MAX_BYTES", "FileProblem", "dumps", "parse_json", "read_bytes", "read_json"]

MAX_BYTES = 4 * 1024 * 1024  # a 7-round Hand match is about 10 kB; 400 times that is not a save


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value of a file; raise FileProblem (never anything else) when it is unusable."""
    data = read_bytes(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("not_json", "it is not a text file (not JSON)") from None
    return parse_json(text)


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes (saves.reading: regular files only, never blocking, at most max_bytes)."""
    return read_regular(path, max_bytes)


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
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate in some text: saving must never fail
        return _SURROGATE.sub("\ufffd", text).encode("utf-8")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _compact(value: Any) -> str:
    # the C encoder is used only without indent, so indenting is done by hand above
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
