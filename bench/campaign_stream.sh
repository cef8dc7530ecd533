#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/campaign_stream.sh -- the campaign listings as they stream (issue
# 15): for campaigns of growing size (tests/sh/lib/big_campaign.sh: 8
# divisions a copy), each listing's peak memory (getrusage, through
# tests/sh/lib/peakrss.c), the time to its first byte (bench/firstbyte.c:
# from the start of the process to the first byte on its pipe, median and
# best of ROUNDS), to its end, and to its end when the reader closes the
# pipe after 64 bytes (| head -c 64: a JSON listing is one line, so head -1
# would read all of it). The other times are medians of ROUNDS runs, taken
# with bash's $EPOCHREALTIME (no process started to read the clock). Not a
# test: nothing is asserted.
#   bench/campaign_stream.sh [MUSTER] [COPIES...]   (default: build/muster,
#                                                    100 500 2000)
# LISTINGS="show|prisoners" measures only those (| between listings).
set -euo pipefail
cd "$(dirname "$0")/.."
muster=$(realpath "${1:-build/muster}")
shift || true
copies=("$@")
[ ${#copies[@]} -gt 0 ] || copies=(100 500 2000)
rounds=${ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c11 -O -o "$work/peakrss" tests/sh/lib/peakrss.c
cc -std=c11 -O -o "$work/firstbyte" bench/firstbyte.c

listings=("show" "show --format json" "show --format json --as union"
          "log" "log --format json" "export --format csv"
          "prisoners" "prisoners --format json")
if [ -n "${LISTINGS:-}" ]; then
    IFS='|' read -r -a listings <<<"$LISTINGS"
fi

ms() { # start end -> milliseconds with two decimals
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f\n", (b - a) * 1000 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

first_byte() { # db words...: median and best ms to the first byte
    local db=$1; shift
    "$work/firstbyte" "$rounds" "$muster" campaign "$1" "$db" "${@:2}" |
        sed -n 's/^firstbyte //p'
}
whole() {
    local db=$1; shift
    local t0=$EPOCHREALTIME
    "$muster" campaign "$1" "$db" "${@:2}" >/dev/null
    ms "$t0" "$EPOCHREALTIME"
}
closed() {
    local db=$1; shift
    local t0=$EPOCHREALTIME
    "$muster" campaign "$1" "$db" "${@:2}" 2>/dev/null | head -c 64 >/dev/null
    ms "$t0" "$EPOCHREALTIME"
}

printf '%-32s %9s %10s %9s %11s %11s %11s %11s\n' listing divisions bytes \
    "peak kB" "first ms" "(best)" "whole ms" "closed ms"
for k in "${copies[@]}"; do
    db="$work/c$k.db"
    timeout 300 bash tests/sh/lib/big_campaign.sh "$muster" "$db" "$k"
    n=$(( (k + 1) * 8 ))
    for l in "${listings[@]}"; do
        read -r -a w <<<"$l"
        bytes=$("$muster" campaign "${w[0]}" "$db" "${w[@]:1}" | wc -c)
        peak=$("$work/peakrss" "$muster" campaign "${w[0]}" "$db" "${w[@]:1}" \
               2>&1 >/dev/null | sed -n 's/^peakrss //p')
        read -r f fb < <(first_byte "$db" "${w[@]}")
        a=$(for _ in $(seq "$rounds"); do whole "$db" "${w[@]}"; done | median)
        c=$(for _ in $(seq "$rounds"); do closed "$db" "${w[@]}"; done | median)
        printf '%-32s %9d %10d %9d %11s %11s %11s %11s\n' "$l" "$n" "$bytes" \
            "$peak" "$f" "$fb" "$a" "$c"
    done
done
t=$(for _ in $(seq "$rounds"); do
        t0=$EPOCHREALTIME; "$muster" --version >/dev/null; ms "$t0" "$EPOCHREALTIME"
    done | median)
v=$("$work/firstbyte" "$rounds" "$muster" --version | sed -n 's/^firstbyte //p')
echo "reference: muster --version $t ms, first byte ${v% *} ms (best ${v#* }), peak $("$work/peakrss" "$muster" --version 2>&1 >/dev/null | sed -n 's/^peakrss //p') kB"
