"""Mouse and keyboard at the table: events become intents of the TableScene.

Mouse: click or drag the stock / discard pile to draw; click toggles a hand card, shift-click
or a rubber band selects several; drag cards to the open table (meld), onto a meld (lay off
or swap), onto the discard pile (discard; or double-click), or within the hand (reorder).
Keys: left/right move the focus along a row, up/down switch between the hand and the table
row (stock, discard, melds); space selects or acts, enter plays; D, T, U, H, S, R, L, I, Esc.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from ui.kit.rect import Rect
from ui.table import controller as C
from ui.table import handorder
from ui.table.drag import DOUBLE_CLICK_MS, DOUBLE_CLICK_PX, Band, Drag, Press
from ui.table.geometry import insert_index
from ui.table.placement import Gap, hand_rects

if TYPE_CHECKING:
    from ui.table.scene import TableScene

BUTTON_KEYS = {
    pygame.K_d: "draw",
    pygame.K_t: "take",
    pygame.K_u: "undo",
    pygame.K_h: "hint",
    pygame.K_s: "sort_suit",
    pygame.K_r: "sort_rank",
    pygame.K_l: "look",
    pygame.K_i: "rules",
    pygame.K_g: "log",
    pygame.K_w: "rewind",
    pygame.K_ESCAPE: "menu",
}


class TableInput:
    """The pointer gesture in progress and the keyboard focus."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.focus_row = "hand"
        self.focus_index = 0
        self.focus_visible = False
        self.focus_card: Card | None = None  # the hand card the focus was put on
        self.reset()

    def reset(self) -> None:
        """Drop any gesture in progress (new match, resize, error)."""
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.band: Band | None = None
        # the card, time and point of the last click on a hand card (for double-clicks)
        self.last_click: tuple[Card, int, tuple[int, int]] | None = None

    def rename(self, names: dict[Card, Card]) -> None:
        """Cards swapped names (see handorder.played_as): the focus follows its card."""
        if self.focus_card is not None:
            self.focus_card = names.get(self.focus_card, self.focus_card)
        if self.last_click is not None:
            card, at, pos = self.last_click
            self.last_click = (names.get(card, card), at, pos)

    # --- dispatch -------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """One event: overlays first, then the table."""
        s = self.scene
        if s.overlay is not None:
            s.overlay.handle(event, now, s)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(event.pos, event.button, _shift(event), now)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos, now)
        elif event.type == pygame.KEYDOWN:
            self.key_down(event.key, now)

    # --- mouse ----------------------------------------------------------------------

    def mouse_down(self, pos: tuple[int, int], button: int, shift: bool, now: int) -> None:
        """A press: on a button it acts at once; elsewhere it waits to be a click or drag."""
        s = self.scene
        self.focus_visible = False
        if button == 1 and s.bot_turns.waiting and not _on_button(s, pos):
            s.bot_turns.go_on()  # a click goes on after a bot's turn (buttons still work)
            return
        if button == 3 and s.layout.discard.contains(pos):
            s.show_pile()
            return
        if button != 1:
            return
        for name, rect in s.layout.buttons.items():
            if rect.contains(pos):
                self.command(name, now)
                return
        index = s.placement.hand_index_at(pos)
        if index is not None:
            self.press = Press("hand", pos, s.placement.hand[index][0], shift)
        elif s.layout.stock.contains(pos):
            self.press = Press("stock", pos)
        elif s.layout.discard.contains(pos):
            self.press = Press("discard", pos)
        else:
            self.press = Press("band", pos, shift=shift)

    def mouse_move(self, pos: tuple[int, int]) -> None:
        """Follow the pointer: start or move a drag or a band."""
        if self.drag is not None:
            self.drag.pos = pos
            self._update_gap()
        elif self.band is not None:
            self.band.pos = pos
            self._band_select()
        elif self.press is not None and self.press.moved_enough(pos):
            self._start_drag(self.press, pos)

    def _start_drag(self, press: Press, pos: tuple[int, int]) -> None:
        self.press = None
        if press.kind == "band":
            base = frozenset(self.scene.selected) if press.shift else frozenset()
            self.band = Band(press.pos, pos, press.shift, base)
            self._band_select()
        elif press.kind == "hand" and press.card is not None:
            self._drag_hand(press, press.card, pos)
        else:
            self._drag_pile(press, pos)

    def _drag_hand(self, press: Press, card: Card, pos: tuple[int, int]) -> None:
        """Pick up the selection (or just this card if it is not selected); ask the model
        once, now, which places would take them, for the highlights."""
        s = self.scene
        cards = [c for c in s.order if c in s.selected] if card in s.selected else [card]
        origin = s.placement.where
        first = origin[cards[0]]
        grab = (press.pos[0] - first.x, press.pos[1] - first.y)
        drag = Drag("hand", cards, grab, pos, (first.w, first.h), {c: origin[c] for c in cards})
        drag.targets = C.drop_targets(s.match, s.view, cards)
        drag.table_ok = C.table_accepts(s.match, s.view, cards)
        drag.discard_ok = C.discard_accepts(s.match, s.view, cards)
        self.drag = drag
        s.replace(frozenset(cards))
        self._update_gap()

    def _drag_pile(self, press: Press, pos: tuple[int, int]) -> None:
        """Pick up the stock's top card (a back) or the discard pile's top card."""
        s = self.scene
        pile = s.layout.stock if press.kind == "stock" else s.layout.discard
        top = [s.view.discard[-1]] if press.kind == "discard" and s.view.discard else []
        if press.kind == "stock" and not s.view.stock_count:
            return
        grab = (press.pos[0] - pile.x, press.pos[1] - pile.y)
        self.drag = Drag(press.kind, top, grab, pos, (pile.w, pile.h))
        s.replace(frozenset(top))

    def _update_gap(self) -> None:
        """While hand cards hover over the hand row, open a gap where they would go."""
        s, drag = self.scene, self.drag
        if drag is None or drag.kind != "hand":
            return
        index = None
        if s.layout.hand.inflate(0, s.layout.metrics.margin).contains(drag.pos):
            rest = [c for c in s.order if c not in drag.cards]
            rects = [r for _, r in hand_rects(s.layout, rest, frozenset(), None)]
            index = insert_index(rects, drag.centre_x())
        if index != drag.gap_index:
            drag.gap_index = index
            gap = Gap(index, len(drag.cards)) if index is not None else None
            s.replace(frozenset(drag.cards), gap)

    def _band_select(self) -> None:
        s, band = self.scene, self.band
        if band is None:
            return
        caught = {c for c, r in s.placement.hand if r.intersects(band.rect)}
        s.selected = set(band.base) | caught
        s.replace()

    def mouse_up(self, pos: tuple[int, int], now: int) -> None:
        """End of a click, a drag or a band."""
        press, drag, band = self.press, self.drag, self.band
        self.press = self.drag = self.band = None
        if band is not None:
            return
        if drag is not None:
            drag.pos = pos
            self.drop(drag, pos, now)
        elif press is not None:
            self.click(press, now)

    def click(self, press: Press, now: int) -> None:
        """A press that did not move: draw, select, or (twice) discard."""
        s = self.scene
        if press.kind in ("stock", "discard"):
            s.draw_card(press.kind == "discard", now)
        elif press.kind in ("hand", "band"):
            last, self.last_click = self.last_click, None
            if self._double(last, press.card, press.pos, now):
                assert last is not None
                card = last[0]  # the card under the first click, even if it has moved since
                s.selected.discard(card)
                if s.my_turn():
                    s.attempt(C.discard(s.match, [card]), now, {card: s.placement.where[card]})
                else:
                    s.replace()
            elif press.card is not None:
                self.last_click = (press.card, now, press.pos)
                s.selected ^= {press.card}
                self._focus_card(press.card)
                s.replace()
            elif not press.shift:
                s.selected.clear()
                s.replace()

    def _double(
        self,
        last: tuple[Card, int, tuple[int, int]] | None,
        card: Card | None,
        pos: tuple[int, int],
        now: int,
    ) -> bool:
        """A second click soon after the first, on the same card or at the same point (the
        first click may have lifted its card away from under the pointer)."""
        if last is None or now - last[1] > DOUBLE_CLICK_MS or last[0] not in self.scene.order:
            return False
        near = abs(pos[0] - last[2][0]) <= DOUBLE_CLICK_PX and abs(pos[1] - last[2][1]) <= (
            DOUBLE_CLICK_PX
        )
        return last[0] == card or near

    def drop(self, drag: Drag, pos: tuple[int, int], now: int) -> None:
        """Cards let go: find what lies under the pointer and ask the model."""
        s = self.scene
        if drag.kind != "hand":
            s.replace()
            if (
                s.layout.hand.inflate(0, s.layout.metrics.card_h).contains(pos)
                or pos[1] > s.layout.melds_area.bottom
            ):
                s.draw_card(drag.kind == "discard", now)
            return
        cards, where = drag.cards, drag.where()
        lay, meld = s.layout, s.placement.meld_at(pos)
        if drag.gap_index is not None:
            s.order = handorder.move(s.order, cards, drag.gap_index)
            s.snap_back(where, now)
        elif lay.discard.inflate(lay.metrics.margin, lay.metrics.margin).contains(pos):
            self._model_drop(C.discard(s.match, cards), where, now)
        elif meld is not None:
            on_wild = s.placement.wild_piece_at(s.placement.melds.index(meld), pos)
            self._model_drop(C.onto_meld(s.match, s.view, cards, meld.id, on_wild), where, now)
        elif lay.melds_area.contains(pos):
            self._model_drop(C.meld(s.match, s.view, cards), where, now)
        else:
            s.snap_back(where, now)

    def _model_drop(self, outcome: C.Outcome, where: dict[Card, Rect], now: int) -> None:
        s = self.scene
        if not s.my_turn():
            s.snap_back(where, now)
            return
        s.attempt(outcome, now, where)

    # --- keyboard -------------------------------------------------------------------

    def key_down(self, key: int, now: int) -> None:
        """Keys: focus, select, play, and the button shortcuts."""
        s = self.scene
        if self.drag is not None and key == pygame.K_ESCAPE:
            drag, self.drag = self.drag, None
            s.snap_back(drag.where(), now)
            return
        if key == pygame.K_SPACE and s.bot_turns.waiting:
            s.bot_turns.go_on()
            return
        if key == pygame.K_SPACE and s.bot_to_move():
            s.skip(now)
            return
        if key in BUTTON_KEYS:
            self.command(BUTTON_KEYS[key], now)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_focus(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.focus_row = "table" if key == pygame.K_UP else "hand"
            self.focus_index = 0 if key == pygame.K_UP else self.focus_index
            self._move_focus(0)
        elif key == pygame.K_SPACE:
            self._space(now)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter(now)

    def command(self, name: str, now: int) -> None:
        """A button or its key."""
        s = self.scene
        actions = {
            "draw": lambda: s.draw_card(False, now),
            "take": lambda: s.draw_card(True, now),
            "undo": lambda: s.undo(now),
            "hint": s.hint,
            "sort_suit": lambda: s.sort(by_rank=False),
            "sort_rank": lambda: s.sort(by_rank=True),
            "look": s.show_pile,
            "rules": s.toggle_rules,
            "log": s.toggle_log,
            "rewind": s.watch_round,
            "menu": s.open_menu,
        }
        actions[name]()

    def table_row(self) -> list[tuple[str, int]]:
        """The table's focus stops: stock, discard, then each meld by id."""
        return [("stock", 0), ("discard", 0)] + [("meld", m.id) for m in self.scene.placement.melds]

    def focused(self) -> tuple[str, int] | Card | None:
        """What has the keyboard focus: a hand card or a table stop.

        The focus stays on its physical card while the hand changes around it; when that
        card has left the hand, it falls on the card now at its place.
        """
        if self.focus_row == "hand":
            hand = [c for c, _ in self.scene.placement.hand]
            if self.focus_card in hand:
                self.focus_index = hand.index(self.focus_card)
                return self.focus_card
            return hand[min(self.focus_index, len(hand) - 1)] if hand else None
        row = self.table_row()
        return row[min(self.focus_index, len(row) - 1)]

    def _move_focus(self, step: int) -> None:
        self.focus_visible = True
        size = len(self.scene.placement.hand) if self.focus_row == "hand" else len(self.table_row())
        self.focus_index = max(0, min(size - 1, self.focus_index + step)) if size else 0
        hand = self.scene.placement.hand
        if self.focus_row == "hand" and hand:
            self.focus_card = hand[self.focus_index][0]

    def focus_on(self, card: Card) -> None:
        """Put the keyboard focus, shown, on a hand card (a hint's card)."""
        self._focus_card(card)
        self.focus_visible = True

    def _focus_card(self, card: Card) -> None:
        cards = [c for c, _ in self.scene.placement.hand]
        if card in cards:
            self.focus_row, self.focus_index = "hand", cards.index(card)
            self.focus_card = card

    def _seen(self, target: tuple[str, int] | Card | None) -> bool:
        """Whether the player can see what the focus is on; if not, it is shown now.

        A hidden focus, or one whose card has left the hand (it fell on a neighbour, maybe
        the other copy of the card played), is shown first and never acted on unseen.
        """
        if self.focus_visible and (self.focus_row != "hand" or target == self.focus_card):
            return True
        self.focus_visible = True
        self.focus_card = target if isinstance(target, Card) else None
        self.scene.replace()
        return False

    def _space(self, now: int) -> None:
        s, target = self.scene, self.focused()
        if not self._seen(target):
            return
        if isinstance(target, Card):
            s.selected ^= {target}
            s.replace()
        elif target is not None:
            self._act_on(target, now)

    def _enter(self, now: int) -> None:
        s, target = self.scene, self.focused()
        chosen = [c for c in s.order if c in s.selected]
        if not chosen and not self._seen(target):  # nothing the player can see is chosen
            return
        self.focus_visible = True
        if target is None or isinstance(target, Card):
            if not s.my_turn():
                return
            if len(chosen) >= 2:
                s.attempt(C.meld(s.match, s.view, chosen), now, _rects(s, chosen))
            elif chosen or target is not None:
                card = chosen[0] if chosen else target
                assert isinstance(card, Card)
                s.attempt(C.discard(s.match, [card]), now, _rects(s, [card]))
        else:
            self._act_on(target, now)

    def _act_on(self, target: tuple[str, int], now: int) -> None:
        """Space or enter on a table stop: draw, take, or play the selection onto a meld."""
        s = self.scene
        kind, meld_id = target
        if kind in ("stock", "discard"):
            s.draw_card(kind == "discard", now)
            return
        chosen = [c for c in s.order if c in s.selected]
        if chosen and s.my_turn():
            s.attempt(C.onto_meld(s.match, s.view, chosen, meld_id, False), now, _rects(s, chosen))


def _shift(event: pygame.event.Event) -> bool:
    mod = getattr(event, "mod", None)
    if mod is None:
        mod = pygame.key.get_mods()
    return bool(mod & pygame.KMOD_SHIFT)


def _rects(scene: TableScene, cards: list[Card]) -> dict[Card, Rect]:
    return {c: scene.placement.where[c] for c in cards if c in scene.placement.where}


def _on_button(scene: TableScene, pos: tuple[int, int]) -> bool:
    return any(rect.contains(pos) for rect in scene.layout.buttons.values())
