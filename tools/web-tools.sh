#!/usr/bin/env bash
# Installs what the web build and its browser test need, each only when missing:
#   - the wasm32-unknown-unknown Rust target;
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (a different one
#     refuses the wasm); without --locked, because one of its pinned dependencies is missing
#     from the registry mirror here;
#   - e2e/node_modules from e2e/package-lock.json: playwright-core (drives the browser),
#     pngjs (reads its screenshots) and npm's binaryen 132 (wasm-opt; Debian's binaryen 108
#     emits a wasm that dies in the browser; tools/web.mjs runs this one by its path);
#   - Debian's Chromium (apt), unless $CHROMIUM points at a browser already.
# Usage: tools/web-tools.sh [--no-browser]   (then: node tools/web.mjs build)
set -euo pipefail
cd "$(dirname "$0")/.."

# The version Cargo.lock resolved for the wasm-bindgen crate.
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
[ -n "$BINDGEN_VERSION" ] || { echo "web-tools: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen rewrites one wasm in about a second: it is compiled for a quick install rather
# than for speed (its own release profile, fat LTO and one codegen unit, is slow to build on
# 2 cores; docs/ci.md), at opt-level 1, since it parses and rewrites the whole wasm itself.
quick_install() {
  local opt_level=$1
  shift
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt_level CARGO_PROFILE_RELEASE_DEBUG=false cargo install "$@"
}

# Chromium, from apt, meanwhile: mostly download and unpacking, beside the compilers below.
browser=
if [ "${1:-}" != "--no-browser" ] && [ -z "${CHROMIUM:-}" ] && ! [ -x /usr/bin/chromium ]; then
  echo "web-tools: installing chromium (in the background)"
  browser_log=$(mktemp)
  (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=600 chromium) \
    >"$browser_log" 2>&1 &
  browser=$!
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $BINDGEN_VERSION" ]; then
  echo "web-tools: installing wasm-bindgen-cli $BINDGEN_VERSION"
  quick_install 1 wasm-bindgen-cli --version "$BINDGEN_VERSION" --force
fi

if [ ! -x e2e/node_modules/.bin/wasm-opt ] || [ ! -d e2e/node_modules/playwright-core ] \
  || [ ! -d e2e/node_modules/pngjs ]; then
  # Node.js 20 or newer (playwright-core's minimum) comes with the machine; Debian's is 18.
  command -v npm >/dev/null || { echo "web-tools: needs Node.js >= 20 with npm" >&2; exit 1; }
  (cd e2e && npm ci --no-audit --no-fund)
fi
# tools/web.mjs runs this wasm-opt, which must be binaryen 132.
opt_version=$(e2e/node_modules/.bin/wasm-opt --version)
case "$opt_version" in
  *"version 132"*) ;;
  *) echo "web-tools: unexpected wasm-opt: $opt_version" >&2; exit 1 ;;
esac

if [ -n "$browser" ]; then
  wait "$browser" || { cat "$browser_log"; echo "web-tools: installing chromium failed" >&2; exit 1; }
  echo "web-tools: chromium installed"
fi
echo "web-tools: wasm-bindgen $BINDGEN_VERSION, $opt_version"
