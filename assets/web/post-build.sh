#!/bin/sh
# Trunk's post_build hook (Trunk.toml). Trunk starts all hooks of a stage at once, so the
# steps that must run in order are one hook: first Maddell's table, then stamp the service worker with this
# build's files (stamp-sw.sh), then, for a release build, write the .br and .gz files beside
# them (tools/precompress.mjs, Node.js), so that sw.js is compressed with its final
# contents and its file list names the plain files only.
set -eu
here=$(dirname "$0")
# Maddell's solved table beside the page (fetched when Maddell is opened, not cached by the
# service worker: IndexedDB keeps it), before the worker is stamped and files compressed.
sh "$here/../../tools/maddell-table-file.sh" "${TRUNK_STAGING_DIR:?run by Trunk as a post_build hook}"
sh "$here/stamp-sw.sh"
if [ "${TRUNK_PROFILE:-}" = release ]; then
  if command -v node >/dev/null; then
    node "$here/../../tools/precompress.mjs" "${TRUNK_STAGING_DIR:?run by Trunk as a post_build hook}"
  else
    echo "post-build: no Node.js, so no pre-compressed .br/.gz files (see docs/web.md)" >&2
  fi
fi
