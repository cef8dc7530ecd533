#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Campaign files damaged in ways fuzz_campaign found. One whose pages are
# damaged (tests/data/campaign-malformed.sqlite) is refused by the log as a side sees it, saying so
# (exit 1), and, in the sanitizer build, without leaking what it read of
# the divisions the side may not see (the leak fuzz_campaign found).
set -u
muster=$1
src=$(realpath "${MUSTER_SOURCE:-$(dirname "$0")/../..}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/tests/data/campaign-malformed.sqlite" "$work/m.db"
fail=0
for side in union confederate; do
    err=$("$muster" campaign log "$work/m.db" --as $side 2>&1 >/dev/null)
    rc=$?
    # (the log reads each division's secrecy when an event names it, so the
    # damage met first is an event's: "event 7 (engage) is damaged: ...";
    # before, a list of all hidden divisions read first met a bad page)
    if [ $rc != 1 ] || [[ "$err" != "muster: $work/m.db: "*" damaged"* ]]; then
        echo "FAIL log --as $side: exit $rc, '$err'"; fail=1
    fi
done
# Divisions read back twice or out of order (a damaged index, found by
# fuzz_campaign): check reports the damage (exit 1) and, in the sanitizer
# build, reads no brigade tally outside its own (it read one before).
cp "$src/tests/data/campaign-duplicate-ids.sqlite" "$work/d.db"
out=$("$muster" campaign check "$work/d.db" 2>&1)
rc=$?
if [ $rc != 1 ] || [[ "$out" != *"muster: the campaign failed "*" checks"* ]]; then
    echo "FAIL check of duplicate ids: exit $rc"; fail=1
fi
[ $fail = 0 ] && echo "all passed"
exit $fail
