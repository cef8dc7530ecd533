#!/bin/sh
# SPDX-License-Identifier: MIT
# A campaign with every kind of event, in which the Confederates' Heth
# (division 2) is engaged hidden, rolled fairly, and stays hidden. VARIANT
# a and b differ only in what the Union may not know of Heth: his fair
# roll (random each time), which brigade lost how many, whom he lost as a
# brigadier and how he was rated, his brigades' names. The Union's views
# of the two must be the same, commitments aside (test_campaign_projection).
# The Union's Buford (division 4), engaged hidden, is revealed at the end.
# usage: hidden_war.sh MUSTER FILE a|b
set -eu
M=$1 F=$2
if [ "$3" = a ]; then B=1 L=2 R=7 N="Archer's"; else B=2 L=1 R=95 N="Davis's"; fi
export MUSTER_NOW=2026-12-01T19:30:00Z
m() { "$M" campaign "$@" >/dev/null; }
hex() { sed -n "s/.*\"$1\":\"\([0-9a-f]*\)\".*/\1/p"; }
m new "$F" --name Gettysburg --year 1863 --theater east --return-winner 2/3 \
    --return-loser 50
m add "$F" --side union --name Wadsworth --corps "I Corps"
m add "$F" --side confederate --name Heth --corps "Third Corps"
m add "$F" --side confederate --name Pender
m add "$F" --side union --name Buford --arm cavalry
m battle start "$F" "McPherson's Ridge"
m engage "$F" 1 --seed 7
h=$("$M" campaign engage "$F" 2 --hidden --fair --as confederate \
    --format json | hex fair_commitment)
r=$("$M" campaign contribute "$F" 2 --commitment "$h" --as union \
    --format json | hex contribution)
m engage "$F" 2 --hidden --contribution "$r" --as confederate
m engage "$F" 3 --seed 9
m engage "$F" 4 --seed 11 --hidden --as union
m name "$F" 2 "$N" --brigade 1 --as confederate
m casualties "$F" 1 --brigade 1 --lost 3 --captured 2
m casualties "$F" 2 --brigade $B --lost $L --captured 1 --as confederate
m casualties "$F" 3 --brigade 1 --lost 1 --captured 1 --batteries-captured 1
m leader-lost "$F" 2 --brigade $B --captured --rolls $R --as confederate
m leader-lost "$F" 3 --captured --rolls 50
m battle end "$F" --winner confederate --seed 3
m exchange "$F" --union 1 --confederate 1 --confederate-leaders 1
m penalty "$F" --side union
m downgrade "$F" 1 --brigade 2
m camp "$F" --side union --default "Camp Chase"
o=$("$M" campaign exchange "$F" --union 1 --confederate 1 --as union \
    --format json | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
m exchange "$F" --accept "$o" --as confederate
o=$("$M" campaign exchange "$F" --union 0 --confederate 0 --confederate-leaders 1 --as union \
    --format json | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
m exchange "$F" --decline "$o" --as confederate
o=$("$M" campaign liberate "$F" --side confederate --as confederate \
    --format json | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
m liberate "$F" --withdraw "$o" --as confederate
m liberate "$F" --side confederate
m advance "$F" --year 1864
m battle start "$F" "The Wilderness"
m casualties "$F" 1 --brigade 1 --lost 1
m undo "$F"
m battle end "$F" --winner none --seed 4
m reveal "$F" 4 --as union
