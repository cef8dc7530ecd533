#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 14 §3: 'campaign new' is atomic. It builds the file in memory,
# writes it to an unnamed file in the same folder and links it into place
# when complete,
# so a 'new' killed at any moment leaves either no campaign or a complete
# one, never a stub that every command calls "not a campaign file".
# usage: campaign_new_atomic.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
complete=0 absent=0
for i in $(seq 1 40); do
    f=c$i.db
    "$muster" campaign new $f --name War --year 1863 --theater east \
        >/dev/null 2>&1 &
    pid=$!
    # kill at a different moment each time: 0 to ~40 ms
    sleep "0.00$((i % 10))$((i * 7 % 10))"
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    if [ -e $f ]; then
        "$muster" campaign check $f >out.txt 2>&1 ||
            { cat out.txt; ls -la; fail "trial $i left an incomplete $f"; }
        complete=$((complete + 1))
    else
        "$muster" campaign new $f --name War --year 1863 --theater east \
            >/dev/null || fail "trial $i: $f cannot be made after the kill"
        absent=$((absent + 1))
    fi
done
# A killed 'new' leaves nothing but a complete campaign: no journal and no
# hidden temporary file (.cN.db.new-*): it is written to an unnamed file
# linked into place whole (issue 27, item 10).
ls -a | grep -E '^c[0-9]+\.db-journal' && fail "a journal left under a campaign's name"
ls -a | grep -E '^\.c[0-9]+\.db\.new-' && fail "a killed 'new' left its temporary file"
# An existing campaign is never overwritten.
"$muster" campaign new c1.db --name Other --year 1861 --theater west \
    >/dev/null 2>out.txt && fail "new overwrote a campaign"
grep -q "already exists" out.txt || { cat out.txt; fail "no 'already exists'"; }
"$muster" campaign show c1.db | grep -q '^Campaign "War"' || fail "c1.db changed"
echo "ok: 40 killed 'new': $complete complete, $absent absent, no stub"
