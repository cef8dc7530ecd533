#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A division hidden from a side in a battle: the side's report says "a
# hidden division" with no numbers until it is revealed, then the numbers
# the umpire's report gives (its start is never 0 for having been hidden).
# usage: campaign_report_reveal.sh MUSTER
set -u
muster=$1
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
export MUSTER_NOW=2026-12-01T19:30:00Z
F=c.db
m new $F --name Reveal --year 1863 --theater east
m add $F --side union --name Wadsworth
m add $F --side confederate --name Heth
m battle start $F Ridge
m engage $F 1 --seed 7
m engage $F 2 --seed 8 --hidden
m casualties $F 2 --brigade 1 --lost 2
# Before the reveal: the Union reads "a hidden division", no numbers.
m report $F --battle 1 --as union --format json
python3 - out.txt <<'PY' || fail "the Union's report before the reveal"
import json, sys
r = json.load(open(sys.argv[1]))
heth = [d for d in r["confederate"]["divisions"] if d["division"] == 2][0]
assert "stands_start" not in heth and "stands_end" not in heth, heth
PY
m reveal $F 2
m battle end $F --winner union --seed 3
# After it: the engage is shown whole, so the start is the umpire's, never 0.
m report $F --battle 1 --format json
cp out.txt umpire.json
m report $F --battle 1 --as union --format json
python3 - umpire.json out.txt <<'PY' || fail "the Union's report after the reveal"
import json, sys
u, s = (json.load(open(f)) for f in sys.argv[1:])
pick = lambda r: [d for d in r["confederate"]["divisions"] if d["division"] == 2][0]
assert pick(u)["stands_start"] > 0 and pick(s) == pick(u), (pick(u), pick(s))
PY
echo "ok: a division revealed during the battle: hidden before, its numbers after"
