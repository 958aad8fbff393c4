"""The bots' turns at the table: decided off the frame loop, played at the chosen pace.

A decision is asked for as soon as a bot is to move (keyed by the match position, so an
answer for a position that has passed is dropped), and played once the pause after the
last move is over and the cards have landed. Space skips the waiting until the human's turn.
A seat shows "thinking…" only once its decision has taken a moment (BotRunner.thinking).
The human's hint is asked of a hard bot the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game.view import view_for
from ui.table import handorder
from ui.text.i18n import tr
from ui.text.refusals import refusal_text
from ui.text.words import action_text

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class BotTurns:
    """Paces the bot seats' moves."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.next_at = 0
        self.skipping = False
        self.note: str | None = None  # what went wrong with the last decision, if anything
        self.waiting = False  # "pause after each bot's turn": held until a click or Space
        self.thinking = False  # the bot to move has been deciding long enough to say so

    def to_move(self) -> bool:
        """True when a bot seat is to move and nothing holds the game (an overlay)."""
        s = self.scene
        m = s.match
        return (
            not m.over
            and not self.waiting
            and s.overlay is None
            and m.players[m.current].kind == "bot"
        )

    def go_on(self) -> None:
        """The player has seen the bot's turn: the next bot may play."""
        self.waiting = False
        self.scene.prompt()

    def skip(self, now: int) -> None:
        """No more pauses or animations until it is the human's turn."""
        self.skipping = True
        self.waiting = False
        self.next_at = now
        self.scene.anim.finish()
        self.scene.say(tr("status.skip"))

    def ask_hint(self) -> None:
        """Ask a hard bot for a move for the human (the answer is shown by update_hint)."""
        s = self.scene
        s.hint_key = s.key
        view = s.view
        # not expert: ~0.1-0.7 s a decision against hard's few ms, for advice that must feel instant
        s.bots.ask("hint", s.key, lambda: view, "hard")
        s.say(tr("status.hint_thinking"), "hint")

    def update_hint(self) -> None:
        """Show the hint once it has come, if the human is still to move."""
        s = self.scene
        if s.hint_key is None:
            return
        action = s.bots.result("hint", s.hint_key)
        if action is None:
            return
        s.hint_key = None
        if not s.view.my_turn:
            return
        top = s.view.discard[-1].face if s.view.discard else None
        faces: tuple[object, ...] = ()
        if isinstance(action, A.Meld | A.LayOff | A.Swap):
            faces = action.cards
        elif isinstance(action, A.Discard):
            faces = (action.card,)
        s.hinted = frozenset(handorder.pick_cards(s.order, faces))
        s.hint_pile = {A.Draw: "stock", A.Take: "discard"}.get(type(action))
        if s.hinted:  # the keyboard focus goes to the card to play
            s.input.focus_on(next(c for c in s.order if c in s.hinted))
        words = tr("status.hint", move=action_text(action, top))
        if isinstance(action, A.Undo):
            words = tr("status.hint_undo", why=self._why_undo())
        s.say(words, "hint")

    def _why_undo(self) -> str:
        """Why the hint takes something back: the turn as it stands cannot end."""
        s = self.scene
        for card in s.view.hand:
            refusal = s.match.check(A.discard_of(card.face))
            if refusal is not None:
                return refusal_text(refusal)
        return tr("status.hint_undo_better")

    def update(self, now: int) -> None:
        """Ask for the decision early; play it when its time has come; note if it is slow."""
        self._turn(now)
        s = self.scene
        self.thinking = self.to_move() and s.bots.thinking("bot", s.key, now)

    def _turn(self, now: int) -> None:
        s = self.scene
        if not self.to_move():
            self.skipping = False
            return
        seat, key, match = s.match.current, s.key, s.match
        level = match.players[seat].level or "medium"
        # the worker reads this match only while the bot is to move: nothing else changes it
        s.bots.ask("bot", key, lambda: view_for(match, seat), level, now)
        if not self.skipping and (now < self.next_at or s.anim.busy):
            return
        self.note = None
        action = self._decision(key)
        if action is None:
            return
        s.play(action, now)
        nxt = s.match.current
        ended = s.match.over or nxt != seat
        if ended and s.settings.pause_bots and not self.skipping and self._bot(nxt):
            self.waiting = True  # this bot's turn stays on screen until the player goes on
            s.say(tr("status.paused", name=s.match.players[seat].name))
        if self.note:
            s.say(self.note, "error")
        if self.skipping:
            s.anim.finish()
        self.next_at = now + s.settings.bot_delay

    def _bot(self, seat: int) -> bool:
        m = self.scene.match
        return not m.over and m.players[seat].kind == "bot"

    def _decision(self, key: int) -> A.Action | None:
        """The bot's answer once ready; a failing or illegal answer is reported and replaced
        by the first legal action, so a bot bug never stalls the game."""
        s = self.scene
        try:
            action = s.bots.result("bot", key)
        except Exception as error:
            self.note = tr("status.error", error=f"{type(error).__name__}: {error}")
            return s.match.legal()[0]
        if action is None:
            return None
        refusal = s.match.check(action)
        if refusal is None:
            return action
        name = s.match.players[s.match.current].name
        self.note = tr(
            "status.bot_fallback", name=name, move=action.notation(), reason=refusal_text(refusal)
        )
        return s.match.legal()[0]
