#!/bin/sh
# Usage: assets/web/stamp-sw.sh DIR. Run by tools/web.mjs on its staging directory: fills
# the service worker's VERSION and FILES in DIR/sw.js, from the files the build has just
# written. VERSION is a checksum of them all (the .js and .wasm names carry content hashes
# too), so any change gives a new sw.js, a new cache, and the old one's removal (see
# assets/web/sw.js). POSIX sh and cksum only.
set -eu
dir=${1:?usage: assets/web/stamp-sw.sh DIR}
cd "$dir"
[ -f sw.js ] || { echo "stamp-sw: no sw.js in $dir" >&2; exit 1; }
# Maddell's solved table is fetched only when Maddell is opened, and kept in IndexedDB: it is
# not one of the files the worker caches at install (its 12.7 MB would be every visitor's).
files=$(find . -type f ! -name sw.js ! -name 'maddell-table-*.bin' | sed 's|^\./||' | LC_ALL=C sort)
version=$(for f in $files; do printf '%s\n' "$f"; cat "$f"; done | cksum | cut -d' ' -f1)
list="'./'"
for f in $files; do list="$list, './$f'"; done
sed -e "s|__QIPAN_VERSION__|$version|" -e "s|__QIPAN_FILES__|[$list]|" sw.js > sw.js.tmp
mv sw.js.tmp sw.js
echo "stamp-sw: version $version, $(printf '%s\n' $files | wc -l) files"
