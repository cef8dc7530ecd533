#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# 'division --count' writes each division as it is made: memory stays
# constant whatever the count. Read from /proc while muster is blocked on a
# full pipe: its heap (RssAnon) after 20 MB of output and after 200 MB must
# be the same (within 1 MB) and under 8 MB; and a run of --count 10000000
# goes through under a limit of address space only a little above what one
# division needs (`ulimit -v`; left out in a sanitized build, whose shadow
# memory reserves terabytes; there the heap is not held to 8 MB either). The old renderer kept every division in
# memory (4 GB for 10^7). Also: a closed pipe ends the run at once with exit
# 0, and the first N divisions of --count M are --count N.
# usage: stream_memory.sh MUSTER
set -u
muster=$1
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
small=20000000 big=200000000
if [ -n "${MUSTER_TEST_CFLAGS:-}" ]; then small=2000000 big=20000000; fi

field() { sed -n "s/^$2:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$1/status"; }

mkfifo "$work/f"
"$muster" division --army union --count 10000000 --seed 3 --format csv \
    >"$work/f" &
pid=$!
exec 3<"$work/f"
head -c "$small" <&3 >/dev/null
anon1=$(field "$pid" RssAnon) peak=$(field "$pid" VmPeak)
head -c "$((big - small))" <&3 >/dev/null
anon2=$(field "$pid" RssAnon)
exec 3<&-
wait "$pid"
rc=$?
[ "$rc" = 0 ] || fail "closed pipe: exit $rc, not 0"
[ -n "$anon1" ] && [ -n "$anon2" ] || fail "no RssAnon in /proc/$pid/status"
echo "heap after $small bytes: $anon1 kB; after $big: $anon2 kB"
[ "$anon2" -le $((anon1 + 1024)) ] || fail "memory grew: $anon1 -> $anon2 kB"
# (a sanitized build's runtime keeps its own shadow and quarantine)
[ -n "${MUSTER_TEST_CFLAGS:-}" ] || [ "$anon2" -lt 8192 ] ||
    fail "heap $anon2 kB, not under 8 MB"

if [ -z "${MUSTER_TEST_CFLAGS:-}" ]; then
    limit=$((peak + 16384)) # kB: what one division takes, and 16 MB
    out=$( (ulimit -v "$limit" &&
            "$muster" division --army union --count 10000000 --seed 3 \
                --format jsonl | head -c 50000000 | wc -c) 2>&1)
    [ "$out" = 50000000 ] || fail "under ulimit -v $limit: $out"
    echo "--count 10000000 under ulimit -v $limit kB: ok"
fi

# a closed pipe: head -1 ends the run at once, exit 0, nothing on stderr
start=$(date +%s%N)
"$muster" division --army union --count 9223372036854775807 --seed 1 \
    2>"$work/err" | head -1 >/dev/null
rc=${PIPESTATUS[0]}
ms=$((($(date +%s%N) - start) / 1000000))
[ "$rc" = 0 ] || fail "head -1: exit $rc"
[ -s "$work/err" ] && fail "head -1: stderr: $(cat "$work/err")"
[ "$ms" -lt 20000 ] || fail "head -1 took $ms ms"

# labels missing for some strengths: every division is written, labelled
# by the nearest line, and one warning follows the output (exit 0)
out=$("$muster" division --army union --count 40 --seed 3 \
      --labels "$MUSTER_SOURCE/tests/data/labels.ini" 2>"$work/err")
rc=$?
[ "$rc" = 0 ] || fail "missing label: exit $rc"
[ "$(grep -c '^Division ' <<<"$out")" = 40 ] || fail "missing label: $out"
[ "$(grep -c 'warning' "$work/err")" = 1 ] || fail "label: $(cat "$work/err")"
grep -q "has no \[green\] line for 8 stands: the nearest, 7, gives" "$work/err" ||
    fail "label: $(cat "$work/err")"

# the prefix property, in every streamed format
for f in text csv jsonl json; do
    "$muster" division --army confederate --count 5000 --seed 11 --format "$f" \
        >"$work/long" || fail "--count 5000 --format $f"
    "$muster" division --army confederate --count 700 --seed 11 --format "$f" \
        >"$work/short" || fail "--count 700 --format $f"
    case $f in
    text) n=$(grep -n '^Division 701:' "$work/long" | cut -d: -f1)
          head -n $((n - 2)) "$work/long" >"$work/a"
          head -n -1 "$work/short" >"$work/b" ;;       # less the seed line
    csv) awk -F, 'NR == 1 || $1 <= 700' "$work/long" >"$work/a"
         cp "$work/short" "$work/b" ;;
    jsonl) head -n 700 "$work/long" >"$work/a"; cp "$work/short" "$work/b" ;;
    json) # valid JSON; the array's first 700 elements are --count 700
        command -v node >/dev/null || continue
        node -e 'const fs = require("fs");
const a = JSON.parse(fs.readFileSync(process.argv[1]));
const b = JSON.parse(fs.readFileSync(process.argv[2]));
process.exit(a.length === 5000 &&
    JSON.stringify(a.slice(0, 700)) === JSON.stringify(b) ? 0 : 1)' \
            "$work/long" "$work/short" || fail "json prefix or validity"
        continue ;;
    esac
    cmp -s "$work/a" "$work/b" || fail "--count 700 is not the start of --count 5000 ($f)"
done
echo "all passed"
