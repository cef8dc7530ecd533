#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster roster, read back as a player would see it: pdftoppm renders every
# page (the count must be the one reported), pdftotext must hold every
# brigade in order with its label and "DP" on exactly the despicable
# leaders, the SVG of each roster page must hold one tick box per stand,
# and bad input or an unwritable path exits 2 with nothing written.
# Needs poppler-utils (pdftoppm, pdftotext, pdfinfo).
# usage: roster.sh MUSTER
set -u
muster=$1
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
labels=$SRC/tests/data/labels-full.ini
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
for tool in pdftoppm pdftotext pdfinfo; do
    command -v $tool >/dev/null || fail "$tool is missing: apt-get install poppler-utils"
done

# The tool's report: "b.pdf: P pages, A4: the roster on pages 1-R, the
# labels on page L; drawn: B brigade cards, T tick boxes, N labels of 30x30
# mm, DP marks D on the roster and E on the labels".
field() { sed -E "s/.*$1.*/\\1/" report; }

check_battle() { # SEED [options for battle]
    local seed=$1; shift
    "$muster" battle --seed "$seed" "$@" --format json >b.json || fail "battle"
    "$muster" battle --seed "$seed" "$@" --format csv --labels "$labels" >b.csv
    "$muster" roster --from b.json --labels "$labels" --out b.pdf >report ||
        fail "seed $seed: roster exited $?"
    [ -s b.pdf ] || fail "seed $seed: no PDF"
    local pages roster_pages brigades ticks dp_roster dp_labels
    pages=$(field '([0-9]+) pages,')
    roster_pages=$(sed -E 's/.*the roster on pages? ([0-9]+-)?([0-9]+),.*/\2/' report)
    brigades=$(field ': ([0-9]+) brigade cards?')
    ticks=$(field ', ([0-9]+) tick box(es)?')
    dp_roster=$(field 'DP marks ([0-9]+) on the roster')
    dp_labels=$(field 'roster and ([0-9]+) on the labels')

    # Page count: what pdftoppm renders, what pdfinfo says, what was reported.
    rm -f pg-*.png
    pdftoppm -r 20 -png b.pdf pg || fail "seed $seed: pdftoppm failed"
    local n
    n=$(ls pg-*.png | wc -l)
    [ "$n" -eq "$pages" ] || fail "seed $seed: pdftoppm rendered $n pages, report says $pages"
    [ "$(pdfinfo b.pdf | awk '/^Pages:/ {print $2}')" -eq "$pages" ] ||
        fail "seed $seed: pdfinfo disagrees on the page count"
    [ "$pages" -gt "$roster_pages" ] || fail "seed $seed: no label page"

    # Every brigade, in order, with its label (7/5/3 green, 8 stands, ...).
    sed -E 's/^([^,]*,){7}([0-9]+),[0-9]+,[a-z]+,[a-z]+,"([^"]*)".*/Brigade \2 \3/;1d' \
        b.csv >want.txt
    pdftotext -f 1 -l "$roster_pages" b.pdf roster.txt
    grep -E '^Brigade [0-9]+ ' roster.txt >got.txt
    diff want.txt got.txt >/dev/null ||
        fail "seed $seed: the roster's brigades differ from the CSV: $(diff want.txt got.txt | head -5)"
    [ "$(wc -l <want.txt)" -eq "$brigades" ] || fail "seed $seed: $brigades cards reported"

    # One tick box per stand: count the boxes' stroke in each page's SVG.
    local stands boxes=0 p k
    stands=$(sed -E '1d; s/^([^,]*,){8}([0-9]+),.*/\2/' b.csv | awk '{ s += $1 } END { print s }')
    for ((p = 1; p <= roster_pages; p++)); do
        "$muster" roster --from b.json --labels "$labels" --page $p --out p.svg >/dev/null ||
            fail "seed $seed: svg page $p"
        k=$(grep -o 'stroke:rgb(12%,23%,37%)' p.svg | wc -l)
        boxes=$((boxes + k))
    done
    [ "$boxes" -eq "$stands" ] || fail "seed $seed: $boxes tick boxes in the SVGs for $stands stands"
    [ "$ticks" -eq "$stands" ] || fail "seed $seed: $ticks tick boxes reported for $stands stands"

    # DP on exactly the leaders played as despicable, on the roster and on
    # the labels (the legend's "DP, despicable" is not a mark).
    local dp
    dp=$(grep -o '"leader":[[:space:]]*"despicable"' b.json | wc -l)
    marks() { sed 's/DP, despicable (the rule expansion)//' "$1" | grep -ow DP | wc -l; }
    [ "$(marks roster.txt)" -eq "$dp" ] ||
        fail "seed $seed: $(marks roster.txt) DP on the roster for $dp despicable leaders"
    pdftotext -f $((roster_pages + 1)) -l "$pages" b.pdf labels.txt
    [ "$(marks labels.txt)" -eq "$dp" ] ||
        fail "seed $seed: $(marks labels.txt) DP on the labels for $dp despicable leaders"
    [ "$dp_roster" -eq "$dp" ] && [ "$dp_labels" -eq "$dp" ] ||
        fail "seed $seed: DP reported $dp_roster/$dp_labels for $dp"
    echo "seed $seed $*: $pages pages, $brigades brigades, $stands stands, $dp DP: ok"
}

check_battle 10                      # 4 despicable leaders
check_battle 4 --divisions 6         # a long roster: several pages
check_battle 10 --by-the-book        # rolled despicable, played average: no DP
grep -q '"leader_rolled":[[:space:]]*"despicable"' b.json ||
    fail "seed 10 rolls no despicable leader: the by-the-book case tests nothing"

# The pipe from the issue, and the paper: letter from $PAPERSIZE, A4 else.
"$muster" battle --seed 3 --format json |
    PAPERSIZE=letter "$muster" roster --from - --out pipe.pdf >/dev/null || fail "pipe"
pdfinfo pipe.pdf | grep -q 'Page size: *612 x 792' || fail "PAPERSIZE=letter is not letter"
"$muster" battle --seed 3 --format json |
    PAPERSIZE=letter "$muster" roster --from - --paper a4 --out a4.pdf >/dev/null || fail "a4"
pdfinfo a4.pdf | grep -q 'Page size: *595.27[0-9]* x 841.8[0-9]*' || fail "--paper a4 is not A4"

# One page as PNG (A4 at 150 dpi) or SVG.
"$muster" roster --from b.json --page 2 --out p2.png >/dev/null || fail "png"
[ "$(head -c 8 p2.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "not a PNG"
[ "$(od -An -tu1 -j 16 -N 8 p2.png | tr -s ' ')" = " 0 0 4 216 0 0 6 218" ] ||
    fail "the PNG is not 1240 x 1754 (A4 at 150 dpi)"
"$muster" roster --from b.json --page 99 --out p99.png 2>err.txt
[ $? -eq 2 ] && [ ! -e p99.png ] || fail "page 99 should exit 2 and write nothing"

# Bad input and unwritable paths: exit 2, and nothing written or left over.
mkdir out
cp b.pdf out/keep.pdf
bad() { # WHAT, then the command line; stdin may be given
    local what=$1; shift
    "$@" >/dev/null 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2"
    grep -q '^muster: ' err.txt || fail "$what: no message"
    [ "$(ls -A out)" = keep.pdf ] || fail "$what: left $(ls -A out)"
    cmp -s out/keep.pdf b.pdf || fail "$what: changed the existing file"
}
echo '{"army": "union", "year": 1863,' >trunc.json
bad "truncated JSON" "$muster" roster --from trunc.json --out out/keep.pdf
echo '{"army":"union","year":1863,"theater":"east"}' >shape.json
bad "a division of unknown shape" "$muster" roster --from shape.json --out out/keep.pdf
"$muster" odds division --army union --year 1863 --theater east --format json >odds.json
bad "odds JSON" "$muster" roster --from odds.json --out out/keep.pdf
sed 's/"stands":[[:space:]]*7,/"stands": 31,/' b.json >range.json
bad "stands out of range" "$muster" roster --from range.json --out out/keep.pdf
# a file that cannot be read is a failure (exit 1), like every command's
"$muster" roster --from missing.json --out out/keep.pdf >/dev/null 2>err.txt
[ $? -eq 1 ] || fail "no such input: exit not 1"
grep -q '^muster: missing.json: cannot open' err.txt || fail "no such input: $(cat err.txt)"
[ "$(ls -A out)" = keep.pdf ] || fail "no such input: left $(ls -A out)"
bad "unwritable path" "$muster" roster --from b.json --out b.pdf/x.pdf
bad "no such folder" "$muster" roster --from b.json --out nowhere/x.pdf
bad "unknown extension" "$muster" roster --from b.json --out out/x.txt
[ "$(ls -A out)" = keep.pdf ] || fail "left-overs in out/"
echo "bad input: ok"

# A campaign: the divisions as they stand now, the other side's hidden
# division never printed.
c=camp.db
"$muster" campaign new $c --name Gettysburg --year 1863 --theater east >/dev/null &&
"$muster" campaign add $c --side union --name Wadsworth --corps "I Corps" >/dev/null &&
"$muster" campaign add $c --side union --name Doubleday --corps "I Corps" >/dev/null &&
"$muster" campaign add $c --side confederate --name Heth --corps "Third Corps" >/dev/null &&
"$muster" campaign battle start $c "McPherson's Ridge" >/dev/null &&
"$muster" campaign engage $c 1 --seed 7 >/dev/null &&
"$muster" campaign engage $c 3 --seed 8 --hidden >/dev/null &&
"$muster" campaign casualties $c 1 --brigade 1 --lost 3 --captured 1 >/dev/null ||
    fail "campaign setup"
"$muster" campaign show $c --side union --format json >show.json
now=$(grep -o '"number":1,"stands":[0-9]*' show.json | head -1 | sed 's/.*://')
"$muster" roster --campaign $c --side union --out union.pdf >report || fail "campaign roster"
pdftotext union.pdf union.txt
grep -q 'Wadsworth' union.txt || fail "the Union roster lacks Wadsworth"
grep -q 'Heth' union.txt && fail "the Union roster shows the hidden Heth"
grep -q 'Doubleday' union.txt || fail "the waiting division is not named"
grep -qE '^Brigade 1 ' union.txt || fail "no brigade 1"
grep -q "11 at the start: 3 out, 1 prisoner" union.txt || fail "brigade 1's losses are not shown"
# tick boxes: the brigades' stands now
want=$(grep -o '"number":[0-9]*,"stands":[0-9]*' show.json | sed 's/.*://' | awk '{ s += $1 } END { print s }')
[ "$(field ', ([0-9]+) tick box(es)?')" -eq "$want" ] || fail "campaign: tick boxes are not the stands now ($want)"
[ "$now" -eq 7 ] || fail "brigade 1 should have 7 stands now, has $now"
"$muster" roster --campaign $c --side confederate --out conf.pdf >/dev/null || fail "confederate roster"
pdftotext conf.pdf - | grep -q Heth || fail "the Confederate player's own hidden division is missing"
"$muster" roster --campaign $c --out all.pdf >/dev/null || fail "umpire roster"
pdftotext all.pdf - | grep -q Heth || fail "the umpire does not see Heth"
echo "campaign: ok"
