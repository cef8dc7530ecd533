#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# --ask at a terminal: a bad answer is said and asked again, and the next
# good one is taken (off a terminal a bad answer is an error: see
# endless_input.sh and tests/cli/division_ask_bad). muster runs under a
# pseudo-terminal made by util-linux's `script` (package bsdutils, part of
# every Debian system); this script plays the person at the table: it
# reads what the terminal shows and types only after a prompt appeared,
# so it does not depend on timing. Every wait is bounded.
set -u
muster=$(realpath "$1")
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

seen=""   # what the terminal showed, all of it
mark=0    # where the next wait starts looking
# Reads the terminal until `text` appears after the mark, then moves the
# mark past it.
wait_for() {
    local want=$1 ch
    while [[ "${seen:$mark}" != *"$want"* ]]; do
        if ! IFS= read -r -N 1 -t 20 -u "$rd" ch; then
            echo "FAIL $what: no '$want' on the terminal; it showed:"
            printf '%s\n' "$seen" | sed 's/^/    /'
            return 1
        fi
        seen+=$ch
    done
    local rest=${seen:$mark}
    rest=${rest#*"$want"}
    mark=$(( ${#seen} - ${#rest} ))
}
type_line() { printf '%s\r' "$1" >&"$wr"; }

# One roll (canister's one more hit on 40 or less): two bad answers, each
# said and asked again, then 30.
what="fire --ask at a terminal"
export TERM=dumb
coproc term { script -qfec "\"$muster\" fire --weapon canister --range 10 \
    --crew 4 --ask" /dev/null 2>&1; }
# Bash forgets a coprocess's descriptors when it ends: keep copies.
pid=$term_PID
exec {rd}<&"${term[0]}" {wr}>&"${term[1]}"
prompt="Canister fire: one more hit on 40 or less (d100): "
ok=1
wait_for "$prompt" && type_line fifty &&
    wait_for "muster: 'fifty' is not a d100 roll" && wait_for "try again" &&
    wait_for "$prompt" && type_line 101 &&
    wait_for "roll '101' is out of range" && wait_for "try again" &&
    wait_for "$prompt" && type_line 30 &&
    wait_for "Hits: 3" || ok=0
# A muster stuck at a prompt is ended; then the rest of the output.
[ $ok = 1 ] || kill "$pid" 2>/dev/null
while IFS= read -r -N 1 -t 20 -u "$rd" ch; do seen+=$ch; done 2>/dev/null
wait "$pid"
rc=$?
if [ $ok = 1 ]; then
    [ "$rc" = 0 ] || { echo "FAIL $what: exit $rc, expected 0"; fail=1; }
    n=$(grep -o "one more hit on 40 or less (d100): " <<<"$seen" | wc -l)
    [ "$n" = 3 ] || { echo "FAIL $what: asked $n times, expected 3"; fail=1; }
    grep -q "Roll 30 ≤ 40: a third hit" <<<"$seen" ||
        { echo "FAIL $what: the roll of 30 is not in the result:"; \
          printf '%s\n' "$seen" | sed 's/^/    /'; fail=1; }
else
    fail=1
fi
[ $fail = 0 ] && echo "all passed"
exit $fail
