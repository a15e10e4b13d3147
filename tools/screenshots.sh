#!/bin/sh
# Screenshots of the desktop app, one per game, at 1280x800 under Xvfb (wgpu then draws
# with Vulkan on llvmpipe). Needs apt: xvfb xauth imagemagick mesa-vulkan-drivers
# libvulkan1 libgl1 libglx-mesa0 libgl1-mesa-dri libegl1 libegl-mesa0 libxkbcommon-x11-0
# libxcursor1 libxi6 libx11-xcb1 libfontconfig1.
# Usage: tools/screenshots.sh [OUT_DIR] [LANG]   (default target/shots, en-US)
set -eu
cd "$(dirname "$0")/.."
out=${1:-target/shots}
lang=${2:-en-US}
mkdir -p "$out"
cargo build --bin qipan
Xvfb :99 -screen 0 1280x800x24 -nolisten tcp &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
# A throw-away home so that saved settings of a real user do not leak into the pictures.
home=$(mktemp -d)
# One picture per game (its options look the same), the ids from the engine's registry.
for game in $(cargo run --quiet -p qipan-engine --example games | grep -v :); do
  HOME=$home XDG_DATA_HOME=$home DISPLAY=:99 target/debug/qipan --game "$game" --lang "$lang" &
  app=$!
  sleep 10
  DISPLAY=:99 import -window root "$out/$game-$lang.png"
  kill $app
  wait $app 2>/dev/null || true
done
echo "screenshots in $out"
