"""Text from outside cannot hurt drawing: cleaned, bounded, fitted and wrapped in few steps.

A save or player name may hold a NUL, a lone surrogate or 20,000 characters; a message may
quote a 1 MB token. Drawing any of them must neither fail nor eat memory nor take long.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from ui.look import theme
from ui.screens import notice_panel


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


class Counting:
    """A font whose `size` calls are counted (one measure of a text each)."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.calls = 0
        self.chars = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        self.chars += len(text)
        return self.font.size(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self.font, name)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counting:
    real = theme.font(20)
    counting = Counting(real)
    monkeypatch.setattr(theme, "font", lambda size, bold=False, arabic=False, rtl=False: counting)
    return counting


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ("Anna\x00", "Anna"),
        ("a\tb\nc\x7fd", "a b c d"),
        ("Ben \udc80", "Ben \ufffd"),
        ("\ud83d\ude00 ok", "\ufffd\ufffd ok"),
        ("plain 7♥ Rommé", "plain 7♥ Rommé"),
    ],
)
def test_clean_text_is_text_pygame_and_utf8_can_take(raw: str, want: str) -> None:
    got = theme.clean(raw)
    assert got == want
    got.encode("utf-8")  # no lone surrogate is left
    theme.text(raw, 18, theme.TEXT)  # and drawing the raw text does not fail


def test_clean_bounds_the_length() -> None:
    got = theme.clean("x" * 50_000)
    assert len(got) == theme.MAX_TEXT and got.endswith("…")


@pytest.mark.parametrize("length", [80, 2_000, 20_000])
def test_a_long_name_is_fitted_with_few_measures(counted: Counting, length: int) -> None:
    name = "W" * length
    surf = theme.fit(name, 20, theme.TEXT, 300, True)
    assert surf.get_width() <= 300
    assert counted.calls <= 40, counted.calls  # sizes tried, then a binary search for the cut
    assert counted.chars <= 12 * theme.MAX_TEXT


def test_rendered_text_stays_within_its_byte_budget() -> None:
    for k in range(120):  # about 1 MB each: 120 MB drawn, at most the budget kept
        theme.text(f"{k:05d} " + "long name " * 100, 24, theme.TEXT)
    assert theme._rendered.bytes <= theme.TEXT_CACHE_BYTES


def test_a_huge_token_wraps_in_n_log_n_measures(counted: Counting) -> None:
    token = "/very/long/path/" * 60_000  # about 1 MB without a space
    got = notice_panel.lines(token, 20, 400)
    real = theme.font(20)
    assert all(real.size(line)[0] <= 400 for line in got)
    assert "".join(got).startswith("/very/long/path/")
    pieces = len(got)
    assert counted.calls <= pieces * 16 + 10, (counted.calls, pieces)
