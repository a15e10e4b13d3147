#!/usr/bin/env bash
# Smoke tests of the real release artefacts (tools/release.sh), as a new user would run them:
#   tools/smoke.sh linux [TAR_GZ]   unpacks the Linux .tar.gz into an empty folder and runs its
#                                   qipan under Xvfb; then once more, stopped by a kill;
#   tools/smoke.sh windows [ZIP]    unpacks the Windows .zip and runs its qipan.exe under Wine
#                                   and Xvfb, with no renderer variable set: the default wgpu
#                                   setup fails there (DX12 through vkd3d), so this proves the
#                                   fallback of src/renderer.rs.
# (default: target/artifacts/qipan-VERSION-x86_64-{linux.tar.gz,windows.zip})
#
# Each run: the app starts on a fresh profile; the board must appear within the time limit
# (the board's colour, src/ui/theme.rs BOARD_BG, over most of the middle of the screen, and
# its line colour LINE on it); the app must still run 10 s later and still show the board;
# then the window is asked to close as a window manager would (WM_DELETE_WINDOW), and the app
# must exit with status 0 within 20 s. Screenshots and logs: $SMOKE_OUT (target/smoke/).
# SMOKE_BOARD_TIMEOUT (s) and SMOKE_REGION (WxH+X+Y) override the limits, e.g. to see it fail.
# Installs what it needs with apt (as root) when missing. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
kind=${1:-}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
out=${SMOKE_OUT:-$root/target/smoke}
mkdir -p "$out"

# The board's colours, read from the theme so that the test follows it.
theme_hex() {
  sed -n "s/.*const $1: Color32 = Color32::from_rgb(0x\(..\), 0x\(..\), 0x\(..\)).*/#\1\2\3/p" \
    src/ui/theme.rs
}
board_bg=$(theme_hex BOARD_BG)
board_line=$(theme_hex LINE)
[ -n "$board_bg" ] && [ -n "$board_line" ] ||
  { echo "smoke: no BOARD_BG or LINE colour in src/ui/theme.rs" >&2; exit 1; }
# Where the board must be on the 1280x800 screen: the middle, between the side panels.
# SMOKE_REGION=WxH+X+Y overrides it (e.g. to see the test fail on a wrong place).
region=${SMOKE_REGION:-480x400+400+200}

# apt needs root: sudo where we are not (a GitHub runner).
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
need_apt() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "smoke: apt-get install ${missing[*]}"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 \
      "${missing[@]}" >/dev/null
  fi
}
# Xvfb, screenshots, software Vulkan and OpenGL (Mesa's lavapipe and llvmpipe), what winit
# loads at run time, and python-xlib for the close request.
need_apt xvfb xauth imagemagick mesa-vulkan-drivers libvulkan1 libgl1 libglx-mesa0 \
  libgl1-mesa-dri libegl1 libegl-mesa0 libxkbcommon-x11-0 libxcursor1 libxi6 libx11-xcb1 \
  libfontconfig1 python3-xlib

tmp=$(mktemp -d)
app_pid=
xvfb_pid=
cleanup() {
  [ -n "$app_pid" ] && kill -9 "$app_pid" 2>/dev/null || true
  if [ -n "${WINEPREFIX:-}" ]; then wineserver -k 2>/dev/null || true; fi
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# A private X server on a free display number, 1280x800 like the screenshots.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 1 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { echo "smoke: Xvfb did not start" >&2; cat "$tmp/xvfb.log" >&2; exit 1; }
export DISPLAY=:$(cat "$tmp/display")

# fraction COLOUR PNG: the share of the region's pixels that have COLOUR (within 4%).
fraction() {
  convert "$2" -crop "$region" +repage -fuzz 4% -fill black +opaque "$1" -fill white \
    -opaque "$1" -format '%[fx:mean]' info:
}
# board_drawn PNG: most of the region is board, and the board has its lines.
board_drawn() {
  local bg line
  bg=$(fraction "$board_bg" "$1")
  line=$(fraction "$board_line" "$1")
  echo "board colour $bg, line colour $line in $region" >"$1.txt"
  awk -v bg="$bg" -v line="$line" 'BEGIN { exit !(bg >= 0.40 && line >= 0.01) }'
}

# run NAME STOP CMD...: starts CMD (the app) on the fresh profile, waits for the board, checks
# that it survives 10 s, then stops it by STOP (close or kill) and checks how it ended.
run() {
  local name=$1 stop=$2
  shift 2
  local log=$out/$name.log start=$SECONDS
  "$@" >"$log" 2>&1 &
  app_pid=$!
  local seen=
  while [ $((SECONDS - start)) -lt "$board_timeout" ]; do
    sleep 1
    if ! kill -0 "$app_pid" 2>/dev/null; then
      wait "$app_pid" && rc=0 || rc=$?
      app_pid=
      echo "smoke: $name: the app exited (status $rc) before drawing the board; its log:" >&2
      cat "$log" >&2
      return 1
    fi
    import -window root "$tmp/poll.png" 2>/dev/null || continue
    if board_drawn "$tmp/poll.png"; then seen=$((SECONDS - start)); break; fi
  done
  if [ -z "$seen" ]; then
    cp "$tmp/poll.png" "$out/$name-no-board.png" 2>/dev/null || true
    echo "smoke: $name: no board within ${board_timeout} s (see $out/$name-no-board.png):" \
      "$(cat "$tmp/poll.png.txt" 2>/dev/null)" >&2
    cat "$log" >&2
    return 1
  fi
  echo "smoke: $name: board drawn ${seen} s after the start"
  local until=$((SECONDS + 10))
  while [ $SECONDS -lt $until ]; do
    sleep 1
    kill -0 "$app_pid" 2>/dev/null ||
      { echo "smoke: $name: the app died within 10 s of drawing:" >&2; cat "$log" >&2; return 1; }
  done
  import -window root "$out/$name.png"
  board_drawn "$out/$name.png" ||
    { echo "smoke: $name: the board is gone after 10 s: $(cat "$out/$name.png.txt")" >&2; return 1; }
  echo "smoke: $name: still running and drawing 10 s later ($(cat "$out/$name.png.txt"))"

  local rc
  case $stop in
    close)
      /usr/bin/python3 tools/smoke/x11-close.py
      if ! timeout 20 tail --pid="$app_pid" -f /dev/null; then
        echo "smoke: $name: still running 20 s after the close request" >&2
        cat "$log" >&2
        return 1
      fi
      wait "$app_pid" && rc=0 || rc=$?
      app_pid=
      [ "$rc" -eq 0 ] ||
        { echo "smoke: $name: exit status $rc after the close request:" >&2; cat "$log" >&2; return 1; }
      echo "smoke: $name: closed cleanly (status 0)"
      ;;
    kill)
      kill -TERM "$app_pid"
      if ! timeout 10 tail --pid="$app_pid" -f /dev/null; then
        echo "smoke: $name: still running 10 s after SIGTERM" >&2
        return 1
      fi
      wait "$app_pid" && rc=0 || rc=$?
      app_pid=
      echo "smoke: $name: gone after SIGTERM (status $rc)"
      ;;
  esac
  grep -h "^qipan:" "$log" | sed "s/^/smoke: $name: /" || true
  grep -q "^qipan: drawing with" "$log" ||
    { echo "smoke: $name: the app did not log its renderer" >&2; return 1; }
  echo "smoke: $name: passed in $((SECONDS - start)) s; screenshot $out/$name.png"
}

case $kind in
  linux)
    artefact=${2:-$root/target/artifacts/qipan-$version-x86_64-linux.tar.gz}
    [ -f "$artefact" ] || { echo "smoke: no $artefact (run tools/release.sh linux)" >&2; exit 1; }
    mkdir "$tmp/unpacked" "$tmp/home"
    mkdir -m 700 "$tmp/runtime"
    tar -C "$tmp/unpacked" -xzf "$artefact"
    bin=$(echo "$tmp"/unpacked/*/qipan)
    board_timeout=${SMOKE_BOARD_TIMEOUT:-60}
    # A fresh profile, and eframe's own renderer choice: no variable that picks one.
    profile=(env -u WGPU_BACKEND -u QIPAN_RENDERER HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data"
      XDG_CONFIG_HOME="$tmp/home/config" XDG_RUNTIME_DIR="$tmp/runtime")
    run linux-close close "${profile[@]}" "$bin"
    run linux-kill kill "${profile[@]}" "$bin"
    ;;
  windows)
    artefact=${2:-$root/target/artifacts/qipan-$version-x86_64-windows.zip}
    [ -f "$artefact" ] || { echo "smoke: no $artefact (run tools/release.sh windows)" >&2; exit 1; }
    need_apt wine wine64 gcc-mingw-w64-x86-64
    mkdir "$tmp/unpacked"
    python3 -m zipfile -e "$artefact" "$tmp/unpacked"
    exe=$(echo "$tmp"/unpacked/*/qipan.exe)
    # The test-only ProcessPrng stand-in that Wine 8 lacks (tools/wine/), beside the exe.
    x86_64-w64-mingw32-gcc -shared -O2 -o "$(dirname "$exe")/bcryptprimitives.dll" \
      tools/wine/bcryptprimitives.c -ladvapi32
    export WINEPREFIX=$tmp/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
    unset WGPU_BACKEND QIPAN_RENDERER
    start=$SECONDS
    wineboot -i >"$out/wineboot.log" 2>&1
    echo "smoke: a fresh Wine prefix took $((SECONDS - start)) s ($(wine --version))"
    board_timeout=${SMOKE_BOARD_TIMEOUT:-120}
    run windows-close close wine "$exe"
    wineserver -w
    ;;
  *)
    echo "usage: tools/smoke.sh linux|windows [ARTEFACT]" >&2
    exit 2
    ;;
esac
echo "smoke: $kind passed"
