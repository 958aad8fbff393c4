"""The player's files as the screens see them; imports `ui.text` and below.

- `saves_bridge.py`: the one place where the front end calls the saves package.
- `prefs.py`: the settings and their choices.
- `notices.py`: what the screens say about files that could not be read or written.
"""
