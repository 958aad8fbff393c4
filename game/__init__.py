"""The rules model of Rummy Table: cards, rules, melds, turns, rounds and matches.

Standard library only: no pygame, no files, no clock, no global random.
"""

# The one place the version is written: saves, build.spec and the window read it here;
# pyproject.toml's version is kept equal by tests/saves/test_fixtures.py.
__version__ = "0.1.0"
