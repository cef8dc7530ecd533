#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# campaign show, log, prisoners and export --format csv write each
# division, event or prisoner as they read it: their peak memory (getrusage, tests/sh/lib/peakrss.c)
# stays under 8 MB and does not grow with the campaign (a campaign of 6 408
# divisions against one of 808, built by tests/sh/lib/big_campaign.sh; the
# old listings built the whole text, or a cJSON tree of it, first: 44 MB for
# show --format json at 4 008 divisions). Also: the JSON is whole and a
# side's view of it holds no hidden division's details, a player's own
# file's log streams too, a file of schema 6 (no indexes) is read as it
# is, in the same bound and to the same bytes, and a closed pipe (| head -c 64: a JSON listing
# is one line) ends each at once, exit 0, nothing on stderr. A sanitized build's runtime keeps its own
# shadow and quarantine: there the memory is not measured.
# usage: stream_campaign.sh MUSTER
set -u
muster=$(realpath "$1")
src=$(realpath "${MUSTER_SOURCE:-$(dirname "$0")/../..}")
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 tool"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

bash "$src/tests/sh/lib/big_campaign.sh" "$muster" small.db 100 ||
    fail "building the small campaign"
bash "$src/tests/sh/lib/big_campaign.sh" "$muster" big.db 800 ||
    fail "building the big campaign"
[ "$(sqlite3 big.db 'SELECT count(*) FROM divisions')" = 6408 ] ||
    fail "the big campaign has not 6408 divisions"

listings=("show" "show --format json" "show --format markdown"
          "show --format json --as union" "show --as confederate"
          "log" "log --format json" "log --format json --as confederate"
          "export --format csv" "export --format csv --as union"
          "prisoners" "prisoners --format json --as union")

if [ -z "${MUSTER_TEST_CFLAGS:-}" ]; then
    cc -std=c11 -O -o peakrss "$src/tests/sh/lib/peakrss.c" || fail "cc peakrss"
    peak() { # db listing...: the peak in kB
        local db=$1; shift
        # shellcheck disable=SC2086 # the listing's words
        ./peakrss "$muster" campaign $1 "$db" ${*:2} 2>&1 >/dev/null |
            sed -n 's/^peakrss //p'
    }
    for l in "${listings[@]}"; do
        read -r -a w <<<"$l"
        a=$(peak small.db "${w[@]}") b=$(peak big.db "${w[@]}")
        [ -n "$a" ] && [ -n "$b" ] || fail "$l: no peak measured"
        echo "$l: $a kB at 808 divisions, $b kB at 6408"
        [ "$b" -lt 8192 ] || fail "$l: $b kB, not under 8 MB"
        [ "$b" -le $((a + 1024)) ] || fail "$l: memory grew: $a -> $b kB"
    done
fi

# the JSON is whole, and a side's view masks the other side's hidden ones
if command -v node >/dev/null; then
    "$muster" campaign show big.db --format json --as union >show.json ||
        fail "show --format json --as union"
    "$muster" campaign log big.db --format json --as union >log.json ||
        fail "log --format json --as union"
    node -e 'const fs = require("fs");
const s = JSON.parse(fs.readFileSync("show.json"));
const l = JSON.parse(fs.readFileSync("log.json"));
const hidden = s.divisions.filter(d => d.side === "confederate" && d.hidden);
const bad = hidden.filter(d => "brigades" in d || "leader" in d);
const ids = new Set(hidden.map(d => d.id));
const told = l.events.filter(e => ids.has(e.division) && e.kind === "engage" &&
                                 !e.hidden);
process.exit(s.divisions.length === 6408 && hidden.length > 0 &&
             bad.length === 0 && told.length === 0 &&
             l.events.length > 6408 ? 0 : 1)' || fail "show/log JSON: not whole or not masked"
fi

# a player's own file: its log streams too
"$muster" campaign export big.db --side union --out union.db >/dev/null ||
    fail "export --side union"
if [ -z "${MUSTER_TEST_CFLAGS:-}" ]; then
    b=$(peak union.db log --format json)
    echo "the Union's own file, log --format json: $b kB"
    [ "$b" -lt 8192 ] || fail "player's log: $b kB, not under 8 MB"
fi

# a file of schema 6 (schema 7 without its indexes) is read as it is, not
# copied into memory whole: the same bytes, in the same bound
cp big.db old.db || fail "cp big.db"
sqlite3 old.db "DROP INDEX prisoners_camp; DROP INDEX leaders_held_camp;
    DROP INDEX batteries_held_camp; DROP INDEX batteries_held_division;
    PRAGMA user_version = 6" || fail "making a schema-6 file"
for l in "show" "show --as union" "prisoners" "prisoners --format json --as union"; do
    read -r -a w <<<"$l"
    "$muster" campaign "${w[0]}" big.db "${w[@]:1}" >new.out 2>&1
    "$muster" campaign "${w[0]}" old.db "${w[@]:1}" >old.out 2>&1
    cmp -s new.out old.out || fail "$l: schema 6 reads otherwise"
    if [ -z "${MUSTER_TEST_CFLAGS:-}" ]; then
        b=$(peak old.db "${w[@]}")
        echo "$l, schema 6: $b kB at 6408 divisions"
        [ -n "$b" ] && [ "$b" -lt 8192 ] || fail "$l, schema 6: $b kB"
    fi
done
[ "$(sqlite3 old.db 'PRAGMA user_version')" = 6 ] || fail "reading upgraded it"

# a closed pipe ends each listing at once: exit 0, nothing on stderr
closed() { # db listing...
    local db=$1; shift
    "$muster" campaign "$1" "$db" "${@:2}" 2>err | head -c 64 >/dev/null
    local rc=${PIPESTATUS[0]}
    [ "$rc" = 0 ] || fail "$* $db | head -c 64: exit $rc"
    [ -s err ] && fail "$* $db | head -c 64: stderr: $(cat err)"
}
for l in "${listings[@]}"; do
    read -r -a w <<<"$l"
    closed big.db "${w[@]}"
done
closed union.db log
closed union.db log --format json
echo "all passed"
