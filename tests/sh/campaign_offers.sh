#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Exchanges by consent (issue 35; seed 000: prisoners "can only be
# exchanged by mutual consent"), through the command line on real files:
# acting for a side, exchange and liberate record an offer that moves no
# one; the other side accepts or declines it, its maker withdraws it; each
# refusal exits 2 and leaves the file byte for byte as it was; undo and
# check replay it all. Then the differential: two campaigns that differ
# only in what the Union may not know (the hidden division's rolls, which
# of its brigades lost the men, its captured brigadier's rating) give the
# Union byte-identical logs (text, JSON, Markdown), prisoners lists,
# ledgers (show) and own files' logs, offers and accepts included.
# usage: campaign_offers.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work" || exit 1
export MUSTER_NOW=2026-12-01T19:30:00Z
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
refuse() { # FILE WHAT-TO-FIND ARGS...
    local f=$1 want=$2; shift 2
    local before; before=$(sha256sum "$f")
    "$muster" campaign "$@" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || { cat out.txt err.txt; fail "'$*' exited $rc, not 2"; }
    grep -q -- "$want" err.txt || { cat err.txt; fail "'$*' did not say '$want'"; }
    [ "$(sha256sum "$f")" = "$before" ] || fail "'$*' changed the campaign"
}
id_of() { sed -n 's/^{"id":\([0-9]*\),.*/\1/p' out.txt; }

# make FILE SEED BRIGADE ROLL: the Union's Wadsworth in the open, the
# Confederates' Heth hidden (rolled on SEED), 2 of each side's stands
# captured (Heth's from BRIGADE) and Heth's brigadier of BRIGADE captured
# (his replacement rolls ROLL).
make() {
    local f=$1
    m new "$f" --name Consent --year 1863 --theater east
    m add "$f" --side union --name Wadsworth
    m add "$f" --side confederate --name Heth
    m battle start "$f" Ridge
    m engage "$f" 1 --seed 7
    m engage "$f" 2 --seed "$2" --hidden
    m casualties "$f" 1 --brigade 1 --captured 2
    m casualties "$f" 2 --brigade "$3" --lost 1 --captured 2
    m leader-lost "$f" 2 --brigade "$3" --captured --rolls "$4"
}

# ---- the offers, their answers and refusals ------------------------------
F=c.db
make $F 8 1 50
"$muster" campaign prisoners $F >held0.txt || fail prisoners
m exchange $F --union 1 --confederate 1 --as union --format json
o1=$(id_of)
[ "$o1" = 10 ] || { cat out.txt; fail "the offer's JSON id"; }
"$muster" campaign prisoners $F >held1.txt || fail prisoners
cmp -s held0.txt held1.txt || fail "an offer moved prisoners"
refuse $F "made by the Union, and the other side" exchange $F --accept $o1 --as union
refuse $F "made by the Union, and the other side" exchange $F --decline $o1 --as union
refuse $F "only its maker withdraws it" exchange $F --withdraw $o1 --as confederate
refuse $F "is of an exchange" liberate $F --accept $o1 --as confederate
refuse $F "takes no counts" exchange $F --accept $o1 --union 1 --as confederate
refuse $F "answer one offer" exchange $F --accept $o1 --withdraw $o1
refuse $F "is no offer (it is 'engage')" exchange $F --accept 5 --as confederate
refuse $F "no event 99" exchange $F --accept 99 --as confederate
m exchange $F --accept $o1 --as confederate
grep -qx "#11 offer #10 accepted by the Confederates: exchange: 1 Union stand and 1 Confederate stand go home (union division 1 brigade 1: 1, confederate division 2 brigade 1: 1)" out.txt || { cat out.txt; fail "accept text"; }
refuse $F "was accepted already (by event 11)" exchange $F --accept $o1 --as confederate
refuse $F "was accepted already (by event 11)" exchange $F --withdraw $o1 --as union
# Not enough held when accepted: refused, nothing changed.
m exchange $F --union 1 --confederate 0 --as confederate
o2=$(sed -n 's/^#\([0-9]*\) .*/\1/p' out.txt)
m exchange $F --union 1 --confederate 0
refuse $F "offer $o2 cannot be accepted: 0 Union stands are held prisoner" exchange $F --accept $o2 --as union
m exchange $F --withdraw $o2 --as confederate
refuse $F "was withdrawn already" exchange $F --accept $o2 --as union
# The Confederates' brigadier, by the umpire's decision on an offer.
m exchange $F --union 0 --confederate-leaders 1 --as confederate
o3=$(sed -n 's/^#\([0-9]*\) .*/\1/p' out.txt)
m exchange $F --accept $o3
grep -q "accepted by the umpire: exchange: 1 Confederate leader goes home" out.txt || { cat out.txt; fail "umpire's accept"; }
# A liberation offered and declined; one accepted, then undone.
m liberate $F --side confederate --as confederate
o4=$(sed -n 's/^#\([0-9]*\) .*/\1/p' out.txt)
m liberate $F --decline $o4 --as union
m liberate $F --side confederate --as confederate
o5=$(sed -n 's/^#\([0-9]*\) .*/\1/p' out.txt)
"$muster" campaign prisoners $F >before-lib.txt || fail prisoners
m liberate $F --accept $o5 --as union
grep -q "offer #$o5 accepted by the Union: liberation: the camp holding confederate men is freed, 1 stand rejoins" out.txt || { cat out.txt; fail "liberation accepted"; }
acc=$(sed -n 's/^#\([0-9]*\) .*/\1/p' out.txt)
refuse $F "depends on it" undo $F $o5
m undo $F $acc
"$muster" campaign prisoners $F >after-undo.txt || fail prisoners
cmp -s before-lib.txt after-undo.txt || { diff before-lib.txt after-undo.txt; fail "undo of an accept did not put the men back"; }
m liberate $F --accept $o5 --as union
"$muster" campaign check $F >check.txt || { cat check.txt; fail "check"; }
grep -q 'every table agrees' check.txt || fail "check did not replay the offers"
for side in union confederate; do
    m export $F --side $side --out $side.db
    "$muster" campaign check $side.db >chk.txt || { cat chk.txt; fail "check $side.db"; }
done

# ---- the differential ----------------------------------------------------
# The same public story on two campaigns whose hidden facts differ.
story() {
    local f=$1
    m exchange "$f" --union 1 --confederate 1 --confederate-leaders 1 --as confederate
    m exchange "$f" --union 0 --confederate 1 --as union
    m exchange "$f" --accept 10 --as union
    m exchange "$f" --decline 11 --as confederate
    m liberate "$f" --side union --as union
    m liberate "$f" --withdraw 14 --as union
    m liberate "$f" --side confederate --as confederate
    m liberate "$f" --accept 16 --as union
}
make a.db 8 1 50
make b.db 9 2 95
story a.db
story b.db
# what the Union is shown; the hidden engage's commitment (a random salt)
# aside
norm() { sed -E 's/[0-9a-f]{64}/COMMITMENT/g'; }
for f in a b; do
    for fmt in text json markdown; do
        "$muster" campaign log $f.db --as union --format $fmt | norm >$f.log.$fmt || fail "log $fmt"
    done
    "$muster" campaign prisoners $f.db --as union >$f.prisoners || fail "prisoners"
    "$muster" campaign show $f.db --as union --format json | norm >$f.show.json || fail "show"
    # the Union's own file: its log as it was kept for the Union
    "$muster" campaign export $f.db --side union --out $f-union.db >/dev/null || fail "export"
    for fmt in text json; do
        "$muster" campaign log $f-union.db --format $fmt | norm >>$f.own || fail "own log"
    done
    "$muster" campaign prisoners $f.db --as union --format json >$f.prisoners.json || fail "prisoners json"
    # the offers and answers themselves, each as the Union is told it
    grep -E '^#1[0-7] ' $f.log.text >$f.events
    python3 -c 'import json, sys
for e in json.load(open(sys.argv[1]))["events"]:
    if e["kind"] in ("offer", "accept", "decline", "withdraw"):
        print(json.dumps(e))' $f.log.json >>$f.events 2>/dev/null ||
        fail "the Union's JSON log does not read"
done
[ "$(grep -c '"kind": "offer"' a.events)" -eq 4 ] || { cat a.events; fail "not every offer in the JSON log"; }
"$muster" campaign log a.db --format json | grep -q exceptional ||
    fail "the differential's campaigns have no secret rating to hide"
cmp -s a.log.json b.log.json && cmp a.log.text b.log.text >/dev/null ||
    { diff a.log.text b.log.text; diff a.log.json b.log.json; fail "the Union's logs differ"; }
for x in log.markdown prisoners prisoners.json show.json own events; do
    cmp -s a.$x b.$x || { diff a.$x b.$x; fail "the Union's $x differ"; }
done
# and the hidden facts did differ: the umpire's logs are not the same
"$muster" campaign log a.db >ua.txt && "$muster" campaign log b.db >ub.txt
cmp -s ua.txt ub.txt && fail "the two campaigns do not differ"
grep -q -e exceptional -e 'brigade 2' a.log.text a.log.json && fail "a hidden fact in the Union's log"
echo "ok: offers, answers, refusals, undo, check; the Union's views of two campaigns differing in hidden facts are the same bytes"
