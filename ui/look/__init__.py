"""How the game looks and sounds; imports only `ui.kit`.

- `assets.py`: bundled files, from a source checkout or a PyInstaller bundle.
- `theme.py`: colours, fonts, cached text and panels, the felt; lines mirrored for
  right-to-left languages.
- `bidi.py`: which way a line runs, and its pieces in drawing order (Arabic beside Latin).
- `cardart.py`, `cardart_parts.py`: card faces, backs, outlines and shadows drawn by code.
- `sprites.py`: card images at every width the table uses, cached.
- `sound.py`: the table's sounds, played only where a mixer works.
"""
