#!/usr/bin/env bash
# The web app's icons (browser tab, home screen, install dialog): assets/web/icon-{32,192,512}.png.
# They come from the app icon assets/icon-512.png when it exists (tools/make-icon.py draws it);
# without it this draws a stand-in with ImageMagick: the line board (square, middle
# lines, diagonals) in the app's board colours with a dark and a light stone.
# The PNGs are committed; rerun after the app icon changes:  assets/web/make-icons.sh
set -euo pipefail
cd "$(dirname "$0")"
source=../icon-512.png
if [ ! -f "$source" ]; then
  source=$(mktemp --suffix=.png)
  trap 'rm -f "$source"' EXIT
  # Colours of src/ui/theme.rs (board, rim, lines, stones), drawn at 512 px.
  convert -size 512x512 xc:none \
    -fill '#8a5a2b' -draw 'roundrectangle 16,16 496,496 84,84' \
    -fill '#ebd9b0' -draw 'roundrectangle 36,36 476,476 68,68' \
    -stroke '#5a432a' -strokewidth 14 -fill none \
    -draw 'rectangle 116,116 396,396' -draw 'line 256,116 256,396' -draw 'line 116,256 396,256' \
    -draw 'line 116,116 396,396' -draw 'line 396,116 116,396' \
    -stroke '#26262c' -strokewidth 4 -fill '#26262c' -draw 'circle 116,116 116,170' \
    -draw 'circle 256,256 256,310' \
    -fill '#f8f6ef' -draw 'circle 396,116 396,170' -draw 'circle 116,396 116,450' \
    "$source"
fi
for size in 32 192 512; do
  convert "$source" -resize "${size}x${size}" -strip "icon-$size.png"
done
echo "assets/web: icon-32.png icon-192.png icon-512.png from $source"
