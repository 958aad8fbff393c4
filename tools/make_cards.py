"""Make the court figures and the joker's jester for the card faces: assets/cards/*.png.

    .venv/bin/python tools/make_cards.py [--tarball FILE]

The art is Adrian Kennard's SVG deck (public domain, CC0), as the npm package
@heruka_urgyen/react-playing-cards ships it (MIT). The tool fetches the pinned version with
`npm pack` (or takes a tarball already downloaded), checks its sha512 against the one pinned
here, and renders with resvg-py (pinned in requirements-dev.txt). The game itself never
renders SVG: it ships these PNGs and scales them (ui/look/cardart.py).

What comes out, all transparent where the art is:

- `court_<rank><suit>.png` (J Q K × S H D C): the upper half of each court card's figure
  panel, without the original's corner indices, pips and frame (the game draws its own,
  larger ones). The lower half of a court card is the same picture turned over.
- `court_<rank><suit>_four.png` (diamonds and clubs only): the same from the four-colour
  deck, whose figures carry the suit's small pips in blue or green.
- `joker.png`: the jester of the deck's joker, its lines thickened and coloured, so it
  stays clear on small cards.

Run it again after changing a size here; the output is the same every time for one
resvg-py version.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import resvg_py

PACKAGE = "@heruka_urgyen/react-playing-cards"
VERSION = "0.5.0"
INTEGRITY = (  # npm's "integrity" of the tarball
    "sha512-o/tSxBIIdGJQYCwARHMzddjY0hYdxxYZXiyCVzg8FuQNCrnVl8n1"
    "moKjzjkRVK7qMQGR3FCpromg2kpw85pQ+A=="
)
IMAGES = "package/src/images"
OUT = Path(__file__).resolve().parent.parent / "assets" / "cards"

FIGURE_W = 240  # px: twice the figure panel of the largest cards the table draws
# The upper half of the figure panel in the deck's card coordinates (a 240 × 336 card).
PANEL_HALF = (-82.4, -130.4, 164.8, 130.4)
JOKER_H = 300  # px, before cropping to the jester's ink
JOKER_INK = "#781E96"  # ui.look.cardart.JOKER_INK
JOKER_GOLD = "#FFCC44"  # the deck's gold
JOKER_LINE = 44  # stroke width in the jester's 1300 × 2000 box (the deck draws 6)

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG)
ET.register_namespace("xlink", XLINK)


def fetch(dest: Path) -> Path:
    """The pinned package's tarball, from the npm registry."""
    subprocess.run(
        [
            "npm",
            "pack",
            f"{PACKAGE}@{VERSION}",
            "--pack-destination",
            str(dest),
            "--loglevel=error",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    found = sorted(dest.glob("*.tgz"))
    if len(found) != 1:
        raise SystemExit(f"npm pack left {len(found)} tarballs in {dest}")
    return found[0]


def check(tarball: Path) -> None:
    """Stop unless the tarball is the exact one pinned here."""
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if f"sha512-{digest}" != INTEGRITY:
        raise SystemExit(f"{tarball} is not {PACKAGE}@{VERSION} (sha512 differs)")


def figure_svg(source: str, rank: str, suit: str) -> str:
    """A court card's SVG cut down to the upper half of its figure panel."""
    root = ET.fromstring(source)
    figure = re.compile(rf"#{suit}{rank}\d+")
    for child in list(root):
        tag = child.tag.split("}")[-1]
        href = child.get(f"{{{XLINK}}}href", "")
        if tag == "symbol" or (tag == "use" and figure.fullmatch(href)):
            continue  # the figure's symbols (with the pips they use), and the figure itself
        root.remove(child)  # the card, its indices and pips, the panel's frame
    x, y, w, h = PANEL_HALF
    root.set("viewBox", f"{x} {y} {w} {h}")
    root.set("width", str(FIGURE_W))
    root.set("height", str(round(FIGURE_W * h / w)))
    root.set("preserveAspectRatio", "none")
    return ET.tostring(root, encoding="unicode")


def joker_svg(source: str) -> str:
    """The joker's jester alone: thick lines in the joker's ink, a gold face and bells."""
    root = ET.fromstring(source)
    for child in list(root):
        if child.tag.split("}")[-1] == "rect":
            root.remove(child)  # the card
    text = ET.tostring(root, encoding="unicode")
    text = text.replace('stroke-width="6"', f'stroke-width="{JOKER_LINE}"')
    text = text.replace('stroke="black"', f'stroke="{JOKER_INK}"')
    text = text.replace('fill="black"', f'fill="{JOKER_INK}"')
    # Gold under the lines: the face and the three bells of the cap (centres in the 1300 × 2000
    # box of the deck's symbol, which the card shows at 202.8 × 312 from (-101.4, -156)).
    gold = "".join(
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{JOKER_GOLD}"/>'
        for cx, cy, r in (
            (650, 1000, 445),
            (1166.2, 534.6, 75),
            (905.1, 234.1, 75),
            (115.3, 431.1, 75),
        )
    )
    backing = (
        '<svg x="-101.4" y="-156" width="202.8" height="312" viewBox="0 0 1300 2000"'
        f' preserveAspectRatio="none">{gold}</svg>'
    )
    text = re.sub(r"(</symbol>)(?!.*</symbol>)", r"\1" + backing, text, count=1, flags=re.S)
    root = ET.fromstring(text)
    root.set("viewBox", "-101.4 -156 202.8 312")
    root.set("height", str(JOKER_H))
    root.set("width", str(round(JOKER_H * 202.8 / 312)))
    return ET.tostring(root, encoding="unicode")


def render(svg: str, crop: bool = False) -> pygame.Surface:
    """An SVG as a surface with alpha; cropped to its ink if asked."""
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    surf = pygame.image.load(io.BytesIO(png), "art.png")
    if crop:
        surf = surf.subsurface(surf.get_bounding_rect(min_alpha=1)).copy()
    return surf


def make(tarball: Path, out: Path) -> list[Path]:
    """Every PNG from the package's SVGs; returns the files written."""
    with tarfile.open(tarball) as tar:

        def svg(deck: str, name: str) -> str:
            member = tar.extractfile(f"{IMAGES}/{deck}/{name}.svg")
            assert member is not None
            return member.read().decode("utf-8")

        images: dict[str, pygame.Surface] = {}
        for rank in "JQK":
            for suit in "SHDC":
                images[f"court_{rank}{suit}"] = render(
                    figure_svg(svg("2color", rank + suit), rank, suit)
                )
                if suit in "DC":
                    four = figure_svg(svg("4color", rank + suit), rank, suit)
                    images[f"court_{rank}{suit}_four"] = render(four)
        images["joker"] = render(joker_svg(svg("2color", "2J")), crop=True)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, surf in images.items():
        path = out / f"{name}.png"
        pygame.image.save(surf, str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tarball", type=Path, help=f"{PACKAGE}-{VERSION}.tgz, already fetched")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tarball = args.tarball or fetch(Path(tmp))
        check(tarball)
        written = make(tarball, args.out)
    total = sum(p.stat().st_size for p in written)
    print(f"{len(written)} images, {total} bytes, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
