#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#   tests/web/run.sh api|browser|clients|refusals|undo|writes|offers|offers_page|stalled|streams|dead|live|campaign_offline|long_war|log_cli|report|verify|labels|battle|german|https|heavy|budget|cap|connection|a11y MUSTER
#   tests/web/run.sh api|browser|clients|refusals|undo|writes|offers|offers_page|stalled|streams|dead|live|campaign_offline|long_war|battle|german|https|heavy|budget|cap|connection|a11y MUSTER
# 'browser' drives Debian's /usr/bin/chromium with puppeteer-core from
# tests/web/node_modules, which the README's test command installs from
# package-lock.json before ctest (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1
# npm ci). Nothing is fetched here: without node, chromium or node_modules
# the test is skipped (exit 77, ctest's SKIP_RETURN_CODE) with a message.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
what=$1 muster=$(realpath "$2")
skip() { echo "SKIP: $*"; exit 77; }
# campaign events at one fixed time (as ctest sets it), so that the API's
# answers equal the CLI's and a test can ask for the time recorded
export MUSTER_NOW=${MUSTER_NOW:-2026-12-01T19:30:00Z}
command -v node >/dev/null || skip "node is missing: apt-get install nodejs npm"
# the page's service worker comes with its engine, in muster-site/
case $what in
  campaign_offline|https) [ -f "$(dirname "$muster")/muster-site/sw.js" ] ||
    skip "no muster-site/ (emscripten's emcc): the page has no service worker" ;;
esac
case $what in
  api) exec node "$here/api_equal.mjs" "$muster" "${MUSTER_API_SETS:-25}" ;;
  # slow clients cut after --timeout 2 while others are served; 1000 idle
  # connections held (about 15 s)
  clients) exec node "$here/../../bench/serve_clients.mjs" "$muster" 2 1000 10 check ;;
  # every refusal JSON, first and later requests; 408s with --timeout 2
  refusals) exec node "$here/refusals.mjs" "$muster" ;;
  # POST /api/campaign/undo: sides, refusals, secrecy
  undo) exec node "$here/undo.mjs" "$muster" ;;
  # confirmed, idempotent writes: X-Muster-Events, Idempotency-Key
  writes) exec node "$here/writes.mjs" "$muster" ;;
  # exchanges by consent: offers, accepts, declines, withdrawals
  offers) exec node "$here/offers.mjs" "$muster" ;;
  # event streams whose clients stop reading: dropped, closed, counted
  stalled) exec node "$here/stalled.mjs" "$muster" ;;
  # at most 8 streams a link: the ninth closes its oldest, others served
  streams) exec node "$here/streams.mjs" "$muster" ;;
  # heavy calls (simulations, charts) in a queue of their own: a volley
  # answered before them, the queue's bounds refused with Retry-After
  heavy) exec node "$here/heavy.mjs" "$muster" ;;
  # each link's budget of requests: a flooding link gets 429, others served
  budget) exec node "$here/budget.mjs" "$muster" ;;
  # the server's 4 000 connections: one more gets a JSON 503, Retry-After
  cap) exec node "$here/cap.mjs" "$muster" ;;
  # a client gone without FIN or reset loses its streams within 15 s: in a
  # network namespace of its own (root), whose loopback drops one stream's
  # packets (tc: htb, a class whose queue holds nothing, u32 filters)
  dead)
    command -v tc >/dev/null && command -v unshare >/dev/null || skip "tc or unshare is missing: apt-get install iproute2 util-linux"
    unshare -n true 2>/dev/null || skip "no network namespace of our own (needs root)"
    exec unshare -n sh -c 'ip link set lo up &&
      tc qdisc add dev lo root handle 1: htb default 1 2>/dev/null &&
      tc class add dev lo parent 1: classid 1:1 htb rate 10gbit 2>/dev/null &&
      tc class add dev lo parent 1: classid 1:10 htb rate 10gbit 2>/dev/null &&
      tc qdisc add dev lo parent 1:10 handle 10: pfifo limit 0 || { echo "SKIP: no htb or pfifo in this kernel"; exit 77; }
      exec node "$1/dead.mjs" "$2"' sh "$here" "$muster" ;;
  browser)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    [ -f "$here/node_modules/puppeteer-core/package.json" ] ||
      skip "tests/web/node_modules is missing: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
    exec node "$here/browser.mjs" "$muster" ;;
  # live: two pages see each other; campaign_offline: the page with the
  # network cut, its queue sent once on reconnecting; offers_page: an
  # offer shown to the other side with Accept and Decline; units: the range
  # in centimetres, kept, a German page starts in cm; long_war: a war of
  # 5 000 events opens on a page of its log and pages back; connection:
  # the banner with the network cut, the server stopped, the link replaced
  # log_cli: the page's log is the CLI's text log, sentence for sentence;
  # report: a battle's summary on every phone as its side may see it;
  # verify: the other side's phone fetches a reveal and checks it itself;
  # labels: serve --labels, each brigade fresh, worn or spent, live
  live|campaign_offline|offers_page|units|long_war|connection|log_cli|report|verify|labels)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    [ -f "$here/node_modules/puppeteer-core/package.json" ] ||
      skip "tests/web/node_modules is missing: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
    { [ "$what" != connection ] && [ "$what" != log_cli ]; } || [ -s "$(dirname "$muster")/web-lang/de.mo" ] ||
      skip "the build made no page catalogue (gettext's msgfmt, msggrep)"
    exec node "$here/$what.mjs" "$muster" ;;
  # the page over HTTPS with a club's own authority: secure context,
  # service worker, a reload with the network cut
  https)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    [ -f "$here/node_modules/puppeteer-core/package.json" ] ||
      skip "tests/web/node_modules is missing: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
    command -v openssl >/dev/null || skip "openssl is missing: apt-get install openssl"
    command -v certutil >/dev/null || skip "certutil is missing: apt-get install libnss3-tools"
    exec node "$here/https.mjs" "$muster" ;;
  # every view in both languages at 320, 390 and 820 px: axe-core (any
  # impact), nothing wider than the screen, 44 px targets
  a11y)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    [ -f "$here/node_modules/puppeteer-core/package.json" ] && [ -f "$here/node_modules/axe-core/axe.min.js" ] ||
      skip "tests/web/node_modules is missing: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
    [ -s "$(dirname "$muster")/web-lang/de.mo" ] || skip "the build made no page catalogue (gettext's msgfmt, msggrep)"
    exec node "$here/a11y.mjs" "$muster" ;;
  # the page in German: its words, decimal commas, the DE/EN switch, axe-core
  german)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    [ -f "$here/node_modules/puppeteer-core/package.json" ] && [ -f "$here/node_modules/axe-core/axe.min.js" ] ||
      skip "tests/web/node_modules is missing: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
    [ -s "$(dirname "$muster")/web-lang/de.mo" ] || skip "the build made no page catalogue (gettext's msgfmt, msggrep)"
    exec node "$here/german.mjs" "$muster" ;;
  # a whole battle from the page at 390x844, layout, axe-core on every view
  battle)
    [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium is missing: apt-get install chromium"
    [ -f "$here/node_modules/puppeteer-core/package.json" ] && [ -f "$here/node_modules/axe-core/axe.min.js" ] ||
      skip "tests/web/node_modules is missing: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
    exec node "$here/battle.mjs" "$muster" ;;
  *) echo "usage: $0 api|browser|clients|refusals|undo|writes|stalled|streams|live|campaign_offline|long_war|battle|german|https|heavy|budget|connection|a11y MUSTER"; exit 2 ;;
esac
