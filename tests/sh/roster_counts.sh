#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A roster counts in words that agree with the count: a corps of one
# division of two brigades of 5 stands, 10 ÷ 9 = 1.11 and a battery roll
# of 99, has one battery, and its corps and army totals say "1 battery"
# (German "1 Batterie"), never "1 batteries". Read back with pdftotext.
# usage: roster_counts.sh MUSTER
set -u
muster=$1
command -v pdftotext >/dev/null || { echo "SKIP: pdftotext is missing (poppler-utils)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$muster" corps --army confederate --year 1863 --theater east --divisions 1 \
    --rolls 50,50,10,1,50,50,1,50,50,50,99,50 --format json >k.json || fail "corps"
for lang in C de; do
    LC_ALL=C.UTF-8 LANGUAGE=$lang "$muster" roster --from k.json --only roster --out k.pdf >/dev/null ||
        fail "$lang: roster"
    pdftotext k.pdf k.txt
    if [ $lang = C ]; then
        want='^1 division, 2 brigades, 10 stands · 1 battery: 1 with the divisions, 0 to the reserve$'
    else
        want='^1 Division, 2 Brigaden, 10 Basen · 1 Batterie: 1 bei den Divisionen, 0 zur Reserve$'
    fi
    [ "$(grep -c "$want" k.txt)" = 2 ] || { grep -i 'batter' k.txt; fail "$lang: the corps and army totals"; }
    grep -Eq '(^|[^0-9])1 (batteries|Batterien|brigades|Brigaden|stands|Basen)' k.txt &&
        fail "$lang: a plural for one: $(grep -E '(^|[^0-9])1 (batteries|Batterien)' k.txt)"
done
echo "one battery in both languages: ok"
