#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The offline app's tests: tests/web/app.sh node|browser MUSTER SITE
#   node     the WebAssembly core against the CLI (app_equal.mjs)
#   browser  the app in Chromium from a plain file server: installed, then
#            offline, byte-equal to the CLI (app_browser.mjs)
#   german   the app in German in Chromium: the engine's output the German
#            CLI's, the DE/EN switch (app_german.mjs)
# Exits 77 (skipped) when the app was not built (no emcc) or node, python3
# or chromium is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
what=$1 muster=$(realpath "$2") site=$3
skip() { echo "skipped: $*"; exit 77; }
[ -f "$site/muster-core.wasm" ] || skip "the offline app is not built (emscripten's emcc was not found: apt-get install emscripten)"
command -v node >/dev/null || skip "node is missing: apt-get install nodejs npm"
case $what in
  node) exec node "$here/app_equal.mjs" "$muster" "$site" "${MUSTER_APP_SETS:-40}" ;;
  browser|german)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    command -v python3 >/dev/null || skip "python3 is missing"
    if [ ! -f "$here/node_modules/puppeteer-core/package.json" ]; then
      (cd "$here" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) ||
        skip "puppeteer-core could not be installed with npm"
    fi
    [ "$what" = german ] && exec node "$here/app_german.mjs" "$muster" "$site"
    exec node "$here/app_browser.mjs" "$muster" "$site" "${MUSTER_APP_SETS:-15}" ;;
  *) echo "usage: $0 node|browser|german MUSTER SITE"; exit 2 ;;
esac
