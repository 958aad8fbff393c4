"""Keeping the match at the table saved: autosave, hand orders, statistics, save problems.

The keeper looks at the table once per frame (after input, bots and animations): when the
match position, the seat shown or the hand order has changed since the last look, the
match is captured and handed to the app's Saver, which writes it off the frame loop.
Every applied action (human, bot, undo) changes the position, every reorder or sort the
order, so each reaches the disk without the table having to remember to ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.cards import Card
from ui.store.saves_bridge import Loaded, Saver, Slot
from ui.table.handover import HandOver
from ui.text.i18n import tr

if TYPE_CHECKING:
    from ui.table.scene import TableScene

Orders = dict[int, list[Card]]


class Keeper:
    """Autosaves one table's match into its slot and counts it in the statistics at its end."""

    def __init__(self, saver: Saver, slot: Slot, scene: TableScene) -> None:
        self.saver = saver
        self.slot = slot
        self.match = scene.match
        self.seen: tuple[object, ...] | None = None
        self.counted = False
        self.rounds = 0  # results counted in the statistics (a loaded match counts its own)
        self.shown_problem: str | None = None
        self.note: str | None = None  # said on the status line once the table is visible

    def update(self, scene: TableScene) -> None:
        """Save what changed since the last frame; count a finished match; show problems."""
        if scene.match is self.match:
            self.save(scene)
            self._tell(scene)

    def save(self, scene: TableScene) -> None:
        """Autosave if the position, the seat shown or the hand order changed; count the end."""
        state = (scene.key, scene.me, tuple(scene.order), scene.curtain)
        if state != self.seen:
            self.seen = state
            self.saver.autosave(self.slot, scene.match, human_orders(scene))
        humans = [i for i, p in enumerate(scene.match.players) if p.kind == "human"]
        if scene.match.over and not self.counted:
            self.counted = True
            self.saver.record(scene.match, humans, self.slot.id)
        elif len(scene.match.results) != self.rounds:  # a round ended: count it now
            self.saver.record_rounds(scene.match, humans, self.slot.id)
        self.rounds = len(scene.match.results)

    def rename(self, name: str, scene: TableScene) -> None:
        """The player renamed this match: saved under the new name, from now on."""
        self.slot = self.slot.renamed(name)
        self.saver.autosave(self.slot, scene.match, human_orders(scene))

    def _tell(self, scene: TableScene) -> None:
        """A save problem (disk full, …) on the status line, once; play goes on."""
        problem = self.saver.problem
        if problem != self.shown_problem:
            self.shown_problem = problem
            if problem is not None:
                scene.say(tr("status.save_failed", reason=problem), "warning")
        hidden = scene.curtain is not None or isinstance(scene.overlay, HandOver)
        if self.note is not None and not hidden:
            scene.say(self.note, "warning")
            self.note = None


def human_orders(scene: TableScene) -> Orders:
    """The hand order of each human seat, where it was arranged for the round being played."""
    number = scene.match.round.number
    out = {s: list(o) for s, o in scene.orders.items() if scene.dealt.get(s) == number}
    if scene.dealt.get(scene.me) == number:
        out[scene.me] = list(scene.order)
    humans = {i for i, p in enumerate(scene.match.players) if p.kind == "human"}
    return {s: o for s, o in out.items() if s in humans}


def restore(scene: TableScene, loaded: Loaded) -> None:
    """Put back each human's hand order and say what the saves package noted on opening."""
    number = scene.match.round.number
    scene.orders = {s: list(o) for s, o in loaded.orders.items()}
    for seat in loaded.orders:
        scene.dealt[seat] = number
    if scene.me in scene.orders:
        scene.order = list(scene.orders[scene.me])
    scene.refresh()
    notes = list(loaded.notes[1:] if loaded.from_backup else loaded.notes)
    said = [tr("status.from_backup")] if loaded.from_backup else []
    if notes:
        said.append(tr("status.save_notes", notes=" ".join(notes)))
    if said and scene.keeper is not None:
        scene.keeper.note = " ".join(said)
