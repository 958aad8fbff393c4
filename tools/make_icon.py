"""Draw the game's icon with pygame: assets/icon/icon-N.png, icon.ico (Windows), icon.icns (macOS).

    .venv/bin/python tools/make_icon.py

Two fanned cards, the ace of spades and the ace of hearts, on a felt-green rounded square.
Every size is drawn once at 1024 px and scaled down smoothly. The .ico and .icns files are
plain containers of PNG images (Windows Vista and macOS 10.7 on read them), written here
because pygame writes neither. No randomness: the files come out the same every time.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"
FONT = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
MASTER = 1024
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# macOS icon types holding PNG data, and the pixel size each one wants
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic13", 256),
    (b"ic08", 256),
    (b"ic14", 512),
    (b"ic09", 512),
    (b"ic10", 1024),
)

FELT = (34, 110, 72)
FELT_EDGE = (14, 54, 34)
RIM = (10, 40, 26)
PAPER = (250, 248, 240)
CARD_LINE = (150, 150, 140)
RED = (206, 32, 44)
BLACK = (28, 30, 34)


def rounded_mask(size: int, inset: int, radius: int) -> pygame.Surface:
    """White rounded square on transparent: the icon's outline."""
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    return mask


def felt(size: int) -> pygame.Surface:
    """The felt square: lighter in the middle, darker towards the rim."""
    inset, radius = size * 5 // 100, size * 22 // 100
    cloth = pygame.Surface((size, size), pygame.SRCALPHA)
    cloth.fill(FELT_EDGE)
    steps = 64
    for i in range(steps):
        t = i / (steps - 1)
        colour = [round(e + (c - e) * t) for c, e in zip(FELT, FELT_EDGE, strict=True)]
        r = round(size * 0.75 * (1 - t)) + 1
        pygame.draw.circle(cloth, colour, (size // 2, size * 45 // 100), r)
    cloth.blit(rounded_mask(size, inset, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    rim = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
    pygame.draw.rect(cloth, RIM, rim, width=max(2, size // 96), border_radius=radius)
    return cloth


def card(width: int, suit: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """One upright card, 63 × 88, with a large suit in the middle and an ace in a corner."""
    height = width * 88 // 63
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 9
    pygame.draw.rect(face, PAPER, face.get_rect(), border_radius=radius)
    pygame.draw.rect(
        face, CARD_LINE, face.get_rect(), width=max(2, width // 60), border_radius=radius
    )
    big = pygame.font.Font(str(FONT), width * 3 // 4).render(suit, True, colour)
    face.blit(big, big.get_rect(center=(width // 2, height * 54 // 100)))
    index = pygame.font.Font(str(FONT), width // 4).render("A", True, colour)
    face.blit(index, (width // 10, height // 24))
    return face


def shadow(surface: pygame.Surface, blur: int) -> pygame.Surface:
    """A soft dark copy of a shape (scaled down and up again: a cheap blur)."""
    dark = surface.copy()
    dark.fill((0, 0, 0, 110), special_flags=pygame.BLEND_RGBA_MIN)
    w, h = dark.get_size()
    small = pygame.transform.smoothscale(dark, (max(1, w // blur), max(1, h // blur)))
    return pygame.transform.smoothscale(small, (w, h))


def master() -> pygame.Surface:
    """The icon at 1024 × 1024."""
    size = MASTER
    icon = felt(size)
    width = size * 38 // 100
    fan = ((card(width, "♠", BLACK), 13, (36, 52)), (card(width, "♥", RED), -11, (64, 50)))
    for face, angle, (cx, cy) in fan:
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        centre = (size * cx // 100, size * cy // 100)
        soft = shadow(turned, 12)
        icon.blit(soft, soft.get_rect(center=(centre[0] + size // 80, centre[1] + size // 50)))
        icon.blit(turned, turned.get_rect(center=centre))
    return icon


def scaled(icon: pygame.Surface, size: int) -> pygame.Surface:
    """The master scaled to `size` px, halving first so no detail is skipped."""
    out = icon
    while out.get_width() // 2 >= size * 2:
        out = pygame.transform.smoothscale(out, (out.get_width() // 2,) * 2)
    return pygame.transform.smoothscale(out, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """A surface as PNG data."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images: ICONDIR, one ICONDIRENTRY per image, the data."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    """A macOS .icns: 'icns', the total length, then (type, length, PNG data) per entry."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    """Write every icon file into assets/icon/."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    big = master()
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    images = {s: png_bytes(big if s == MASTER else scaled(big, s)) for s in sizes}
    OUT.mkdir(parents=True, exist_ok=True)
    for s in PNG_SIZES:
        (OUT / f"icon-{s}.png").write_bytes(images[s])
    (OUT / "icon.ico").write_bytes(ico({s: images[s] for s in ICO_SIZES}))
    (OUT / "icon.icns").write_bytes(icns(images))
    pygame.quit()
    print(f"wrote {len(PNG_SIZES)} PNGs, icon.ico and icon.icns to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
