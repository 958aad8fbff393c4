"""A fresh seed for a new match: the one place where the front end draws chance (game/ takes
the seed and deals from it, reproducibly)."""

from __future__ import annotations

import os


def new_seed() -> int:
    """32 random bits from the system."""
    return int.from_bytes(os.urandom(4), "little")
