"""Packaging files: the icons, the Linux menu entry, and the one place the version is written."""

from __future__ import annotations

import configparser
import re
import struct
from pathlib import Path

import pytest

from game import __version__

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icon"
PNG = b"\x89PNG\r\n\x1a\n"
SIZES = (16, 32, 48, 64, 128, 256, 512)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data[:8] == PNG
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("size", SIZES)
def test_every_icon_size_is_a_square_png_of_that_size(size: int) -> None:
    assert png_size((ICONS / f"icon-{size}.png").read_bytes()) == (size, size)


def test_the_windows_icon_holds_png_images_up_to_256() -> None:
    data = (ICONS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        side = w or 256
        assert (w, planes, bits) == (h, 1, 32)
        assert png_size(data[offset : offset + length]) == (side, side)
        sizes.append(side)
    assert {16, 32, 48, 256} <= set(sizes)


def test_the_macos_icon_holds_png_images_up_to_1024() -> None:
    data = (ICONS / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, at = {}, 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        kinds[kind] = png_size(data[at + 8 : at + length])
        at += length
    assert at == len(data)
    assert kinds[b"ic07"] == (128, 128) and kinds[b"ic10"] == (1024, 1024)


def test_the_linux_menu_entry_names_the_game_its_icon_and_categories() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "packaging" / "rummy-table.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Rummy Table"
    assert desktop["Icon"] == "rummy-table" and desktop["Exec"]
    assert desktop["Categories"].split(";")[:2] == ["Game", "CardGame"]
    assert desktop["Terminal"] == "false"


def test_the_build_reads_the_version_from_game() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "from game import __version__" in spec
    assert not re.search(r"\d+\.\d+\.\d+", spec), "a version number written in build.spec"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_build_bundles_assets_and_has_no_console() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), "assets")' in spec
    assert "console=False" in spec
