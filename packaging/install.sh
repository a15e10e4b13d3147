#!/bin/sh
# Installs Qipan from this unpacked release for the current user (no root needed): the
# binaries into ~/.local/bin, the menu entry and the icon into ~/.local/share, Maddell's
# solved table and the crates' licences where the app keeps its data (~/.local/share/qipan,
# where its About finds the licences). Run it from
# the unpacked folder: ./install.sh    Remove with: ./install.sh --uninstall
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${XDG_BIN_HOME:-$HOME/.local/bin}
data=${XDG_DATA_HOME:-$HOME/.local/share}
if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$bin/qipan" "$bin/qipan-cli" "$data/applications/qipan.desktop" \
    "$data/icons/hicolor/256x256/apps/qipan.png" "$data/icons/hicolor/512x512/apps/qipan.png" \
    "$data/qipan/maddell-table-v2.bin" "$data/qipan/THIRD-PARTY-LICENSES.txt"
  echo "Qipan removed."
  exit 0
fi
mkdir -p "$bin" "$data/applications" "$data/icons/hicolor/256x256/apps" \
  "$data/icons/hicolor/512x512/apps"
cp "$here/qipan" "$here/qipan-cli" "$bin/"
# Copied under another name, then renamed: an app that starts meanwhile never reads half a table.
mkdir -p "$data/qipan"
cp "$here/maddell-table-v2.bin" "$data/qipan/maddell-table-v2.bin.tmp"
mv "$data/qipan/maddell-table-v2.bin.tmp" "$data/qipan/maddell-table-v2.bin"
cp "$here/THIRD-PARTY-LICENSES.txt" "$data/qipan/"
cp "$here/icons/qipan-256.png" "$data/icons/hicolor/256x256/apps/qipan.png"
cp "$here/icons/qipan-512.png" "$data/icons/hicolor/512x512/apps/qipan.png"
# The menu entry runs the installed binary by its full path (~/.local/bin may not be on PATH).
sed "s|^Exec=qipan$|Exec=$bin/qipan|" "$here/qipan.desktop" > "$data/applications/qipan.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "Qipan installed: $bin/qipan, and in the applications menu."
