"""Translations: every text in both languages, German card names, refusals by code."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pygame
import pytest

from game.cards import Face
from game.errors import Refusal
from tests.ui.harness import Table, table_match
from ui.text import i18n
from ui.text.i18n import parse_po, tr
from ui.text.refusals import refusal_text
from ui.text.strings import STRINGS
from ui.text.strings.refusals import REFUSALS
from ui.text.words import card_text

ROOT = Path(__file__).resolve().parent.parent.parent
UI = ROOT / "ui"
PO = ROOT / "assets" / "i18n"


def sources(folder: Path, skip: str = "") -> str:
    paths = [p for p in sorted(folder.rglob("*.py")) if not (skip and skip in p.parts)]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_text_key_written_in_the_ui_has_an_english_text() -> None:
    code = sources(UI)
    used = set(re.findall(r"""\btr\(\s*["']([a-z_][\w.]*)["']""", code))
    assert used, "no tr() calls found"
    assert sorted(used - set(STRINGS)) == []


def test_no_english_text_is_left_unused() -> None:
    code = sources(UI, skip="strings")
    literal = set(re.findall(r"""["']([a-z_][\w.]*)["']""", code))
    prefixes = set(re.findall(r"""f["']([a-z_][\w.]*\.)\{""", code))
    prefixes |= set(re.findall(r"""["']([a-z_]+\.)["']""", code))  # prefixes handed around
    unused = [
        k
        for k in STRINGS
        if k not in literal
        and not (k.endswith(".one") and k.removesuffix(".one") in literal)  # tr_count's forms
        and not any(k.startswith(p) for p in prefixes)
        and not k.startswith(("refusal.", "problem."))  # read by code and pattern
    ]
    assert unused == []


@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_every_text_is_translated_and_up_to_date(language: str) -> None:
    entries = parse_po((PO / f"{language}.po").read_text(encoding="utf-8"))
    by_key = {e.context: e for e in entries}
    assert len(by_key) == len(entries), "a key is translated twice"
    assert sorted(set(STRINGS) - set(by_key)) == [], "missing translations"
    assert sorted(set(by_key) - set(STRINGS)) == [], "stale translations"
    for key, english in STRINGS.items():
        entry = by_key[key]
        assert entry.msgid == english, f"{key}: the English changed; translate it again"
        assert entry.msgstr.strip() and not entry.fuzzy, f"{key}: not translated"
        assert fields(entry.msgstr) <= fields(english), f"{key}: unknown placeholder"


def test_the_translation_files_are_in_sync_with_the_tool() -> None:
    import tools.i18n_sync as sync

    for path, language in [(PO / "messages.pot", None), (PO / "de.po", "de")]:
        old = {e.context: e for e in parse_po(path.read_text(encoding="utf-8"))}
        assert sync.render(language, old) == path.read_text(encoding="utf-8"), path.name


def test_german_card_names_use_b_d_k() -> None:
    i18n.set_language("de")
    names = [card_text(Face.parse(t)) for t in ("JH", "QS", "KD", "AC", "10H", "JK")]
    assert names == ["B♥", "D♠", "K♦", "A♣", "10♥", "Joker"]
    i18n.set_language("en")
    assert card_text(Face.parse("QS")) == "Q♠"


def test_a_german_table_draws_german_court_cards_and_says_why_in_german() -> None:
    i18n.set_language("de")
    hands = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(table_match("classic", hands, "10H KH", upcard="KD"))
    assert table.scene.deck.art(60).rank_names[11] == "B"
    assert table.scene.deck.art(60).rank_names[12] == "D"
    table.key(pygame.K_d)
    table.select("7H", "8H", "KS")
    table.drag(table.grab_point("7H"), table.open_table())
    assert table.scene.status.kind == "refused"
    assert table.scene.status.text == "K♠ 7♥ 8♥: eine Folge braucht eine einzige Farbe."
    assert table.scene.renderer.turn_text() == "Du bist dran: auslegen oder abwerfen"


def refusals_in(folder: Path) -> list[tuple[str, str, str]]:
    """(code, English template, file) of every refuse(...) call under a folder."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "refuse":
                code, template = node.args[0], node.args[1]
                assert isinstance(code, ast.Constant), f"{path}: a refusal code must be literal"
                assert isinstance(template, ast.Constant), f"{path}: a reason must be literal"
                found.append((code.value, template.value, path.name))
    return found


def test_every_refusal_code_of_the_rules_has_a_text_in_every_language() -> None:
    found = refusals_in(ROOT / "game") + refusals_in(UI)
    assert len({code for code, _, _ in found}) > 40
    catalogs = {lang: i18n.catalog(lang) for lang in i18n.LANGUAGES}
    for code, template, where in found:
        keys = [k for k in (f"refusal.{code}", f"refusal.{code}.2") if REFUSALS.get(k) == template]
        assert keys, f"{where}: refusal {code!r} worded {template!r} has no English text"
        for lang, texts in catalogs.items():
            assert texts.get(keys[0]), f"refusal {code!r} is not translated into {lang}"


def test_the_english_pieces_of_refusal_parameters_are_the_models() -> None:
    game = sources(ROOT / "game")
    for key, english in REFUSALS.items():
        if key.startswith(("refusal.what.", "refusal.how.")):
            assert f'"{english}"' in game, f"{key}: the model no longer says {english!r}"


@pytest.mark.parametrize(
    ("refusal", "german"),
    [
        (
            Refusal(
                "no_fit",
                "QH does not fit meld 2: needs 8♥ between 7♥ and 9♥",
                {"cards": "Q♥", "meld": "2", "why": "needs 8♥ between 7♥ and 9♥"},
            ),
            "D♥ passt nicht zu Kombination 2: es fehlt 8♥ zwischen 7♥ und 9♥.",
        ),
        (
            Refusal("not_opened", "x", {"what": "lay off", "need": "40"}),
            "Du darfst erst nach deinem ersten Auslegen (40 Punkte) anlegen.",
        ),
        (
            Refusal("wild_ambiguous", "x", {"card": "Joker", "choices": "J♥ or Q♥"}),
            "Sag, für welche Karte Joker steht: B♥ oder D♥.",
        ),
        (Refusal("around_corner", "x", {"names": "Q-K-A-2"}), "D-K-A-2 ist keine Folge."),
    ],
)
def test_refusals_are_said_in_german_with_their_parameters(refusal: Refusal, german: str) -> None:
    i18n.set_language("de")
    assert refusal_text(refusal) == german


def test_an_unknown_refusal_falls_back_to_the_models_english() -> None:
    i18n.set_language("de")
    assert refusal_text(Refusal("brand_new", "something new")) == "Something new."


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "de:en"}, "de"),
        ({"LANG": "ar_SA.UTF-8"}, "ar"),
        ({"LANG": "ar_JO"}, "ar"),
    ],
)
def test_the_default_language_follows_the_system(
    env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected
    assert i18n.set_language("") == expected


def test_a_missing_translation_falls_back_to_english_and_a_missing_key_shows_itself() -> None:
    i18n.set_language("de")
    assert tr("app.name") == "Rummy Table"
    assert tr("no.such.key") == "no.such.key"
    i18n.missing.discard("no.such.key")


def test_the_po_parser_reads_continued_strings_escapes_and_fuzzy_entries() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
        '#, fuzzy\nmsgctxt "a"\nmsgid "One"\nmsgstr "Eins"\n\n'
        'msgctxt "b"\nmsgid ""\n"Two \\"quoted\\"\\n"\n"lines"\nmsgstr "Zwei"\n'
    )
    entries = parse_po(text)
    assert [(e.context, e.msgid, e.msgstr, e.fuzzy) for e in entries] == [
        ("a", "One", "Eins", True),
        ("b", 'Two "quoted"\nlines', "Zwei", False),
    ]
