#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# POST /api/campaign/import: the body is the order of battle itself (CSV or
# JSON, as its Content-Type says), the umpire's link only; every fault is
# refused with the CLI's file:line words (the file named "sheet") and
# nothing imported; a whole sheet is imported as the CLI imports it.
# Loopback only (curl).
# usage: web_import.sh MUSTER
set -u
muster=$1
src=${MUSTER_SOURCE:?}
command -v curl >/dev/null || { echo "SKIP: no curl"; exit 77; }
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; wait; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
say() { printf 'FAIL %s\n' "$*"; fail=1; }
sample=$src/share/muster/gettysburg-oob.csv
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; say "campaign $*"; }; }
tok() { sed -n 's|.*#t=\([0-9a-f]*\)$|\1|p' out.txt; }

m new c.db --name Web --year 1863 --theater east
m add c.db --side union --name Buford --arm cavalry
m links c.db --no-qr --listen 127.0.0.1
ump=$(tok)
m links c.db --side union --no-qr --listen 127.0.0.1
uni=$(tok)
"$muster" serve --campaign c.db --listen 127.0.0.1 --port 0 --no-qr >serve.out 2>serve.err &
pid=$!
for _ in $(seq 400); do grep -q 'Ctrl-C' serve.out 2>/dev/null && break; sleep 0.05; done
port=$(grep -o 'http://127.0.0.1:[0-9]*' serve.out | head -1 | sed 's/.*://')
[ -n "$port" ] || { cat serve.out serve.err; echo "FAIL serve did not start"; exit 1; }

# post TOKEN TYPE FILE: the status, then the body, in reply.txt
post() {
    curl -s -o reply.txt -w '%{http_code}' -X POST -H "X-Muster-Token: $1" \
        -H "Content-Type: $2" --data-binary "@$3" \
        "http://127.0.0.1:$port/api/campaign/import"
}
events() { "$muster" campaign log c.db | wc -l; }
# refused CODE BODY TOKEN TYPE FILE: that answer, and nothing imported
refused() {
    local want=$1 text=$2
    shift 2
    local code; code=$(post "$@")
    [ "$code" = "$want" ] || say "$3: status $code, not $want: $(cat reply.txt)"
    [ "$(cat reply.txt)" = "$text" ] || say "$3: '$(cat reply.txt)', not '$text'"
    [ "$(events)" = 2 ] || say "$3: a refused import left $(events) events"
}

H=side,corps,division,arm,leader,batteries,brigade,brigadier,brigadier_rating,stands,morale
printf '%s\nunion,I Corps,Wadsworth,,,,Iron Brigade,,,8,crack\nunion,I Corps,Wadsworth,,,,Cutler,,,31,veteran\n' "$H" >bad.csv
refused 400 '{"error":"sheet:3: stands '\''31'\'' takes a whole number 1..30 (blank: rolled)"}' \
    "$ump" text/csv bad.csv
# the second division's name is taken: the first is not imported either
printf '%s\nunion,I Corps,Wadsworth,,,,,,,,\nunion,,Buford,,,,,,,,\n' "$H" >dup.csv
refused 400 '{"error":"sheet:3: a division named '\''Buford'\'' is already in this campaign (division 1): give each division its own name"}' \
    "$ump" text/csv dup.csv
refused 403 '{"error":"campaign/import: the umpire'\''s link only"}' "$uni" text/csv "$sample"
refused 415 '{"error":"send the order of battle as it is (Content-Type: text/csv or application/json)"}' \
    "$ump" text/plain "$sample"
printf '{"format":"muster-oob","version":1,"divisions":[{"name":"Gamble","side":"union","brigades":[{"stands":99}]}]}' >bad.json
refused 400 '{"error":"sheet: divisions[0].brigades[0].stands: '\''99'\'' takes a whole number 1..30 (blank: rolled)"}' \
    "$ump" application/json bad.json
printf 'side,division\nunion,Gamble\0\n' >nul.csv
refused 400 '{"error":"the body holds a NUL or bytes that are not UTF-8"}' "$ump" text/csv nul.csv

# the sample, whole: the CLI's answer in JSON, the CLI's sheet back
code=$(post "$ump" text/csv "$sample")
[ "$code" = 200 ] || say "import: status $code: $(cat reply.txt)"
[ "$(cat reply.txt)" = '{"added":5,"first":2,"last":6}' ] || say "import: $(cat reply.txt)"
[ "$(events)" = 7 ] || say "import: $(events) events, not 7"
"$muster" campaign export c.db --format oob-csv | grep -v '^union,,Buford,' | cmp -s - "$sample" ||
    say "the imported sheet does not export as the sample"
# JSON, as export --format oob-json writes it
printf 'side,division,brigade,stands\nunion,Gamble,8th Illinois,6\n' >g.csv
"$muster" campaign new g.db --name G --year 1863 --theater east >/dev/null
"$muster" campaign import g.db --from g.csv >/dev/null
"$muster" campaign export g.db --format oob-json >g.json
code=$(post "$ump" application/json g.json)
[ "$code" = 200 ] && [ "$(cat reply.txt)" = '{"added":1,"first":7,"last":7}' ] ||
    say "import JSON: $code $(cat reply.txt)"
"$muster" campaign export c.db --format oob-csv | grep -qx 'union,,Gamble,infantry,,,8th Illinois,,,6,' ||
    say "Gamble not imported as sent"
"$muster" campaign check c.db >check.txt || say "check: $(cat check.txt)"
exit $fail
