#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Label sheets that fit real paper, read back. For each sheet muster knows,
# with its maker's published geometry written out here: --calibrate says
# that geometry; its page, rendered by pdftoppm at 254 dpi (10 pixels a
# mm), has every label's outline within 0.5 mm of where the sheet has it
# and no other line across the labels; the labels of a battle on that
# sheet have every word (pdftotext -bbox) inside one of the sheet's labels,
# and a name on every label; folded, the name is on the upper half and the
# strength on the half that folds under. Refusals exit 2.
# Needs poppler-utils (pdftoppm, pdftotext, pdfinfo).
# usage: roster_sheets.sh MUSTER
set -u
muster=$1
for tool in pdftoppm pdftotext pdfinfo od; do
    command -v $tool >/dev/null || { echo "SKIP: $tool is missing (poppler-utils)"; exit 77; }
done
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
labels=$SRC/tests/data/labels-full.ini
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

# name paper cols rows label_w label_h left top pitch_x pitch_y (mm), as
# the makers publish them (Avery 5160 in inches: 2 5/8 x 1, 3/16 and 1/2
# margins, 2 3/4 pitch).
sheets='avery-l7160 A4 3 7 63.5 38.1 7.25 15.15 66 38.1
avery-l7163 A4 2 7 99.1 38.1 4.65 15.15 101.6 38.1
avery-5160 letter 3 10 66.675 25.4 4.7625 12.7 69.85 25.4
zweckform-3475 A4 3 8 70 36 0 4.5 70 36'

"$muster" battle --seed 10 --format json >b.json || fail "battle"

# The centres of the dark runs of a one-pixel strip of page 1 of FILE at
# 254 dpi, in mm: strip FILE X Y W H (pixels).
strip() {
    rm -f s.pgm
    pdftoppm -r 254 -gray -singlefile -x "$2" -y "$3" -W "$4" -H "$5" "$1" s >/dev/null ||
        fail "pdftoppm $1"
    local n=$(($4 * $5)) off=$2
    [ "$5" -eq 1 ] || off=$3 # a column: positions count down from Y
    tail -c "$n" s.pgm | od -An -v -tu1 -w1 |
        awk -v off="$off" '{ d = $1 < 128 }
             d && !in_run { start = NR - 1; in_run = 1 }
             !d && in_run { printf "%.2f\n", (off + (start + NR - 2) / 2 + 0.5) / 10; in_run = 0 }
             END { if (in_run) printf "%.2f\n", (off + (start + NR - 1) / 2 + 0.5) / 10 }'
}

# Compares found edges (file) with expected ones (file): each expected one
# found within 0.5 mm, and every line found past the rulers (7 mm) expected.
edges_match() { # WHAT FOUND EXPECTED
    awk -v what="$1" 'NR == FNR { f[++nf] = $1; next } { e[++ne] = $1 }
        END {
            bad = 0
            for (i = 1; i <= ne; i++) {
                ok = 0
                for (j = 1; j <= nf; j++) if (f[j] - e[i] <= 0.5 && e[i] - f[j] <= 0.5) ok = 1
                if (!ok) { print what ": no line within 0.5 mm of " e[i] " mm"; bad = 1 }
            }
            for (j = 1; j <= nf; j++) {
                if (f[j] < 7) continue
                ok = 0
                for (i = 1; i <= ne; i++) if (f[j] - e[i] <= 0.5 && e[i] - f[j] <= 0.5) ok = 1
                if (!ok) { print what ": a line at " f[j] " mm where the sheet has none"; bad = 1 }
            }
            exit bad
        }' "$2" "$3"
}

while read -r name paper cols rows lw lh left top px py; do
    # What --calibrate says of the sheet.
    "$muster" roster --calibrate --sheet "$name" --out cal.pdf >out.txt ||
        fail "$name: calibrate exited $?"
    grep -q "^cal.pdf: a calibration page for .*, $paper: $cols x $rows labels of" out.txt ||
        fail "$name: $(cat out.txt)"
    [ "$(pdfinfo cal.pdf | awk '/^Pages:/ {print $2}')" = 1 ] || fail "$name: not one page"
    if [ "$paper" = A4 ]; then pw=2100; ph=2970; else pw=2159; ph=2794; fi
    # Across each row, three quarters down its labels; down each column,
    # four fifths across (the labels' numbers and the title are above and
    # left of both).
    for ((r = 0; r < rows; r++)); do
        y=$(awk -v t="$top" -v p="$py" -v h="$lh" -v r=$r 'BEGIN { printf "%d", (t + r * p + 0.75 * h) * 10 }')
        strip cal.pdf 0 "$y" "$pw" 1 >found.txt
        awk -v l="$left" -v p="$px" -v w="$lw" -v n="$cols" 'BEGIN {
            for (c = 0; c < n; c++) { printf "%.2f\n%.2f\n", l + c * p, l + c * p + w } }' |
            sort -u -n >want.txt
        edges_match "$name row $((r + 1))" found.txt want.txt || fail "$name: calibration"
    done
    for ((c = 0; c < cols; c++)); do
        x=$(awk -v l="$left" -v p="$px" -v w="$lw" -v c=$c 'BEGIN { printf "%d", (l + c * p + 0.8 * w) * 10 }')
        strip cal.pdf "$x" 0 1 "$ph" >found.txt
        awk -v t="$top" -v p="$py" -v h="$lh" -v n="$rows" 'BEGIN {
            for (r = 0; r < n; r++) { printf "%.2f\n%.2f\n", t + r * p, t + r * p + h } }' |
            sort -u -n >want.txt
        edges_match "$name column $((c + 1))" found.txt want.txt || fail "$name: calibration"
    done

    # A battle's 26 labels on the sheet: every word inside a label of the
    # sheet (0.5 mm), a name on each, as many pages as the sheet needs.
    for fold in "" --fold; do
        "$muster" roster --from b.json --labels "$labels" --only labels --sheet "$name" $fold \
            --out s.pdf >out.txt || fail "$name $fold: roster exited $?"
        per=$((cols * rows))
        pages=$(((26 + per - 1) / per))
        grep -q "^s.pdf: $pages pages\?, $paper: the labels on .*: 0 brigade cards, 0 tick boxes, 26 labels of .* on " out.txt ||
            fail "$name $fold: $(cat out.txt)"
        [ "$(pdfinfo s.pdf | awk '/^Pages:/ {print $2}')" = "$pages" ] || fail "$name $fold: pages"
        pdftotext -bbox -f 1 -l 1 s.pdf words.html
        awk -v l="$left" -v t="$top" -v px="$px" -v py="$py" -v w="$lw" -v h="$lh" \
            -v cols="$cols" -v rows="$rows" -v fold="$fold" -v n=$((26 < per ? 26 : per)) '
            BEGIN { mm = 72 / 25.4 }
            /<word / {
                match($0, /xMin="[0-9.]+"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) / mm
                match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) / mm
                match($0, /xMax="[0-9.]+"/); x1 = substr($0, RSTART + 6, RLENGTH - 7) / mm
                match($0, /yMax="[0-9.]+"/); y1 = substr($0, RSTART + 6, RLENGTH - 7) / mm
                sub(/.*">/, ""); sub(/<\/word>.*/, ""); word = $0
                c = int((x0 - l) / px); r = int((y0 - t) / py)
                cx = l + c * px; cy = t + r * py
                if (c < 0 || c >= cols || r < 0 || r >= rows || x0 < cx - 0.5 ||
                    x1 > cx + w + 0.5 || y0 < cy - 0.5 || y1 > cy + h + 0.5) {
                    printf "\"%s\" at %.1f,%.1f-%.1f,%.1f mm is on no label\n", word, x0, y0, x1, y1
                    bad = 1
                }
                k = r * cols + c
                upper = y1 <= cy + h / 2 + 0.5
                # the hidden half of a leader says "corps leader"
                if (word ~ /^(Brigade|Division|corps)$/) named[k] = 1
                if (word ~ /^(Brigade|Division)$/ && fold && !upper) { print "label " k + 1 ": its name is on the hidden half"; bad = 1 }
                if (word ~ /^[0-9]+\/[0-9]+\/[0-9]+$/ && fold && upper) { print "label " k + 1 ": its strength shows above the fold"; bad = 1 }
            }
            END {
                for (k = 0; k < n; k++) if (!named[k]) { print "label " k + 1 " has no name"; bad = 1 }
                exit bad
            }' words.html || fail "$name $fold: labels off the sheet"
    done
    echo "$name: calibration and labels at the published places: ok"
done <<<"$sheets"

# Refusals: exit 2, a message, nothing written.
bad() { # WHAT, then the command line
    local what=$1; shift
    "$@" >/dev/null 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2"
    grep -q '^muster: ' err.txt || fail "$what: no message"
    [ ! -e x.pdf ] || fail "$what: wrote x.pdf"
}
bad "a base with a sheet" "$muster" roster --from b.json --sheet avery-l7160 --base 30x30 --out x.pdf
bad "letter with an A4 sheet" "$muster" roster --from b.json --sheet avery-l7160 --paper letter --out x.pdf
bad "calibrate without a sheet" "$muster" roster --calibrate --out x.pdf
bad "calibrate with --from" "$muster" roster --calibrate --from b.json --sheet avery-5160 --out x.pdf
bad "an unknown sheet" "$muster" roster --from b.json --sheet avery-9999 --out x.pdf
bad "a sheet without labels" "$muster" roster --from b.json --sheet avery-5160 --only roster --out x.pdf
grep -q 'avery-l7160' <("$muster" roster --from b.json --sheet nope --out x.pdf 2>&1) ||
    fail "an unknown sheet's message does not name the sheets"
echo "refusals: ok"
