#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Kills a long loop of campaign writes with SIGKILL at random moments, many
# times over. After each kill the campaign must pass 'check' (SQLite
# integrity, every brigade's stands adding up, the log replayed against the
# ledger), and at the end every event a command reported is in the log.
# usage: campaign_crash.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
RANDOM=1234 # the kill times repeat from run to run
rounds=${CRASH_ROUNDS:-40}
f=c.db
fail() { echo "FAIL: $*"; exit 1; }

"$muster" campaign new $f --name Crash --year 1863 --theater east \
    --return-rate 100 >/dev/null || fail "new"
for side in union confederate; do
    "$muster" campaign add $f --side $side --name "$side div" >/dev/null ||
        fail "add"
done
"$muster" campaign engage $f 1 --seed 1 >/dev/null || fail "engage 1"
"$muster" campaign engage $f 2 --seed 2 >/dev/null || fail "engage 2"

# One command; on success its event id goes to 'reported', in one write.
run() {
    local out
    out=$("$muster" campaign "$@" --format json 2>/dev/null) || return 0
    out=${out#\{\"id\":}
    printf '%s\n' "${out%%,*}" >>reported
}

# A command whose answer names no event (add, engage, reveal).
act() { "$muster" campaign "$@" >/dev/null 2>&1; }

# The latest offer of an exchange or liberation ($1) in the log, or 0.
offer() {
    local id
    id=$("$muster" campaign log $f --format json 2>/dev/null |
        grep -o "{\"id\":[0-9]*,\"kind\":\"offer\",\"of\":\"$1\"" | tail -1 |
        tr -cd '0-9')
    echo "${id:-0}"
}

# The write loop, every command that writes the ledger: battles with
# casualties, prisoners and leaders lost, a division added, engaged hidden
# and revealed, a division imported from a sheet, a name, a camp, an undo,
# exchanges and liberations offered by a side, accepted, declined and
# withdrawn; all losses return (--return-rate 100) and the camps are
# liberated, so it never runs dry. Each round starts at a step of its own,
# so that the kills land in every command.
STEPS=21
step() {
    local i=$2
    case $1 in
    0) run battle start $f "Battle $i" ;;
    1) run casualties $f 1 --brigade 1 --lost 1 --captured 1 ;;
    2) run casualties $f 2 --brigade 2 --lost 2 ;;
    3) run casualties $f 1 --brigade 2 --captured 1 --lost 0 ;;
    4) run leader-lost $f 2 --brigade 1 --seed $i --captured ;;
    5) run exchange $f --union 1 --confederate 0 --as confederate ;;
    6) run exchange $f --accept "$(offer exchange)" --as union ;;
    7) run liberate $f --side union --as union ;;
    8) run liberate $f --decline "$(offer liberate)" --as confederate ;;
    9) run exchange $f --union 1 --confederate 0 --as confederate ;;
    10) run exchange $f --withdraw "$(offer exchange)" --as confederate ;;
    11) act add $f --side union --name "Division $i" ;;
    12) act engage $f "Division $i" --seed $i --hidden ;;
    13) act reveal $f "Division $i" ;;
    14) run name $f 1 "Union $i" ;;
    15) run battle end $f --winner none --seed $i ;;
    16) run camp $f --side union --default "Camp $i" ;;
    17) run liberate $f --side union ;;
    18) run liberate $f --side confederate ;;
    19) run undo $f ;;
    20) printf '%s\n' "side,corps,division,arm,brigade" \
            "confederate,,Imported $i,infantry,First" >"sheet-$i.csv"
        act import $f --from "sheet-$i.csv" ;;
    esac
}
writer() {
    local i=$1 k=$2
    while :; do
        step $((k % STEPS)) $((i + k / STEPS))
        k=$((k + 1))
    done
}

: >reported
set -m # each writer in its own process group, so one kill takes it all
busy=0
# Is a muster of the writer's process group running?
running() {
    ps -e -o pgid=,comm= | awk -v g="$1" '$1 == g && $2 ~ /^muster$/ {f = 1}
        END {exit !f}'
}
for ((r = 1; r <= rounds; r++)); do
    before=$(wc -l <reported)
    writer $((r * 1000)) $((RANDOM % STEPS)) &
    pid=$!
    # The handshake: wait (at most a minute) for this writer's first
    # committed event, so every round writes however loaded the machine is
    # (ctest -j); then a random pause, then wait for a muster command to be
    # running, so that the kill lands inside one.
    for ((t = 0; t < 6000; t++)); do
        [ "$(wc -l <reported)" -gt "$before" ] && break
        sleep 0.01
    done
    [ "$(wc -l <reported)" -gt "$before" ] ||
        fail "round $r: the writer committed nothing in a minute"
    sleep "0.$(printf '%03d' $((RANDOM % 150 + 5)))"
    for ((t = 0; t < 100; t++)); do
        running "$pid" && { busy=$((busy + 1)); break; }
    done
    kill -KILL -- -"$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    report=$("$muster" campaign check $f) ||
        fail "round $r: check failed after the kill: $report"
done
set +m

# Every event a command reported is in the log, once.
"$muster" campaign log $f --format json >log.json || fail "log"
grep -o '{"id":[0-9]*,"kind"' log.json | tr -cd '0-9\n' >logged
sort -n -u reported >reported.sorted
n=$(wc -l <reported.sorted)
missing=$(comm -23 <(sort reported.sorted) <(sort logged) | head -5)
[ -z "$missing" ] || fail "events reported but not in the log: $missing"
[ "$n" -ge "$rounds" ] || fail "only $n events reported in $rounds rounds"
[ $((busy * 4)) -ge "$rounds" ] ||
    fail "only $busy of $rounds kills hit a running muster"
# The log has no gaps: ids run 1..N.
last=$(tail -1 logged)
[ "$(wc -l <logged)" -eq "$last" ] || fail "the log has gaps"
echo "ok: $rounds kills ($busy during a muster run), $n reported events all" \
     "logged, $last events in all, check clean"
