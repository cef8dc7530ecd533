#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The compact roster (roster --compact), read back: a 4-brigade division
# on ONE A4 page with its labels; every brigade's name on its cell and on
# its label, on the same page, for every division of a battle; one tick
# box per stand, one battery box per battery with the division, two status
# boxes and a notes line per brigade (counted in the SVG by their stroke
# colours and in pdftotext); the sides told apart by their colour band and
# by name; --only roster and --only labels; a campaign's losses, captured
# and destroyed batteries; fold-under labels with the strength on the half
# that folds under.
# Needs poppler-utils (pdftotext, pdfinfo).
# usage: roster_compact.sh MUSTER
set -u
muster=$1
for tool in pdftotext pdfinfo; do
    command -v $tool >/dev/null || { echo "SKIP: $tool is missing (poppler-utils)"; exit 77; }
done
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
labels=$SRC/tests/data/labels-full.ini
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
# strokes COLOUR FILE: how many shapes the SVG strokes in that colour
strokes() { grep -o "stroke:rgb($1)" "$2" | wc -l; }
TICK='12%,23%,37%' BATT='45%,12%,10%' STAT='30%,30%,30%'
UNION_BAND='fill:rgb(13%,25%,52%)' CONF_BAND='fill:rgb(52%,52%,50%)'

# A Union division of 4 brigades (seed 3: 8, 7, 11 and 7 stands, 3
# batteries with it) on one A4 page with its 5 labels.
"$muster" division --army union --year 1863 --theater east --seed 3 --format json >d.json
grep -q '"division":[[:space:]]*3,' d.json || fail "seed 3 no longer gives 3 batteries"
"$muster" roster --from d.json --labels "$labels" --compact --paper a4 --out d.pdf >out.txt ||
    fail "roster --compact exited $?"
want="d.pdf: 1 page, A4: the roster with its labels on page 1; drawn: 4 brigade cards, 33 tick boxes, 3 battery boxes, 8 status boxes, 5 labels of 30x30 mm, DP marks 1 on the roster and 1 on the labels"
[ "$(cat out.txt)" = "$want" ] || fail "report: $(cat out.txt)"
[ "$(pages d.pdf)" = 1 ] || fail "a 4-brigade division takes $(pages d.pdf) pages"
pdftotext d.pdf d.txt
for b in 1 2 3 4; do
    [ "$(grep -c "^Brigade $b\$" d.txt)" = 2 ] ||
        fail "Brigade $b is not on its cell and its label: $(grep -c "^Brigade $b\$" d.txt)"
done
for k in 1 2 3; do grep -q "^Battery $k\$" d.txt || fail "no Battery $k"; done
grep -q "^Battery 4\$" d.txt && fail "a fourth battery box (the reserve's is not the division's)"
[ "$(grep -c '^disordered$' d.txt)" = 4 ] && [ "$(grep -c '^low ammunition$' d.txt)" = 4 ] &&
    [ "$(grep -c '^notes$' d.txt)" = 4 ] || fail "status boxes or notes lines are not one a brigade"
grep -q 'Union infantry' d.txt || fail "the division is not named Union"
"$muster" roster --from d.json --labels "$labels" --compact --out d.svg >/dev/null || fail "svg"
[ "$(strokes "$TICK" d.svg)" = 33 ] || fail "$(strokes "$TICK" d.svg) tick boxes in the SVG for 33 stands"
[ "$(strokes "$BATT" d.svg)" = 3 ] || fail "$(strokes "$BATT" d.svg) battery boxes for 3 batteries"
[ "$(strokes "$STAT" d.svg)" = 8 ] || fail "$(strokes "$STAT" d.svg) status boxes for 4 brigades"
grep -q "$UNION_BAND" d.svg || fail "no Union band"
grep -q "$CONF_BAND" d.svg && fail "a Confederate band on a Union division"
echo "a 4-brigade division on one page: ok"

# A battle: every division on one page with its labels, each brigade's
# name twice on that page; both sides' bands; boxes as the JSON has it.
"$muster" battle --seed 10 --format json >b.json
"$muster" roster --from b.json --labels "$labels" --compact --out b.pdf >out.txt || fail "battle"
n=$(pages b.pdf)
grep -q "^b.pdf: $n pages, A4: the roster with its labels on pages 1-$n; drawn: 18 brigade cards, 137 tick boxes, " out.txt ||
    fail "battle report: $(cat out.txt)"
[ "$n" -le 4 ] || fail "the battle takes $n pages"
for ((p = 1; p <= n; p++)); do
    pdftotext -f $p -l $p b.pdf p.txt
    # the division headers on this page, and each brigade line twice
    awk '/^Brigade [0-9]+$/ { c[$0]++ } END { for (b in c) if (c[b] % 2) { print b " " c[b]; exit 1 } }' p.txt ||
        fail "page $p: a brigade's cell and label are apart"
done
batt=$(grep -o '"division":[[:space:]]*[0-9]*' b.json | awk -F: '{ s += $2 } END { print s }')
grep -q ", $batt battery boxes, 36 status boxes, 26 labels" out.txt ||
    fail "battery boxes: want $batt: $(cat out.txt)"
for ((p = 1; p <= n; p++)); do
    "$muster" roster --from b.json --compact --page $p --out p$p.svg >/dev/null || fail "svg page $p"
done
cat p*.svg >all.svg
[ "$(strokes "$BATT" all.svg)" = "$batt" ] || fail "$(strokes "$BATT" all.svg) battery boxes in the SVGs for $batt"
grep -q "$UNION_BAND" all.svg && grep -q "$CONF_BAND" all.svg || fail "the sides' bands"
pdftotext b.pdf b.txt
grep -q '^Union$' b.txt && grep -q '^Confederate$' b.txt || fail "the sides' names"
echo "a battle, each division with its labels: ok"

# One part only.
"$muster" roster --from b.json --compact --only roster --out r.pdf >out.txt || fail "--only roster"
grep -q ": the roster on pages 1-[0-9]*; drawn: 18 brigade cards, .*, 0 labels of" out.txt || fail "$(cat out.txt)"
pdftotext r.pdf - | grep -q 'Command-stand labels' && fail "--only roster printed labels"
"$muster" roster --from b.json --only labels --out l.pdf >out.txt || fail "--only labels"
grep -q "^l.pdf: 1 page, A4: the labels on page 1; drawn: 0 brigade cards, 0 tick boxes, 26 labels of 30x30 mm, DP marks 0 on the roster and 4 on the labels" out.txt ||
    fail "$(cat out.txt)"
pdftotext l.pdf - | grep -q 'disordered' && fail "--only labels printed a roster"
echo "--only: ok"

# Fold-under labels: the strength hidden on the lower half of each label.
"$muster" roster --from d.json --labels "$labels" --compact --fold --out f.pdf >out.txt || fail "--fold"
grep -q "5 labels of 30x30 mm to fold" out.txt || fail "$(cat out.txt)"
[ "$(pages f.pdf)" = 1 ] || fail "folded labels push the division to $(pages f.pdf) pages"
pdftotext -bbox f.pdf f.html
# Each label's strength ("8/6/3" in its big type) lies more than 15 mm
# below a "Brigade" within 20 mm of it across: on the lower half of the
# 60 mm label, which folds under the 30 mm base.
awk 'BEGIN { mm = 72 / 25.4 }
    /<word / {
        match($0, /xMin="[0-9.]+"/); x = substr($0, RSTART + 6, RLENGTH - 7)
        match($0, /yMin="[0-9.]+"/); y = substr($0, RSTART + 6, RLENGTH - 7)
        match($0, /yMax="[0-9.]+"/); h = substr($0, RSTART + 6, RLENGTH - 7) - y
        sub(/.*">/, ""); sub(/<\/word>.*/, "")
        if ($0 == "Brigade") { bx[++nb] = x; by[nb] = y }
        # the big line of a label, not the cells'"'"' small print
        if ($0 ~ /^[0-9]+\/[0-9]+\/[0-9]+$/ && h > 10) { sx[++ns] = x; sy[ns] = y }
    }
    END {
        if (ns != 4) { print ns " strengths"; exit 1 }
        for (i = 1; i <= ns; i++) {
            ok = 0
            for (j = 1; j <= nb; j++)
                if (bx[j] - sx[i] < 20 * mm && sx[i] - bx[j] < 20 * mm && sy[i] - by[j] > 15 * mm) ok = 1
            if (!ok) { print "strength " i " is not on a hidden half"; exit 1 }
        }
    }' f.html || fail "fold: the strength is not below the fold"
echo "fold: ok"

# A campaign: names, losses, captured and destroyed batteries; labels of
# the strength at the battle's start.
c=camp.db
"$muster" campaign new $c --name G --year 1863 --theater east >/dev/null &&
"$muster" campaign add $c --side union --name Wadsworth >/dev/null &&
"$muster" campaign add $c --side confederate --name Heth >/dev/null &&
"$muster" campaign battle start $c Ridge >/dev/null &&
"$muster" campaign engage $c 1 --seed 7 >/dev/null &&
"$muster" campaign engage $c 2 --seed 8 >/dev/null &&
"$muster" campaign casualties $c 1 --brigade 1 --lost 3 --captured 1 >/dev/null &&
"$muster" campaign casualties $c 1 --batteries-lost 1 --batteries-captured 1 >/dev/null ||
    fail "campaign setup"
"$muster" roster --campaign $c --labels "$labels" --compact --out camp.pdf >out.txt 2>err.txt ||
    fail "campaign roster: $(cat err.txt)"
pdftotext camp.pdf camp.txt
grep -q 'Wadsworth' camp.txt && grep -q 'Heth' camp.txt || fail "division names"
grep -q '11 at the start: 3 out, 1 prisoner' camp.txt || fail "brigade 1's losses"
grep -q 'none left: 1 captured, 1 destroyed' camp.txt || fail "the batteries lost"
# the artillery of the second division shown (Heth): "division":N
heth=$("$muster" campaign show $c --format json | grep -o '"artillery":{[^}]*}' | sed -n 2p |
       sed -E 's/.*"division":([0-9]+).*/\1/')
grep -q ", ${heth:-?} battery boxes, " out.txt || fail "battery boxes: Heth's ${heth:-?} only: $(cat out.txt)"
# 11 stands at the battle's start: 11/8/5 on the cell and on the label
[ "$(grep -c '^11/8/5$' camp.txt)" = 1 ] && grep -q '^11/8/5 veteran' camp.txt ||
    fail "the label of 11 stands during the battle"
echo "campaign: ok"
