#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A player's link on a card (campaign links --card, issue 22): one A6 page
# with the side's title, the campaign's name and year, the link in full
# (its address and its token on lines of their own) and its QR code, which
# decodes to exactly that link (zbarimg, where installed); rendered with
# pdftoppm; PNG too; a rotated link's card carries the new token; a card
# of an unknown picture format is refused and nothing is written.
# usage: link_card.sh MUSTER
set -u
muster=$1
for t in pdftotext pdfinfo pdftoppm; do
    command -v $t >/dev/null ||
        { echo "skip: $t (poppler-utils) not installed"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
"$muster" campaign new g.db --name Gettysburg --year 1863 --theater east >/dev/null ||
    fail "campaign new"
links() { "$muster" campaign links g.db --no-qr --listen 127.0.0.1 --port 8080 "$@"; }
links --side union --card union.pdf >out.txt || fail "links --card: $(cat out.txt)"
url=$(sed -n 's|^  \(http://127.0.0.1:8080/#t=[0-9a-f]\{32\}\)$|\1|p' out.txt)
[ -n "$url" ] || fail "no link printed: $(cat out.txt)"
grep -qx "The card: union.pdf (one page, $url); print it and give it to that player." out.txt ||
    fail "the card's line: $(cat out.txt)"
[ "$(pdfinfo union.pdf | awk '/^Pages:/ {print $2}')" = 1 ] || fail "not one page"
pdfinfo union.pdf | grep -q 'Page size: *298 x 420 pts' || fail "not A6: $(pdfinfo union.pdf)"
pdfinfo union.pdf | grep -qx "Title: *The Union player's link" || fail "the PDF's title"
pdftotext union.pdf card.txt || fail "pdftotext"
grep -qx "The Union player's link" card.txt || fail "no title: $(cat card.txt)"
grep -qx "Gettysburg, 1863" card.txt || fail "no campaign: $(cat card.txt)"
grep -qx "http://127.0.0.1:8080/" card.txt || fail "no address: $(cat card.txt)"
grep -qx "#${url#*#}" card.txt || fail "no token: $(cat card.txt)"
grep -q "keep it" card.txt || fail "no note: $(cat card.txt)"
pdftoppm -png -r 72 -singlefile union.pdf page || fail "pdftoppm"
[ "$(file -b page.png | grep -o '[0-9]* x [0-9]*')" = "298 x 420" ] || fail "rendered: $(file -b page.png)"
if command -v zbarimg >/dev/null; then
    pdftoppm -png -r 150 -singlefile union.pdf big || fail "pdftoppm -r 150"
    [ "$(zbarimg -q --raw big.png 2>/dev/null)" = "$url" ] ||
        fail "the QR code reads '$(zbarimg -q --raw big.png 2>/dev/null)', not $url"
else
    echo "note: zbarimg (zbar-tools) not installed: the QR code was not read back"
fi
# PNG, the umpire's own card
links --card umpire.png >out.txt || fail "links --card umpire.png"
[ "$(file -b umpire.png | grep -o '[0-9]* x [0-9]*')" = "596 x 840" ] || fail "PNG: $(file -b umpire.png)"
# a rotated link: the card has the new token, not the old
old=${url#*#t=}
links --side union --rotate --card union.pdf >out.txt || fail "links --rotate --card"
pdftotext union.pdf card.txt
new=$(sed -n 's|^#t=\([0-9a-f]\{32\}\)$|\1|p' card.txt)
[ -n "$new" ] && [ "$new" != "$old" ] && grep -q "#t=$new" out.txt || fail "rotated card: $new / $old"
# an unknown format: refused before the link is rotated, nothing written
links --side union --rotate --card union.txt >out.txt 2>err.txt
[ $? = 2 ] || fail "--card union.txt: not exit 2"
[ ! -e union.txt ] || fail "union.txt was written"
grep -q "^muster: .*union.txt" err.txt || fail "no message: $(cat err.txt)"
links --side union >out.txt || fail "links"
grep -q "#t=$new" out.txt || fail "the refused --rotate rotated the link"
echo "ok"
