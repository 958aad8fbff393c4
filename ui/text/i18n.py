"""Languages: English source strings in ui/text/strings, translations in assets/i18n/<lang>.po.

Every text the game shows goes through `tr(key, **params)`. English is the source: each key
has its English text in `ui.text.strings.STRINGS`. A translation is a gettext .po file whose
entries carry the key as `msgctxt`, the English text as `msgid` and the translation as
`msgstr`; it is read at start-up by the small parser below (no msgfmt, no .mo). An entry
whose English has changed since it was translated (its msgid differs) or that is marked
fuzzy is not used: the English text stands in until the translation is brought up to date.
"""

from __future__ import annotations

import contextlib
import locale
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from saves.settings import LANGUAGES as SAVED_LANGUAGES
from ui.look import bidi
from ui.look.assets import asset_path
from ui.text.strings import STRINGS

# the languages the game has: one list, kept by the saves package that checks the setting
LANGUAGES = SAVED_LANGUAGES
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ar": "العربية"}
RIGHT_TO_LEFT = frozenset({"ar"})

_state = {"language": "en"}
missing: set[str] = set()  # keys asked for that have no English text (tests check it stays empty)


@dataclass(frozen=True)
class PoEntry:
    """One entry of a .po file."""

    context: str
    msgid: str
    msgstr: str
    fuzzy: bool = False


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str) -> str:
    """The value of one quoted .po string."""
    body = text.strip()[1:-1]
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def quote(text: str) -> str:
    """A Python string as one quoted .po string."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def parse_po(text: str) -> list[PoEntry]:
    """Entries of a .po file (the header entry and obsolete `#~` entries left out)."""
    entries: list[PoEntry] = []
    fields: dict[str, str] = {}
    fuzzy, last = False, ""

    def flush() -> None:
        nonlocal fuzzy
        if fields.get("msgid"):
            entries.append(
                PoEntry(fields.get("msgctxt", ""), fields["msgid"], fields.get("msgstr", ""), fuzzy)
            )
        fields.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if "msgid" in fields:
                flush()
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
        elif line.startswith('"'):
            fields[last] = fields.get(last, "") + _unquote(line)
        else:
            name, _, value = line.partition(" ")
            if name in ("msgctxt", "msgid") and "msgid" in fields:
                flush()
            last = name
            fields[name] = _unquote(value)
    flush()
    return entries


def po_path(language: str) -> str:
    """Where a language's translations live."""
    return str(asset_path("i18n", f"{language}.po"))


@cache
def catalog(language: str) -> dict[str, str]:
    """Key -> translated text, for entries that are translated and up to date."""
    if language == "en":
        return dict(STRINGS)
    try:
        with open(po_path(language), encoding="utf-8") as f:
            entries = parse_po(f.read())
    except OSError:
        return {}
    return {
        e.context: e.msgstr
        for e in entries
        if e.msgstr and not e.fuzzy and STRINGS.get(e.context) == e.msgid
    }


def system_language() -> str:
    """The desktop's language if the game speaks it, else English."""
    names = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an odd locale setting: the variables decide
        names.append(locale.getlocale()[0] or "")
    for name in names:
        for part in name.split(":"):
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
            if part and part not in ("C", "POSIX") and not part.startswith("C."):
                return "en"
    return "en"


def set_language(code: str | None) -> str:
    """Speak a language from now on ('' or None: the system's); returns the one chosen."""
    chosen = code if code in LANGUAGES else system_language()
    _state["language"] = chosen
    bidi.set_rtl(chosen in RIGHT_TO_LEFT)
    return chosen


def rtl() -> bool:
    """Whether the language spoken is written right to left (the screens are mirrored)."""
    return _state["language"] in RIGHT_TO_LEFT


def language() -> str:
    """The language spoken now."""
    return _state["language"]


def has(key: str) -> bool:
    """Whether a key has an English text."""
    return key in STRINGS


def tr_count(key: str, count: int, **params: object) -> str:
    """`tr` for a text about `count` things: the key's `.one` form when there is one thing.

    The count is passed to the text as `{n}`.
    """
    form = f"{key}.one" if count == 1 and f"{key}.one" in STRINGS else key
    return tr(form, n=count, **params)


def tr(key: str, **params: object) -> str:
    """The text for `key` in the current language, formatted with `params`.

    Missing translations fall back to English; a missing key shows the key itself.
    """
    english = STRINGS.get(key)
    if english is None:
        missing.add(key)
        return key
    text = catalog(_state["language"]).get(key, english)
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return english.format(**params)


def joined(items: Iterable[str], sentences: bool = False) -> str:
    """Items of a list in a sentence, with the language's comma (or semicolon between
    `sentences`): Arabic has its own, "،" and "؛"."""
    return tr("list.semicolon" if sentences else "list.comma").join(items)


def rank_name(rank: int) -> str:
    """A rank as printed on a card: A 2 … 10 J Q K (German: A 2 … 10 B D K)."""
    if rank in (1, 11, 12, 13):
        return tr(f"rank.{rank}")
    return str(rank)


def rank_names() -> dict[int, str]:
    """Printed names of the picture ranks and the ace in the current language."""
    return {r: rank_name(r) for r in (1, 11, 12, 13)}
