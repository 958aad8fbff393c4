"""What glides after a move: every card whose place changed, and cards that came or went
out of sight (drawn from the stock, taken by a bot, played from a bot's hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game.cards import Card
from ui.kit.rect import Rect

if TYPE_CHECKING:
    from ui.table.scene import TableScene


def animate(
    scene: TableScene, before: dict[Card, Rect], action: A.Action, actor: int, now: int
) -> None:
    """Compare where cards were with where they are now and set the moved ones gliding."""
    after = scene.placement.where
    seat = seat_card(scene, actor)
    for card, rect in after.items():
        old = before.get(card)
        if old is None:
            old = _source(scene, action, actor, seat)
        if old is not None and old != rect:
            scene.anim.fly(card, old, rect, now)
    if actor == scene.me:
        return
    if isinstance(action, A.Draw):
        scene.anim.fly(None, scene.layout.stock, seat, now, face_up=False)
    elif isinstance(action, A.Take):
        pile = scene.layout.discard
        taken = next((c for c, r in before.items() if c not in after and r == pile), None)
        if taken is not None:
            scene.anim.fly(taken, pile, seat, now)


def _source(scene: TableScene, action: A.Action, actor: int, seat: Rect) -> Rect | None:
    """Where a card that was out of sight comes from."""
    if actor != scene.me:
        return seat
    if isinstance(action, A.Draw):
        return scene.layout.stock
    if isinstance(action, A.Take | A.Undo):
        return scene.layout.discard
    return None


def seat_card(scene: TableScene, seat: int) -> Rect:
    """A table-sized card in the middle of a seat's panel, where its cards come and go."""
    lay = scene.layout
    panel = lay.seats.get(seat, lay.hand)
    w, h = lay.metrics.table_w, lay.metrics.table_h
    return Rect(panel.x + (panel.w - w) // 2, panel.y + (panel.h - h) // 2, w, h)
