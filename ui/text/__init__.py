"""Every word the game says, in the player's language; imports only `ui.look` (assets).

- `i18n.py`: `tr(key)`, the languages, and the translations in assets/i18n/<lang>.po.
- `strings/`: the English source texts by key.
- `words.py`: cards and actions in words (`card_text`, `action_text`).
- `refusals.py`: refused moves in words, from the refusal's code.
- `options.py`: the house-rule options grouped as the screens show them.
- `rules_text.py`: preset names, the options in force, why a combination fails.
- `rulesdoc.py`: the rules help as text blocks.
"""
