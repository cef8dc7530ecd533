#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A player's own file is written whole or not at all, and holds from its
# first byte only what its side may know (issue 27, item 3): export builds
# and scrubs the copy in memory and writes it to an unnamed file linked to
# its name when complete. Killed at any moment (SIGKILL, SIGTERM, SIGHUP),
# it leaves no file but a complete player's file that checks, and no file
# in the folder (the player's, a journal, a temporary one) holds a salt of
# the other side's hidden divisions. A killed 'new' is in
# campaign_new_atomic.sh.
# usage: campaign_export_atomic.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
bash "$MUSTER_SOURCE/tests/sh/lib/big_campaign.sh" "$muster" big.db 60 \
    >/dev/null || fail "big campaign"
# The Confederates' hidden, unrevealed divisions' salts: none may reach a
# file the Union's export writes.
python3 - <<'PY' >salts.txt || fail "reading the salts"
import sqlite3
db = sqlite3.connect("big.db")
for (s,) in db.execute("SELECT salt FROM divisions WHERE side = 1 AND "
                       "hidden AND NOT revealed AND salt <> '' LIMIT 20"):
    print(s)
PY
[ -s salts.txt ] || fail "no hidden Confederate division to keep secret"
"$muster" campaign export big.db --side union --out want.db >/dev/null ||
    fail "export"
mkdir out
complete=0 absent=0
sigs=(KILL TERM HUP)
for i in $(seq 1 30); do
    sig=${sigs[i % 3]}
    "$muster" campaign export big.db --side union --out out/u$i.db \
        >/dev/null 2>&1 &
    pid=$!
    sleep "0.$((i * 37 % 100))"
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    for f in out/* out/.[!.]*; do
        [ -e "$f" ] || continue
        case $f in out/u[0-9]*.db) ;; *) fail "trial $i ($sig) left $f" ;; esac
        grep -aqFf salts.txt "$f" && fail "trial $i ($sig): $f holds a hidden salt"
    done
    if [ -e out/u$i.db ]; then
        # (the big campaign's copied events do not check: compare bytes)
        cmp -s want.db out/u$i.db ||
            fail "trial $i ($sig) left an incomplete player's file"
        complete=$((complete + 1))
    else
        absent=$((absent + 1))
    fi
done
# Nothing but the players' files, and a complete one never overwritten.
"$muster" campaign export big.db --side union --out out/last.db >/dev/null ||
    fail "export after the kills"
"$muster" campaign export big.db --side union --out out/last.db \
    >/dev/null 2>err.txt && fail "export overwrote a player's file"
grep -q "already exists" err.txt || fail "no 'already exists': $(cat err.txt)"
echo "ok: 30 killed exports: $complete complete, $absent absent, no secret in any file"
