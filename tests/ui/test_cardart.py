"""Card art: sizes, distinct faces, rounded corners, suit colours, caching, fonts."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.cards import JOKER, Face, Suit
from ui.look import assets
from ui.look.assets import asset_path, font_path
from ui.look.cardart import CardArt

Pixel = tuple[int, int, int, int]
DECK = [Face(rank, suit) for suit in Suit for rank in range(1, 14)]
GERMAN = {11: "B", 12: "D", 13: "K"}


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    """Fonts only: card art must not need a display mode."""
    pygame.font.init()


def pixels(surf: pygame.Surface, rect: tuple[int, int, int, int]) -> list[Pixel]:
    """Every pixel of a region, as RGBA."""
    x0, y0, w, h = rect
    return [tuple(surf.get_at((x, y))) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]  # type: ignore[misc]


def index_area(art: CardArt) -> tuple[int, int, int, int]:
    """The top-left corner, where the index is printed."""
    return (0, 0, round(art.width * 0.3), round(art.height * 0.35))


def image(surf: pygame.Surface) -> bytes:
    """A surface's pixels, for comparing two renderings."""
    return pygame.image.tobytes(surf, "RGBA")


def is_red(p: Pixel) -> bool:
    return p[3] > 200 and p[0] > 150 and p[1] < 90 and p[2] < 90


def is_reddish(p: Pixel) -> bool:
    return p[3] > 100 and p[0] > p[1] + 60 and p[0] > p[2] + 60


def is_blue(p: Pixel) -> bool:
    return p[3] > 200 and p[2] > p[0] + 80 and p[2] > p[1] + 60


def is_green(p: Pixel) -> bool:
    return p[3] > 200 and p[1] > p[0] + 60 and p[1] > p[2] + 40


def is_ink(p: Pixel) -> bool:
    return p[3] > 128 and (p[0] + p[1] + p[2]) < 3 * 128


@pytest.mark.parametrize("width", [40, 48, 63, 100, 126, 160])
def test_cards_have_real_63_by_88_proportions(width: int) -> None:
    art = CardArt(width)
    assert art.height == round(width * 88 / 63)
    expected = (width, art.height)
    assert art.face(Face(7, Suit.H)).get_size() == expected
    assert art.face(JOKER).get_size() == expected
    assert art.back().get_size() == expected
    assert art.outline((255, 200, 0), 3).get_size() == expected


@pytest.mark.parametrize("width", [40, 48, 110])
def test_every_face_and_the_back_render_differently(width: int) -> None:
    art = CardArt(width)
    images = [image(art.face(face)) for face in [*DECK, JOKER]] + [image(art.back())]
    assert len(set(images)) == 54


@pytest.mark.parametrize("width", [48, 110])
@pytest.mark.parametrize("draw", ["face", "back"])
def test_corners_are_rounded_and_transparent_and_the_middle_opaque(width: int, draw: str) -> None:
    art = CardArt(width)
    surf = art.face(Face(1, Suit.S)) if draw == "face" else art.back()
    w, h = surf.get_size()
    assert surf.get_flags() & pygame.SRCALPHA
    for corner in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]:
        assert surf.get_at(corner).a == 0
    for middle in [(w // 2, h // 2), (w // 2, 0), (0, h // 2)]:
        assert surf.get_at(middle).a == 255


@pytest.mark.parametrize("width", [40, 48, 110])
def test_red_suits_print_red_indices_and_black_suits_none(width: int) -> None:
    art = CardArt(width)
    for face in DECK:
        index = pixels(art.face(face), index_area(art))
        if face.suit in (Suit.H, Suit.D):
            assert any(is_red(p) for p in index), face
        else:
            assert not any(is_reddish(p) for p in index), face
            assert any(is_ink(p) for p in index), face


@pytest.mark.parametrize("width", [48, 110])
def test_four_colour_deck_prints_diamonds_blue_and_clubs_green(width: int) -> None:
    four, two = CardArt(width, four_colour=True), CardArt(width)
    for rank in (1, 7, 10, 12):
        diamond, club = Face(rank, Suit.D), Face(rank, Suit.C)
        assert any(is_blue(p) for p in pixels(four.face(diamond), index_area(four)))
        assert any(is_green(p) for p in pixels(four.face(club), index_area(four)))
        assert not any(is_blue(p) for p in pixels(two.face(diamond), index_area(two)))
        assert not any(is_green(p) for p in pixels(two.face(club), index_area(two)))
        assert image(four.face(Face(rank, Suit.H))) == image(two.face(Face(rank, Suit.H)))


def rank_ink_height(art: CardArt, face: Face) -> int:
    """Height of the first run of ink rows from the top in the index column."""
    surf = art.face(face)
    rows = [
        any(is_ink(p) for p in pixels(surf, (0, y, round(art.width * 0.25), 1)))
        for y in range(art.height // 2)
    ]
    top = rows.index(True)
    return rows[top:].index(False)


@pytest.mark.parametrize("width", [40, 48, 56, 64])
def test_indices_dominate_small_cards(width: int) -> None:
    art = CardArt(width)
    for rank in (1, 8, 13):
        assert rank_ink_height(art, Face(rank, Suit.S)) >= 0.28 * width


def test_indices_stay_large_on_large_cards() -> None:
    art = CardArt(160)
    assert rank_ink_height(art, Face(13, Suit.C)) >= 0.18 * 160


def test_joker_is_printed_in_colour_neither_red_nor_black() -> None:
    art = CardArt(110)
    index = pixels(art.face(JOKER), index_area(art))
    coloured = [p for p in index if p[3] > 200 and max(p[:3]) - min(p[:3]) > 80]
    assert coloured
    assert not any(is_red(p) for p in coloured)


def test_outline_is_a_frame_and_dashed_leaves_gaps() -> None:
    art = CardArt(100)
    solid, dashed = art.outline((255, 255, 255), 3), art.outline((255, 255, 255), 3, dashed=True)
    top_edge = (round(art.radius) + 2, 1, art.width - 2 * round(art.radius) - 4, 1)
    assert all(p[3] > 200 for p in pixels(solid, top_edge))
    dashed_alpha = [p[3] for p in pixels(dashed, top_edge)]
    assert max(dashed_alpha) > 200
    assert min(dashed_alpha) < 20
    for surf in (solid, dashed):
        assert surf.get_at((art.width // 2, art.height // 2)).a == 0
        assert surf.get_at((0, 0)).a < 60


def test_shadow_is_soft_larger_than_the_card_and_falls_down_right() -> None:
    art = CardArt(100)
    shadow = art.shadow()
    assert shadow.get_width() > art.width and shadow.get_height() > art.height
    dx, dy = art.shadow_offset()
    centre = shadow.get_at((art.width // 2 - dx, art.height // 2 - dy)).a
    assert 0 < centre < 255
    assert shadow.get_at((0, 0)).a == 0
    # The shadow reaches further past the card's bottom-right than its top-left.
    assert dx + shadow.get_width() - art.width > -dx
    assert dy + shadow.get_height() - art.height > -dy


@pytest.mark.parametrize(
    "get",
    [
        lambda art: art.face(Face(5, Suit.H)),
        lambda art: art.face(JOKER),
        lambda art: art.back(),
        lambda art: art.shadow(),
        lambda art: art.outline((0, 200, 255), 2, dashed=True),
    ],
)
def test_repeated_calls_return_the_same_cached_surface(
    get: Callable[[CardArt], pygame.Surface],
) -> None:
    art = CardArt(90)
    assert get(art) is get(art)


def test_outlines_of_different_colours_are_different_surfaces() -> None:
    art = CardArt(90)
    assert art.outline((255, 0, 0), 2) is not art.outline((0, 255, 0), 2)
    assert art.outline((255, 0, 0), 2) is not art.outline((255, 0, 0), 2, dashed=True)


def body(art: CardArt, surf: pygame.Surface) -> list[Pixel]:
    """Every pixel of a face but the two corner indices: where pips or a court panel go."""
    iw, ih = art.pad + art.col_w, art.pad + art.index_h
    return [
        tuple(surf.get_at((x, y)))  # type: ignore[misc]
        for y in range(art.height)
        for x in range(art.width)
        if not (x < iw and y < ih) and not (x >= art.width - iw and y >= art.height - ih)
    ]


def near(p: Pixel, colour: tuple[int, int, int], within: int = 120) -> bool:
    return p[3] > 200 and sum(abs(a - b) for a, b in zip(p[:3], colour, strict=False)) < within


def figure_coloured(p: Pixel) -> bool:
    """The court figures' gold or blue, seen in no suit of the two-colour deck."""
    bluish = p[2] > p[0] + 40 and p[2] > p[1] + 40
    goldish = p[0] > 150 and p[1] > 110 and p[2] < p[1] - 50
    return p[3] > 200 and (bluish or goldish)


@pytest.mark.parametrize("width", [25, 40, 48, 56, 64, 72, 88, 110, 160])
def test_court_cards_show_their_figure_beside_the_indices_at_every_width(width: int) -> None:
    art = CardArt(width)
    for suit in Suit:
        bodies = {rank: body(art, art.face(Face(rank, suit))) for rank in (11, 12, 13)}
        assert len({image_of(b) for b in bodies.values()}) == 3, (width, suit)
        for rank, court in bodies.items():
            share = sum(map(figure_coloured, court)) / len(court)
            assert share >= (0.005 if width < 40 else 0.03), (width, suit, rank, share)
        for rank in (1, 5, 10):
            assert not any(map(figure_coloured, body(art, art.face(Face(rank, suit)))))


def image_of(pixels: list[Pixel]) -> bytes:
    return bytes(v for p in pixels for v in p)


@pytest.mark.parametrize("width", [48, 110])
def test_german_rank_names_change_courts_but_not_numbers(width: int) -> None:
    english, german = CardArt(width), CardArt(width, rank_names=GERMAN)
    for suit in Suit:
        for rank in (11, 12):
            assert image(english.face(Face(rank, suit))) != image(german.face(Face(rank, suit)))
        for rank in (1, 7, 10):
            assert image(english.face(Face(rank, suit))) == image(german.face(Face(rank, suit)))


def test_suitless_face_renders_without_a_suit_colour() -> None:
    art = CardArt(100)
    surf = art.face(Face(5, None))
    assert surf.get_size() == art.size
    assert image(surf) not in {image(art.face(Face(5, suit))) for suit in Suit}


def test_no_display_mode_is_needed() -> None:
    # in a fresh process: other tests in this one may have opened a display
    code = (
        "import pygame; pygame.init(); from game.cards import Face, Suit;"
        "from ui.look.cardart import CardArt; card = CardArt(80).face(Face(9, Suit.D));"
        "assert pygame.display.get_surface() is None and card.get_width() == 80; print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip().endswith("ok"), done.stderr


def test_bundled_fonts_exist_and_have_the_suit_symbols() -> None:
    assert asset_path("fonts", "DejaVuSans.ttf") == font_path()
    assert (asset_path("fonts") / "LICENSE-DejaVu.txt").is_file()
    for bold in (False, True):
        assert font_path(bold).is_file()
        font = pygame.font.Font(font_path(bold), 20)
        assert all(m is not None for m in font.metrics("♠♥♦♣★"))


def test_asset_path_looks_inside_a_pyinstaller_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_path("fonts", "x.ttf") == tmp_path / "assets" / "fonts" / "x.ttf"
    assert assets.font_path(bold=True) == tmp_path / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
