"""The table: one match seen from a human seat, and everything only the table uses.

It never imports `ui.nav` or `ui.screens`; it asks the shell through `TableHost`
(scene.py) for the screens it opens (help, settings, new game, the title).

- `scene.py`: the TableScene (state, intents, the frame).
- `input.py`: mouse and keys become intents; `drag.py`: presses, drags, the rubber band.
- `controller.py`: intents become actions the model accepts.
- `draw.py`, `melds_draw.py`, `seats_draw.py`, `sheet_draw.py`, `paint.py`: the painters.
- `overlays.py`, `menu.py`, `rules_panel.py`, `handover.py`, `log_panel.py`: what opens
  over the table (the turn log among them).
- `layout.py`, `geometry.py`, `placement.py`: pure geometry of the table and its cards.
- `anim.py`, `motion.py`: cards gliding after a move.
- `rewind_view.py`: a finished round watched again, action by action (W).
- `handorder.py`: the order of the human's hand.
- `botrunner.py`, `bot_turns.py`: bots decide off the frame loop, played at a pace.
- `keeper.py`: autosave, hand orders and statistics of the match at the table.
- `scoresheet.py`: the score sheet of a round; `demo.py`: seeded positions for shots.
"""
