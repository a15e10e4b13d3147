#!/usr/bin/env bash
# The web build's end-to-end test: install the tools when missing, build dist/ with Trunk,
# serve it on 127.0.0.1, drive headless Chromium through e2e/test.mjs, stop the server.
# Screenshots, metrics.json and sizes.txt land in e2e/screenshots/ (gitignored).
# Usage: e2e/run.sh   (from anywhere; CI calls it from .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shots=$root/e2e/screenshots

tools/web-tools.sh
# npm's wasm-opt first, so that Trunk never picks up another one (Trunk.toml pins it too).
export PATH="$root/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Trunk runs cargo with --offline (it must never download tools itself), so fetch the
# wasm32-only crates first.
cargo fetch --locked --target wasm32-unknown-unknown
timeout 1800 trunk build --release --offline --locked

rm -rf "$shots"
mkdir -p "$shots"
wasm=$(ls dist/*_bg.wasm)
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
printf 'wasm %s: %s bytes raw, %s bytes gzip -9\n' "$(basename "$wasm")" "$raw" "$gz" | tee "$shots/sizes.txt"

# A free port, then the server; it is stopped whatever happens next.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist >"$shots/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/', timeout=1)" \
    2>/dev/null && break
  sleep 0.2
done

timeout 600 node e2e/test.mjs "http://127.0.0.1:$port/"
