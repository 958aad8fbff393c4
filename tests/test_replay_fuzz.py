"""Seeded fuzzing of ``main.py replay``: records mutated every way a file can be spoiled
(byte flips, tokens deleted or doubled, truncation, lone surrogates, NULs, Unicode digits
and huge numbers put into texts, numbers and keys) always give JSON on stdout and exit
status 0, 1 or 2; never a traceback, never the command's own safety net.

Most runs are in-process (``main.main``) with stdout an encoding-strict stream like a real
one (UTF-8, or ASCII as a C-locale or an old Windows console may be); a few run as real
processes with the default stdout encoding. ``make soak`` runs thousands. Set
REPLAY_FUZZ_SEED to repeat a run; the seed is printed on failure.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "tests" / "fixtures").glob("*.json")) + sorted(
    (ROOT / "tests" / "saves" / "fixtures" / "v1").glob("*.json")
)
RUNS = 300
SOAK_RUNS = 5000
PROCESS_RUNS = 6
HOSTILE_TEXT = ["\ud800", "\udcff", "\x00", "\x1b", "²", "①", "٣", "１", "\u2028", "\ufeff", "m²"]
HUGE = ["1" + "0" * 300, "-" + "9" * 4000, "1e400", "-1e400", "NaN", "Infinity", "1e-400", "0.5"]
TOKEN = re.compile(
    rb'"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null|[{}\[\]:,]'
)
DIGITS = str.maketrans("0123456789", "٠①²³٤٥٦٧٨٩")


def seed_of_run() -> int:
    return int(os.environ.get("REPLAY_FUZZ_SEED", random.randrange(1_000_000)))


# --- mutations -------------------------------------------------------------------------------


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(out))
        out[i] ^= 1 << rng.randrange(8)
    return bytes(out)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def tokens(data: bytes) -> list[re.Match[bytes]]:
    return list(TOKEN.finditer(data))


def edit_token(rng: random.Random, data: bytes) -> bytes:
    """Delete, double or swap a JSON token, or put a huge number in place of a number."""
    found = tokens(data)
    if not found:
        return data
    t = rng.choice(found)
    a, b = t.span()
    kind = rng.choice(("delete", "double", "swap", "number"))
    if kind == "delete":
        return data[:a] + data[b:]
    if kind == "double":
        return data[:b] + data[a:b] + data[b:]
    if kind == "swap":
        u = rng.choice(found)
        return data[:a] + u.group() + data[b:] if u.start() >= b else data
    numbers = [m for m in found if m.group()[:1] in b"-0123456789"]
    if not numbers:
        return data
    n = rng.choice(numbers)
    return data[: n.start()] + rng.choice(HUGE).encode() + data[n.end() :]


def into_text(rng: random.Random, data: bytes) -> bytes:
    """Put a hostile character (as a JSON escape or raw) into a JSON text or key."""
    texts = [m for m in tokens(data) if m.group().startswith(b'"')]
    if not texts:
        return data
    t = rng.choice(texts)
    inner = t.group()[1:-1]
    cut = rng.randint(0, len(inner))
    while cut and inner[cut - 1 : cut] == b"\\":
        cut -= 1  # never split an escape
    char = rng.choice(HOSTILE_TEXT)
    piece = json.dumps(char)[1:-1] if rng.random() < 0.6 else char
    raw = piece.encode("utf-8", "surrogatepass")
    return data[: t.start() + 1] + inner[:cut] + raw + inner[cut:] + data[t.end() - 1 :]


def structured(rng: random.Random, data: bytes) -> bytes:
    """Change one value of the parsed record: texts, numbers, keys, actions' digits."""
    try:
        value = json.loads(data)
    except ValueError:
        return data
    if not isinstance(value, dict):
        return data
    kind = rng.choice(("action digits", "rules key", "name", "value", "value"))
    actions = value.get("actions")
    if kind == "action digits" and isinstance(actions, list) and actions:
        i = rng.randrange(len(actions))
        if isinstance(actions[i], str):
            actions[i] = actions[i].translate(DIGITS) if rng.random() < 0.7 else actions[i] + " m²"
    elif kind == "rules key" and isinstance(value.get("rules"), dict):
        value["rules"][rng.choice(HOSTILE_TEXT) + "key"] = rng.choice([1, "x", None])
    elif kind == "name" and isinstance(value.get("players"), list) and value["players"]:
        seat = rng.choice(value["players"])
        if isinstance(seat, dict):
            seat["name"] = "".join(rng.choice(HOSTILE_TEXT) for _ in range(rng.randint(1, 50)))
    else:
        path, parent = _pick(rng, value)
        if parent is not None:
            parent[path] = rng.choice(_hostile_values())
    return json.dumps(value, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


def _hostile_values() -> list[Any]:
    return [
        10**300,
        -(10**300),
        1e308,
        float("inf"),
        float("nan"),
        "\ud800",
        "\x00",
        "²",
        "m①",
        [],
        {},
        None,
        True,
        [[[[]]]],
        {"\udcff": 1},
        "x" * 10_000,
    ]


def _pick(rng: random.Random, value: Any) -> tuple[Any, Any]:
    """A random (key, container) inside a JSON value."""
    parent: Any = None
    key: Any = None
    for _ in range(rng.randint(1, 6)):
        if isinstance(value, dict) and value:
            parent, key = value, rng.choice(list(value))
        elif isinstance(value, list) and value:
            parent, key = value, rng.randrange(len(value))
        else:
            break
        value = parent[key]
    return key, parent


MUTATIONS: list[Callable[[random.Random, bytes], bytes]] = [
    flip_bytes,
    truncate,
    edit_token,
    edit_token,
    into_text,
    into_text,
    structured,
    structured,
    structured,
]


def mutated(rng: random.Random) -> bytes:
    data = rng.choice(RECORDS).read_bytes()
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data = rng.choice(MUTATIONS)(rng, data)
    return data


# --- running replay ------------------------------------------------------------------------------


def replay_in_process(path: Path, encoding: str) -> tuple[int, str]:
    """``main.py replay PATH --compact`` in this process, stdout a strict stream."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict", write_through=True)
    with redirect_stdout(stream):
        code = main.main(["replay", str(path), "--compact"])
    stream.flush()
    return code, raw.getvalue().decode(encoding)


def check_output(code: int, out: str, where: str) -> None:
    assert code in (0, 1, 2), (where, code)
    result = json.loads(out)
    assert isinstance(result, dict) and "ok" in result and "error" in result, where
    if result["error"] is not None:
        assert result["error"]["code"] != "internal_error", (where, result["error"])
    assert (code == 0) == (result["ok"] is True), (where, code, result["ok"])


def fuzz(tmp_path: Path, runs: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    path = tmp_path / "record.json"
    figures = {"runs": 0, "exit 0": 0, "exit 1": 0, "exit 2": 0}
    for run in range(runs):
        data = mutated(rng)
        path.write_bytes(data)
        encoding = "ascii" if rng.random() < 0.25 else "utf-8"
        where = f"seed {seed}, run {run} ({encoding}); rerun with REPLAY_FUZZ_SEED={seed}"
        try:
            code, out = replay_in_process(path, encoding)
        except BaseException as e:
            raise AssertionError(f"{where}: {type(e).__name__}: {e}; record {data[:300]!r}") from e
        check_output(code, out, f"{where}; record {data[:300]!r}")
        figures["runs"] += 1
        figures[f"exit {code}"] += 1
    return figures


def test_mutated_records_always_replay_to_json(tmp_path: Path) -> None:
    seed = seed_of_run()
    print(f"replay fuzz seed {seed} (rerun with REPLAY_FUZZ_SEED={seed})")
    figures = fuzz(tmp_path, RUNS, seed)
    print(f"replay fuzz: {figures}, 0 tracebacks")
    assert figures["runs"] == RUNS


@pytest.mark.soak
def test_thousands_of_mutated_records_always_replay_to_json(tmp_path: Path) -> None:
    seed = seed_of_run()
    print(f"replay fuzz soak seed {seed} (rerun with REPLAY_FUZZ_SEED={seed})")
    figures = fuzz(tmp_path, SOAK_RUNS, seed)
    print(f"replay fuzz soak: {figures}, 0 tracebacks")
    assert figures["runs"] == SOAK_RUNS


def test_mutated_records_through_a_real_process(tmp_path: Path) -> None:
    """The stdout of a real process (its default encoding), texts with lone surrogates."""
    seed = seed_of_run()
    rng = random.Random(seed)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    for run in range(PROCESS_RUNS):
        data = json.loads(rng.choice(RECORDS).read_bytes())
        data.setdefault("rules", {})["\udcff" + rng.choice(HOSTILE_TEXT)] = 1
        if run % 2 and data.get("actions"):
            data["actions"][-1] = "layoff 7H m" + rng.choice(["²", "①", "٣"])
            data["rules"] = {k: v for k, v in data["rules"].items() if k.isascii()}
        path = tmp_path / f"record{run}.json"
        path.write_text(json.dumps(data), encoding="utf-8")  # surrogates as \ud800 escapes
        proc = subprocess.run(
            [sys.executable, "main.py", "replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            timeout=120,
            env=env,
        )
        where = f"seed {seed}, process run {run}; rerun with REPLAY_FUZZ_SEED={seed}"
        assert b"Traceback" not in proc.stderr, (where, proc.stderr.decode(errors="replace"))
        check_output(proc.returncode, proc.stdout.decode(), where)
