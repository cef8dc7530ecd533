#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `muster` alone, its helper tools not installed beside it: a campaign
# command says muster-ledger is missing, a drawing command muster-full
# (exit 1, in the tool's words, in German too), and the table's own
# commands still run. muster-ledger without muster-full hands drawing on
# and says muster-full is missing: it never runs itself again.
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cp "$muster" "$work/bin/muster"
cp "$(dirname "$muster")/muster-ledger" "$work/bin/muster-ledger.keep"
fail=0
expect() { # expect RC TEXT -- ARGS...: exit RC and TEXT on stderr
    local rc=$1 want=$2; shift 3
    local err; err=$("$@" 2>&1 >/dev/null); local got=$?
    if [ $got != "$rc" ] || [[ "$err" != *"$want"* ]]; then
        echo "FAIL $*: exit $got, '$err' (wanted $rc, '$want')"; fail=1
    fi
}
m=$work/bin/muster
expect 1 "muster: this command keeps a campaign's ledger, which muster-ledger does; it is not installed next to $work/bin/muster" -- \
    "$m" campaign show "$work/c.db"
expect 1 "muster: this command draws or serves, which muster-full does" -- \
    "$m" plot curve --weapon musket --out "$work/c.png"
expect 0 "" -- "$m" division --army union --seed 1
if [ -f "$(dirname "$muster")/locale/de/LC_MESSAGES/muster.mo" ]; then
    expect 1 "muster: dieser Befehl führt das Hauptbuch eines Feldzugs, was muster-ledger tut" -- \
        env MUSTER_LOCALEDIR="$(dirname "$muster")/locale" LC_ALL=C.UTF-8 LANGUAGE=de "$m" campaign show "$work/c.db"
fi
# muster-ledger beside muster, muster-full not: drawing is handed on once.
mv "$work/bin/muster-ledger.keep" "$work/bin/muster-ledger"
"$m" campaign new "$work/c.db" --name C --year 1863 --theater east >/dev/null ||
    { echo "FAIL campaign new through muster-ledger"; fail=1; }
expect 1 "muster: this command draws or serves, which muster-full does" -- \
    "$work/bin/muster-ledger" campaign links "$work/c.db" --side union --no-qr
# a ledger command that draws when given --out: handed on the same way
expect 1 "muster: this command draws or serves, which muster-full does" -- \
    "$m" campaign report "$work/c.db" --out "$work/war.pdf"
[ -e "$work/war.pdf" ] && { echo "FAIL war.pdf written"; fail=1; }
[ $fail = 0 ] && echo "all passed"
exit $fail
