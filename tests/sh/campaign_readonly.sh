#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 14 §4: reads (show, log, prisoners, check, head) work on a campaign
# that cannot be written: a read-only folder and file (as another user when
# the tests run as root), and with no room to write anything (a file size
# limit of 0, as on a full disk). They write nothing next to the campaign,
# an older file is upgraded in memory only, and a write is refused.
# usage: campaign_readonly.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >/dev/null || fail "campaign $*"; }

mkdir ro
F=ro/war.db
m new $F --name War --year 1863 --theater east
m add $F --side union --name Wadsworth --corps "I Corps"
m add $F --side confederate --name Heth
m battle start $F Ridge
m engage $F 1 --seed 7
m engage $F 2 --seed 8 --hidden
m casualties $F 1 --brigade 1 --lost 3 --captured 1
m battle end $F --winner none --seed 3
cp "$MUSTER_SOURCE/tests/data/campaign-v1.db" ro/old.db
reads() { # FILE: every read, into one transcript
    for sub in show log prisoners check head; do
        "$muster" campaign $sub "$1" 2>&1 || echo "[exit $?]"
    done
}
reads $F >want.txt
grep -q '^\[exit' want.txt && { cat want.txt; fail "a read fails on a writable file"; }
reads ro/old.db >want-old.txt
grep -q '^\[exit' want-old.txt && fail "a read fails on the old file"
cp ro/old.db pristine-old.db   # reads upgrade an old file in memory only

# 1. No room to write: every write of a file fails (EFBIG), as on a full disk.
cp pristine-old.db ro/old.db
( ulimit -f 0; trap '' XFSZ; reads $F ) | cat >got.txt
diff -u want.txt got.txt || fail "reads need room to write"
( ulimit -f 0; trap '' XFSZ; reads ro/old.db ) | cat >got.txt
diff -u want-old.txt got.txt || fail "reads of an old file need room to write"

# 2. A read-only folder and file.
cp pristine-old.db ro/old.db
ls -a ro >before.txt
chmod 555 ro && chmod 444 ro/*.db
as_reader() { "$@"; }
if [ "$(id -u)" = 0 ]; then
    # root writes anyway: read as nobody, who cannot
    command -v setpriv >/dev/null || { echo "SKIP: root without setpriv"; exit 77; }
    chmod 755 "$work"
    # The build folder may sit where nobody cannot reach (a clone in a
    # mktemp -d folder): nobody runs a copy of the tool from $work.
    cp "$muster" "$work/muster-ro" && chmod 755 "$work/muster-ro"
    muster=$work/muster-ro
    as_reader() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
fi
as_reader bash -c "$(declare -f reads); muster=$muster; reads $F" >got.txt
diff -u want.txt got.txt || fail "reads fail on a read-only folder"
as_reader bash -c "$(declare -f reads); muster=$muster; reads ro/old.db" >got.txt
diff -u want-old.txt got.txt || fail "reads of an old file fail on a read-only folder"
ls -a ro >after.txt
diff -u before.txt after.txt || fail "reads left files next to the campaign"
cmp -s pristine-old.db ro/old.db || fail "a read changed the old file"
as_reader "$muster" campaign add $F --side union --name Doubleday >out.txt 2>&1 &&
    fail "a write succeeded on a read-only campaign"
grep -q '^muster: ' out.txt || { cat out.txt; fail "the refused write says nothing"; }
chmod 755 ro && chmod 644 ro/*.db
reads $F >got.txt
diff -u want.txt got.txt || fail "the refused write changed the campaign"
# 3. Changes still in the -wal (a writer killed, or one still at work):
# a reader that cannot write reads them too, or refuses naming the fix;
# it never shows the ledger as it was before them (issue 27, item 6).
mkdir wal walro
W=wal/w.db
m new $W --name War --year 1863 --theater east
m add $W --side union --name Wadsworth
m add $W --side confederate --name Heth
m battle start $W Ridge
m engage $W 1 --seed 7
mkfifo hold
# A connection held open keeps the -wal after muster's change: the state a
# killed writer leaves. Its three files are copied while it waits.
python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("SELECT count(*) FROM events").fetchall()
print("ready", flush=True)
sys.stdin.read()' $W <hold >held.txt &
holder=$!
exec 7>hold
while ! grep -q ready held.txt; do sleep 0.05; done
m casualties $W 1 --brigade 1 --lost 2
[ -s $W-wal ] || fail "no -wal to read"
cp $W $W-wal $W-shm walro/
exec 7>&-
wait $holder
stale_reads() { for sub in show log check head; do "$muster" campaign $sub "$1" 2>&1 || echo "[exit $?]"; done; }
stale_reads $W >want-wal.txt
grep -q '^\[exit' want-wal.txt && { cat want-wal.txt; fail "a read fails on the WAL file"; }
cp walro/w.db old-bytes.db
cp walro/w.db-wal kept.wal; cp walro/w.db-shm kept.shm
chmod 555 walro && chmod 444 walro/*
as_reader bash -c "$(declare -f stale_reads); muster=$muster; stale_reads walro/w.db" >got.txt
diff -u want-wal.txt got.txt || fail "a reader without write permission misses the -wal"
# Without the -shm the WAL cannot be read without writing one: refused,
# saying so, never the old ledger.
chmod 755 walro && rm walro/w.db-shm && chmod 555 walro
for sub in show log check head; do
    as_reader "$muster" campaign $sub walro/w.db >out.txt 2>err.txt
    rc=$?
    [ $rc = 1 ] && grep -q -- "-wal" err.txt ||
        { cat out.txt err.txt; fail "$sub without the -shm: exit $rc"; }
done
chmod 755 walro
# No room to write, the -wal there: the same (the open that could write
# fails, and the file as it is would be the old ledger).
cp kept.shm walro/w.db-shm
( ulimit -f 0; trap '' XFSZ; stale_reads walro/w.db ) | cat >got.txt
if ! diff -q want-wal.txt got.txt >/dev/null; then
    grep -q -- '-wal' got.txt || { cat got.txt; fail "no room: the old ledger shown"; }
fi
echo "ok: reads work read-only and with no room to write"
