"""The words and small habits of a polished table: keys said right, hints that point and
explain, a focus plain to see, the wild chooser in rank order."""

from __future__ import annotations

import pygame

from game import actions as A
from tests.ui.harness import Table, table_match
from ui.table.overlays import Chooser
from ui.text.i18n import tr

HANDS = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]


def test_the_draw_advice_names_the_right_keys() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    assert table.scene.status.text == tr("status.draw")
    assert "(D)" in tr("status.draw") and "(T)" in tr("status.draw")
    assert tr("status.draw").index("(D)") < tr("status.draw").index("(T)")


def test_a_hint_before_drawing_points_at_the_pile() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.key(pygame.K_h)
    table.step(3)
    assert table.scene.status.kind == "hint"
    assert table.scene.hint_pile in ("stock", "discard")
    table.key(pygame.K_d)
    assert table.scene.hint_pile is None  # gone with the move


def test_a_hint_moves_the_focus_to_its_card() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.key(pygame.K_d)
    table.key(pygame.K_h)
    table.step(3)
    assert table.scene.hinted
    focused = table.scene.input.focused()
    assert focused in table.scene.hinted and table.scene.input.focus_visible


def test_hint_undo_says_why() -> None:
    # Rommé: a run of 34 points cannot open (40 needed) and nothing else melds: undo, and why
    hands = [
        "7H 8H 9H 5S 2D QD 2C 3D 4S 6D 9C JC KS",
        "AS 2S 3S 4H 6C 8C 10D JD JS 9C 4D 8D 9D",
        "AH 2H 3H 4S 6S 8S 9S 10S QC KC AD 2D 3C",
    ]
    table = Table(table_match("romme", hands, "10H KH 5C", upcard="KD", bot_seats=(1, 2)))
    table.key(pygame.K_d)
    table.scene.play(A.parse("meld 7H 8H 9H 10H"), table.now)
    table.key(pygame.K_h)
    table.step(3)
    assert table.scene.status.text == (
        "Hint: undo, your turn cannot end like this: Opening needs 40 points, these melds make 34."
    )


def test_the_focus_lifts_its_card_and_frames_it_boldly() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.key(pygame.K_RIGHT)
    card = table.scene.input.focused()
    rect = table.scene.placement.where[card]
    table.scene.renderer.drawn = None
    table.step()
    surface = pygame.display.get_surface()
    lift = table.scene.layout.metrics.lift // 2
    white = [
        surface.get_at((x, rect.y - lift + 1))[:3] == (255, 255, 255)
        for x in range(rect.x + 12, rect.x + 30)
    ]
    assert all(white), "the focused card is not lifted with a white frame"


def test_the_wild_chooser_lists_readings_in_rank_order() -> None:
    hands = ["7H 8H JK 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(table_match("standard", hands, "10C", upcard="KD", jokers=2))
    table.click(table.scene.layout.stock.centre)
    table.select("JK", "7H", "8H")
    table.drag(table.grab_point("8H"), table.open_table())
    chooser = table.scene.overlay
    assert isinstance(chooser, Chooser)
    ranks = [[d.rank for d in a.decls if d is not None] for a in chooser.choices]
    assert ranks == sorted(ranks), ranks


def test_melds_keep_their_places_in_table_order_each_with_its_owner() -> None:
    hands = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    actions = ["draw", "meld 7H 8H 9H", "discard 3D", "draw", "meld AS 2S 3S", "discard 9C"]
    table = Table(table_match("standard", hands, "10C KC QC", "KD", actions, jokers=2))
    before = {
        m.id: r
        for m, r in zip(
            table.scene.placement.melds, table.scene.placement.meld_layout.boxes, strict=True
        )
    }
    table.key(pygame.K_d)
    table.scene.play(A.parse("meld 5S 5D 5C"), table.now)  # seat 0 again, after seat 1's meld
    place = table.scene.placement
    assert [m.id for m in place.melds] == [1, 2, 3]  # numbers run in table order
    assert place.group_first == frozenset(range(3))  # every meld names its owner
    after = dict(zip((m.id for m in place.melds), place.meld_layout.boxes, strict=True))
    assert all(after[i] == box for i, box in before.items())  # nothing jumped


def test_your_own_announcement_stays_in_your_panel_off_the_melds() -> None:
    import dataclasses

    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    scene = table.scene
    surface = pygame.display.get_surface()
    area = scene.layout.melds_area
    corner = [
        (x, y) for x in range(area.x, area.x + 160, 3) for y in range(area.bottom - 40, area.bottom)
    ]

    def pixels() -> list[tuple[int, ...]]:
        scene.renderer.drawn = None
        scene.draw(surface, table.now)
        return [tuple(surface.get_at(p)[:3]) for p in corner]

    quiet = pixels()
    scene.view = dataclasses.replace(scene.view, announced=(2, None))
    assert pixels() == quiet  # the melds' corner (where their badges hang) is untouched
    panel = scene.layout.buttons["sort_suit"]
    top = panel.y - (scene.layout.buttons["sort_rank"].y - panel.y)
    gold = [
        (x, y)
        for x in range(panel.x, panel.right)
        for y in range(top, panel.y)
        if all(
            abs(a - b) <= 30
            for a, b in zip(surface.get_at((x, y))[:3], (248, 200, 70), strict=True)
        )
    ]
    assert len(gold) > 30  # the badge is there, in the panel
