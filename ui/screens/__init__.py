"""The screens around the table; they never import `ui.nav` or `ui.table`.

Each screen takes a `Navigator` (screen.py): the few calls it may make on the shell,
which builds the screens and implements it.

- `screen.py`: the common frame (felt, title, controls, key line) and `Navigator`.
- `widgets.py`: buttons, choices, text fields, list items, tabs.
- `title.py`, `new_game.py`, `house_rules.py`, `settings.py`, `rules_help.py`,
  `stats.py`, `saved_games.py`: one screen each.
- `setup.py`: what new game and house rules edit (pure).
- `notice_panel.py`: a notice over a screen, with its buttons.
"""
