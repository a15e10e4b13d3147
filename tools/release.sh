#!/usr/bin/env bash
# Builds Qipan's release artefacts, each named with the version in Cargo.toml:
#   qipan-VERSION-x86_64-linux.tar.gz   the app and qipan-cli, Maddell's solved table, the
#                                       .desktop file, the icon, install.sh, README and licences
#   qipan-VERSION-x86_64-windows.zip    qipan.exe (icon, version resource, no console window),
#                                       qipan-cli.exe, Maddell's solved table, README and
#                                       licences; cross-built
#                                       with mingw-w64
#   qipan-VERSION-web.zip               the site (`node tools/web.mjs build`'s dist/)
#   qipan-VERSION-macos.zip             Qipan.app (a universal binary: Apple silicon and Intel),
#                                       README and licences; only on a Mac (the GitHub workflow,
#                                       .github/workflows/ci.yml), since macOS cannot be linked
#                                       elsewhere
# and SHA256SUMS beside them, then prints their sizes.
#
# Usage: tools/release.sh [--build] [linux] [windows] [web] [macos]    (no kind: the first three)
#   --build: only compile the Linux and Windows binaries, package nothing (.ci/run compiles them
#   in the background while the tests run, then packages them here without compiling again).
# Output: $OUT, default target/artifacts/ under the repository. Installs what is missing:
# the Rust targets (rustup), mingw-w64 (apt, as root), the web tools (tools/web-tools.sh).
# QIPAN_WEB_DIST_BUILT=1: the web artefact zips dist/ as it is (.ci/run sets it after
# e2e/run.sh has built dist/ from the same tree).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${OUT:-$root/target/artifacts}
target_dir=${CARGO_TARGET_DIR:-$root/target}
build_only=
if [ "${1:-}" = --build ]; then
  build_only=1
  shift
fi
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(linux windows web)

version=$(cargo metadata --no-deps --format-version 1 --locked |
  python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "qipan"))')
echo "release: qipan $version -> $out (${kinds[*]})"
mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cargo fetch --locked

# README, Qipan's licences, the bundled fonts' licences and every crate's licence, into $1.
docs() {
  local dir=$1 target=$2
  cp README.md LICENSE-MIT LICENSE-APACHE "$dir/"
  cp assets/fonts/OFL.txt assets/fonts/UFL.txt assets/fonts/Hack-LICENSE.txt "$dir/"
  python3 tools/third-party-licenses.py "$target" > "$dir/THIRD-PARTY-LICENSES.txt"
}

# Maddell's solved table (12.7 MB, 4.3 MB in the archive) beside the executables, where the
# app and qipan-cli look for it while they keep none of their own
# (maddell_table::bundled_path): a player of a release never waits the half minute of its
# build. The same file as the site's, built once into the target directory.
bundle_table() {
  sh tools/maddell-table-file.sh "$1"
}

# apt needs root: sudo where we are not (a GitHub runner).
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
need_apt() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "release: apt-get install ${missing[*]}"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
  fi
}

need_target() {
  rustup target list --installed | grep -qx "$1" || rustup target add "$1"
}

build_linux() {
  [ "$(uname -sm)" = "Linux x86_64" ] || { echo "release: the Linux build needs an x86_64 Linux" >&2; exit 1; }
  # The game's sounds (cpal) link ALSA.
  need_apt libasound2-dev pkg-config
  cargo build --release --locked -p qipan -p qipan-cli --bins
}

linux() {
  local name=qipan-$version-x86_64-linux
  local dir=$stage/$name
  build_linux
  mkdir -p "$dir/icons"
  for bin in qipan qipan-cli; do
    cp "$target_dir/release/$bin" "$dir/"
    strip "$dir/$bin"
  done
  # The menu entry must be valid (desktop-file-utils, when installed, says so).
  if command -v desktop-file-validate >/dev/null; then desktop-file-validate packaging/qipan.desktop; fi
  cp packaging/qipan.desktop packaging/install.sh "$dir/"
  cp assets/icon-256.png "$dir/icons/qipan-256.png"
  cp assets/icon-512.png "$dir/icons/qipan-512.png"
  docs "$dir" x86_64-unknown-linux-gnu
  bundle_table "$dir"
  tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
}

build_windows() {
  need_target x86_64-pc-windows-gnu
  need_apt gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64
  # build.rs must embed the icon and version resource, or the build fails.
  QIPAN_REQUIRE_WINRES=1 cargo build --release --locked -p qipan -p qipan-cli --target x86_64-pc-windows-gnu --bins
}

windows() {
  local name=qipan-$version-x86_64-windows
  local dir=$stage/$name
  local triple=x86_64-pc-windows-gnu
  build_windows
  mkdir -p "$dir"
  for bin in qipan qipan-cli; do
    cp "$target_dir/$triple/release/$bin.exe" "$dir/"
    x86_64-w64-mingw32-strip "$dir/$bin.exe"
  done
  # What a user's Windows will see: the app is a GUI program (no console), the command line
  # a console one; both carry the resource section; neither needs a DLL beyond Windows' own.
  check_pe "$dir/qipan.exe" "Windows GUI"
  check_pe "$dir/qipan-cli.exe" "Windows CUI"
  docs "$dir" $triple
  bundle_table "$dir"
  rm -f "$out/$name.zip"
  (cd "$stage" && python3 -m zipfile -c "$out/$name.zip" "$name")
}

# check_pe EXE SUBSYSTEM: the PE header names SUBSYSTEM, the exe has a .rsrc section (icon,
# version) and imports only DLLs that come with Windows.
check_pe() {
  local exe=$1 subsystem=$2 dump
  dump=$(x86_64-w64-mingw32-objdump -x "$exe")
  grep -q "^Subsystem.*($subsystem)" <<<"$dump" ||
    { echo "release: $exe is not a $subsystem program" >&2; exit 1; }
  grep -q " \.rsrc " <<<"$dump" ||
    { echo "release: $exe has no resource section (icon, version)" >&2; exit 1; }
  # mingw's runtime DLLs (libgcc_s_seh-1, libwinpthread-1, libstdc++-6) are not on a
  # user's Windows; Rust links its own statically, and this keeps it so.
  local dlls
  dlls=$(grep "DLL Name:" <<<"$dump" | awk '{print tolower($3)}' | sort -u | tr '\n' ' ')
  echo "release: $(basename "$exe"): $subsystem, imports $dlls"
  if grep -qE '(^| )lib[^ ]*\.dll' <<<"$dlls"; then
    echo "release: $exe needs a DLL that Windows does not have" >&2
    exit 1
  fi
}

web() {
  local name=qipan-$version-web
  if [ -n "${QIPAN_WEB_DIST_BUILT:-}" ]; then
    # .ci/run: e2e/run.sh has just built dist/ from this same tree with the same command
    # (which would run wasm-bindgen, wasm-opt and the compression again, for nothing).
    echo "release: web: dist/ as e2e/run.sh built it"
  else
    tools/web-tools.sh --no-browser
    node tools/web.mjs build
  fi
  # The build writes .br and .gz beside the files, for hosts that send them.
  ls dist/*_bg.wasm.br dist/*_bg.wasm.gz dist/index.html.br >/dev/null \
    || { echo "release: no pre-compressed files in dist/ (Node.js missing?)" >&2; exit 1; }
  rm -rf "${stage:?}/$name"
  cp -r dist "$stage/$name"
  # The page carries the fonts and the crates compiled into its wasm: their licences with it.
  docs "$stage/$name" wasm32-unknown-unknown
  rm -f "$out/$name.zip"
  (cd "$stage" && python3 -m zipfile -c "$out/$name.zip" "$name")
}

macos() {
  local name=qipan-$version-macos
  local dir=$stage/$name app=$stage/$name/Qipan.app
  [ "$(uname -s)" = Darwin ] || { echo "release: the macOS app can only be linked on a Mac" >&2; exit 1; }
  local triple
  for triple in aarch64-apple-darwin x86_64-apple-darwin; do
    need_target $triple
    cargo build --release --locked -p qipan -p qipan-cli --target $triple --bins
  done
  mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
  lipo -create -output "$app/Contents/MacOS/qipan" \
    "$target_dir"/{aarch64,x86_64}-apple-darwin/release/qipan
  lipo -create -output "$dir/qipan-cli" "$target_dir"/{aarch64,x86_64}-apple-darwin/release/qipan-cli
  sed "s/@VERSION@/$version/g" packaging/macos/Info.plist > "$app/Contents/Info.plist"
  cp assets/icon.icns "$app/Contents/Resources/qipan.icns"
  # Not notarised: an ad-hoc signature lets Apple silicon run it; the first start needs
  # right-click > Open (see the README).
  codesign --force --deep --sign - "$app"
  docs "$dir" aarch64-apple-darwin
  rm -f "$out/$name.zip"
  (cd "$stage" && ditto -c -k --keepParent "$name" "$out/$name.zip")
}

if [ -n "$build_only" ]; then
  for kind in "${kinds[@]}"; do
    case $kind in
      linux | windows) start=$SECONDS; "build_$kind"; echo "release: the $kind build took $((SECONDS - start)) s" ;;
      *) echo "release: --build compiles linux or windows, not '$kind'" >&2; exit 2 ;;
    esac
  done
  exit 0
fi

for kind in "${kinds[@]}"; do
  case $kind in
    linux | windows | web | macos) start=$SECONDS; "$kind"; echo "release: $kind took $((SECONDS - start)) s" ;;
    *) echo "release: unknown artefact '$kind' (linux, windows, web or macos)" >&2; exit 2 ;;
  esac
done

# Over every artefact of this version in $out (a workflow job makes one kind only).
(cd "$out" && shasum -a 256 qipan-"$version"-* > SHA256SUMS)
echo "release: artefacts in $out"
for f in "$out"/qipan-"$version"-*; do
  awk -v n="$(basename "$f")" -v b="$(wc -c <"$f" | tr -d ' ')" 'BEGIN { printf "  %-40s %7.2f MB (%d bytes)\n", n, b / 1048576, b }'
done
