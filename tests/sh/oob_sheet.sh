#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Orders of battle in and out (campaign import / export --format oob-csv,
# oob-json): every fault named at its file and line with nothing imported,
# known values kept and the rest rolled at the first engagement (check
# replays it), the other side kept from what it may not see, and the round
# trip export -> import -> export byte for byte, both formats.
set -u
muster=$1
src=${MUSTER_SOURCE:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
say() { printf 'FAIL %s\n' "$*"; fail=1; }
new() { rm -f "$1"; "$muster" campaign new "$1" --name T --year 1863 --theater east >/dev/null; }
sample=$src/share/muster/gettysburg-oob.csv

# ---- every fault at its line, nothing imported ----------------------------
bad() { # bad 'EXPECTED STDERR' < sheet
    cat >bad.csv
    new b.db
    out=$("$muster" campaign import b.db --from bad.csv 2>&1)
    code=$?
    [ "$code" = 2 ] || say "exit $code, not 2, for: $1"
    [ "$out" = "$1" ] || say "expected '$1', got '$out'"
    n=$("$muster" campaign log b.db | wc -l)
    [ "$n" = 1 ] || say "a refused sheet left $n events (want 1, the new)"
}
H=side,corps,division,arm,leader,batteries,brigade,brigadier,brigadier_rating,stands,morale
bad "muster: bad.csv:3: morale 'elite' takes green, veteran or crack (blank: rolled)" <<E
$H
union,I,Wadsworth,,,,Iron Brigade,,,8,crack
union,I,Wadsworth,,,,Cutler,,,9,elite
E
bad "muster: bad.csv:2: stands '31' takes a whole number 1..30 (blank: rolled)" <<E
$H
union,I,Wadsworth,,,,Iron Brigade,,,31,crack
E
bad "muster: bad.csv:4: division 'Wadsworth' was listed before, at line 2: keep a division's rows together, and give each division its own name" <<E
$H
union,I,Wadsworth,,,,A,,,,
confederate,,Heth,,,,B,,,,
union,I,Wadsworth,,,,C,,,,
E
bad "muster: bad.csv:3: division 'Heth': side is 'union' here but 'confederate' on its first row (line 2): a division's own cells are the same on each of its rows, or blank after the first" <<E
$H
confederate,,Heth,,,,A,,,,
union,,Heth,,,,B,,,,
E
bad "muster: bad.csv:1: the header's column 3, 'divsion', is not one of side, corps, division, arm, leader, batteries, brigade, brigadier, brigadier_rating, stands, morale" <<E
side,corps,divsion
E
bad "muster: bad.csv:2: a quoted cell is not closed, or text follows its closing quote: write a quote inside a cell as \"\"" <<E
$H
union,"I Corps,Wadsworth
E
bad "muster: bad.csv:3: side 'yankee' takes union or confederate" <<E
$H
union,,Wadsworth,,,,,,,,
yankee,,Heth,,,,,,,,
E
# a name the campaign has already: the whole sheet is refused
new d.db
"$muster" campaign add d.db --side union --name Doubleday >/dev/null
printf '%s\nunion,,Wadsworth,,,,,,,,\nunion,,Doubleday,,,,,,,,\n' "$H" >dup.csv
out=$("$muster" campaign import d.db --from dup.csv 2>&1)
want="muster: dup.csv:3: a division named 'Doubleday' is already in this campaign (division 1): give each division its own name"
[ "$out" = "$want" ] || say "duplicate: got '$out'"
[ "$("$muster" campaign log d.db | wc -l)" = 2 ] || say "a refused import added divisions"

# ---- known kept, the rest rolled, check replays it -------------------------
new g.db
"$muster" campaign import g.db --from "$sample" >/dev/null || say "the sample does not import"
"$muster" campaign engage g.db Wadsworth --seed 1 >eng.txt || say "engage Wadsworth"
grep -q 'Division leader: average (given)' eng.txt || say "the given leader was rolled"
grep -q '1        8 stands, crack    average    - - -' eng.txt ||
    say "the Iron Brigade was not kept as given: $(cat eng.txt)"
"$muster" campaign engage g.db Heth --hidden --as confederate --seed 2 >/dev/null || say "engage Heth"
"$muster" campaign engage g.db Doubleday --seed 3 >/dev/null || say "engage Doubleday"
"$muster" campaign check g.db >check.txt || say "check fails after engaging: $(cat check.txt)"

# ---- the sheet's brigade names are the ledger's from the first fight -------
"$muster" campaign show g.db >show.txt
grep -Eq '^    1 Iron Brigade +8 stands, crack +average +8 +8 ' show.txt &&
    grep -Eq '^    2 Second Brigade +9 stands, veteran ' show.txt ||
    say "show does not name Wadsworth's brigades: $(cat show.txt)"
"$muster" campaign show g.db --format json >show.json
python3 - show.json <<'PY' || say "show json: the sheet's names"
import json, sys
d = {x["name"]: x for x in json.load(open(sys.argv[1]))["divisions"]}
assert [b["name"] for b in d["Wadsworth"]["brigades"]] == ["Iron Brigade", "Second Brigade"], d["Wadsworth"]
assert [b["name"] for b in d["Doubleday"]["brigades"]] == ["First Brigade", "Second Brigade", "Third Brigade"]
assert [b["name"] for b in d["Heth"]["brigades"]][0] == "Archer's Brigade"
PY
"$muster" campaign export g.db --format csv | grep -q '^brigade,1,Iron Brigade,union,,,,1,,8,8,0,0,0,0,crack,average,,$' ||
    say "csv export: no Iron Brigade"
"$muster" campaign show g.db --as union | grep -q Archer && say "the Union's show names Heth's hidden brigades"
if command -v pdftotext >/dev/null && "$muster" roster --campaign g.db --side union --out r.pdf >/dev/null; then
    pdftotext -layout r.pdf r.txt
    grep -Eq '^ *Iron Brigade 8 stands, crack ' r.txt || say "roster: no Iron Brigade card"
    grep -q 'rolls: stands given → 8 · morale given → crack · brigadier given → average' r.txt ||
        say "roster: the Iron Brigade's given values"
    grep -q 'rolls: leader given → average · brigades given → 2 · batteries given → 2$' r.txt ||
        say "roster: Wadsworth's given leader and batteries"
fi
grep -Eq '^replay: [0-9]+ events replayed from the first with their rolls: every table agrees$' check.txt ||
    say "check does not replay the names: $(cat check.txt)"
# renamed like any other, undone back to the sheet's name, checked
out=$("$muster" campaign name g.db Wadsworth --brigade 1 "Iron Brigade (Meredith)")
[ "$out" = '#10 name: division 1 brigade 1 is "Iron Brigade (Meredith)" (was "Iron Brigade")' ] ||
    say "rename of a sheet's brigade: $out"
"$muster" campaign export g.db --format oob-csv | grep -q '^union,I Corps,Wadsworth,infantry,average,2,Iron Brigade (Meredith),Solomon Meredith,average,8,crack$' ||
    say "oob-csv export: not the new name"
"$muster" campaign check g.db >check.txt || say "check after a rename: $(cat check.txt)"
"$muster" campaign undo g.db 10 >/dev/null || say "undo the rename"
"$muster" campaign show g.db | grep -Eq '^    1 Iron Brigade +8 stands' || say "undo: not the sheet's name again"
"$muster" campaign check g.db >check.txt || say "check after the undo: $(cat check.txt)"

# the Union sees Heth's name and nothing the sheet or the tables said of it
"$muster" campaign export g.db --format oob-csv --as union >union.csv
grep -q '^confederate,Third Corps,Heth,infantry,,,,,,,$' union.csv || say "Heth shown to the Union: $(grep Heth union.csv)"
"$muster" campaign log g.db --as union --format json | grep -q 'Archer' && say "the Union's log names Heth's brigades"
rm -f u.db; "$muster" campaign export g.db --side union --out u.db >/dev/null
"$muster" campaign check u.db >/dev/null || say "the Union's own file does not check"
strings u.db | grep -q 'Archer' && say "the Union's own file holds Heth's brigades"
"$muster" campaign export g.db --format oob-csv --as confederate | grep -q 'Archer' ||
    say "the Confederates do not see their own brigades"

# ---- a player's own file: its side's sheet, nothing of the other's ---------
# Nothing engaged yet: all the sheet knows of the other side is unrevealed.
new p.db
"$muster" campaign import p.db --from "$sample" >/dev/null
for side in union confederate; do
    rm -f $side.db
    "$muster" campaign export p.db --side $side --out $side.db >/dev/null || say "export --side $side"
    for f in csv json; do
        "$muster" campaign export $side.db --format oob-$f >own.$f || say "$side.db: export oob-$f"
        "$muster" campaign export p.db --format oob-$f --as $side >as.$f
        cmp -s own.$f as.$f || say "$side.db's oob-$f differs from the umpire's --as $side: $(diff own.$f as.$f)"
    done
done
"$muster" campaign export confederate.db --format oob-csv >own.csv
[ "$(grep -c '^union,' own.csv)" = 3 ] || say "the Confederates' file lists not 3 Union divisions"
grep -q '^union,I Corps,Wadsworth,infantry,,,,,,,$' own.csv || say "Wadsworth shown to the Confederates: $(grep Wadsworth own.csv)"
grep -Eq 'Meredith|Iron Brigade|Rowley|Stannard' own.csv && say "the Confederates' sheet tells the Union's brigades"
strings confederate.db | grep -Eq 'Meredith|Iron Brigade|Rowley' && say "the Confederates' own file holds the Union's sheet"
grep -q "^confederate,Third Corps,Heth,infantry,average,,Archer's Brigade,James Archer,average,6,veteran$" own.csv ||
    say "the Confederates' file lost their own sheet: $(grep Heth own.csv)"
"$muster" campaign export union.db --format oob-csv >own.csv
grep -q '^union,I Corps,Wadsworth,infantry,average,2,Iron Brigade,Solomon Meredith,average,8,crack$' own.csv ||
    say "the Union's file lost its own sheet"
grep -q '^confederate,Third Corps,Heth,infantry,,,,,,,$' own.csv || say "Heth shown to the Union's file"
grep -Eq 'Archer|Pettigrew' own.csv && say "the Union's sheet tells Heth's brigades"
# once Doubleday fights in the open, the Confederates' new file sees it whole
"$muster" campaign engage p.db Doubleday --seed 12 >/dev/null
rm -f confederate.db
"$muster" campaign export p.db --side confederate --out confederate.db >/dev/null
"$muster" campaign export confederate.db --format oob-csv >own.csv
grep -q '^union,I Corps,Doubleday,infantry,average,2,Second Brigade,Roy Stone,exceptional,8,veteran$' own.csv ||
    say "Doubleday not seen whole from the Confederates' file: $(grep Doubleday own.csv)"
grep -q '^union,I Corps,Wadsworth,infantry,,,,,,,$' own.csv || say "Wadsworth shown after Doubleday engaged"

# ---- a fair roll of an imported division verifies -------------------------
# The owner rolls Heth fairly with the opponent's contribution; the sheet's
# values are kept, the rest rolled on the agreed dice. The opponent's own
# file does not hold the Confederate sheet: verify takes the given values
# as the division says, and says so.
new f.db
"$muster" campaign import f.db --from "$sample" >/dev/null
"$muster" campaign battle start f.db Gettysburg >/dev/null
cp f.db owner.db
rm -f opp.db; "$muster" campaign export f.db --side union --out opp.db >/dev/null
h=$("$muster" campaign engage owner.db Heth --hidden --fair --as confederate | sed -n 's/^fair commitment //p')
r=$("$muster" campaign contribute opp.db 4 --commitment "$h" | sed -n 's/^contribution //p')
"$muster" campaign engage owner.db 4 --contribution "$r" --as confederate >eng.txt || say "fair engage of Heth"
"$muster" campaign reveal owner.db 4 --as confederate >reveal.json || say "reveal Heth"
python3 - reveal.json <<'PY' || say "the fair roll did not keep the sheet's values"
import json, sys
d = json.load(open(sys.argv[1]))["division"]
assert d["given"] == ["leader", "brigades"] and d["leader"] == "average", d
b = d["brigades"]
assert (b[0]["stands"], b[0]["morale"], b[0]["given"]) == (6, "veteran", ["stands", "morale", "leader"]), b[0]
assert b[2]["leader_rolled"] == "exceptional" and b[3]["leader_rolled"] == "despicable", b
PY
"$muster" campaign verify opp.db 4 --division reveal.json >verify.txt 2>&1 || say "verify in the opponent's file: $(cat verify.txt)"
grep -q '^ok: division 4 "Heth" was rolled fairly: ' verify.txt || say "verify: $(cat verify.txt)"
grep -qx "Its order of battle gave some of its values, which the dice did not roll: this file does not hold the other side's sheet, so those are as the division says" verify.txt ||
    say "verify does not say where the given values come from: $(cat verify.txt)"
# A given value changed in the division revealed is caught.
python3 - reveal.json >altered.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
b = d["division"]["brigades"][0]
assert b["stands"] == 6 and "stands" in b.get("given", []), b
b["stands"] = 9
print(json.dumps(d))
PY
"$muster" campaign verify opp.db 4 --division altered.json >verify.txt 2>&1 && say "an altered division verifies: $(cat verify.txt)"

# ---- the round trip, both formats -----------------------------------------
for f in csv json; do
    "$muster" campaign export g.db --format oob-$f >a.$f || say "export oob-$f"
    new r.db
    "$muster" campaign import r.db --from a.$f >/dev/null || say "import a.$f"
    "$muster" campaign export r.db --format oob-$f >b.$f || say "export again oob-$f"
    cmp -s a.$f b.$f || say "oob-$f: export -> import -> export differs: $(diff a.$f b.$f)"
done
# the sample itself comes back as it is
new s.db
"$muster" campaign import s.db --from "$sample" >/dev/null
"$muster" campaign export s.db --format oob-csv | cmp -s - "$sample" || say "the sample does not export as it is"
exit $fail
