#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 8 §3, the campaign's rough edges: --rules errors name the file and
# line (1); casualties take --captured alone (3); duplicate division names
# are refused (7); '≤' in battle end and the
# log, and a split return rate said plainly (9).
# usage: campaign_rough_edges.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# 1. An error in the campaign's own tables names that file.
"$muster" rules dump >my.ini || fail "rules dump"
echo "this line is not INI" >>my.ini
"$muster" campaign new bad.db --name W --year 1863 --theater east \
    --rules my.ini 2>err.txt && fail "bad tables accepted"
grep -q '^muster: my.ini:[0-9][0-9]*: ' err.txt || { cat err.txt; fail "the error does not name my.ini:LINE"; }
grep -q 'the tables' err.txt && fail "the error still says 'the tables'"
# 9. A split return rate, said plainly.
"$muster" campaign new w.db --name W --year 1863 --theater east \
    --return-winner 2/3 --return-loser 50 >out.txt || fail "new"
grep -q 'battlefield losses return 2/3 to the winner, 50% to the loser, 50% when no one wins' out.txt ||
    { cat out.txt; fail "the split rate is garbled"; }
"$muster" campaign add w.db --side union --name A >/dev/null
# 7. Duplicate division names are refused (names identify divisions).
"$muster" campaign add w.db --side confederate --name A 2>err.txt &&
    fail "a second division named A accepted"
grep -q "a division named 'A' is already in this campaign (division 1)" err.txt ||
    { cat err.txt; fail "duplicate name: unclear"; }
"$muster" campaign battle start w.db Ridge >/dev/null
"$muster" campaign engage w.db 1 --seed 7 >/dev/null
# 3. --captured alone.
"$muster" campaign casualties w.db 1 --brigade 1 --captured 1 >out.txt ||
    fail "--captured alone refused"
grep -q '0 lost, 1 captured' out.txt || { cat out.txt; fail "casualties text"; }
"$muster" campaign casualties w.db 1 --brigade 1 2>err.txt && fail "no casualties accepted"
grep -q 'both 0' err.txt || { cat err.txt; fail "no casualties: unclear"; }
"$muster" campaign casualties w.db 1 --brigade 2 --lost 1 >/dev/null || fail "--lost alone"
# 9. '≤' where a roll is at or under its threshold (loser: 50% of 1 = 0.50).
"$muster" campaign battle end w.db --winner confederate --rolls 30 >out.txt ||
    fail "battle end"
grep -q 'roll 30 ≤ 50: 1 returned' out.txt || { cat out.txt; fail "no ≤ in battle end"; }
"$muster" campaign log w.db >log.txt
grep -q 'roll 30 ≤ 50' log.txt || fail "no ≤ in the log"
grep -q '<=' log.txt && fail "'<=' in the log"
echo "ok: rules file named, --captured alone, duplicate names, ≤, split rates"
