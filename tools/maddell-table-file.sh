#!/bin/sh
# Puts Sixpenny Maddell's solved table (the reduced layout, 12.7 MB; 4.3 MB as hosts send it
# compressed) into a built site, for the page to fetch when Maddell is opened
# (crates/engine/src/ai/maddell_table/web.rs; docs/web.md). Called by tools/web.mjs's build
# with its staging directory, or by hand: tools/maddell-table-file.sh DIR
#
# The table is built once by the command line (`qipan-cli solve maddell --table`, about 30 s
# in a release build on an idle machine) and kept in the target directory, so later builds
# only copy it (after the command line has read and checked it: under a second).
set -eu
dir=${1:?usage: tools/maddell-table-file.sh DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
name=maddell-table-v2.bin
target=${CARGO_TARGET_DIR:-$root/target}
mkdir -p "$target"
cache="$target/$name"
start=$(date +%s)
cargo run --quiet --locked --release --manifest-path "$root/Cargo.toml" -p qipan-cli -- \
  solve maddell --table "$cache" >/dev/null
cp "$cache" "$dir/$name.tmp"
chmod 644 "$dir/$name.tmp"
mv "$dir/$name.tmp" "$dir/$name"
echo "maddell-table-file: $dir/$name, $(wc -c < "$dir/$name") bytes ($(($(date +%s) - start)) s)"
