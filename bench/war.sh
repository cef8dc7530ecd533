#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/war.sh -- what each part costs as a war grows. One war is built
# through the tool (so that `check` runs on a real ledger): 12 divisions a
# side, a quarter of them hidden, then battles, each with casualties,
# brigades named and an end with its returns rolled; it is measured at
# each size, then grown to the next. For each command, the CPU seconds
# (user + system: one core, whatever else the machine does) of the best of
# ROUNDS runs, the microseconds per event and the growth from the size
# before (x4 events at 1.0: the cost grows in step with the war). Then the
# Union's page opened on the phone profile (CPU x4, bench/war-page.mjs,
# where node, chromium and tests/web/node_modules are there): wall time
# until the battle under way and the last event show, and the DOM's size.
# Not a test: nothing is asserted; bench/README.md holds a run.
#   bench/war.sh [MUSTER] [EVENTS...]   (default: build/muster, 1000 5000 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
muster=$(realpath "${1:-build/muster}")
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 5000 20000)
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/war.db
export MUSTER_NOW=2026-12-01T19:30:00Z
m() { "$muster" campaign "$@" >/dev/null; }

battle=0 events=0
count() { events=$(sqlite3 "$db" "SELECT count(*) FROM events"); }
grow() { # to at least $1 events
    if [ ! -e "$db" ]; then
        m new "$db" --name War --year 1863 --theater east
        for i in $(seq 1 12); do
            m add "$db" --side union --name "Union $i" --corps "Corps $((i % 3 + 1))"
            m add "$db" --side confederate --name "Reb $i" --corps "Reb $((i % 3 + 1))"
        done
        battle=1
        m battle start "$db" "Battle 1"
        for d in $(seq 1 24); do
            if [ $((d % 4)) = 0 ]; then m engage "$db" "$d" --seed "$d" --hidden
            else m engage "$db" "$d" --seed "$d"; fi
        done
    fi
    count
    while [ "$events" -lt "$1" ]; do
        for k in $(seq 1 8); do # a brigade can have lost all it had
            m casualties "$db" $(((battle * 7 + k * 5) % 24 + 1)) --brigade 1 \
                --lost 1 2>/dev/null || true
        done
        for k in $(seq 1 30); do
            local d=$(((battle + k) % 24 + 1))
            [ $((d % 4)) = 0 ] || m name "$db" "$d" --brigade 1 "Brigade $battle.$k"
        done
        m battle end "$db" --winner union --seed "$battle"
        battle=$((battle + 1))
        m battle start "$db" "Battle $battle"
        count
    done
}

cpu() { # the best of $rounds: CPU seconds of the command
    local best="" t
    for _ in $(seq "$rounds"); do
        t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 |
            awk '{ printf "%.4f", $1 + $2 }')
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    echo "$best"
}

parts=("a write (name a brigade)" "check" "log --as union --format json"
       "log --as union --last 50" "export --side union" "show --as union --format json")
run_part() { # index
    case $1 in
    0) cpu "$muster" campaign name "$db" 1 --brigade 2 "Iron $RANDOM$RANDOM" ;;
    1) cpu "$muster" campaign check "$db" ;;
    2) cpu "$muster" campaign log "$db" --as union --format json ;;
    3) cpu "$muster" campaign log "$db" --as union --last 50 ;;
    4) rm -f "$work/u.db"; cpu sh -c "rm -f '$work/u.db'; '$muster' campaign export '$db' --side union --out '$work/u.db'" ;;
    5) cpu "$muster" campaign show "$db" --as union --format json ;;
    esac
}

declare -A prev
page=1 page_why=
if ! command -v node >/dev/null; then page= page_why="not timed: no node"
elif [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then page= page_why="not timed: no chromium"
elif [ ! -f tests/web/node_modules/puppeteer-core/package.json ]; then
    page= page_why="not timed: (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"
fi
printf '%-32s %8s %10s %11s %8s\n' part events "CPU s" "us/event" growth
for n in "${sizes[@]}"; do
    grow "$n"
    for i in "${!parts[@]}"; do
        t=$(run_part "$i")
        per=$(awk -v t="$t" -v n="$events" 'BEGIN { printf "%.2f", t * 1e6 / n }')
        g=-
        if [ -n "${prev[$i]:-}" ]; then
            g=$(awk -v a="$per" -v b="${prev[$i]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        fi
        prev[$i]=$per
        printf '%-32s %8d %10s %11s %8s\n' "${parts[$i]}" "$events" "$t" "$per" "$g"
    done
    if [ -z "$page" ]; then
        echo "the Union's page at $events events: $page_why"
    else
        echo "the Union's page at $events events, CPU x4: $(node bench/war-page.mjs "$muster" "$db" "Battle $battle" "$rounds")"
    fi
done
