#!/bin/sh
# Regenerates NotoSansCJKsc-subset.otf: Noto Sans CJK SC (OFL-1.1) cut down to exactly the
# characters that the locale files use, so that Chinese renders the same everywhere
# (desktop, web, tests) without shipping the 20 MB original.
#
# Needs: Debian's fonts-noto-cjk (apt) and fonttools (pip install fonttools).
# Run from anywhere after changing locales/: sh assets/fonts/subset.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
# Every character of every .ftl file, one line (the subsetter ignores duplicates), plus the
# few symbols the board painters draw themselves.
cat "$root"/locales/*/*.ftl > "$chars"
printf '•↔!0123456789×·\n' >> "$chars"
# Face 2 of the collection is Simplified Chinese (SC).
pyftsubset "$src" --font-number=2 --text-file="$chars" --layout-features='' \
  --no-hinting --desubroutinize --name-IDs='*' \
  --output-file="$here/NotoSansCJKsc-subset.otf"
echo "wrote $here/NotoSansCJKsc-subset.otf ($(wc -c < "$here/NotoSansCJKsc-subset.otf") bytes)"
