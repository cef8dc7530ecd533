#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A division is named by its id or its name (letters without case) wherever
# a command takes DIV; an unknown name or one two divisions share is
# refused (exit 2), naming the ids, and changes nothing.
# usage: campaign_names.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
F=c.db
m new $F --name Names --year 1863 --theater east
m add $F --side union --name "Iron Brigade"
m add $F --side confederate --name Heth
m add $F --side confederate --name heth
m battle start $F Ridge
m engage $F "iron brigade" --seed 7
grep -q '^Division 1 "Iron Brigade" engaged:' out.txt || { cat out.txt; fail "engage by name"; }
m casualties $F "Iron Brigade" --brigade 1 --lost 1
[ "$(cat out.txt)" = "#7 casualties in battle 1: union division 1 brigade 1, 1 lost, 0 captured" ] ||
    { cat out.txt; fail "casualties by name"; }
refuse() { # WANT ARGS...
    local want=$1; shift
    local before; before=$(sha256sum $F)
    "$muster" campaign "$@" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || { cat out.txt err.txt; fail "'$*' exited $rc, not 2"; }
    [ "$(cat err.txt)" = "$want" ] || { cat err.txt; fail "'$*': not '$want'"; }
    [ "$(sha256sum $F)" = "$before" ] || fail "'$*' changed the campaign"
}
refuse "muster: 2 divisions are named \"Heth\" (2, 3): give the division's id or name (see 'muster campaign show')" \
    engage $F Heth --seed 8
refuse "muster: no division is named \"Pender\": give the division's id or name (see 'muster campaign show')" \
    engage $F Pender --seed 8
refuse "muster: '0' is not a division id: give the number 'add' printed or the division's name (see 'muster campaign show')" \
    engage $F 0 --seed 8
m engage $F 2 --seed 8
echo "ok: divisions by name"
