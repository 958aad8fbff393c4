"""Bring the translation files in assets/i18n/ up to date with the English texts in ui/text/strings.

    .venv/bin/python tools/i18n_sync.py          # rewrite messages.pot and every <lang>.po
    .venv/bin/python tools/i18n_sync.py --check  # exit 1 if any file would change

Each entry's msgctxt is the text's key, msgid its English text, msgstr the translation.
A new key gets an empty msgstr; a key whose English changed keeps its old translation
marked fuzzy (not used by the game until a translator checks it); entries for keys that
no longer exist are dropped. Untranslated or fuzzy entries make tests/ui/test_i18n.py fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ui.text.i18n import LANGUAGES, PoEntry, parse_po, quote  # noqa: E402
from ui.text.strings import STRINGS  # noqa: E402

FOLDER = ROOT / "assets" / "i18n"
NAMES = {"de": "German", "ar": "Arabic"}


def header(language: str | None) -> str:
    """The header entry of a .po (or, without a language, the .pot)."""
    lines = [
        f"# {NAMES.get(language or '', 'Template of the')} texts of Rummy Table.",
        "# msgctxt: the key in ui/text/strings; msgid: the English text; msgstr: the translation.",
        "# Update with tools/i18n_sync.py. Licence: as the game (see LICENSE).",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
    ]
    if language:
        lines.append(f'"Language: {language}\\n"')
    return "\n".join(lines) + "\n"


def entry(key: str, english: str, translated: str, old: PoEntry | None) -> str:
    """One entry; fuzzy when the English changed since it was translated."""
    lines = []
    if old is not None and old.msgid != english and old.msgstr:
        lines += ["#, fuzzy", f"#| msgid {quote(old.msgid)}"]
    elif old is not None and old.fuzzy:
        lines.append("#, fuzzy")
    lines += [f"msgctxt {quote(key)}", f"msgid {quote(english)}", f"msgstr {quote(translated)}"]
    return "\n".join(lines) + "\n"


def render(language: str | None, old: dict[str, PoEntry]) -> str:
    """The whole file for a language (None: the template)."""
    parts = [header(language)]
    for key, english in STRINGS.items():
        before = old.get(key)
        text = before.msgstr if (before is not None and language) else ""
        parts.append(entry(key, english, text, before if language else None))
    return "\n".join(parts)


def sync(check: bool) -> int:
    """Write (or, with check, compare) the template and every translation."""
    changed = []
    targets: list[tuple[Path, str | None]] = [(FOLDER / "messages.pot", None)]
    targets += [(FOLDER / f"{lang}.po", lang) for lang in LANGUAGES if lang != "en"]
    for path, language in targets:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        old = {e.context: e for e in parse_po(current)}
        stale = sorted(set(old) - set(STRINGS))
        text = render(language, old)
        if text != current:
            changed.append(path.name)
            if not check:
                path.write_text(text, encoding="utf-8")
        for key in stale:
            print(f"{path.name}: dropped {key}")
    print(("would change: " if check else "updated: ") + (", ".join(changed) or "nothing"))
    return 1 if (check and changed) else 0


if __name__ == "__main__":
    sys.exit(sync("--check" in sys.argv[1:]))
