#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Names are text a player can read: a name holding a control or format
# character (a right-to-left override, an isolate, a zero-width one, the
# soft hyphen) is refused with exit 2, naming the character, and changes
# nothing, wherever a name is given (campaign, division, corps, brigade,
# battle, camp), on the CLI and over HTTP (400, reason "name-character").
# A name is stored in Unicode NFC, and found by either form.
# usage: campaign_name_text.sh MUSTER
set -u
muster=$1
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 tool"; exit 77; }
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
F=c.db
m new $F --name Names --year 1863 --theater east
m add $F --side union --name Wadsworth
m add $F --side confederate --name Heth
m battle start $F Ridge
m engage $F 1 --seed 7
m casualties $F 1 --brigade 1 --lost 2 --captured 1

refuse() { # CODE-POINT WHAT ARGS... (NAME in ARGS is the bad name)
    local cp=$1 what=$2; shift 2
    local bad; bad="Iron$(printf "\\u${cp#U+}")Brigade"
    local args=() a
    for a in "$@"; do args+=("${a//NAME/$bad}"); done
    local before; before=$(sha256sum $F 2>/dev/null)
    "$muster" campaign "${args[@]}" >out.txt 2>err.txt
    local rc=$?
    [ $rc -eq 2 ] || { cat out.txt err.txt; fail "${args[*]}: exit $rc, not 2"; }
    local want="muster: the $what name holds $cp, a character that is not shown or that changes how the text around it is shown"
    [ "$(cat err.txt)" = "$want" ] || { cat err.txt; fail "${args[*]}: not '$want'"; }
    [ "$(sha256sum $F 2>/dev/null)" = "$before" ] || fail "${args[*]} changed the campaign"
}
for cp in U+202E U+202D U+2066 U+2069 U+200B U+200D U+2060 U+FEFF U+00AD U+2028; do
    refuse $cp division add $F --side union --name NAME
    refuse $cp brigade name $F 1 --brigade 1 NAME
done
refuse U+202E division name $F 1 NAME
refuse U+202E corps add $F --side union --name Doubleday --corps NAME
refuse U+202E battle battle start $F NAME
refuse U+202E camp camp $F --side union --default NAME
refuse U+202E camp leader-lost $F 1 --brigade 1 --captured --camp NAME --seed 3
rm -f new.db
"$muster" campaign new new.db --name "$(printf 'A\u202eB')" --year 1863 --theater east 2>err.txt
[ $? -eq 2 ] && [ ! -e new.db ] || fail "a campaign named with U+202E"
grep -q 'the campaign name holds U+202E' err.txt || { cat err.txt; fail "new: the message"; }
# A control character is named as one.
"$muster" campaign add $F --side union --name "$(printf 'A\tB')" 2>err.txt
[ "$(cat err.txt)" = "muster: the division name holds a control character" ] || { cat err.txt; fail "a tab"; }
echo "ok: control and format characters refused, nothing changed"

# NFC: "Cafe" + U+0301 (combining acute) is stored as "Caf" U+00E9, and
# either form finds it.
m add $F --side union --name "$(printf 'Cafe\u0301')"
[ "$(sqlite3 $F "SELECT hex(name) FROM divisions WHERE id = 3")" = 436166C3A9 ] ||
    fail "the division's name is not stored in NFC"
[ "$(sqlite3 $F "SELECT json_extract(data, '\$.name') FROM events WHERE kind = 'add' AND division = 3")" = "$(printf 'Caf\u00e9')" ] ||
    fail "the add event's name is not NFC"
m engage $F "$(printf 'Cafe\u0301')" --seed 3
grep -q "^Division 3 \"$(printf 'Caf\u00e9')\" engaged" out.txt || { cat out.txt; fail "found by the NFD form"; }
m name $F 3 --brigade 1 "$(printf 'A\u0308pfel')"
[ "$(sqlite3 $F "SELECT hex(name) FROM brigades WHERE division = 3 AND number = 1")" = C3847066656C ] ||
    fail "the brigade's name is not stored in NFC"
m casualties $F 3 --brigade "$(printf 'A\u0308pfel')" --lost 1
grep -q "division 3 brigade 1, 1 lost" out.txt || { cat out.txt; fail "a brigade found by its NFD name"; }
m check $F
echo "ok: names stored in NFC"

# Over HTTP: 400, the reason, nothing written.
command -v curl >/dev/null || { echo "SKIP: no curl for the HTTP part"; exit 77; }
"$muster" serve --listen 127.0.0.1 --port 0 --no-qr --campaign $F >serve.out 2>serve.err &
pids+=($!)
for _ in $(seq 200); do grep -q 'http://' serve.out 2>/dev/null && break; sleep 0.05; done
port=$(grep -o 'http://127.0.0.1:[0-9]*' serve.out | head -1 | sed 's/.*://')
tok=$(grep "^  umpire " serve.out | grep -o 't=[0-9a-f]*' | cut -c3-)
[ -n "$port" ] && [ -n "$tok" ] || { cat serve.out serve.err; fail "serve did not start"; }
before=$(sha256sum $F)
code=$(curl -s -o body.json -w '%{http_code}' -H "X-Muster-Token: $tok" \
    -H 'Content-Type: application/json' \
    --data-binary "{\"side\":\"union\",\"name\":\"Iron\\u202eBrigade\"}" \
    "http://127.0.0.1:$port/api/campaign/add")
[ "$code" = 400 ] || { cat body.json; fail "HTTP: $code, not 400"; }
grep -q '"reason":"name-character"' body.json || { cat body.json; fail "HTTP: no reason"; }
grep -q 'U+202E' body.json || { cat body.json; fail "HTTP: the character not named"; }
[ "$(sha256sum $F)" = "$before" ] || fail "HTTP: the refusal changed the campaign"
echo "ok: HTTP 400 with its reason"
