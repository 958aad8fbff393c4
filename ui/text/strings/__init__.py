"""Every English text of the game by key: the source that translations are made from."""

from __future__ import annotations

from ui.text.strings.options import OPTION_TEXTS
from ui.text.strings.refusals import REFUSALS
from ui.text.strings.saves import SAVES
from ui.text.strings.screens import SCREENS
from ui.text.strings.table import TABLE

STRINGS: dict[str, str] = {}
for _part in (TABLE, SCREENS, OPTION_TEXTS, REFUSALS, SAVES):
    _clash = set(STRINGS) & set(_part)
    if _clash:
        raise ValueError(f"text keys defined twice: {sorted(_clash)}")
    STRINGS.update(_part)
