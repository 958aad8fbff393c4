"""Arabic: every text drawn with glyphs the bundled fonts have, shaped, in reading order."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from tests.ui.harness import Screens, Table, table_match
from ui.look import bidi, theme
from ui.look.assets import font_path
from ui.text import i18n
from ui.text.i18n import parse_po

ROOT = Path(__file__).resolve().parent.parent.parent
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    i18n.set_language("en")


def glyphs(arabic: bool, bold: bool) -> set[int]:
    """The characters a bundled font has a glyph for."""
    return set(TTFont(str(font_path(bold, arabic)), lazy=True).getBestCmap())


def arabic_texts() -> list[str]:
    """Every Arabic text of the game: the catalogue, the rules help, the language's name."""
    entries = parse_po((ROOT / "assets" / "i18n" / "ar.po").read_text(encoding="utf-8"))
    texts = [PLACEHOLDER.sub("", e.msgstr) for e in entries]
    rules = (ROOT / "assets" / "rules" / "ar.md").read_text(encoding="utf-8")
    texts += [line.lstrip("#- ").replace("**", "") for line in rules.splitlines()]
    return [*texts, i18n.LANGUAGE_NAMES["ar"]]


def test_every_arabic_text_has_its_glyphs_in_the_font_that_draws_it() -> None:
    fonts = {(a, b): glyphs(a, b) for a in (False, True) for b in (False, True)}
    missing: set[tuple[str, str]] = set()
    texts = arabic_texts()
    assert len(texts) > 600
    for text in texts:
        for line in text.split("\n"):
            for piece in bidi.pieces(line, True):
                for bold in (False, True):
                    have = fonts[(piece.arabic, bold)]
                    missing |= {(ch, line) for ch in piece.text if ord(ch) not in have}
    assert sorted(missing)[:10] == []


def test_arabic_is_drawn_in_the_arabic_font_and_latin_in_dejavu() -> None:
    got = bidi.pieces("اسحب 7♥ من الكومة", True)
    assert [(p.text, p.rtl, p.arabic) for p in got] == [
        (" من الكومة", True, True),
        ("7♥", False, False),
        ("اسحب ", True, True),
    ]


def test_shaped_arabic_joins_its_letters() -> None:
    pygame.font.init()
    i18n.set_language("ar")
    word = "الكومة"
    shaped = theme.text(word, 30, (255, 255, 255))
    plain = pygame.font.Font(str(font_path(False, True)), round(30 * theme.ARABIC_SCALE))
    unshaped = plain.render(word, True, (255, 255, 255))  # no script, no direction: isolated forms
    assert pygame.image.tobytes(shaped, "RGBA") != pygame.image.tobytes(unshaped, "RGBA")
    assert shaped.get_width() < unshaped.get_width()  # joined letters take less room


def test_a_mixed_line_reads_in_its_logical_order_from_the_right() -> None:
    line = "دورك: ارمِ 7♥ أو K♠ إلى Ali (−120 نقطة)"
    got = bidi.pieces(line, True)
    # read right to left, the pieces give the line back in the order it was written
    assert "".join(p.text for p in reversed(got)).replace(")", "").replace("(", "") == (
        line.replace("(", "").replace(")", "")
    )
    latin = [p.text for p in got if not p.rtl]
    assert latin == ["−120", "Ali", "K♠", "7♥"]  # each number, name and card whole, LTR
    cards = bidi.pieces("علي: 7♥ 8♥ 9♥", True)
    assert [p.text for p in cards if p.text.strip()][:3] == ["9♥", "8♥", "7♥"]  # read: 7, 8, 9


def test_a_left_to_right_line_is_one_piece_and_unchanged() -> None:
    assert bidi.pieces("K♠ 7♥ 8♥ (Ali)", False) == (bidi.Piece("K♠ 7♥ 8♥ (Ali)", False, False),)
    got = bidi.pieces("Ali: ليست تسلسلاً", False)
    assert [p.text for p in got] == ["Ali: ", "ليست تسلسلاً"]


def test_the_line_is_as_wide_as_measured_and_drawn_pieces_are_placed_right_to_left() -> None:
    pygame.font.init()
    i18n.set_language("ar")
    line = "الجولة 3 من 7"
    img = theme.text(line, 20, theme.TEXT)
    assert img.get_width() == theme.width_of(line, 20)
    ink = img.get_bounding_rect()  # the line's first word is drawn at its right end
    assert ink.right >= img.get_width() - 2


def texts_drawn(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the table draws in one frame."""
    seen: list[str] = []
    real_text, real_fit = theme.text, theme.fit

    def text(words: str, *args: object, **kw: object) -> pygame.Surface:
        seen.append(words)
        return real_text(words, *args, **kw)  # type: ignore[arg-type]

    def fit(words: str, *args: object, **kw: object) -> pygame.Surface:
        seen.append(words)
        return real_fit(words, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "fit", fit)
    table.step()
    monkeypatch.setattr(theme, "text", real_text)
    monkeypatch.setattr(theme, "fit", real_fit)
    return seen


def test_switching_to_arabic_at_the_table_changes_every_text_in_the_next_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(table_match("classic", hands, "10H KH 4C 6D", upcard="KD", actions=["draw"]))
    table.step(3)
    table.scene.renderer.drawn = None  # the English table drawn afresh, every text of it
    english = texts_drawn(table, monkeypatch)
    assert any(re.search(r"[A-Za-z]{4,}", t) for t in english), english
    i18n.set_language("ar")  # what the settings screen does when the language is changed
    arabic = texts_drawn(table, monkeypatch)
    names = {p.name for p in table.match.players}
    left = [
        t
        for t in arabic
        if re.search(r"[A-Za-z]{2,}", t)
        and not bidi.has_rtl(t)
        and t not in names
        and not re.fullmatch(r"[A-Za-z]{1,2}|\(?[A-Z]\)?", t)  # a key name: (G), D
    ]
    assert left == []
    assert sum(bidi.has_rtl(t) for t in arabic) >= 5


def test_a_new_game_in_arabic_names_its_seats_in_arabic() -> None:
    app = Screens(language="ar")
    names = [p.name for p in app.nav.setup.player_list()]
    assert names[0] == "أنت"
    assert all(bidi.has_rtl(name) for name in names)
