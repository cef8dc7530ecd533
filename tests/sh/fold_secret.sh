#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fold-under labels keep their secret under the base, on every sheet
# muster knows. The labels of a battle with a despicable brigadier are
# printed with --fold on each sheet; pdftotext -bbox gives every word's
# box, and on each label every word of the hidden half (the strength,
# morale, rating, "DP", "leader") lies wholly below the fold line,
# the label's middle, and reads upside down (its words in reverse order
# across the page: "veteran" right of "despicable"); the label after the
# leaders' that says what DP means is flat and not read. The sheets' geometry
# is written out here as their makers publish it, and the test fails when
# muster knows a sheet this list lacks.
# Needs poppler-utils (pdftotext).
# usage: fold_secret.sh MUSTER
set -u
muster=$1
command -v pdftotext >/dev/null || { echo "SKIP: pdftotext is missing (poppler-utils)"; exit 77; }
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

# name cols rows label_w label_h left top pitch_x pitch_y (mm)
sheets='avery-l7160 3 7 63.5 38.1 7.25 15.15 66 38.1
avery-l7163 2 7 99.1 38.1 4.65 15.15 101.6 38.1
avery-5160 3 10 66.675 25.4 4.7625 12.7 69.85 25.4
zweckform-3475 3 8 70 36 0 4.5 70 36'

# Every sheet muster names in its refusal is in the list above.
"$muster" roster --sheet nope --out x.pdf 2>err.txt
for s in $(grep -o '[a-z]*-[0-9a-z]*[0-9]' err.txt); do
    grep -q "^$s " <<<"$sheets" || fail "muster knows the sheet $s, this test does not"
done

# Seed 10 has a veteran brigade under a despicable brigadier.
"$muster" battle --seed 10 --format json >b.json || fail "battle"
while read -r name cols rows lw lh left top px py; do
    "$muster" roster --from b.json --labels "$SRC/tests/data/labels-full.ini" \
        --only labels --sheet "$name" --fold --out f.pdf >/dev/null ||
        fail "$name: roster exited $?"
    pdftotext -bbox f.pdf words.html || fail "$name: pdftotext"
    awk -v l="$left" -v t="$top" -v px="$px" -v py="$py" -v h="$lh" \
        -v cols="$cols" -v name="$name" '
        BEGIN { mm = 72 / 25.4 }
        /<page / { page++ }
        /<word / {
            match($0, /xMin="[0-9.]+"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) / mm
            match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) / mm
            match($0, /yMax="[0-9.]+"/); y1 = substr($0, RSTART + 6, RLENGTH - 7) / mm
            sub(/.*">/, ""); sub(/<\/word>.*/, ""); w = $0
            c = int((x0 - l) / px); r = int((y0 - t) / py)
            k = page "." (r * cols + c + 1)
            fold = t + r * py + h / 2
            # "corps" and "division" name a corps on top and a leader below
            # (beside "leader", which is checked); "\302\267" is on both.
            secret = w ~ /^(green|veteran|crack|average|exceptional|despicable|DP|leader|[0-9]+\/[0-9]+\/[0-9]+)$/
            # the legend label after the leaders (what DP means) is flat
            if (w == "manoeuvre") legend[k] = 1
            if (secret) {
                hidden++
                if (y0 < fold)
                    msg[k] = msg[k] sprintf("%s, label %s: \"%s\" reaches %.1f mm above the fold\n", name, k, w, fold - y0)
            } else if (w !~ /^(\302\267|corps|division)$/ && y1 > fold) {
                msg[k] = msg[k] sprintf("%s, label %s: \"%s\" is below the fold\n", name, k, w)
            }
            if (w ~ /^(green|veteran|crack)$/) morale[k] = x0
            if (w ~ /^(average|exceptional|despicable)$/ && !(k in rating)) rating[k] = x0
            if (w == "despicable" && y0 >= fold) dp++
        }
        END {
            for (k in msg)
                if (!(k in legend)) { printf "%s", msg[k]; bad = 1 }
            for (k in morale)
                if (k in rating && morale[k] < rating[k]) {
                    printf "%s, label %s: the hidden half reads upright\n", name, k
                    bad = 1
                }
            if (!hidden || !dp) { print name ": no hidden words or no despicable leader found"; bad = 1 }
            exit bad
        }' words.html || fail "$name: the secret shows"
    echo "$name: the hidden half below the fold, upside down: ok"
done <<<"$sheets"
