"""Card faces and backs as the table uses them: every face and back at every card size in
both colour schemes, the court figures shipped as art, the rank index in sight in a fanned
hand, and the card back chosen in the settings."""

from __future__ import annotations

import pygame
import pytest

from game.cards import JOKER, Face, Suit
from saves.settings import CARD_BACKS, SETTINGS_VERSION, parse_settings
from ui.kit.rect import Rect
from ui.look.assets import asset_path
from ui.look.cardart import BACK_DESIGNS, CardArt, figure
from ui.look.sprites import Deck
from ui.store import saves_bridge
from ui.store.prefs import CARD_SIZES, Settings
from ui.table.geometry import card_height, hand_positions
from ui.table.layout import MIN_SIZE, table_layout

Pixel = tuple[int, int, int, int]
DECK = [Face(rank, suit) for suit in Suit for rank in range(1, 14)]
SUITLESS = [Face(rank, None) for rank in range(1, 14)]  # what a wild stands for in a set
FACES = [*DECK, JOKER, *SUITLESS]
WINDOWS = (MIN_SIZE, (1280, 800), (1920, 1080), (2560, 1440))
FELT = (30, 96, 64)


def table_widths() -> list[int]:
    """Every card width the table draws: hand, piles and melds, opponents' small cards; for
    each window size and card size setting."""
    widths = set()
    for size in WINDOWS:
        for _, scale in CARD_SIZES:
            m = table_layout(size, 4, 0, True, scale).metrics
            widths |= {m.card_w, m.table_w, m.small_w}
    return sorted(widths)


WIDTHS = table_widths()
SMALLEST_HAND = min(table_layout(MIN_SIZE, 4, 0, True, s).metrics.card_w for _, s in CARD_SIZES)


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.font.init()


def image(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_and_back_exists_at_every_table_size(width: int, four_colour: bool) -> None:
    deck = Deck(four_colour)
    size = (width, card_height(width))
    seen = set()
    for face in FACES:
        surf = deck.face(face, width)
        assert surf.get_size() == size, face
        assert surf.get_at((width // 2, size[1] // 2)).a == 255, face
        seen.add(image(surf))
    assert len(seen) == len(FACES)
    backs = set()
    for design in BACK_DESIGNS:
        deck.set_back(design)
        back = deck.back(width)
        assert back.get_size() == size
        assert back.get_at((width // 2, size[1] // 2)).a == 255
        backs.add(image(back))
    assert len(backs) == len(BACK_DESIGNS)
    assert not backs & seen


def test_the_court_figures_ship_as_art_beside_their_licence() -> None:
    for suit in Suit:
        for rank in (11, 12, 13):
            for four in (False, True):
                art = figure(Face(rank, suit), four)
                assert art is not None and art.get_width() >= 200, (rank, suit, four)
    assert figure(Face(10, Suit.S), False) is None and figure(Face(12, None), False) is None
    assert asset_path("cards", "joker.png").is_file()
    licence = asset_path("cards", "LICENSE.txt").read_text(encoding="utf-8")
    assert "Adrian Kennard" in licence and "CC0" in licence and "MIT" in licence


def test_four_colour_figures_differ_only_where_the_figure_carries_its_suit() -> None:
    for rank in (11, 12, 13):
        for suit in Suit:
            two, four = figure(Face(rank, suit), False), figure(Face(rank, suit), True)
            assert two is not None and four is not None
            assert (image(two) != image(four)) == (suit in (Suit.D, Suit.C)), (rank, suit)


def fan_pair(art: CardArt, deck: Deck, face: Face, step: int) -> tuple[pygame.Surface, ...]:
    """A card on the felt alone, and with the next card of the fan (and its shadow) over it."""
    w, h = art.size
    shade, (dx, dy) = deck.shadow(w)
    out = []
    for with_next in (False, True):
        surf = pygame.Surface((w + step + w, h + w))
        surf.fill(FELT)
        for k in range(2 if with_next else 1):
            surf.blit(shade, (k * step + dx, dy))
            surf.blit(deck.face(face if k == 0 else Face(8, Suit.H), w), (k * step, 0))
        out.append(surf)
    return tuple(out)


@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
@pytest.mark.parametrize("width", sorted({SMALLEST_HAND, *(w for w in WIDTHS if w >= 56)}))
def test_every_rank_index_stays_in_sight_in_a_fanned_hand(width: int, four_colour: bool) -> None:
    h = card_height(width)
    first, second = hand_positions(Rect(0, 0, 20 * width, 2 * h), 2, width, h)
    step = second.x - first.x  # the widest the hand spreads: HAND_STEP card widths
    deck = Deck(four_colour)
    art = deck.art(width)
    for face in [*DECK, JOKER]:
        index = art.index_rect(face)
        assert index.left >= 0 and index.right <= step, face
        alone, covered = fan_pair(art, deck, face, step)
        before = [alone.get_at(p) for p in _points(index)]
        assert before != [before[0]] * len(before), face  # something is printed there
        assert before == [covered.get_at(p) for p in _points(index)], face


def _points(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)]


@pytest.mark.parametrize("width", [SMALLEST_HAND, 87, 142])
def test_the_index_rect_holds_all_the_ink_of_the_corner(width: int) -> None:
    art = CardArt(width)
    for face in [*DECK, JOKER]:
        surf, index = art.face(face), art.index_rect(face)
        # Left of the body strip (where pips and figures start), down to just under the index,
        # only the index is printed (the card's grey edge is left out).
        for x, y in _points(pygame.Rect(3, 3, art.left - 3, index.bottom - 1)):
            p = surf.get_at((x, y))
            if sum(p[:3]) < 3 * 200 and p.a > 200:
                assert index.collidepoint(x, y), (face, x, y)


def test_old_settings_files_get_the_first_back_and_a_bad_one_is_reported() -> None:
    assert CARD_BACKS == BACK_DESIGNS
    old, problems = parse_settings({"version": 1, "sound": False})
    assert old.card_back == BACK_DESIGNS[0] and problems == []
    chosen, problems = parse_settings({"version": 1, "card_back": "green"})
    assert chosen.card_back == "green" and problems == []
    bad, problems = parse_settings({"version": 1, "card_back": "tartan"})
    assert bad.card_back == BACK_DESIGNS[0] and len(problems) == 1


def test_the_chosen_back_survives_saving_and_loading() -> None:
    for design in BACK_DESIGNS:
        mine = Settings(card_back=design)
        stored = {"version": SETTINGS_VERSION, **saves_bridge.to_saved(mine)}
        assert saves_bridge.from_saved(parse_settings(stored)[0]) == mine


def test_the_deck_draws_the_chosen_back() -> None:
    deck = Deck()
    first = image(deck.back(70))
    deck.set_back("red")
    red = image(deck.back(70))
    deck.set_back("no such design")
    assert red != first and image(deck.back(70)) == first


@pytest.mark.parametrize("width", range(40, 131, 6))
def test_every_rank_index_stays_in_sight_in_a_meld(width: int) -> None:
    """Meld cards overlap at MELD_STEP of their width: the next card leaves the index free."""
    from ui.table.geometry import MELD_STEP

    art = CardArt(width)
    step = round(width * MELD_STEP)
    for face in [*DECK, JOKER]:
        assert art.index_rect(face).right <= step, (face, width, art.index_rect(face), step)
