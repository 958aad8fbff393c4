"""Make the game's four sounds with the standard library: assets/sounds/*.wav (CC0).

    .venv/bin/python tools/make_sounds.py

draw: a soft card tick; meld: a low "thup"; discard: a quick flick; round_end: a short
rising chord. 16-bit mono at 22050 Hz, each under a second. The noise comes from a seeded
generator, so the files come out the same every time.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def envelope(t: float, attack: float, decay: float) -> float:
    """A quick rise, then an exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def noise(seed: int) -> Callable[[], float]:
    """Low-passed white noise: softer than raw noise, like paper on cloth."""
    rng = random.Random(seed)
    state = [0.0]

    def next_sample() -> float:
        state[0] += 0.35 * (rng.uniform(-1, 1) - state[0])
        return state[0]

    return next_sample


def tick(t: float, n: Callable[[], float]) -> float:
    """Draw: a short, soft card tick."""
    return 0.9 * n() * envelope(t, 0.002, 0.012) + 0.2 * math.sin(
        2 * math.pi * 1900 * t
    ) * envelope(t, 0.001, 0.006)


def thup(t: float, n: Callable[[], float]) -> float:
    """Meld: a low thump with a falling pitch and a breath of noise."""
    pitch = 150 - 60 * min(1.0, t / 0.12)
    body = math.sin(2 * math.pi * pitch * t) * envelope(t, 0.004, 0.05)
    return 0.8 * body + 0.35 * n() * envelope(t, 0.002, 0.02)


def flick(t: float, n: Callable[[], float]) -> float:
    """Discard: a card snapped onto the pile."""
    snap = math.sin(2 * math.pi * 900 * t * (1 - t * 3)) * envelope(t, 0.001, 0.015)
    return 0.55 * n() * envelope(t, 0.003, 0.03) + 0.35 * snap


def chord(t: float, n: Callable[[], float]) -> float:
    """Round end: C, E, G and C played one after another and held, softly."""
    total = 0.0
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        start = k * 0.07
        if t >= start:
            u = t - start
            tone = math.sin(2 * math.pi * freq * u) + 0.25 * math.sin(4 * math.pi * freq * u)
            total += tone * envelope(u, 0.01, 0.35)
    return 0.22 * total


SOUNDS: dict[str, tuple[Callable[[float, Callable[[], float]], float], float]] = {
    "draw": (tick, 0.08),
    "meld": (thup, 0.22),
    "discard": (flick, 0.12),
    "round_end": (chord, 0.95),
}


def write(name: str, shape: Callable[[float, Callable[[], float]], float], seconds: float) -> None:
    """One WAV file, faded out over its last 10 ms so it ends without a click."""
    n = noise(len(name))
    count = round(RATE * seconds)
    frames = bytearray()
    for i in range(count):
        t = i / RATE
        fade = min(1.0, (count - i) / (RATE * 0.01))
        value = max(-1.0, min(1.0, shape(t, n) * fade))
        frames += struct.pack("<h", round(value * 0.7 * 32767))
    with wave.open(str(OUT / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main() -> None:
    """Write every sound."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (shape, seconds) in SOUNDS.items():
        write(name, shape, seconds)
        print(f"wrote {OUT / name}.wav")


if __name__ == "__main__":
    main()
