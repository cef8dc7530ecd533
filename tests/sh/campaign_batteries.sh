#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Batteries destroyed (campaign casualties --batteries-lost): off the
# division's own, never held, never back; in the log (text and JSON), show
# (text, JSON), the roster, replayed by check and taken back by undo; a
# refusal changes nothing.
# usage: campaign_batteries.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
F=c.db
m new $F --name Guns --year 1863 --theater east
m add $F --side union --name Wadsworth
m add $F --side confederate --name Heth
m battle start $F Ridge
m engage $F 1 --seed 7          # 2 batteries with the division, 1 to the reserve
m engage $F 2 --seed 8
m casualties $F 1 --batteries-lost 1
[ "$(cat out.txt)" = "#7 casualties in battle 1: union division 1, 1 battery destroyed" ] ||
    { cat out.txt; fail "batteries lost alone: text"; }
m casualties $F 1 --brigade 1 --lost 2 --batteries-captured 1
m show $F
grep -q '23 of 25 stands in 3 brigades, 0 batteries (1 captured, 1 destroyed), 1 more to the reserve' out.txt ||
    { cat out.txt; fail "show text"; }
m show $F --format json
grep -q '"artillery":{"ratio":8,"batteries":3,"division":0,"reserve":1,"captured":1,"destroyed":1}' out.txt ||
    { cat out.txt; fail "show json"; }
m log $F --format json
grep -q '"batteries_lost":1' out.txt || { cat out.txt; fail "log json"; }

before=$(sha256sum $F)
"$muster" campaign casualties $F 2 --batteries-lost 3 >out.txt 2>err.txt
[ $? -eq 2 ] || fail "more batteries than the division has: not refused"
grep -q "has 2 batteries of its own: 3 cannot be destroyed" err.txt || { cat err.txt; fail "refusal text"; }
[ "$(sha256sum $F)" = "$before" ] || fail "the refusal changed the file"

m check $F
grep -q 'every table agrees' out.txt || { cat out.txt; fail "check"; }
# The ledger edited to give a gun back: check sees it.
cp $F t.db
sqlite3 t.db "UPDATE divisions SET division_batteries = 1 WHERE id = 1" 2>/dev/null ||
    fail "sqlite3 is needed"
"$muster" campaign check t.db >out.txt 2>&1 && { cat out.txt; fail "tampered guns not found"; }
grep -q 'division_batteries' out.txt || { cat out.txt; fail "tamper message"; }
cp $F t.db
sqlite3 t.db "UPDATE events SET data = replace(data, '\"batteries_lost\":1', '\"batteries_lost\":2') WHERE id = 7"
"$muster" campaign check t.db >out.txt 2>&1 && { cat out.txt; fail "tampered event not found"; }

if command -v pdftotext >/dev/null; then
    "$muster" roster --campaign $F --side union --out r.pdf >/dev/null 2>&1 || fail "roster"
    pdftotext -layout r.pdf r.txt
    grep -q '0 batteries with the division (1 captured, 1 destroyed), 1 to the' r.txt ||
        { cat r.txt; fail "roster: batteries"; }
fi

m undo $F 7
m show $F
grep -q '1 battery (1 captured), 1 more to the reserve' out.txt || { cat out.txt; fail "undo of the destroyed battery"; }
m check $F
echo "ok: batteries destroyed in the ledger, log, show, roster, check and undo"
