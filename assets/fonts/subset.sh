#!/bin/sh
# Regenerates the three bundled fonts, each cut down to the characters the app can draw, so
# that text renders the same everywhere (desktop, web, tests) and the web's first download
# carries no glyph nobody sees (issue 21: egui's full Ubuntu-Light and Hack were 266 KB of
# the wasm's Brotli; the subsets are about 100 KB):
#   - NotoSansCJKsc-subset.otf: Noto Sans CJK SC (OFL-1.1), exactly the characters of the
#     locale files;
#   - Ubuntu-Light-subset.ttf (Ubuntu Font Licence) and Hack-Regular-subset.ttf (MIT and
#     Bitstream Vera), egui's own two fonts: the locale files' characters, plus all of
#     Latin-1 and Latin Extended-A (what a player may type into a name or a file name),
#     punctuation, arrows and shapes. Hinting and layout features are kept: egui hints.
#
# Needs: Debian's fonts-noto-cjk (apt), fonttools (pip install fonttools), and egui's fonts
# from the crate epaint_default_fonts 0.37 (cargo's registry, or downloaded from crates.io).
# Run from anywhere after changing locales/: sh assets/fonts/subset.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
chars=$(mktemp)
crate=$(mktemp -d)
trap 'rm -rf "$chars" "$crate"' EXIT
# egui's fonts as cargo's registry keeps them, if it does.
registry_fonts() {
  ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-0.37.0/fonts 2>/dev/null | head -n 1
}
egui_fonts=${EGUI_FONTS:-$(registry_fonts)}
if [ -z "$egui_fonts" ]; then
  # The build no longer depends on the crate, so cargo may not have it: let cargo fetch it
  # for a throwaway package (whatever registry cargo is set up with).
  mkdir -p "$crate/src" && : > "$crate/src/lib.rs"
  printf '[package]\nname = "fonts"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nepaint_default_fonts = "=0.37.0"\n' \
    > "$crate/Cargo.toml"
  cargo fetch --quiet --manifest-path "$crate/Cargo.toml"
  egui_fonts=$(registry_fonts)
fi
# Every character of every .ftl file, one line (the subsetter ignores duplicates), plus the
# few symbols the board painters draw themselves.
cat "$root"/locales/*/*.ftl > "$chars"
printf '•↔!0123456789×·\n' >> "$chars"
# Face 2 of the collection is Simplified Chinese (SC).
pyftsubset "$src" --font-number=2 --text-file="$chars" --layout-features='' \
  --no-hinting --desubroutinize --name-IDs='*' \
  --output-file="$here/NotoSansCJKsc-subset.otf"
echo "wrote $here/NotoSansCJKsc-subset.otf ($(wc -c < "$here/NotoSansCJKsc-subset.otf") bytes)"
latin='U+0020-007E,U+00A0-017F,U+2000-206F,U+20AC,U+2190-21FF,U+2212,U+221A,U+221E,U+2264,U+2265,U+25A0-25FF'
for font in Ubuntu-Light Hack-Regular; do
  pyftsubset "$egui_fonts/$font.ttf" --text-file="$chars" --unicodes="$latin" \
    --layout-features='*' --name-IDs='*' --output-file="$here/$font-subset.ttf" 2>/dev/null
  echo "wrote $here/$font-subset.ttf ($(wc -c < "$here/$font-subset.ttf") bytes)"
done
