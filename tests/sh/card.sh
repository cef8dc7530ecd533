#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The fire quick-reference card (plot card), read back: one page, every
# row 0..60 in, every value equal to what 'muster curve' prints for that
# weapon, range and cover (a dash where curve gives 0 beyond the reach),
# the gun's load as curve chooses it, the crossover at 22.5 in; PNG too.
# Only the weapons of the file in play: the built-in file's staircase (the
# article's figure 1) is no column; a weapons file's every weapon is one.
# In German: the card's words are German, its numbers have decimal commas.
# usage: card.sh MUSTER
set -u
muster=$1
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
command -v pdftotext >/dev/null && command -v pdfinfo >/dev/null ||
    { echo "skip: pdftotext/pdfinfo (poppler-utils) not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
"$muster" plot card --out card.pdf >out.txt || fail "plot card"
[ "$(cat out.txt)" = "card.pdf: the fire quick-reference card, one page" ] || fail "$(cat out.txt)"
[ "$(pdfinfo card.pdf | awk '/^Pages:/ {print $2}')" = 1 ] || fail "not one page"
pdfinfo card.pdf | grep -q 'Page size: *595 x 842 pts (A4)' || fail "not A4"
pdftotext -layout card.pdf card.txt
# The table's rows: "R YD v v ..." with the gun's "P c|r" in the middle.
awk '$1 ~ /^[0-9]+$/ && $2 == $1 * 10' card.txt >rows.txt
[ "$(wc -l <rows.txt)" = 61 ] || { cat card.txt; fail "not 61 rows"; }
# column of each weapon in rows.txt (fields; the gun takes two)
col=3
for w in musket rifle canister roundshot gun; do
    for cover in "" --cover; do
        [ $w = gun ] && [ -n "$cover" ] && continue
        "$muster" curve --weapon $w $cover --to 60 --format csv >c.csv || fail "curve $w"
        if [ $w = gun ]; then
            want=$(awk -F, 'NR > 1 {print $1, $6, substr($5, 1, 1)}' c.csv)
            got=$(awk -v c=$col '{print $1, $c, $(c + 1)}' rows.txt)
            col=$((col + 2))
        else
            want=$(awk -F, 'NR > 1 {print $1, $3}' c.csv)
            got=$(awk -v c=$col '{v = $c; if (v == "\342\200\223") v = 0; print $1, v}' rows.txt)
            col=$((col + 1))
        fi
        [ "$got" = "$want" ] ||
            { diff <(echo "$want") <(echo "$got") | head; fail "$w $cover differs from muster curve"; }
    done
done
# Dashes only where the curve is beyond its reach: the musket from 16 in.
[ "$(awk '$1 == 15 {print $3}' rows.txt)" = 0 ] && [ "$(awk '$1 == 16 {print $3}' rows.txt)" = "–" ] ||
    fail "musket's reach"
"$muster" curve --crossover canister roundshot | grep -q '22.5 in' || fail "curve crossover"
grep -q 'gun: canister and roundshot cross at 22.5 in (225 yd), P 7.5 %; canister closer' card.txt ||
    fail "no crossover line"
# The weapons' names in the header: the file's, in its order.
heads() { awk '/^ *in +yd /{print prev; exit} NF {prev = $0}' "$1" | grep -oE '[a-z]+' | tr '\n' ' '; }
[ "$(heads card.txt)" = "musket rifle canister roundshot gun " ] ||
    fail "the built-in card's weapons: $(heads card.txt)"
"$muster" plot card --rules "$SRC/tests/data/curves.ini" --out own.pdf >/dev/null ||
    fail "a card of a weapons file"
pdftotext -layout own.pdf own.txt
[ "$(heads own.txt)" = "staircase bent quad musket rifle carbine " ] ||
    fail "a weapons file's card: $(heads own.txt)"
# German: the title, the heads, the key and the decimal mark; no English.
LC_ALL=C.UTF-8 LANGUAGE=de "$muster" plot card --out de.pdf >out.txt || fail "German card"
grep -q '^de.pdf: die Kurzübersicht zum Feuer, eine Seite$' out.txt || fail "German: $(cat out.txt)"
pdftotext -layout de.pdf de.txt
for w in 'Kurzübersicht zum Feuer' 'Zoll  *yd' 'offen  *Deckung' 'feuert' \
    'Waffen: die eingebauten' '22,5 Zoll (225 yd), P 7,5 %' 'jenseits der Reichweite'; do
    grep -q "$w" de.txt || fail "German card: no '$w'"
done
awk '$1 == 1 && $2 == 10' de.txt | grep -q ' 11,8 .* 29 K$' || fail "German row 1: $(awk '$1 == 1' de.txt)"
grep -Eiq 'quick|open|cover|fires|beyond|built-in|[0-9]\.[0-9]' de.txt && fail "English on the German card"
"$muster" plot card --out card.png >/dev/null || fail "png"
[ "$(head -c 8 card.png | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] || fail "not a PNG"
command -v file >/dev/null && { file card.png | grep -q '1190 x 1684' || fail "png size: $(file card.png)"; }
"$muster" plot card --out card.txt 2>err && fail "a .txt card"
grep -q 'png' err || fail "bad extension: $(cat err)"
echo "ok: the card's 61 rows equal muster curve for every weapon"
