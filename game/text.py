"""Text from outside (files, the command line): cleaned so that any screen and UTF-8 take it.

``clean_text`` is the one function for names and other texts read from a file: control
characters (NUL, tabs, line breaks, …) become spaces, lone surrogates (which UTF-8 cannot
encode) become U+FFFD, runs of spaces are joined, and the text is cut to a length.
``clean_players`` applies it to the player names of a record's JSON value.
``ascii_digits`` is the digit check for numbers in notation and file fields:
``str.isdigit`` also accepts "²" and "①", which ``int`` then refuses.
"""

from __future__ import annotations

import re

NAME_LIMIT = 80  # a save's name
PLAYER_LIMIT = 40  # a player's name (game.record refuses longer ones)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SPACES = re.compile(r" {2,}")


def encodable(text: str) -> str:
    """``text`` that UTF-8 takes: each lone surrogate (from a file) becomes U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def printable(text: str) -> str:
    """``text`` that any screen and UTF-8 take: each run of control characters a space, each
    lone surrogate U+FFFD (the one rule for text from outside, here and in the front end)."""
    return encodable(_CONTROL.sub(" ", text))


def clean_text(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` made safe to draw and to encode (``printable``), single spaces, no spaces at
    the ends, at most ``limit`` characters."""
    return _SPACES.sub(" ", printable(text)).strip()[:limit].rstrip()


def clean_players(data: object) -> object:
    """A record's JSON value with each player's name cleaned (``clean_text``, at most
    ``PLAYER_LIMIT`` characters; a name left empty becomes "Player N"); anything that is
    not a record is returned as it is, for ``game.record.load`` to refuse."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        return data
    players = [_player(p, i) for i, p in enumerate(data["players"])]
    return {**data, "players": players}


def _player(data: object, index: int) -> object:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return data
    return {**data, "name": clean_text(data["name"], PLAYER_LIMIT) or f"Player {index + 1}"}


def ascii_digits(text: str) -> bool:
    """True when ``text`` is one or more of the digits 0-9 (nothing else, no signs)."""
    return text.isascii() and text.isdigit()
