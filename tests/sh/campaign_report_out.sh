#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# campaign report --out: the report drawn, read back against a campaign
# whose numbers the golden cases know (data/campaign-v1.db: two battles,
# McPherson's Ridge won by the Confederates). The PDF's text (pdftotext)
# holds the battles, the winner and the losses, row by row, and the
# charts' titles; in German, German words. The war's PNG is 1190 pixels
# wide and tall enough for its three charts (its pixels:
# test_campaign_report); its SVG is XML with the charts' words and both
# sides' series; the HTML page is the --format html page with the charts'
# SVG in it, which --charts writes alone. A bad extension, or --format
# beside --out, is refused before anything is written. The everyday
# muster hands the call on (--out draws).
# usage: campaign_report_out.sh MUSTER
set -u
muster=$1
SRC=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
command -v pdftotext >/dev/null && command -v pdfinfo >/dev/null ||
    { echo "skip: pdftotext/pdfinfo (poppler-utils) not installed"; exit 77; }
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cp "$SRC/tests/data/campaign-v1.db" c.db
r() { "$muster" campaign report c.db "$@" >out.txt 2>err.txt ||
        { cat out.txt err.txt; fail "campaign report $*"; }; }
text() { pdftotext -layout "$1" - | tr -d '\f' | tr -s ' ' |
             sed 's/^ //; s/ $//'; }

# The war: a line a battle, each side's table, then the charts.
r --out war.pdf
[ "$(cat out.txt)" = "war.pdf: the report of the war" ] || fail "$(cat out.txt)"
pdfinfo war.pdf | grep -q 'Page size: *595 x 842 pts (A4)' || fail "not A4"
[ "$(pdfinfo war.pdf | awk '/^Pages:/ {print $2}')" = 2 ] || fail "not 2 pages"
text war.pdf >war.txt
for want in "The war: Gettysburg" \
    "1. McPherson's Ridge 1863 Confederate 4 1 2 2" \
    "2. Seminary Ridge 1863 none 0 0 2 0" \
    "2. Seminary Ridge 42 4 4 1 1" "2. Seminary Ridge 49 4 4 2 0" \
    "Strength after each battle (stands)" "Stands lost and captured, in all" \
    "Prisoners held after each battle (stands)"; do
    grep -qxF -- "$want" war.txt || { cat war.txt; fail "war.pdf lacks '$want'"; }
done

# In the reader's language: the tables' words and the charts'.
LC_ALL=C.UTF-8 LANGUAGE=de "$muster" campaign report c.db --out de.pdf >out.txt ||
    fail "German"
[ "$(cat out.txt)" = "de.pdf: der Bericht des Krieges" ] || fail "$(cat out.txt)"
text de.pdf >de.txt
for want in "Der Krieg: Gettysburg" \
    "1. McPherson's Ridge 1863 Konföderierte 4 1 2 2" \
    "Stärke nach jeder Schlacht (Basen)"; do
    grep -qxF -- "$want" de.txt || { cat de.txt; fail "de.pdf lacks '$want'"; }
done

# A battle: its divisions at start and end, losses, returns, camps.
r --battle 1 --out b1.pdf
[ "$(cat out.txt)" = "b1.pdf: the report of battle 1" ] || fail "$(cat out.txt)"
text b1.pdf >b1.txt
for want in "Battle 1: McPherson's Ridge" "1863; won by the Confederates" \
    "Wadsworth 25 2 22 2" "Buford 20 2 19 2" "Heth 24 2 21 2" \
    "Wadsworth 1 3 1 0 0" "Heth 2 2 2 0 0" "Wadsworth 1 3 50% 55 > 50 1" \
    "Union POW camp 2 0 0" "Confederate POW camp 1 0 0"; do
    grep -qxF -- "$want" b1.txt || { cat b1.txt; fail "b1.pdf lacks '$want'"; }
done
grep -q 'Strength after' b1.txt && fail "a battle's page has the war's charts"

# PNG: 595 points wide at 2 pixels a point, three charts' height (its
# pixels: test_campaign_report).
r --out war.png
python3 - war.png <<'PY' || fail "war.png"
import struct, sys
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n"
w, h = struct.unpack(">II", d[16:24])
assert w == 1190 and h > 3 * 736, (w, h)  # the charts alone: 3 x 368 points
PY

# SVG: XML; the charts' titles and sides in its words; each side's series
# in its own colour in the three charts (and their legends).
r --out war.svg
python3 - war.svg <<'PY' || fail "war.svg"
import re, sys, xml.dom.minidom
s = open(sys.argv[1]).read()
doc = xml.dom.minidom.parseString(s)
desc = doc.getElementsByTagName("desc")[0].firstChild.data
for w in ("McPherson's Ridge", "Strength after each battle (stands)",
          "Prisoners held after each battle (stands)", "Union", "Confederate"):
    assert w in desc, w
blue = len(re.findall(r"stroke:rgb\(0%,44.7%,69.8%\)", s))
red = len(re.findall(r"stroke:rgb\(83.5%,36.9%,0%\)", s))
assert blue == 6 and red == 6, (blue, red)
PY

# HTML: the page of --format html, the charts' SVG in it, before its end.
r --format html
cp out.txt plain.html
r --out war.html
python3 - plain.html war.html <<'PY' || fail "war.html"
import re, sys, xml.dom.minidom
plain, page = (open(f).read() for f in sys.argv[1:])
m = re.search(r"<figure>\n(<svg.*?</svg>)\n?</figure>\n", page, re.S)
assert m, "no figure"
xml.dom.minidom.parseString(m.group(1))
assert page[:m.start()] + page[m.end():] == plain
assert page.count("<svg") == 1
PY
r --battle 1 --out b1.html
r --battle 1 --format html
cmp -s b1.html out.txt || fail "a battle's page is not the --format html page"

# --charts: the charts alone, the SVG of the page's figure, on stdout.
r --charts
cp out.txt charts.svg
python3 - charts.svg war.html <<'PY' || fail "--charts"
import re, sys, xml.dom.minidom
svg, page = (open(f).read() for f in sys.argv[1:])
xml.dom.minidom.parseString(svg)
fig = re.search(r"<figure>\n<svg[^>]*>(.*?</svg>)", page, re.S).group(1)
assert svg[svg.index("<svg"):].split(">", 1)[1].strip() == fig.strip()
PY
"$muster" campaign report c.db --charts --battle 1 >out.txt 2>err.txt
[ $? = 2 ] && grep -q 'without --battle' err.txt || fail "--charts --battle: $(cat err.txt)"

# Refused, and nothing written.
"$muster" campaign report c.db --out war.txt >out.txt 2>err.txt
[ $? = 2 ] && grep -q 'FILE.pdf, FILE.png, FILE.svg or FILE.html' err.txt ||
    fail "war.txt: $(cat err.txt)"
"$muster" campaign report c.db --out x.pdf --format json >out.txt 2>err.txt
[ $? = 2 ] && [ ! -e x.pdf ] && grep -q 'not both' err.txt || fail "--format: $(cat err.txt)"
"$muster" campaign report c.db --battle 9 --out x.pdf >out.txt 2>err.txt
[ $? != 0 ] && [ ! -e x.pdf ] || fail "battle 9 drawn"
echo "ok: the report drawn as PDF, PNG, SVG and HTML"
