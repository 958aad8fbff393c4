"""Locate bundled asset files, from a source checkout or a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

# PyInstaller unpacks data files under sys._MEIPASS; build.spec puts assets/ at its root.
_SOURCE_ROOT = Path(__file__).resolve().parents[2]


def _assets_root() -> Path:
    """The assets/ folder for the way the game is running."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    return _SOURCE_ROOT / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a file under assets/, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return _assets_root().joinpath(*parts)


def font_path(bold: bool = False, arabic: bool = False) -> Path:
    """A bundled font: DejaVu Sans, or for Arabic script Noto Sans Arabic (regular or bold)."""
    if arabic:
        return asset_path(
            "fonts", "NotoSansArabic-Bold.ttf" if bold else "NotoSansArabic-Regular.ttf"
        )
    return asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
