"""The pygame front end, a house of rooms; arrows point down this list, never up.

- `app.py`, `nav.py`: the shell. The one loop, and the only code that knows every scene:
  it builds the screens and the table and hands them what they may ask of it.
- `table/`: the table scene and everything only it uses.
- `screens/`: the screens around the table (title, new game, house rules, settings, ...).
- `store/`: settings, saved games and statistics as the screens see them.
- `text/`: every word the game says: languages, strings, cards and rules in words.
- `look/`: how it looks and sounds: assets, colours and fonts, card art, sprites, sounds.
- `kit/`: what every room stands on: the Scene protocol, rectangles, the window scale.
"""
