"""The table scene: one match seen from the human's seat, played with mouse or keys.

State and intents live here; `TableInput` turns events into intents and `TableRenderer`
draws. Every intent asks the model first (ui.table.controller, `match.check`); cards change only
through `match.apply`, after which the placement is rebuilt and whatever moved glides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game import actions as A
from game.cards import Card
from game.errors import Refusal
from game.match import Match, RoundResult
from game.melds import Meld
from game.rules import Rules
from game.story import Step, Turn, arrived, round_story, since_last_turn
from game.view import PlayerView, view_for
from ui.kit.rect import Rect
from ui.kit.scene import Scene
from ui.kit.seed import new_seed
from ui.look import sound
from ui.look.sprites import Deck
from ui.store.prefs import Settings
from ui.table import controller as C
from ui.table import handorder
from ui.table.anim import Animator
from ui.table.bot_turns import BotTurns
from ui.table.botrunner import BotRunner
from ui.table.controller import Outcome
from ui.table.draw import TableRenderer
from ui.table.handover import HandOver, hand_over, next_human
from ui.table.input import TableInput
from ui.table.layout import TableLayout, table_layout
from ui.table.log_panel import LogPanel
from ui.table.menu import menu_command
from ui.table.motion import animate
from ui.table.overlays import Chooser, Menu, Overlay, PileViewer, SheetOverlay
from ui.table.placement import Gap, Placement, place
from ui.table.rewind_view import RewindView
from ui.table.rules_panel import RulesPanel
from ui.table.scoresheet import round_sheet
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.refusals import refusal_text
from ui.text.words import news_text, step_text

if TYPE_CHECKING:
    from ui.table.keeper import Keeper


class TableHost(Protocol):
    """What the table may ask of the shell that built it (ui.nav.Nav is one): other screens."""

    quit: bool  # set to leave the game

    def rules_help(self, back: Scene, preset: str = "classic", rules: Rules | None = None) -> None:
        """The rules help, with the rules in force; `back` is shown again when it is left."""

    def settings_screen(self, back: Scene) -> None:
        """The settings."""

    def title(self) -> None:
        """Leave the table for the title screen."""

    def new_game(self) -> None:
        """The new-game screen."""

    def start_match(self, match: Match) -> None:
        """Sit down at a new match (the table of this one is closed)."""


@dataclass(frozen=True)
class Status:
    """The status line: a text and its kind (info, refused, hint, warning, error)."""

    text: str
    kind: str = "info"


class TableScene:
    """A match at the table, seen by the human seat (the seat to move, with several humans)."""

    def __init__(
        self,
        match: Match,
        size: tuple[int, int],
        bots: BotRunner | None = None,
        settings: Settings | None = None,
        new_match: Callable[[], Match] | None = None,
        nav: TableHost | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self.deck = Deck(self.settings.four_colour, i18n.rank_names(), self.settings.card_back)
        self.bots = bots or BotRunner()
        self.new_match = new_match
        self.nav = nav
        self.size = size
        self.anim = Animator(self.settings.animation_factor)
        self.input = TableInput(self)
        self.renderer = TableRenderer(self)
        self._quit = False
        self.version = 0  # counts every change that the drawing depends on
        self._overlay: Overlay | None = None
        self.held: SheetOverlay | None = None  # a score sheet waiting under the menu or rules
        self.curtain: int | None = None  # pass-and-play: the seat waiting behind the hand-over
        self.keeper: Keeper | None = None  # autosaves the match (ui.table.keeper), set by the Nav
        self.start(match)

    @property
    def overlay(self) -> Overlay | None:
        """What is open over the table (menu, chooser, score sheet, pile viewer)."""
        return self._overlay

    @overlay.setter
    def overlay(self, value: Overlay | None) -> None:
        self._overlay = value
        self.version += 1

    # --- the match -----------------------------------------------------------------

    def start(self, match: Match) -> None:
        """Sit down at a (new) match."""
        self.match = match
        self.bots.cancel()
        self.anim.finish()
        humans = [p for p in match.players if p.kind == "human"]
        self.pass_and_play = len(humans) >= 2
        self.curtain = None
        self.me = self._home_seat()
        self.order: list[Card] = []
        self.orders: dict[int, list[Card]] = {}  # the hand order of each human seat
        self.dealt: dict[int, int] = {}  # the round each seat's order was sorted for
        self.selected: set[Card] = set()
        self.left_at: dict[Card, int] = {}  # where cards played this turn stood in the hand
        self.hinted: frozenset[Card] = frozenset()
        self.hint_pile: str | None = None  # the pile a hint says to draw from
        self.hint_key: int | None = None
        self.overlay = None
        self.held = None
        self.bot_turns = BotTurns(self)
        self.layout_key: tuple[object, ...] | None = None
        self.spoken = i18n.language()  # the language the table's texts are in
        self.status = Status("")
        self.input.reset()
        self.refresh()
        self.prompt()
        if match.over and match.results:
            self.show_sheet(match.results[-1], tuple(self.view.table))
        elif self.pass_and_play:
            hand_over(self)

    def _home_seat(self) -> int:
        """The seat whose hand is shown: the next human to play (the first seat if none)."""
        seat = next_human(self.match)
        return seat if seat is not None else 0

    @property
    def key(self) -> int:
        """The match position: it changes with every action (undo included)."""
        return len(self.match.actions)

    def refresh(self) -> None:
        """Read the model again after a change and place every card."""
        view = view_for(self.match, self.me)
        if self.dealt.get(self.me) != view.round_number:
            # a new deal arrives sorted; from then on the player's order is kept
            self.dealt[self.me] = view.round_number
            self.order = handorder.sort_by_suit(view.hand, view.is_wild, view.rules.ace != "low")
        self.view: PlayerView = view
        self.story: list[Turn] = round_story(view.history, view.upcard)
        news = since_last_turn(self.story, self.me)
        # what reached the table since this seat's last turn, and who put it there
        self.marked: dict[Card, int] = arrived(self.story, news, view.table)
        self.news = news_text(news, self.match.players)
        if view.my_turn:  # cards played this turn may come back with undo: keep their places
            self.left_at |= handorder.places_left(self.order, view.hand)
        else:
            self.left_at = {}
        self.order = handorder.reconcile(self.order, self.view.hand, self.left_at)
        self.selected &= set(self.order)
        self.hinted &= frozenset(self.order)
        self.relayout()

    def relayout(self) -> None:
        """Rebuild the layout (on a new size or seating) and the placement."""
        has_ind = self.view.indicator is not None
        scale = self.settings.card_scale
        rtl = i18n.rtl()  # a language written right to left mirrors the chrome
        clockwise = self.match.rules.direction == "clockwise"
        key = (self.size, len(self.match.players), self.me, has_ind, scale, rtl, clockwise)
        if key != self.layout_key:
            self.layout: TableLayout = table_layout(
                self.size, len(self.match.players), self.me, has_ind, scale, rtl, clockwise
            )
            self.layout_key = key
        self.replace()

    def replace(self, lifted_out: frozenset[Card] = frozenset(), gap: Gap | None = None) -> None:
        """Place the cards again (selection, drag or gap changed)."""
        self.version += 1
        self.placement: Placement = place(
            self.layout, self.view, self.order, frozenset(self.selected), lifted_out, gap
        )

    # --- status ----------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        """Put a message on the status line."""
        self.status = Status(text, kind)

    def refuse(self, refusal: Refusal) -> None:
        """Explain a refused move in words."""
        self.say(refusal_text(refusal), "refused")

    def report(self, error: BaseException) -> None:
        """Something failed: say so on the status line and keep the game."""
        self.say(tr("status.error", error=f"{type(error).__name__}: {error}"), "error")
        self.input.reset()
        self.replace()

    def prompt(self) -> None:
        """The status line's advice for the position (after a move)."""
        v = self.view
        if v.match_over:
            self.say(tr("status.match_over"))
        elif not v.my_turn:
            self.say(tr("status.wait", name=self.match.players[v.current].name))
        elif A.Redeal() in v.legal:
            self.say(tr("status.redeal"))
        else:
            self.say(tr("status.draw" if v.phase == "draw" else "status.play"))

    # --- playing ---------------------------------------------------------------------

    def attempt(self, outcome: Outcome, now: int, origins: dict[Card, Rect] | None = None) -> bool:
        """Play an outcome: apply its action, ask for a choice, or explain the refusal."""
        if outcome.choices:
            self.overlay = Chooser(outcome.choices, origins or {})
            self.say(tr("status.choose"))
            self.replace()
            return False
        if outcome.action is None:
            if outcome.refusal is not None:
                self.refuse(outcome.refusal)
            self.snap_back(origins or {}, now)
            return False
        return self.play(outcome.action, now, origins)

    def play(self, action: A.Action, now: int, origins: dict[Card, Rect] | None = None) -> bool:
        """Apply a checked action for the seat to move, then animate what moved."""
        refusal = self.match.check(action)
        if refusal is not None:
            self.refuse(refusal)
            self.snap_back(origins or {}, now)
            return False
        before = dict(self.placement.where) | (origins or {})
        actor, rnd, results, me = (
            self.match.current,
            self.match.round,
            len(self.match.results),
            self.me,
        )
        top = self.view.discard[-1].face if self.view.discard else None
        hand = list(rnd.hands[actor]) if actor == me else []
        self.match.apply(action)
        self.hinted, self.hint_pile = frozenset(), None
        self._sound(sound.for_action(action))
        if len(self.match.results) > results or self.match.over:
            self._sound("round_end")
            self._round_over(rnd.table)  # the finished round's table: public, shown on the sheet
            return True
        names = handorder.played_as(origins or {}, hand, rnd.hands[actor]) if hand else {}
        if names:  # the model took another copy of a face: the meant card is the one gone
            self.order = [names.get(c, c) for c in self.order]
            self.selected = {names.get(c, c) for c in self.selected}
            self.input.rename(names)
            before = {names.get(c, c): r for c, r in before.items()}
        self.refresh()
        if self.pass_and_play and actor == me and self.match.current != actor:
            hand_over(self)  # the turn has passed: nothing of this hand stays in view
            return True
        animate(self, before, action, actor, now)
        if actor != self.me:
            name = self.match.players[actor].name
            self.say(tr("log.turn", name=name, steps=step_text(Step(0, action, top))))
        else:
            self.prompt()
        return True

    def snap_back(self, origins: dict[Card, Rect], now: int) -> None:
        """Cards dropped where they cannot go glide back to their places."""
        self.replace()
        for card, rect in origins.items():
            home = self.placement.where.get(card)
            if home is not None:
                self.anim.fly(card, rect, home, now)

    def _round_over(self, final_table: list[Meld]) -> None:
        """The round ended: show the sheet over the final table (its melds are public)."""
        self.anim.finish()
        self.selected.clear()
        self.refresh()
        self.show_sheet(self.match.results[-1], tuple(final_table))

    def show_sheet(self, result: RoundResult, table: tuple[Meld, ...]) -> None:
        """The score sheet of a round, over the table it ended with."""
        m = self.match
        sheet = round_sheet(result, m.rules, m.players, m.totals, m.winners, m.over)
        self.overlay = SheetOverlay(sheet, table)
        self.say(sheet.title)

    def close_sheet(self) -> None:
        """Leave the score sheet: the next round is already dealt (or open the menu)."""
        self.held = None
        self.overlay = Menu() if self.match.over else None
        self.refresh()
        self.prompt()
        if self.pass_and_play and not self.match.over:
            hand_over(self)  # a new deal: whoever plays first takes the screen

    # --- intents -----------------------------------------------------------------------

    def my_turn(self) -> bool:
        """True when the human may act now; otherwise says whose turn it is."""
        if self.view.my_turn:
            return True
        if not self.view.match_over:
            self.say(tr("status.wait", name=self.match.players[self.view.current].name))
        return False

    def draw_card(self, from_discard: bool, now: int) -> None:
        """Draw from the stock or take the discard."""
        if self.my_turn():
            self.attempt(C.draw(self.match, from_discard), now)

    def undo(self, now: int) -> None:
        """Take back the last meld, lay-off or swap of this turn."""
        if self.my_turn():
            self.attempt(C.checked(self.match, A.Undo()), now)

    def sort(self, by_rank: bool) -> None:
        """Sort the hand by suit or by rank; the order then stays as it is."""
        ace_high = self.view.rules.ace != "low"
        sort = handorder.sort_by_rank if by_rank else handorder.sort_by_suit
        self.order = sort(self.order, self.view.is_wild, ace_high)
        self.replace()

    def hint(self) -> None:
        """Ask a hard bot for a move (off the frame loop); `update` shows it."""
        if self.my_turn():
            self.bot_turns.ask_hint()

    def choose(self, action: A.Action, now: int) -> None:
        """The player picked one reading of the wilds in the chooser."""
        origins = self.overlay.origins if isinstance(self.overlay, Chooser) else {}
        self.overlay = None
        self.play(action, now, origins)

    def menu_command(self, command: str, now: int) -> None:
        """Carry out a menu entry (ui.table.menu)."""
        menu_command(self, command, now)

    def open_menu(self) -> None:
        """Esc: the small menu (over a score sheet, which waits under it)."""
        self._cover(Menu())

    def resume(self) -> None:
        """Close what is open over the table: back to a waiting score sheet or hand-over."""
        if self.held is not None:
            self.overlay, self.held = self.held, None
        else:
            self.overlay = HandOver(self.curtain) if self.curtain is not None else None

    def play_again(self) -> None:
        """The match is over: the same seats and rules again, a new deal."""
        match = Match(self.match.rules, list(self.match.players), new_seed())
        if self.nav is not None:
            self.nav.start_match(match)
        else:
            self.start(match)

    def new_game(self) -> None:
        """The match is over: the new-game screen (or a new match where there is none)."""
        if self.nav is not None:
            self.nav.new_game()
        elif self.new_match is not None:
            self.start(self.new_match())

    def watch_round(self, index: int | None = None) -> None:
        """W: watch a finished round again (the last one that ended unless told)."""
        results = self.match.results
        if not results:
            return
        self._cover(RewindView(self, len(results) - 1 if index is None else index))

    def toggle_log(self) -> None:
        """G: the turn log of the round, over the table (and away again)."""
        if isinstance(self.overlay, LogPanel):
            self.resume()
        else:
            self._cover(LogPanel())

    def toggle_rules(self) -> None:
        """I: the rules in force, over the table (and away again)."""
        if isinstance(self.overlay, RulesPanel):
            self.resume()
        else:
            self._cover(RulesPanel())

    def _cover(self, overlay: Overlay) -> None:
        """Open something over the table; a score sheet stays waiting under it."""
        if isinstance(self.overlay, SheetOverlay):
            self.held = self.overlay
        self.overlay = overlay

    # --- settings ----------------------------------------------------------------------

    def enter(self) -> None:
        """Back at the table (from settings or help): take up changed settings."""
        st = self.settings
        self.deck.set_four_colour(st.four_colour)
        self.deck.set_back(st.card_back)
        self.deck.set_rank_names(i18n.rank_names())
        self.anim.factor = st.animation_factor
        self.layout_key = None
        self.refresh()
        if self.overlay is None or isinstance(self.overlay, Menu):
            self.resume()
            self.prompt()

    def speak(self) -> None:
        """Another language was chosen: every text of the table in it from the next frame."""
        self.spoken = i18n.language()
        self.deck.set_rank_names(i18n.rank_names())
        self.refresh()  # the news, and the layout (mirrored for a right-to-left language)
        if isinstance(self.overlay, SheetOverlay) and self.match.results:
            self.show_sheet(self.match.results[-1], self.overlay.table)
        elif self.overlay is None or isinstance(self.overlay, Menu):
            self.prompt()

    def _sound(self, name: str | None) -> None:
        if name is not None and self.settings.sound:
            sound.play(name)

    def show_pile(self) -> None:
        """Look through the discard pile."""
        if self.view.discard:
            self.overlay = PileViewer()

    def skip(self, now: int) -> None:
        """Space during the bots' turns: no more waiting until it is the human's turn."""
        self.bot_turns.skip(now)

    # --- the frame loop ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """One input event."""
        self.input.handle(event, now)

    def update(self, now: int) -> None:
        """The language, animations, the hint, the bots, then the autosave of what changed."""
        if self.spoken != i18n.language():
            self.speak()
        if isinstance(self.overlay, HandOver):
            self.overlay.update(now)
        self.anim.update(now)
        self.bot_turns.update_hint()
        self.bot_turns.update(now)
        if self.keeper is not None:
            self.keeper.update(self)

    def bot_to_move(self) -> bool:
        """True when a bot seat is to move and nothing holds the game."""
        return self.bot_turns.to_move()

    def draw(self, surface: pygame.Surface, now: int) -> None:
        """Draw the table and whatever lies over it."""
        self.renderer.draw(surface, now)

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay the table out again."""
        self.size = size
        self.anim.finish()
        self.input.reset()
        self.relayout()

    def quit_now(self) -> None:
        """Quit was chosen (and confirmed)."""
        self._quit = True

    @property
    def wants_quit(self) -> bool:
        """True once Quit was chosen in the menu."""
        return self._quit
