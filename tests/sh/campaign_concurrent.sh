#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Two processes write one campaign at once (and a third reads): with WAL and
# the busy timeout every command waits its turn instead of failing, and no
# write is lost.
# usage: campaign_concurrent.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
n=60
"$muster" campaign new c.db --name Busy --year 1862 --theater west >/dev/null ||
    fail "new"
writer() { # adds n divisions; prints each id, or FAILED
    for ((i = 1; i <= n; i++)); do
        "$muster" campaign add c.db --side "$1" --name "$1 $i" --corps X ||
            echo FAILED
    done >"$1.ids" 2>"$1.err"
}
reader() {
    for ((i = 1; i <= n; i++)); do
        "$muster" campaign show c.db --format json >/dev/null || echo FAILED
    done >read.out 2>read.err
}
writer union & a=$!
writer confederate & b=$!
reader & c=$!
wait $a $b $c
for f in union confederate; do
    [ -s $f.err ] && fail "$f writer: $(head -3 $f.err)"
    grep -q FAILED $f.ids && fail "$f writer failed"
done
[ -s read.err ] && fail "reader: $(head -3 read.err)"
ids=$(cat union.ids confederate.ids | sort -n -u | wc -l)
[ "$ids" -eq $((2 * n)) ] || fail "$ids distinct ids for $((2 * n)) adds"
[ "$(sort -n union.ids confederate.ids | tail -1)" -eq $((2 * n)) ] ||
    fail "ids do not run 1..$((2 * n))"
"$muster" campaign check c.db >/dev/null || fail "check"
count=$("$muster" campaign show c.db --format json | grep -o '"engaged":false' | wc -l)
[ "$count" -eq $((2 * n)) ] || fail "show lists $count divisions"
echo "ok: $((2 * n)) concurrent adds, none failed or lost"
