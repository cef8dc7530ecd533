#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# --brigade NAME|K (issue 40): a brigade is named by its number or its own
# name (the whole name, letters in any case) wherever a command names one
# (casualties, leader-lost, downgrade, name), on the command line and on
# the web API; a name two brigades share is refused naming both; and a
# side learns nothing from a hidden brigade's name: asked about the other
# side's hidden division, the refusal is byte for byte the same whether the
# name is a brigade's there or no brigade's at all (two campaigns, alike but
# for that name). Every refusal exits 2 and changes nothing.
# usage: campaign_brigade_names.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; wait; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
export MUSTER_NOW=2026-12-01T19:30:00Z
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
refuse() { # FILE WANT ARGS...: exit 2, WANT on stderr, FILE unchanged
    local f=$1 want=$2; shift 2
    local before; before=$(sha256sum "$f")
    "$muster" campaign "$@" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || { cat out.txt err.txt; fail "'$*' exited $rc, not 2"; }
    [ "$(cat err.txt)" = "$want" ] || { cat err.txt; fail "'$*': not '$want'"; }
    [ "$(sha256sum "$f")" = "$before" ] || fail "'$*' changed $f"
}
# A Union division in the open, a Confederate one hidden, a battle.
scene() {
    m new "$1" --name Names --year 1863 --theater east
    m add "$1" --side union --name Wadsworth
    m add "$1" --side confederate --name Heth
    m battle start "$1" Ridge
    m engage "$1" 1 --seed 7
    m engage "$1" 2 --seed 8 --hidden --as confederate
}
F=c.db
scene $F
m name $F 1 "Iron Brigade" --brigade 1
m casualties $F 1 --brigade "Iron Brigade" --lost 1
[ "$(cat out.txt)" = "#8 casualties in battle 1: union division 1 brigade 1, 1 lost, 0 captured" ] ||
    fail "casualties by name: $(cat out.txt)"
m casualties $F Wadsworth --brigade "iron BRIGADE" --captured 1 --lost 0
grep -q "brigade 1, 0 lost, 1 captured" out.txt || fail "any case: $(cat out.txt)"
m leader-lost $F 1 --brigade "Iron Brigade" --rolls 70
grep -q "division 1 brigade 1 brigadier" out.txt || fail "leader-lost by name: $(cat out.txt)"
m name $F 1 "Meredith's" --brigade "Iron Brigade"
grep -q 'brigade 1 is "Meredith'"'"'s"' out.txt || fail "renamed by name: $(cat out.txt)"
refuse $F 'muster: division 1 has no brigade named "Iron Brigade"' \
    casualties $F 1 --brigade "Iron Brigade" --lost 1
refuse $F 'muster: division 1 has no brigade named "Meredith"' \
    casualties $F 1 --brigade "Meredith" --lost 1
refuse $F "muster: --brigade takes a brigade's number from 1 to 8 or its name, not '9'" \
    casualties $F 1 --brigade 9 --lost 1
# Two brigades that one name fits: both named, neither chosen.
m name $F 1 "Black Hats" --brigade 2
m name $F 1 "BLACK HATS" --brigade 3
refuse $F 'muster: "black hats" fits two brigades of division 1: 2 "Black Hats" and 3 "BLACK HATS"; give its number' \
    casualties $F 1 --brigade "black hats" --lost 1
m casualties $F 1 --brigade 3 --lost 1

# The hidden division's brigade: its name is the secret it seems.
cp $F other.db
m name $F 2 "Archer's Brigade" --brigade 1 --as confederate
m name other.db 2 "Davis's Brigade" --brigade 1 --as confederate
for f in $F other.db; do
    for who in "--as union" ""; do
        "$muster" campaign casualties $f Heth --brigade "Archer's Brigade" \
            --lost 1 $who >out.$f.${who:+side} 2>err.$f.${who:+side}
        echo "exit $?" >>err.$f.${who:+side}
    done
done
cmp -s err.$F.side err.other.db.side ||
    fail "a side tells a hidden brigade's name from none: $(cat err.$F.side) / $(cat err.other.db.side)"
grep -q "division 2 is hidden from the Union" err.$F.side ||
    fail "not the hidden division's refusal: $(cat err.$F.side)"
grep -q "exit 2" err.$F.side || fail "the refusal did not exit 2"
# (the umpire, who may know, is told which is which)
grep -q "exit 0" err.$F. || fail "the umpire's casualties by name: $(cat err.$F.)"
grep -q 'no brigade named "Archer' err.other.db. ||
    fail "the umpire's unknown name: $(cat err.other.db.)"
# The owner uses its own brigade's name.
m casualties $F Heth --brigade "archer's brigade" --lost 1 --as confederate

# ---- the web API --------------------------------------------------------
if ! command -v curl >/dev/null; then
    echo "ok: the command line (SKIP the API: no curl)"
    exit 0
fi
start() { # FILE: serves it; $port, $tok (the Union's link)
    m links "$1" --side union --no-qr --listen 127.0.0.1
    tok=$(sed -n 's|.*#t=\([0-9a-f]*\)$|\1|p' out.txt)
    : >serve.out # emptied here, not by the child: never the last server's port
    "$muster" serve --campaign "$1" --listen 127.0.0.1 --port 0 --no-qr \
        >serve.out 2>serve.err &
    pid=$!
    for _ in $(seq 400); do grep -q 'Ctrl-C' serve.out 2>/dev/null && break; sleep 0.05; done
    port=$(grep -o 'http://127.0.0.1:[0-9]*' serve.out | head -1 | sed 's/.*://')
    [ -n "$port" ] || { cat serve.out serve.err; fail "serve did not start"; }
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null; pid=; }
post() { # BODY: the status, then the body, in reply.txt
    curl -s -o reply.txt -w '%{http_code}' -X POST -H "X-Muster-Token: $tok" \
        -H "Content-Type: application/json" --data-binary "$1" \
        "http://127.0.0.1:$port/api/campaign/casualties"
}
start $F
code=$(post '{"div":"1","brigade":"meredith'"'"'s","lost":"1"}')
[ "$code" = 200 ] || fail "API casualties by name: $code $(cat reply.txt)"
grep -q '"brigade":1' reply.txt || fail "API answer: $(cat reply.txt)"
code=$(post '{"div":1,"brigade":"Black Hats","lost":1}')
[ "$code" = 400 ] || fail "API two brigades: $code $(cat reply.txt)"
grep -q '2 \\"Black Hats\\" and 3 \\"BLACK HATS\\"' reply.txt ||
    fail "API two brigades: $(cat reply.txt)"
post '{"div":"2","brigade":"Archer'"'"'s Brigade","lost":"1"}' >code.a
cp reply.txt reply.a
stop
start other.db
post '{"div":"2","brigade":"Archer'"'"'s Brigade","lost":"1"}' >code.b
stop
cmp -s code.a code.b && cmp -s reply.a reply.txt ||
    fail "the API tells a hidden brigade's name from none: $(cat code.a reply.a) / $(cat code.b reply.txt)"
grep -q "hidden from the Union" reply.a || fail "API hidden: $(cat reply.a)"
echo "ok: brigades by name on the command line and the API; a hidden name tells nothing"
