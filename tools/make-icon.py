#!/usr/bin/env python3
"""Draws Qipan's app icon: a wooden line board (a square with its middle lines and both
diagonals, the shape most of the five games share) with two dark and two light stones.

Writes assets/icon-512.png, assets/icon-256.png, assets/icon.ico (16 to 256 px, for the
Windows exe) and assets/icon.icns (16 to 1024 px, for the macOS .app bundle). The outputs are committed; rerun after changing this file:

    pip install pillow && python3 tools/make-icon.py

The colours are the app's own (src/ui/theme.rs): board, edge, lines, dark and light stones.
"""

from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

BOARD = (0xEB, 0xD9, 0xB0)
EDGE = (0xC9, 0xAE, 0x7C)
RIM = (0x8A, 0x5A, 0x2B)
LINE = (0x5A, 0x43, 0x2A)
DARK = (0x26, 0x26, 0x2C)
LIGHT = (0xF8, 0xF6, 0xEF)

# Drawn 4x larger than the biggest output, then scaled down: Pillow draws without
# anti-aliasing.
SS = 4
SIZE = 512 * SS


def s(v: float) -> int:
    """A length given on the 512 px grid, at the drawing scale."""
    return round(v * SS)


def draw() -> Image.Image:
    img = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))

    # A soft shadow under the tile, so that it stands off light and dark desktops alike.
    shadow = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (s(28), s(40), s(484), s(496)), radius=s(92), fill=(0, 0, 0, 110)
    )
    img.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(s(10))))

    d = ImageDraw.Draw(img)
    # The tile: a dark rim, the board's edge colour, then the board itself.
    d.rounded_rectangle((s(24), s(24), s(488), s(488)), radius=s(92), fill=RIM)
    d.rounded_rectangle((s(36), s(36), s(476), s(476)), radius=s(82), fill=EDGE)
    d.rounded_rectangle((s(52), s(52), s(460), s(460)), radius=s(68), fill=BOARD)

    # The line board: a square, its two middle lines and both diagonals.
    lo, hi, mid = 128, 384, 256
    w = s(13)
    d.rectangle((s(lo), s(lo), s(hi), s(hi)), outline=LINE, width=w)
    for a, b in [
        ((mid, lo), (mid, hi)),
        ((lo, mid), (hi, mid)),
        ((lo, lo), (hi, hi)),
        ((lo, hi), (hi, lo)),
    ]:
        d.line((s(a[0]), s(a[1]), s(b[0]), s(b[1])), fill=LINE, width=w)
    # Round the joints where the lines meet.
    for x in (lo, mid, hi):
        for y in (lo, mid, hi):
            r = 6.5
            d.ellipse((s(x - r), s(y - r), s(x + r), s(y + r)), fill=LINE)

    # Stones: two dark, two light, each with a thin outline and a highlight.
    r = 46
    for (x, y), fill, outline in [
        ((lo, lo), DARK, DARK),
        ((mid, mid), DARK, DARK),
        ((hi, lo), LIGHT, LINE),
        ((lo, hi), LIGHT, LINE),
    ]:
        d.ellipse(
            (s(x - r + 4), s(y - r + 8), s(x + r + 4), s(y + r + 8)), fill=(60, 40, 20, 90)
        )
        d.ellipse((s(x - r), s(y - r), s(x + r), s(y + r)), fill=fill, outline=outline,
                  width=s(4))
        glint = (255, 255, 255, 70 if fill == DARK else 160)
        d.ellipse((s(x - 26), s(y - 30), s(x - 2), s(y - 14)), fill=glint)
    return img


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "assets"
    out.mkdir(exist_ok=True)
    big = draw()
    for px in (512, 256):
        big.resize((px, px), Image.LANCZOS).save(out / f"icon-{px}.png", optimize=True)
    big.resize((256, 256), Image.LANCZOS).save(
        out / "icon.ico", sizes=[(n, n) for n in (16, 24, 32, 48, 64, 128, 256)]
    )
    big.resize((1024, 1024), Image.LANCZOS).save(out / "icon.icns")
    names = ("icon-512.png", "icon-256.png", "icon.ico", "icon.icns")
    print("wrote", ", ".join(f"assets/{n}" for n in names))


if __name__ == "__main__":
    main()
