#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A card's tick boxes are its stands. A campaign's brigades lose stands in
# a battle still under way (their labels keep the strength they began it
# with); the roster, as cards and compact, with and without a labels file,
# is read back with pdftotext -bbox: on every brigade's card (or cell) the
# tick row (the numbers under the boxes, n - 1 down to 0) has as many
# boxes as every "N stands" the card says (not "N of M stands"). On the
# old code the card of a brigade that had lost stands said the strength
# it began the battle with ("11 stands, veteran" over 9 boxes).
# Needs poppler-utils (pdftotext).
# usage: roster_ticks.sh MUSTER
set -u
muster=$1
command -v pdftotext >/dev/null || { echo "SKIP: pdftotext is missing (poppler-utils)"; exit 77; }
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

{ "$muster" campaign new c.db --name T --year 1863 --theater east &&
  "$muster" campaign add c.db --side union --name A &&
  "$muster" campaign add c.db --side confederate --name B &&
  "$muster" campaign engage c.db 1 --seed 7 &&
  "$muster" campaign engage c.db 2 --seed 8 &&
  "$muster" campaign battle start c.db X &&
  "$muster" campaign casualties c.db 1 --brigade 1 --lost 2 &&
  "$muster" campaign casualties c.db 2 --brigade 2 --lost 1 --captured 2
} >/dev/null || fail "setup"

# Each card: its header "Brigade K" opens it below and right of it until
# the next row of headers; its tick row is a line of the card that holds
# only whole numbers.
check() { # WHAT PDF
    pdftotext -bbox "$2" words.html || fail "$1: pdftotext"
    awk -v what="$1" '
        function num(a) { match($0, a "=\"[0-9.]+\""); return substr($0, RSTART + length(a) + 2, RLENGTH - length(a) - 3) }
        /<page / { page++; nh = 0 }
        /<word / {
            x = num("xMin") + 0; y = num("yMin") + 0
            w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
            if (prev == "Brigade" && w ~ /^[0-9]+$/) {
                if (!nh || y > hy[nh] + 1) rowy = y
                hx[++nh] = px; hy[nh] = rowy; cards[page "." nh] = 1
            }
            c = 0   # the lowest row of headers above, its rightmost left of x
            for (i = 1; i <= nh; i++)
                if (hy[i] <= y + 1 && hx[i] <= x + 1 &&
                    (!c || hy[i] > hy[c] + 1 || (hy[i] >= hy[c] - 1 && hx[i] > hx[c])))
                    c = i
            cell = c ? page "." c : ""
            if (cell != "") {
                line = cell SUBSEP y
                n[line]++; if (w !~ /^[0-9]+$/) words[line]++
                else if (w + 0 > top[line]) top[line] = w + 0
                if (w ~ /^stands?,?$/ && p2 != "of" && prev ~ /^[0-9]+$/) claim[++nc] = cell SUBSEP prev
                lines[cell] = lines[cell] SUBSEP line
            }
            p2 = prev; prev = w; px = x
        }
        END {
            for (l in n) if (!words[l] && n[l] > 1 && top[l] + 1 == n[l]) {
                split(l, a, SUBSEP); ticks[a[1]] = n[l]
            }
            for (k in cards) if (!(k in ticks)) { print what ": card " k " has no tick row"; bad = 1 }
            for (i = 1; i <= nc; i++) {
                split(claim[i], a, SUBSEP)
                if (a[2] != ticks[a[1]]) {
                    print what ": card " a[1] " says " a[2] " stands and has " ticks[a[1]] " tick boxes"
                    bad = 1
                }
            }
            # with a labels file a card says "worn at 5 · spent at 3" instead
            if (length(cards) < 6 || (nc < 6 && what !~ /labels/)) { print what ": found " length(cards) " cards, " nc " strengths"; bad = 1 }
            exit bad
        }' words.html || fail "$1"
}

for style in "" --compact; do
    for labels in "" "--labels $SRC/tests/data/labels-full.ini"; do
        # shellcheck disable=SC2086
        "$muster" roster --campaign c.db --only roster $style $labels --out r.pdf >/dev/null 2>&1 ||
            fail "roster $style $labels"
        check "roster${style:+ $style}${labels:+ with labels}" r.pdf
    done
done
echo "tick boxes equal stands on every card: ok"
