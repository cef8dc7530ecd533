#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 13 §1: captured leaders and batteries, named camps, liberate --camp,
# through the command line on a real file: every refusal exits 2 and leaves
# the file byte for byte as it was; acting for the Union, nothing tells who
# was taken from the hidden Confederate division; check replays it all.
# usage: campaign_camps.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
F=c.db
m new $F --name Camps --year 1863 --theater east
m add $F --side union --name Wadsworth
m add $F --side confederate --name Heth
m battle start $F Ridge
m engage $F 1 --seed 7
m engage $F 2 --seed 8 --hidden
m casualties $F 2 --brigade 1 --captured 2 --camp "Camp Douglas"
m casualties $F 1 --brigade 1 --lost 1 --captured 1 --batteries-captured 1 --camp "Libby Prison"
m leader-lost $F 2 --brigade 1 --captured --camp "Camp Douglas" --rolls 50
grep -q 'captured, held in Camp Douglas, replaced: roll 50' out.txt || { cat out.txt; fail "leader captured: text"; }
m leader-lost $F 1 --captured --rolls 50

# Refusals: exit 2, a message, the file unchanged.
refuse() { # WHAT-TO-FIND ARGS...
    local want=$1; shift
    local before; before=$(sha256sum $F)
    "$muster" campaign "$@" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || { cat out.txt err.txt; fail "'$*' exited $rc, not 2"; }
    grep -q -- "$want" err.txt || { cat err.txt; fail "'$*' did not say '$want'"; }
    [ "$(sha256sum $F)" = "$before" ] || fail "'$*' changed the campaign"
}
refuse "is a union camp" casualties $F 1 --brigade 2 --captured 1 --camp "Camp Douglas"
refuse "Union's default camp" casualties $F 1 --brigade 2 --captured 1 --camp "Union POW camp"
refuse "of its own: 5 cannot be captured" casualties $F 1 --batteries-captured 5
refuse "not held prisoner" leader-lost $F 1 --corps-leader --captured --rolls 50
refuse "give --captured too" leader-lost $F 1 --camp X --rolls 50
refuse "cannot be exchanged" exchange $F --union-leaders 2 --confederate 0
refuse "mutual consent" exchange $F --union-leaders 1
refuse "no camp called 'Elmira'" liberate $F --camp Elmira
refuse "not both" liberate $F --camp Elmira --side union
refuse "give the camp a name" casualties $F 1 --brigade 2 --captured 1 --camp ""
# Acting for the Union, an exchange or liberation is an offer, which frees
# no one (seed 000: "by mutual consent"), and tells nothing of the hidden
# Heth: the Confederates decline or the Union withdraws it.
"$muster" campaign prisoners $F >held-before.txt || fail "prisoners"
m exchange $F --as union --union 0 --confederate-leaders 1 --format json
offer=$(sed -n 's/^{"id":\([0-9]*\),"kind":"offer".*/\1/p' out.txt)
[ -n "$offer" ] || { cat out.txt; fail "the offer's JSON has no id"; }
m liberate $F --as union --camp "Camp Douglas"
grep -q 'offer by the Union: a liberation of Camp Douglas, holding confederate men, for the Confederates to accept or decline' out.txt || { cat out.txt; fail "liberation offer text"; }
m liberate $F --as union --side confederate
"$muster" campaign prisoners $F >held-after.txt || fail "prisoners"
cmp -s held-before.txt held-after.txt || { diff held-before.txt held-after.txt; fail "an offer moved prisoners"; }
"$muster" campaign log $F --as confederate >log.txt || fail "log --as confederate"
grep -q "#$offer \[.* union\] offer by the Union: an exchange of 1 Confederate leader, for the Confederates to accept or decline" log.txt || { cat log.txt; fail "the other side is not told of the offer"; }
grep -q -e Heth -e 'brigade' <(grep offer log.txt) && fail "an offer tells something"
refuse "made by the Union, and the other side accepts" exchange $F --as union --accept $offer
refuse "only its maker withdraws it" exchange $F --as confederate --withdraw $offer
refuse "is of an exchange: answer it as one" liberate $F --as confederate --accept $offer
m exchange $F --as confederate --decline $offer
grep -q "offer #$offer declined by the Confederates: no one goes home" out.txt || { cat out.txt; fail "decline text"; }
refuse "was declined already" exchange $F --as union --withdraw $offer
m liberate $F --as union --withdraw $((offer + 1))
m liberate $F --as union --withdraw $((offer + 2))
"$muster" campaign prisoners $F >held-after.txt || fail "prisoners"
cmp -s held-before.txt held-after.txt || fail "a declined offer moved prisoners"

# The Union's view: the hidden division's captive is 'a leader'.
"$muster" campaign prisoners $F --as union >u.txt || fail "prisoners --as union"
grep -q '"Heth" (hidden): a leader' u.txt || { cat u.txt; fail "no masked leader"; }
grep -q 'brigadier of brigade 1' u.txt && { cat u.txt; fail "the hidden division's brigadier leaks"; }
grep -q '"Wadsworth": 1 battery' u.txt || { cat u.txt; fail "the Union's battery held"; }
"$muster" campaign show $F --as union --format json >s.json || fail "show --as union"
"$muster" campaign prisoners $F --as union --format json >p.json || fail "prisoners json"
python3 - s.json p.json <<'PY' || fail "show's prisoners are not the prisoners list"
import json, sys
s = json.load(open(sys.argv[1]))["prisoners"]
p = json.load(open(sys.argv[2]))
assert s == p, (s, p)
assert p["held_by_union"]["leaders"] == [{"division": 2, "name": "Heth", "hidden": True, "camp": "Camp Douglas"}], p
PY
grep -q exceptional p.json && fail "a rating of the hidden division's leader leaks"
"$muster" campaign log $F --as union >log.txt || fail "log --as union"
grep -q 'division 2 brigade 1' log.txt && { cat log.txt; fail "the log tells the hidden brigade"; }

# Home again: one camp at a time, then every camp of a side.
m exchange $F --union 0 --confederate-leaders 1
grep -q '1 Confederate leader goes home' out.txt || { cat out.txt; fail "exchange text"; }
# The Union's log of it: Heth's brigadier is "a leader", in JSON too.
"$muster" campaign log $F --as union --format json >log.json || fail "log json"
grep -q '"leaders":\[{"division":2,"side":"confederate","hidden":true}\]' log.json ||
    { cat log.json; fail "the freed leader of the hidden division is not masked in JSON"; }
grep -q exceptional log.json && fail "the JSON log tells the hidden brigadier's rating"
m liberate $F --camp "Libby Prison"
grep -q 'Libby Prison, holding union men, is freed, 1 stand, 1 battery rejoin' out.txt || { cat out.txt; fail "liberate --camp text"; }
m liberate $F --side union
grep -q 'division 1 leader (average)' out.txt || { cat out.txt; fail "liberate --side frees the leader"; }
"$muster" campaign prisoners $F >p.txt || fail prisoners
grep -q '^Held by the Union in Camp Douglas:' p.txt || { cat p.txt; fail "Camp Douglas still holds Heth's stands"; }
grep -q 'Confederates' p.txt && grep -q '^Held by the Confederates' p.txt && fail "a Confederate camp is left"
"$muster" campaign check $F >check.txt || { cat check.txt; fail "check"; }
grep -q 'every table agrees' check.txt || fail "check did not replay"
# A liberation taken back (undo): the camp holds them again.
m undo $F
"$muster" campaign prisoners $F >p2.txt || fail prisoners
grep -q 'union division 1 "Wadsworth": the division leader (average)' p2.txt || { cat p2.txt; fail "undo did not put the leader back in camp"; }
"$muster" campaign check $F >check.txt || { cat check.txt; fail "check after undo"; }
# Side names in sentences (the Confederates', the Union's; never
# "Confederates's").
m export $F --side confederate --out conf.db
grep -qx "conf.db: the Confederates' own file: what the Confederates may know, and nothing more" out.txt || { cat out.txt; fail "export: the player's file"; }
"$muster" campaign check conf.db >chk.txt || { cat chk.txt; fail "check conf.db"; }
grep -q "^the Confederates' own file of campaign" chk.txt || { cat chk.txt; fail "check: whose file"; }
grep -q "^view chain (the Confederates'): " chk.txt || { cat chk.txt; fail "check: whose chain"; }
# The Union's own file holds the hidden Heth's men without their brigade
# (0, his brigades are not in it): check knows that for no broken key; a
# prisoner of a brigade that is not there, of a division the Union sees,
# still is one.
m export $F --side union --out union.db
"$muster" campaign check union.db >chk.txt || { cat chk.txt; fail "check union.db"; }
grep -qx "foreign keys: ok" chk.txt || { cat chk.txt; fail "check union.db: keys"; }
if command -v sqlite3 >/dev/null; then
    [ "$(sqlite3 union.db 'SELECT count(*) FROM prisoners WHERE brigade = 0')" -gt 0 ] ||
        fail "union.db holds no masked prisoner"
    sqlite3 union.db "INSERT INTO prisoners(event, division, brigade, stands, camp)
        VALUES (1, 1, 9, 1, 'Libby Prison')" || fail "sqlite3"
    "$muster" campaign check union.db >chk.txt && fail "check: a prisoner of no brigade"
    grep -qx "problem: foreign keys: prisoners" chk.txt || { cat chk.txt; fail "check: which key"; }
fi
"$muster" campaign add conf.db --side union --name X 2>err.txt && fail "a change on a player's file"
grep -q "this is the Confederates' own copy of the campaign" err.txt || { cat err.txt; fail "a player's file: whose copy"; }
"$muster" campaign head conf.db --side union 2>err.txt && fail "the other side's head of a player's file"
grep -q "this is the Confederates' own file" err.txt || { cat err.txt; fail "head: whose file"; }
"$muster" campaign engage $F 1 --as confederate --rolls 50 2>err.txt && fail "engage for the other side"
grep -q "division 1 is the Union's: only its owner" err.txt || { cat err.txt; fail "engage: whose division"; }
"$muster" campaign export $F --side union --out u.db --as confederate 2>err.txt && fail "the other side's file"
grep -q "acting for the Confederates, the Union's file cannot be made" err.txt || { cat err.txt; fail "export: whose file"; }
cat out.txt chk.txt err.txt | grep -e "s's" -e "'s'" && fail "a side's name is misspelled in a sentence"
echo "ok: camps, captured leaders and batteries"
