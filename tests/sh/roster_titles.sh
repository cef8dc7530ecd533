#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A roster's title keeps its year. Every title muster makes (a division
# of each side and arm, several divisions, a corps, a battle) and two of
# the user's that end in their year, in English and German, on A4 and
# letter: the page header's first line, read back with pdftotext -bbox,
# ends in the year, whole. A title that fits in smaller print has no
# ellipsis (which cairo writes into the PDF as the text it stands for,
# found by its narrow box); one too long even then loses its middle.
# The old header cut a title at three quarters of the width, at its end:
# the longer title lost its year in the PDF, the longest German title
# muster makes in a PNG ("Kriegsschauplatz 1...").
# Needs poppler-utils (pdftotext).
# usage: roster_titles.sh MUSTER
set -u
muster=$1
command -v pdftotext >/dev/null || { echo "SKIP: pdftotext is missing (poppler-utils)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

when="--year 1864 --theater west --seed 5 --format json"
# shellcheck disable=SC2086
{ "$muster" division --army union $when >du.json &&
  "$muster" division --army union --arm cavalry $when >duc.json &&
  "$muster" division --army confederate $when >dc.json &&
  "$muster" division --army confederate --arm cavalry $when >dcc.json &&
  "$muster" division --army confederate --count 3 $when >d3.json &&
  "$muster" corps --army confederate $when >k.json &&
  "$muster" battle $when >b.json; } || fail "generate"
long="Die Schlacht am Chickamauga Creek, zweiter Tag, beide Seiten am Abend, 1864"
longer="$long, mit allen Brigaden, Batterien und Kommandeuren, wie sie am Abend standen, 1864"

# The first line of page 1's header, left to right, without "page 1 of 1".
title_of() { # PDF
    pdftotext -bbox -f 1 -l 1 "$1" - |
        awk '/<word / { match($0, /yMin="[0-9.]+"/); y = substr($0, RSTART + 6, RLENGTH - 7) + 0
                        match($0, /xMin="[0-9.]+"/); x = substr($0, RSTART + 6, RLENGTH - 7) + 0
                        match($0, /xMax="[0-9.]+"/); x1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
                        w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
                        # cairo gives an ellipsis the text it stands for:
                        # a "word" far narrower than its letters is cut
                        if (y < 30 && (x1 - x) < 1.5 * length(w)) w = w "[cut]"
                        if (y < 30) print x, w }' |
        sort -n | cut -d' ' -f2- | tr '\n' ' ' | sed -E 's/(page|Seite) [0-9]+ (of|von) [0-9]+ $//'
}

n=0
for lang in C de; do
    for paper in a4 letter; do
        for f in du duc dc dcc d3 k b long longer; do
            json=$f.json args=()
            [ $f = long ] && json=dcc.json args=(--title "$long")
            [ $f = longer ] && json=dcc.json args=(--title "$longer")
            LC_ALL=C.UTF-8 LANGUAGE=$lang "$muster" roster --from $json "${args[@]}" \
                --paper $paper --only roster --out r.pdf >/dev/null ||
                fail "$lang $paper $f: roster"
            t=$(title_of r.pdf)
            grep -q '1864 $' <<<"$t" || fail "$lang $paper $f: the title has no year: $t"
            [ $f = longer ] || ! grep -q '…\|\[cut\]' <<<"$t" || fail "$lang $paper $f: the title is cut: $t"
            [ $f != long ] || [ "${t// /}" = "${long// /}" ] || fail "$lang $paper: the title is not whole: $t"
            n=$((n + 1))
        done
    done
done
echo "$n titles with their year: ok"
