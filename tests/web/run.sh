#!/usr/bin/env bash
# Runs a web test of muster serve with node: tests/web/run.sh api|browser MUSTER
# 'browser' installs puppeteer-core into tests/web/node_modules (npm ci, from
# package-lock.json) when it is missing, and drives Debian's /usr/bin/chromium.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
what=$1 muster=$(realpath "$2")
command -v node >/dev/null || { echo "node is missing: apt-get install nodejs npm"; exit 1; }
case $what in
  api) exec node "$here/api_equal.mjs" "$muster" "${MUSTER_API_SETS:-25}" ;;
  browser)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "chromium is missing: apt-get install chromium"; exit 1; }
    if [ ! -f "$here/node_modules/puppeteer-core/package.json" ]; then
      (cd "$here" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    fi
    exec node "$here/browser.mjs" "$muster" ;;
  *) echo "usage: $0 api|browser MUSTER"; exit 2 ;;
esac
