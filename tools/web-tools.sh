#!/usr/bin/env bash
# Installs what the web build and its browser test need, each only when missing:
#   - the wasm32-unknown-unknown Rust target;
#   - Trunk 0.21.14 (newer Trunk needs a newer rustc than ours), without its update check;
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (Trunk refuses
#     any other); without --locked, because one of its pinned dependencies is missing from
#     the registry mirror here;
#   - e2e/node_modules from e2e/package-lock.json: playwright-core (drives the browser),
#     pngjs (reads its screenshots) and npm's binaryen 132 (wasm-opt; Debian's binaryen 108
#     emits a wasm that dies in the browser, and Trunk.toml pins version_132 so that no
#     other wasm-opt is used);
#   - Debian's Chromium (apt), unless $CHROMIUM points at a browser already.
# Usage: tools/web-tools.sh [--no-browser]   (then put the tools on PATH as e2e/run.sh does)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# The version Cargo.lock resolved for the wasm-bindgen crate.
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
[ -n "$BINDGEN_VERSION" ] || { echo "web-tools: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# The two tools only drive the build (Trunk runs cargo, hooks and wasm-opt; wasm-bindgen
# rewrites one wasm in about a second), so they are compiled for a quick install rather than
# for speed: Trunk's own release profile (fat LTO, one codegen unit) made its install the
# longest step of a fresh machine's CI (about 15 min on 2 cores; docs/ci.md). Trunk at
# opt-level 0 (what it runs, cargo, wasm-bindgen and wasm-opt, does the work); wasm-bindgen
# at 1, since it parses and rewrites the whole wasm itself.
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

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  echo "web-tools: installing trunk $TRUNK_VERSION"
  quick_install 0 trunk --version "$TRUNK_VERSION" --locked --no-default-features --features rustls
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
# The wasm-opt Trunk will find first on PATH must be binaryen 132 (see Trunk.toml).
opt_version=$(e2e/node_modules/.bin/wasm-opt --version)
case "$opt_version" in
  *"version 132"*) ;;
  *) echo "web-tools: unexpected wasm-opt: $opt_version" >&2; exit 1 ;;
esac

if [ -n "$browser" ]; then
  wait "$browser" || { cat "$browser_log"; echo "web-tools: installing chromium failed" >&2; exit 1; }
  echo "web-tools: chromium installed"
fi
echo "web-tools: trunk $TRUNK_VERSION, wasm-bindgen $BINDGEN_VERSION, $opt_version"
