#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A division is named by its id or its name (letters without case) wherever
# a command takes DIV; an unknown name or one two divisions share is
# refused (exit 2), naming the ids, and changes nothing.
# usage: campaign_names.sh MUSTER
set -u
muster=$1
data=$(cd "$(dirname "$0")/../data" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
F=c.db
m new $F --name Names --year 1863 --theater east
m add $F --side union --name "Iron Brigade"
m add $F --side confederate --name Heth
m add $F --side confederate --name heth
m battle start $F Ridge
m engage $F "iron brigade" --seed 7
grep -q '^Division 1 "Iron Brigade" engaged:' out.txt || { cat out.txt; fail "engage by name"; }
m casualties $F "Iron Brigade" --brigade 1 --lost 1
[ "$(cat out.txt)" = "#7 casualties in battle 1: union division 1 brigade 1, 1 lost, 0 captured" ] ||
    { cat out.txt; fail "casualties by name"; }
refuse() { # WANT ARGS...
    local want=$1; shift
    local before; before=$(sha256sum $F)
    "$muster" campaign "$@" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || { cat out.txt err.txt; fail "'$*' exited $rc, not 2"; }
    [ "$(cat err.txt)" = "$want" ] || { cat err.txt; fail "'$*': not '$want'"; }
    [ "$(sha256sum $F)" = "$before" ] || fail "'$*' changed the campaign"
}
refuse "muster: 2 divisions are named \"Heth\" (2, 3): give the division's id or name (see 'muster campaign show')" \
    engage $F Heth --seed 8
refuse "muster: no division is named \"Pender\": give the division's id or name (see 'muster campaign show')" \
    engage $F Pender --seed 8
refuse "muster: '0' is not a division id: give the number 'add' printed or the division's name (see 'muster campaign show')" \
    engage $F 0 --seed 8
m engage $F 2 --seed 8
echo "ok: divisions by name"

# Names given: a brigade's and a new one for a division, each one event,
# in show (text, JSON), the log, CSV; undone and checked like any other.
m name $F "Iron Brigade" --brigade 2 "Iron Brigade (Meredith)"
[ "$(cat out.txt)" = '#9 name: division 1 brigade 2 is "Iron Brigade (Meredith)"' ] ||
    { cat out.txt; fail "brigade named"; }
m name $F 1 Wadsworth
[ "$(cat out.txt)" = '#10 name: division 1 is "Wadsworth" (was "Iron Brigade")' ] ||
    { cat out.txt; fail "division renamed"; }
m casualties $F wadsworth --brigade 2 --lost 1
m show $F
grep -q '^  Division 1 "Wadsworth", infantry:' out.txt || { cat out.txt; fail "show: division name"; }
grep -Eq '^    2 Iron Brigade \(Meredith\) +[0-9]+ stands' out.txt || { cat out.txt; fail "show: brigade name"; }
m show $F --format json
python3 - out.txt <<'PY' || fail "show json: names"
import json, sys
d = json.load(open(sys.argv[1]))["divisions"][0]
assert d["name"] == "Wadsworth", d["name"]
assert [b["name"] for b in d["brigades"]][:3] == [None, "Iron Brigade (Meredith)", None], d["brigades"]
PY
m export $F --format csv
grep -q '^brigade,1,Iron Brigade (Meredith),union,,,,2,' out.txt || { cat out.txt; fail "csv: brigade name"; }
m log $F --format json
grep -q '"kind":"name","division":1,"brigade":2,"name":"Iron Brigade (Meredith)","was":null' out.txt ||
    { cat out.txt; fail "log json: name"; }
m check $F
grep -q '^replay: 11 events replayed from the first with their rolls: every table agrees$' out.txt ||
    { cat out.txt; fail "check after names"; }
m undo $F 10
m show $F --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["divisions"][0]; assert d["name"]=="Iron Brigade", d["name"]' out.txt ||
    fail "undo of a rename"
m check $F
refuse "muster: division 2 is named \"Heth\" already: give each division a name of its own" \
    name $F 1 Heth
refuse "muster: the brigade is named \"Iron Brigade (Meredith)\" already" \
    name $F 1 --brigade 2 "Iron Brigade (Meredith)"
refuse "muster: division 1 (Iron Brigade) has brigades 1 to 3, not 8" \
    name $F 1 --brigade 8 Eighth
refuse "muster: the brigade name holds a control character" name $F 1 --brigade 1 "$(printf 'a\nb')"
refuse "muster: the brigade name holds a control character" name $F 1 --brigade 1 "$(printf 'a\302\205b')"
refuse "muster: the brigade name is not valid UTF-8" name $F 1 --brigade 1 "$(printf 'a\377b')"
refuse "muster: the brigade name is 101 bytes long: at most 100" name $F 1 --brigade 1 "$(printf 'x%.0s' {1..101})"
refuse "muster: acting for the Confederates, division 1 (Iron Brigade) cannot be named: it is the Union's to name (or the umpire's)" \
    name $F 1 --brigade 1 Rebels --as confederate
m add $F --side confederate --name Pettigrew
refuse "muster: division 4 (Pettigrew) has no brigades yet: engage it first" \
    name $F Pettigrew --brigade 1 First
m name $F 1 --brigade 3 "Stone's Brigade"
echo "ok: names given, undone, checked, refused"

# A hidden division: keeps its name until revealed; its brigades' names are
# its secrets (the other side's log masks the event, show has no brigades).
m add $F --side confederate --name Archer
m engage $F Archer --seed 9 --hidden --as confederate
m name $F Archer --brigade 1 "Tennessee Brigade" --as confederate
ev=$(sed -n 's/^#\([0-9]*\) .*/\1/p' out.txt)
m log $F --as union
grep -qx "#$ev name: division 5 (hidden)" out.txt || { cat out.txt; fail "hidden name event not masked"; }
m log $F --as union --format json
grep -q 'Tennessee' out.txt && fail "the union log shows a hidden brigade's name"
m show $F --as union --format json
grep -q 'Tennessee' out.txt && fail "the union show shows a hidden brigade's name"
m export $F --side union --out union.db
grep -qa 'Tennessee' union.db && fail "the union's own file holds a hidden brigade's name"
refuse "muster: division 5 (Archer) is hidden: it keeps the name the other side knows it by until it is revealed" \
    name $F Archer Pender --as confederate
m reveal $F Archer --as confederate
m show $F --as union
grep -Eq '^    1 Tennessee Brigade ' out.txt || { cat out.txt; fail "revealed: brigade name"; }
m name $F Archer Pender --as confederate
m check $F
echo "ok: hidden names"

# Rosters: the brigade's name on its card and on its label.
if command -v pdftotext >/dev/null; then
    "$muster" roster --campaign $F --labels "$data/labels-full.ini" --out r.pdf >/dev/null ||
        fail "roster --campaign"
    pdftotext -layout r.pdf r.txt
    [ "$(grep -c "Iron Brigade (Meredith)" r.txt)" -ge 2 ] || { cat r.txt; fail "roster: brigade name on card and label"; }
    grep -q "Stone's Brigade" r.txt || fail "roster: brigade 3's name"
    grep -q "Brigade 1" r.txt || fail "roster: an unnamed brigade is Brigade 1"
    echo "ok: names on the roster"
fi
