#!/usr/bin/env bash
# A labels file lacking a brigade's stand count: 'muster division' refuses
# it before printing anything; 'campaign engage', whose engagement is already
# committed when it prints, prints the division unlabelled and says why.
# Brigades of one stand read "1 stand".
# usage: labels_campaign.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
ln -s "$MUSTER_SOURCE/tests/data" data
fail() { echo "FAIL: $*"; exit 1; }
msg="data/labels.ini:3: [veteran] has no line for 11 stands, which a brigade has: add '11 = WORN/SPENT'"

out=$("$muster" division --army union --year 1863 --theater east --seed 7 \
      --labels data/labels.ini 2>err)
[ $? = 2 ] || fail "division: exit status not 2"
[ -z "$out" ] || fail "division printed: $out"
[ "$(cat err)" = "muster: $msg" ] || fail "division: $(cat err)"

"$muster" campaign new c.db --name L --year 1863 --theater east >/dev/null &&
"$muster" campaign add c.db --side union --name A >/dev/null || fail "setup"
out=$("$muster" campaign engage c.db 1 --seed 7 --labels data/labels.ini) ||
    fail "engage failed"
grep -qx "    1        11 stands, veteran  average    99 71 18" <<<"$out" ||
    fail "engage: no unlabelled brigade 1: $out"
[ "$(tail -1 <<<"$out")" = "Labels left out: $msg" ] ||
    fail "engage: last line: $(tail -1 <<<"$out")"
"$muster" campaign show c.db | grep -q '25 of 25 stands' || fail "not engaged"
# A brigade down to one stand is "1 stand", in the text and in Markdown.
"$muster" campaign battle start c.db X >/dev/null &&
"$muster" campaign casualties c.db 1 --brigade 1 --lost 10 >/dev/null ||
    fail "casualties"
"$muster" campaign show c.db | grep -q '^    1        1 stand, veteran  ' ||
    fail "show: $("$muster" campaign show c.db)"
"$muster" campaign show c.db --format markdown | grep -q '| 1 | 1 stand, veteran |' ||
    fail "show markdown"
"$muster" campaign show c.db | grep -q '1 stands' && fail "'1 stands' shown"
echo ok
