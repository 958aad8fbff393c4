"""The ground every room of the front end stands on (imports nothing of the front end).

- `scene.py`: the Scene protocol, the calls the app's loop makes on every screen.
- `rect.py`: rectangles in window pixels and the scale of a window (no pygame).
- `seed.py`: a fresh seed for a new match.
"""
