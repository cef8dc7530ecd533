#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Who and when through the tool: every event records its author (the
# umpire, or the side of --as) and its time, from $MUSTER_NOW or else the
# clock; a bad MUSTER_NOW is refused before anything is written; the log
# shows both (text and JSON), a side's log and its own file only for what
# it sees; an edited author or time fails check.
# usage: campaign_who_when.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mc() { "$muster" campaign "$@"; }

# The clock: without MUSTER_NOW the time is now's, to the second.
unset MUSTER_NOW
t0=$(date -u +%s)
mc new c.db --name Clock --year 1863 --theater east >/dev/null || fail "new"
t1=$(date -u +%s)
at=$(mc log c.db --format json | sed -n 's/.*"author":"umpire","time":"\([^"]*\)".*/\1/p')
s=$(date -u -d "$at" +%s 2>/dev/null) || s=-1
[ "$s" -ge "$t0" ] && [ "$s" -le "$t1" ] ||
    fail "the new event's time '$at' is not between $t0 and $t1"

# A MUSTER_NOW that is no time: exit 2, nothing written.
err=$(MUSTER_NOW=yesterday mc add c.db --side union --name A 2>&1 >/dev/null)
rc=$?
[ $rc = 2 ] || fail "a bad MUSTER_NOW exited $rc, not 2"
case "$err" in
"muster: MUSTER_NOW: 'yesterday' is not a time: give UTC to the second, as 2026-12-01T19:30:00Z (or unset it: the clock)") ;;
*) fail "a bad MUSTER_NOW: $err" ;;
esac
[ "$(mc log c.db | wc -l)" = 1 ] || fail "a bad MUSTER_NOW wrote an event"
MUSTER_NOW=2026-02-30T12:00:00Z mc new d.db --name D --year 1863 \
    --theater east 2>/dev/null && fail "2026-02-30 taken for a time"
[ -e d.db ] && fail "a bad MUSTER_NOW left a file"

# Fixed times: each event says who and when.
export MUSTER_NOW=2026-12-01T19:30:00Z
mc new w.db --name W --year 1863 --theater east >/dev/null
mc add w.db --side union --name A >/dev/null
mc add w.db --side confederate --name B >/dev/null
mc battle start w.db Ridge >/dev/null
MUSTER_NOW=2026-12-01T19:31:00Z mc engage w.db 1 --seed 1 --as union >/dev/null
MUSTER_NOW=2026-12-01T19:32:00Z mc engage w.db 2 --seed 2 --hidden --as confederate >/dev/null
MUSTER_NOW=2026-12-01T19:33:00Z mc casualties w.db 2 --brigade 1 --lost 1 --as confederate >/dev/null
out=$(MUSTER_NOW=2026-12-01T19:34:00Z mc casualties w.db 1 --brigade 1 --lost 2 --as confederate)
[ "$out" = "#8 casualties in battle 1: union division 1 brigade 1, 2 lost, 0 captured" ] ||
    fail "the answer to a write: $out"
out=$(MUSTER_NOW=2026-12-01T19:35:00Z mc battle end w.db --winner none --seed 3 --as confederate --format json)
case "$out" in *'"author":"confederate","time":"2026-12-01T19:35:00Z"}') ;; *) fail "JSON answer: $out" ;; esac
mc log w.db >log.txt
grep -qx '#1 \[2026-12-01T19:30:00Z umpire\] new campaign .*' log.txt || fail "text log, event 1: $(head -1 log.txt)"
grep -q '^#5 \[2026-12-01T19:31:00Z union\] engage' log.txt || fail "text log, event 5"
grep -q '^#8 \[2026-12-01T19:34:00Z confederate\] casualties' log.txt || fail "text log, event 8"
mc log w.db --as union >union.txt
grep -q '^#8 \[2026-12-01T19:34:00Z confederate\] casualties' union.txt || fail "the Union is not told who recorded on its division"
grep -qx '#7 casualties: division 2 (hidden)' union.txt || fail "the Union's masked event: $(grep '^#7' union.txt)"
grep -q '19:3[23]:00Z' union.txt && fail "the Union's log times a masked event"
mc log w.db --as union --format json | grep -q '19:3[23]:00Z' && fail "the Union's JSON log times a masked event"
mc export w.db --side union --out u.db >/dev/null || fail "export"
mc log u.db >ufile.txt
cmp -s union.txt ufile.txt || fail "the Union's own file's log differs from its log"
mc check u.db >/dev/null || fail "the Union's own file does not check"
mc check w.db >/dev/null || fail "the campaign does not check"

# An edited author or time: check fails on the chain.
if command -v sqlite3 >/dev/null; then
    cp w.db a.db
    sqlite3 a.db "UPDATE events SET data = replace(data, '\"author\":\"confederate\"', '\"author\":\"union\"') WHERE id = 8"
    out=$(mc check a.db 2>&1) && fail "an edited author checks"
    case "$out" in *"event 8: its stored hash is"*) ;; *) fail "an edited author: $out" ;; esac
    cp w.db b.db
    sqlite3 b.db "UPDATE events SET data = replace(data, '19:34:00Z', '19:34:01Z') WHERE id = 8"
    out=$(mc check b.db 2>&1) && fail "an edited time checks"
    case "$out" in *"event 8: its stored hash is"*) ;; *) fail "an edited time: $out" ;; esac
else
    echo "note: no sqlite3 tool, the edits are left to test_campaign_chain"
fi
[ $fails = 0 ] || exit 1
echo "ok: the clock and MUSTER_NOW, authors, masked events untimed, edits caught"
