#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Labels by the rules. A strength a labels file has no line for is never
# refused: it takes the worn and spent of the nearest line of its morale,
# with a warning on stderr (division, campaign engage, show, roster). In a
# campaign, during a battle a brigade keeps the label of the strength it
# began the battle with; after 'battle end' it takes that of its new
# strength (show, the roster's cards and cells, its labels). Brigades of one stand read "1 stand". The labels template
# (rules dump --kind labels) is the installed one and loads.
# usage: labels_campaign.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
ln -s "$MUSTER_SOURCE/tests/data" data
fail() { echo "FAIL: $*"; exit 1; }
warn="muster: warning: data/labels.ini has no [veteran] line for 11 stands: the nearest, 8, gives its worn and spent (muster rules dump --kind labels writes a file with every strength)"

out=$("$muster" division --army union --year 1863 --theater east --seed 7 \
      --labels data/labels.ini 2>err) || fail "division: refused"
grep -q '11/6/3 veteran' <<<"$out" || fail "division: no nearest label: $out"
[ "$(cat err)" = "$warn" ] || fail "division: $(cat err)"

"$muster" campaign new c.db --name L --year 1863 --theater east >/dev/null &&
"$muster" campaign add c.db --side union --name A >/dev/null || fail "setup"
out=$("$muster" campaign engage c.db 1 --seed 7 --labels data/labels.ini 2>err) ||
    fail "engage failed"
grep -q "11/6/3 veteran" <<<"$out" || fail "engage: brigade 1: $out"
[ "$(cat err)" = "$warn" ] || fail "engage: $(cat err)"

# During a battle the label is the strength at its start: brigade 1 began
# with 11 (nearest line 8: worn 6, spent 3) and keeps 11/6/3 at 4 stands.
"$muster" campaign battle start c.db X >/dev/null &&
"$muster" campaign casualties c.db 1 --brigade 1 --lost 2 --captured 5 >/dev/null ||
    fail "casualties"
L=data/labels-full.ini   # 5..11 stands, every morale
show() { "$muster" campaign show c.db --labels $L "$@" 2>err; }
# 4 stands against 11/8/5: spent, said beside the label
show | grep -Eq '^    1 +11/8/5 veteran, spent +average +4 +11 +2 +5 +0$' ||
    fail "show during the battle: $(show)"
[ ! -s err ] || fail "a strength of the table warned: $(cat err)"
"$muster" campaign show c.db --labels $L --format json | grep -q '"stands":4,"start":11,"out":2,"prisoners":5,"returned":0,"freed":0,"morale":"veteran","label":"11/8/5 veteran","status":"spent"' ||
    fail "show json during the battle"
if command -v pdftotext >/dev/null; then
    "$muster" roster --campaign c.db --labels $L --out r.pdf >/dev/null 2>&1 ||
        fail "roster during the battle"
    pdftotext r.pdf - | grep -q '11/8/5' || fail "roster: not the label of 11"
fi
# The compact roster: the label of 11 on brigade 1's cell and on its
# command-stand label (the big line), both on the one page.
roster_label() { # the label lines of brigade 1: its cell's, its label's
    "$muster" roster --campaign c.db --labels $L --compact --out k.pdf >/dev/null 2>&1 ||
        fail "compact roster"
    pdftotext k.pdf k.txt
    echo "$(grep -E -m1 '^[0-9]+/[0-9]+/[0-9]+ [a-z]+ · brigadier' k.txt) | $(grep -E -m1 '^[0-9]+/[0-9]+/[0-9]+$' k.txt)"
}
if command -v pdftotext >/dev/null; then
    [ "$(roster_label)" = "11/8/5 veteran · brigadier average | 11/8/5" ] ||
        fail "compact roster during the battle: $(roster_label)"
fi
# After the battle: 2 lost -> 1 back; 5 stands now, labelled 5/4/2.
"$muster" campaign battle end c.db --winner none >/dev/null || fail "battle end"
show | grep -Eq '^    1 +5/4/2 veteran +average +5 +11 +1 +5 +1$' ||
    fail "show after the battle: $(show)"
if command -v pdftotext >/dev/null; then
    [ "$(roster_label)" = "5/4/2 veteran · brigadier average | 5/4/2" ] ||
        fail "compact roster after the battle: $(roster_label)"
    "$muster" roster --campaign c.db --labels $L --only labels --out l.pdf >/dev/null 2>&1 ||
        fail "labels after the battle"
    pdftotext l.pdf - | grep -qx '5/4/2' && ! pdftotext l.pdf - | grep -q '11/8/5' ||
        fail "the label sheet after the battle is not 5/4/2"
fi
# Down to 3 stands after another battle: below the table, the nearest (5)
# line is used, with a warning, and the roster is drawn.
"$muster" campaign battle start c.db Y >/dev/null &&
"$muster" campaign casualties c.db 1 --brigade 1 --captured 2 >/dev/null &&
"$muster" campaign battle end c.db --winner none >/dev/null || fail "second battle"
show | grep -Eq '^    1 +3/4/2 veteran' || fail "3 stands: $(show)"
grep -q "has no \[veteran\] line for 3 stands: the nearest, 5, gives" err ||
    fail "3 stands: no warning: $(cat err)"
if command -v pdftotext >/dev/null; then
    "$muster" roster --campaign c.db --labels $L --out r.pdf >/dev/null 2>err ||
        fail "roster refused a brigade of 3 stands: $(cat err)"
    grep -q 'warning: data/labels-full.ini has no \[veteran\] line for 3 stands' err ||
        fail "roster: no warning: $(cat err)"
fi

# A brigade down to one stand is "1 stand", in the text and in Markdown.
"$muster" campaign battle start c.db Z >/dev/null &&
"$muster" campaign casualties c.db 1 --brigade 1 --captured 2 >/dev/null &&
"$muster" campaign battle end c.db --winner none >/dev/null || fail "third battle"
"$muster" campaign show c.db | grep -q '^    1        1 stand, veteran  ' ||
    fail "show: $("$muster" campaign show c.db)"
"$muster" campaign show c.db --format markdown | grep -q '| 1 | 1 stand, veteran |' ||
    fail "show markdown"
"$muster" campaign show c.db | grep -q '1 stands' && fail "'1 stands' shown"

# The template: every strength the tables give, down to 3; no values; the
# installed file; it loads.
"$muster" rules dump --kind labels >t.ini || fail "rules dump --kind labels"
cmp -s t.ini "$MUSTER_SOURCE/share/muster/labels-template.ini" ||
    fail "share/muster/labels-template.ini is not what rules dump --kind labels writes"
[ "$(grep -c '^; [0-9]* = WORN/SPENT$' t.ini)" = 27 ] || fail "template: not 9 lines a morale"
grep -q '^; 11 = WORN/SPENT$' t.ini && grep -q '^; 3 = WORN/SPENT$' t.ini || fail "template: 11..3"
grep -q '^[0-9]' t.ini && fail "template: a value"
"$muster" rules check --kind labels t.ini >/dev/null || fail "template does not load"
sed 's/^; \(1[01]\) = WORN\/SPENT$/\1 = 7\/3/' t.ini >f.ini
"$muster" rules check --kind labels f.ini >/dev/null || fail "a filled template does not load"

# Fresh, worn, spent as stands go: brigade 3 (7/5/3 veteran) fresh at 7,
# worn at 5, spent at 3; a side's view of its own; nothing without labels.
status() { "$muster" campaign show c.db --labels $L --format json "$@" |
    grep -o '"number":3,[^{]*"status":[^,]*' | sed 's/.*"status"://'; }
[ "$(status)" = '"fresh"' ] || fail "brigade 3 at 7 stands: $(status)"
"$muster" campaign battle start c.db Y >/dev/null || fail "battle start"
"$muster" campaign casualties c.db 1 --brigade 3 --lost 2 >/dev/null || fail "casualties"
[ "$(status --as union)" = '"worn"' ] || fail "brigade 3 at 5 stands: $(status --as union)"
show | grep -Eq '^    3 +7/5/3 veteran, worn ' || fail "text: worn: $(show)"
"$muster" campaign casualties c.db 1 --brigade 3 --lost 2 >/dev/null || fail "casualties"
[ "$(status)" = '"spent"' ] || fail "brigade 3 at 3 stands: $(status)"
"$muster" campaign show c.db --format json | grep -q '"number":3,[^{]*"status":null' ||
    fail "a status without labels"
echo ok
