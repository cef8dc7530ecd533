#!/usr/bin/env bash
# Runs a web test of muster serve with node:
#   tests/web/run.sh api|browser|clients|refusals|undo MUSTER
# 'browser' installs puppeteer-core into tests/web/node_modules (npm ci, from
# package-lock.json) when it is missing, and drives Debian's /usr/bin/chromium.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
what=$1 muster=$(realpath "$2")
command -v node >/dev/null || { echo "node is missing: apt-get install nodejs npm"; exit 1; }
case $what in
  api) exec node "$here/api_equal.mjs" "$muster" "${MUSTER_API_SETS:-25}" ;;
  # slow clients cut after --timeout 2 while others are served; 1000 idle
  # connections held (about 15 s)
  clients) exec node "$here/../../bench/serve_clients.mjs" "$muster" 2 1000 10 check ;;
  # every refusal JSON, first and later requests; 408s with --timeout 2
  refusals) exec node "$here/refusals.mjs" "$muster" ;;
  # POST /api/campaign/undo: sides, refusals, secrecy
  undo) exec node "$here/undo.mjs" "$muster" ;;
  browser)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "chromium is missing: apt-get install chromium"; exit 1; }
    if [ ! -f "$here/node_modules/puppeteer-core/package.json" ]; then
      (cd "$here" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    fi
    exec node "$here/browser.mjs" "$muster" ;;
  *) echo "usage: $0 api|browser|clients|refusals|undo MUSTER"; exit 2 ;;
esac
