#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# campaign undo with the tool: the undo is a new event in the log (text and
# JSON), the ledger and check follow it, a refusal exits 2 naming the later
# event and changes nothing, and a side is refused the other side's events.
# usage: campaign_undo.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" "$@"; }
m campaign new u.db --name U --year 1863 --theater east >/dev/null || fail new
m campaign add u.db --side union --name A >/dev/null
m campaign add u.db --side confederate --name B >/dev/null
m campaign engage u.db 1 --seed 1 >/dev/null || fail "engage A"
m campaign engage u.db 2 --seed 2 >/dev/null || fail "engage B"
m campaign battle start u.db Ridge >/dev/null
none=$(m campaign prisoners u.db --format json)
m campaign casualties u.db 1 --brigade 1 --lost 2 --captured 1 >/dev/null
m campaign casualties u.db 2 --brigade 1 --lost 1 >/dev/null
before=$(m campaign show u.db --format json)
# A refusal: exit 2, the later event named, nothing written.
m campaign undo u.db 4 >out.txt 2>err.txt && fail "engage undone under its casualties"
[ "$(cat err.txt)" = "muster: event 4 cannot be undone: event 7 (casualties) depends on it (undo that one first): without it, division 1 (A) has not fought yet: engage it first" ] ||
    { cat err.txt; fail "dependency message"; }
[ "$(m campaign head u.db | grep -c '^events 8$')" = 1 ] || fail "the refusal wrote an event"
# A side may not undo the other side's event; the message tells nothing.
m campaign undo u.db 8 --as union 2>err.txt && fail "union undid a confederate event"
grep -q "^muster: acting for the Union, event 8 cannot be undone: a side undoes only events about its own divisions" err.txt ||
    { cat err.txt; fail "side refusal"; }
# The Union's own casualties: undone, shown as the latest event.
m campaign undo u.db 7 --as union >out.txt || fail "undo 7"
[ "$(cat out.txt)" = "#9 undo of #7 (casualties): the ledger stands as if it had never happened" ] ||
    { cat out.txt; fail "undo line"; }
m campaign log u.db | grep -q '^#7 \[[^]]*\] casualties in battle 1: union division 1 brigade 1, 2 lost, 1 captured$' ||
    fail "the undone event left the log"
[ "$(m campaign prisoners u.db --format json)" = "$none" ] ||
    { m campaign prisoners u.db --format json; fail "the prisoner is still held"; }
m campaign check u.db >out.txt || { cat out.txt; fail "check after undo"; }
# JSON, and the latest event by default.
m campaign undo u.db --format json >out.json || fail "undo json"
grep -q '"kind":"undo","event":8,"undone_kind":"' out.json ||
    { cat out.json; fail "undo as JSON"; }
# Undoing an undo is refused: the event is recorded again instead.
m campaign undo u.db 9 2>err.txt && fail "an undo undone"
grep -q "event 9 (undo) cannot be undone: an undo is not undone" err.txt || { cat err.txt; fail "undo of undo"; }
m campaign casualties u.db 1 --brigade 1 --lost 2 --captured 1 >/dev/null || fail "again"
m campaign casualties u.db 2 --brigade 1 --lost 1 >/dev/null || fail "again"
[ "$(m campaign show u.db --format json)" = "$before" ] || fail "made again: another ledger"
m campaign check u.db >out.txt || { cat out.txt; fail "check at the end"; }
# A player's file with the undo: check vouches for its log's JSON, and for
# the form an earlier build wrote (the undone kind as a second "kind" key),
# and no other edit of that entry.
m campaign export u.db --side union --out p.db >/dev/null || fail "export"
m campaign check p.db >out.txt || { cat out.txt; fail "check of the player's file"; }
old=$(sqlite3 p.db "SELECT replace(json, '\"undone_kind\":', '\"kind\":') FROM view_log WHERE id = 10")
case $old in *'"kind":"undo","event":8,"kind":"'*) ;; *) fail "no undo entry to edit: $old" ;; esac
sqlite3 p.db "UPDATE view_log SET json = replace(json, '\"undone_kind\":', '\"kind\":') WHERE id = 10"
m campaign check p.db >out.txt || { cat out.txt; fail "an earlier build's undo entry refused"; }
sqlite3 p.db "UPDATE view_log SET json = replace(json, '\"event\":8', '\"event\":7') WHERE id = 10"
m campaign check p.db >out.txt 2>&1 && fail "an edited undo entry passed"
grep -q "view log: event 10 (undo): the JSON shown is not what its chain line gives" out.txt ||
    { cat out.txt; fail "the edit's report"; }
echo ok
