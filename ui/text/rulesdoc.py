"""The rules help as text blocks: the written rules (assets/rules/<lang>.md) and the options
in force (from the same texts as the house-rules screen). Pure: no pygame.

A page for a preset is: its name, its own section, the section shared by all presets, and
"The rules of this game": every option with its value and explanation, house rules marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from game.rules import Rules, preset_rules
from ui.look.assets import asset_path
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.rules_text import preset_name, rule_lines


@dataclass(frozen=True)
class Block:
    """A heading (h1–h3), a paragraph (p) or a list item (li, with its bullet or number)."""

    kind: str
    text: str
    bullet: str = ""
    marked: bool = False  # a house rule: drawn in gold


def parse(text: str) -> dict[str, list[Block]]:
    """The sections of a rules file, by their `# key` heading."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    sections: dict[str, list[Block]] = {}
    current: list[Block] = []
    para: list[str] = []
    item: Block | None = None

    def flush() -> None:
        nonlocal item
        if para:
            current.append(Block("p", " ".join(para)))
            para.clear()
        if item is not None:
            current.append(item)
            item = None

    for raw in text.splitlines():
        line = raw.strip()
        number = re.match(r"(\d+)\. (.*)", line)
        if not line:
            flush()
        elif line.startswith("# "):
            flush()
            current = sections.setdefault(line[2:].strip(), [])
        elif line.startswith(("## ", "### ")):
            flush()
            level, _, words = line.partition(" ")
            current.append(Block(f"h{len(level)}", words))
        elif line.startswith("- ") or number:
            flush()
            item = Block(
                "li",
                line[2:] if not number else number.group(2),
                "•" if not number else f"{number.group(1)}.",
            )
        elif item is not None:
            item = Block("li", f"{item.text} {line}", item.bullet)
        else:
            para.append(line)
    flush()
    return sections


@cache
def sections(language: str) -> dict[str, list[Block]]:
    """The rules text of a language (English where the file is missing)."""
    path = asset_path("rules", f"{language}.md")
    if not path.exists():
        path = asset_path("rules", "en.md")
    return parse(path.read_text(encoding="utf-8"))


def in_force(rules: Rules) -> list[Block]:
    """The options of a game, by group: "**Label:** value – explanation"."""
    out = [Block("h2", tr("help.in_force"))]
    for group, lines in rule_lines(rules):
        out.append(Block("h3", group))
        for line in lines:
            mark = f" ({tr('help.house_rule')})" if line.changed else ""
            text = f"**{line.label}:** {line.value}{mark} – {line.help}"
            out.append(Block("li", text, "•", line.changed))
    return out


def page(preset: str, rules: Rules | None = None) -> list[Block]:
    """The whole help page of a preset, with the rules in force (the preset's by default)."""
    parts = sections(i18n.language())
    shown = rules if rules is not None and rules.preset == preset else preset_rules(preset)
    return [
        Block("h1", preset_name(preset)),
        *parts.get(preset, []),
        *parts.get("all", []),
        *in_force(shown),
    ]


def spans(text: str) -> list[tuple[str, bool]]:
    """Words of a text with whether they are bold (`**…**`)."""
    out: list[tuple[str, bool]] = []
    for k, part in enumerate(text.split("**")):
        out += [(word, k % 2 == 1) for word in part.split()]
    return out
