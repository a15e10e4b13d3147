#!/usr/bin/env bash
# Measures the solved Maddell table built inside headless Chromium (e2e/maddell_table.mjs):
# builds e2e/maddell_web (a page crate) for wasm32 with the web build's profile, binds it, serves
# it on 127.0.0.1 and prints the figures as JSON (also in e2e/screenshots/maddell_table.json).
# Needs the tools of tools/web-tools.sh. Usage: e2e/maddell_table.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/e2e/screenshots
site=$(mktemp -d)
mkdir -p "$out"
export PATH="$root/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# The page is a crate of its own (e2e/maddell_web): examples would drag in the tests'
# dev-dependencies, which do not build for wasm32.
cargo build --manifest-path e2e/maddell_web/Cargo.toml --target wasm32-unknown-unknown \
  --profile wasm-release
target=${CARGO_TARGET_DIR:-$root/e2e/maddell_web/target}
wasm-bindgen --target web --no-typescript --out-dir "$site" \
  "$target/wasm32-unknown-unknown/wasm-release/maddell_web.wasm"
cp e2e/maddell_table.html "$site/index.html"
ls -l "$site" >&2

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$out/maddell_server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$site"' EXIT
for _ in $(seq 1 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/', timeout=1)" \
    2>/dev/null && break
  sleep 0.2
done
timeout 1800 node e2e/maddell_table.mjs "http://127.0.0.1:$port/" | tee "$out/maddell_table.json"
