#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `muster` alone, muster-full not installed beside it: a drawing command
# says muster-full is missing (exit 1, in the tool's words, in German
# too), and every other command, the campaign's included, still runs.
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cp "$muster" "$work/bin/muster"
fail=0
expect() { # expect RC TEXT -- ARGS...: exit RC and TEXT on stderr
    local rc=$1 want=$2; shift 3
    local err; err=$("$@" 2>&1 >/dev/null); local got=$?
    if [ $got != "$rc" ] || [[ "$err" != *"$want"* ]]; then
        echo "FAIL $*: exit $got, '$err' (wanted $rc, '$want')"; fail=1
    fi
}
m=$work/bin/muster
expect 1 "muster: this command draws or serves, which muster-full does; it is not installed next to $work/bin/muster" -- \
    "$m" plot curve --weapon musket --out "$work/c.png"
expect 0 "" -- "$m" division --army union --seed 1
if [ -f "$(dirname "$muster")/locale/de/LC_MESSAGES/muster.mo" ]; then
    expect 1 "muster: dieser Befehl zeichnet oder stellt eine Seite bereit, was muster-" -- \
        env MUSTER_LOCALEDIR="$(dirname "$muster")/locale" LC_ALL=C.UTF-8 LANGUAGE=de "$m" plot curve --weapon musket --out "$work/c.png"
fi
# The campaign is the everyday tool's own: it runs with no helper at all.
expect 0 "" -- "$m" campaign new "$work/c.db" --name C --year 1863 --theater east
expect 0 "" -- "$m" campaign show "$work/c.db"
expect 1 "muster: this command draws or serves, which muster-full does" -- \
    "$m" campaign links "$work/c.db" --side union --no-qr
# a ledger command that draws when given --out: handed on the same way
expect 1 "muster: this command draws or serves, which muster-full does" -- \
    "$m" campaign report "$work/c.db" --out "$work/war.pdf"
[ -e "$work/war.pdf" ] && { echo "FAIL war.pdf written"; fail=1; }
[ $fail = 0 ] && echo "all passed"
exit $fail
