#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The DP rule where DP stands. A battle with despicable leaders, its
# roster as cards and compact, its labels on plain paper and on every
# sheet, read back with pdftotext: every page with a DP mark says what
# DP means (0 manoeuvre modifiers, -1 in melee unless outranked, the
# corps leader, division leader and brigadier rules), a page without one
# does not; on a sheet the legend is one label after the leaders'; in
# German too. By the book (--by-the-book) there is no DP and no legend.
# usage: roster_dp.sh MUSTER
set -u
muster=$1
for tool in pdftotext pdfinfo; do
    command -v $tool >/dev/null || { echo "SKIP: $tool is missing (poppler-utils)"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$muster" battle --seed 10 --format json >dp.json &&
"$muster" battle --seed 10 --by-the-book --format json >book.json || fail "battle"
rules=("0 manoeuvre modifiers" "−1 in melee unless an average or exceptional leader of the same brigade outranks him"
       "A corps leader stays with one division leader" "a division leader stays within command radius of a brigade of his division"
       "a brigadier cannot be replaced voluntarily")

# page_words PDF N: page N's text on one line
page_words() { pdftotext -f "$2" -l "$2" "$1" - | tr '\n' ' ' | tr -s ' '; }
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ {print $2}'; }

# Every page: a DP mark (a "DP" besides the legend's own) iff the legend;
# on a sheet (KIND sheet) one legend label in the document.
per_page() { # WHAT PDF KIND
    local n=0 legends=0
    for ((p = 1; p <= $(pages "$2"); p++)); do
        t=$(page_words "$2" $p)
        dps=$(grep -o '\bDP\b' <<<"$t" | wc -l)
        if grep -q '0 manoeuvre modifiers' <<<"$t"; then
            legends=$((legends + 1)); dps=$((dps - 1))
            for r in "${rules[@]}"; do
                grep -qF "$r" <<<"$t" || fail "$1, page $p: the legend lacks '$r'"
            done
            [ $dps -gt 0 ] || [ "$3" = sheet ] || fail "$1, page $p: a legend without a DP mark"
        else
            [ $dps -eq 0 ] || [ "$3" = sheet ] || fail "$1, page $p: $dps DP marks and no legend"
        fi
        n=$((n + dps))
    done
    [ $n -gt 0 ] || fail "$1: no DP mark at all"
    [ "$3" != sheet ] || [ $legends = 1 ] || fail "$1: $legends legend labels on the sheet"
}

for style in "" --compact; do
    "$muster" roster --from dp.json $style --out r.pdf >/dev/null || fail "roster $style"
    per_page "roster${style:+ $style}" r.pdf page
    "$muster" roster --from book.json $style --out b.pdf >/dev/null || fail "book $style"
    pdftotext b.pdf - | grep -q 'manoeuvre\|\bDP\b' && fail "by the book${style:+ $style}: a DP or its legend"
done
"$muster" roster --from dp.json --only labels --fold --out l.pdf >/dev/null || fail "labels"
per_page "labels" l.pdf page
for sheet in avery-l7160 avery-l7163 avery-5160 zweckform-3475; do
    for fold in "" --fold; do
        "$muster" roster --from dp.json --sheet $sheet $fold --only labels --out s.pdf >/dev/null ||
            fail "$sheet $fold"
        per_page "$sheet${fold:+ $fold}" s.pdf sheet
        "$muster" roster --from book.json --sheet $sheet $fold --out b.pdf >/dev/null || fail "book $sheet"
        pdftotext b.pdf - | grep -q 'manoeuvre' && fail "by the book, $sheet: a legend"
    done
done

# German: the legend in the reader's language.
LC_ALL=C.UTF-8 LANGUAGE=de "$muster" roster --from dp.json --page 1 --out de.pdf >/dev/null || fail "German"
t=$(page_words de.pdf 1)
grep -q 'DP, unfähig (Regelerweiterung): 0 Manövermodifikatoren; −1 im Nahkampf' <<<"$t" &&
    grep -q 'kann nicht freiwillig ersetzt werden' <<<"$t" || fail "German legend: $t"
echo "the DP rule on every page with a DP mark, and not by the book: ok"
