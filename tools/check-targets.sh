#!/usr/bin/env bash
# Checks that the library and every binary compile for each platform we ship besides this
# Linux machine (where `cargo test` builds them): Windows, macOS (Apple silicon) and the web.
# `cargo check` needs no linker or SDK of the target, only its standard library, which
# rustup adds when missing.
# Usage: tools/check-targets.sh [TARGET...]   (e.g. x86_64-unknown-linux-gnu as well)
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(x86_64-pc-windows-gnu aarch64-apple-darwin wasm32-unknown-unknown)
fi
installed=$(rustup target list --installed)
for target in "${targets[@]}"; do
  if ! grep -qx "$target" <<<"$installed"; then
    rustup target add "$target"
  fi
  # The server is a Linux service (tokio, SQLite compiled from C): it is built and tested
  # natively by `cargo test --workspace`, not for the app's other platforms.
  echo "== cargo check --workspace --exclude qipan-server --target $target --lib --bins"
  cargo check --locked --quiet --workspace --exclude qipan-server --target "$target" --lib --bins
done
echo "all targets compile: ${targets[*]}"
