#!/usr/bin/env python3
"""Draw the app icons (a card with a gold coin on green felt) as SVG and PNG.

Usage: python3 tools/make_icons.py [--out static/icons]

Standard library only: shapes are signed-distance functions sampled 4x4 per pixel and
written with zlib, so the PNGs are the same bytes on every machine. Writes:
  icon.svg              the drawing, for browsers that take SVG icons
  icon-192.png          manifest icon ("any"), rounded felt square
  icon-512.png          manifest icon ("any")
  icon-maskable-512.png manifest icon ("maskable"): full-bleed felt, card in the safe zone
  apple-touch-icon.png  180 x 180, full bleed, opaque (iOS rounds the corners itself)
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"

FELT = (0x14, 0x67, 0x3D)
FELT_DARK = (0x0F, 0x4D, 0x2E)
CARD = (0xFD, 0xFA, 0xF2)
CARD_EDGE = (0x1D, 0x5E, 0x3A)
GOLD = (0xE0, 0xB0, 0x3A)
GOLD_DARK = (0x8A, 0x6A, 0x1C)
RED = (0xB3, 0x26, 0x2D)
SUBSAMPLES = 4


def rounded_rect(cx, cy, half_w, half_h, radius):
    def sdf(x, y):
        qx = abs(x - cx) - (half_w - radius)
        qy = abs(y - cy) - (half_h - radius)
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - radius
    return sdf


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ring(cx, cy, r, width):
    return lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - width / 2


def layers(scale: float, rounded: bool):
    """The drawing in unit coordinates (0..1), back to front. `scale` shrinks the card
    towards the centre (maskable icons keep it inside the 80 % safe circle)."""

    def s(v):  # a length
        return v * scale

    def p(v):  # a coordinate around the centre
        return 0.5 + (v - 0.5) * scale

    background = rounded_rect(0.5, 0.5, 0.5, 0.5, 0.19 if rounded else 0.0)
    return [
        (background, FELT),
        (rounded_rect(0.5, 0.5, 0.5, 0.5, 0.19 if rounded else 0.0), None),  # vignette slot
        (rounded_rect(p(0.5), p(0.5), s(0.27), s(0.38), s(0.05)), CARD_EDGE),
        (rounded_rect(p(0.5), p(0.5), s(0.245), s(0.355), s(0.035)), CARD),
        (circle(p(0.5), p(0.5), s(0.17)), GOLD_DARK),
        (circle(p(0.5), p(0.5), s(0.15)), GOLD),
        (ring(p(0.5), p(0.5), s(0.105), s(0.018)), GOLD_DARK),
        (circle(p(0.5), p(0.5), s(0.05)), RED),
    ]


def render(size: int, *, scale: float = 1.0, rounded: bool = True, opaque: bool = False) -> bytes:
    """RGBA rows, PNG-filtered (filter byte 0 per row)."""
    shapes = [(f, c) for f, c in layers(scale, rounded) if c is not None]
    step = 1.0 / (size * SUBSAMPLES)
    offsets = [(i + 0.5) * step for i in range(SUBSAMPLES)]
    n = SUBSAMPLES * SUBSAMPLES
    rows = bytearray()
    for py in range(size):
        rows.append(0)
        y0 = py / size
        for px in range(size):
            x0 = px / size
            r = g = b = a = 0.0
            for oy in offsets:
                y = y0 + oy
                for ox in offsets:
                    x = x0 + ox
                    color = None
                    for sdf, fill in shapes:
                        if sdf(x, y) <= 0:
                            color = fill
                    if color is None:
                        if opaque:
                            color = FELT_DARK
                        else:
                            continue
                    r += color[0]
                    g += color[1]
                    b += color[2]
                    a += 1
            if a:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b""))


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="97" fill="#14673d"/>
  <rect x="117.8" y="61.4" width="276.5" height="389.1" rx="25.6" fill="#1d5e3a"/>
  <rect x="130.6" y="74.2" width="250.9" height="363.5" rx="17.9" fill="#fdfaf2"/>
  <circle cx="256" cy="256" r="87" fill="#8a6a1c"/>
  <circle cx="256" cy="256" r="76.8" fill="#e0b03a"/>
  <circle cx="256" cy="256" r="53.8" fill="none" stroke="#8a6a1c" stroke-width="9.2"/>
  <circle cx="256" cy="256" r="25.6" fill="#b3262d"/>
</svg>
"""

ICONS = {
    # name: (size, options)
    "icon-192.png": (192, {}),
    "icon-512.png": (512, {}),
    "icon-maskable-512.png": (512, {"scale": 0.78, "rounded": False, "opaque": True}),
    "apple-touch-icon.png": (180, {"scale": 0.9, "rounded": False, "opaque": True}),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "icon.svg").write_text(SVG, encoding="utf-8")
    for name, (size, options) in ICONS.items():
        data = png(size, render(size, **options))
        (args.out / name).write_bytes(data)
        print(f"make_icons: {name} {size}x{size}, {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
