#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster serve over raw HTTP (bash's /dev/tcp, loopback only): the API
# answers what the CLI prints, bad requests get their status and change
# nothing, tokens decide who sees what, SIGTERM stops it cleanly.
set -u
muster=$1
dir=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT
fail=0 pass=0
check() { # name, condition result
  if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# start NAME ARGS...: runs muster serve on a free port; sets $port.
start() {
  local name=$1; shift
  "$muster" serve --listen 127.0.0.1 --port 0 --no-qr "$@" >"$dir/$name.out" 2>"$dir/$name.err" &
  pids+=($!)
  eval "${name}_pid=$!"
  for _ in $(seq 100); do
    grep -q 'http://' "$dir/$name.out" 2>/dev/null && break
    sleep 0.05
  done
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$dir/$name.out" | head -1 | sed 's/.*://')
}

# req PORT RAW-REQUEST: prints the whole response (HTTP/1.0: one request).
req() {
  exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
  printf '%b' "$2" >&3
  timeout 10 cat <&3
  exec 3<&-
}
status() { head -1 | tr -d '\r' | cut -d' ' -f2; }
body() { sed '1,/^\r$/d'; }
get() { req "$1" "GET $2 HTTP/1.0\r\nHost: 127.0.0.1:$1\r\n${3:-}\r\n"; }

start plain
[ -n "$port" ]; check "server prints its URL" $?

# The API answers exactly what the CLI prints with --format json.
api=$(get "$port" '/api/fire?weapon=musket&range=5&figures=11&rolls=37' | body)
cli=$("$muster" fire --weapon musket --range 5 --figures 11 --rolls 37 --format json)
cli_fire=$cli
[ "$api" = "$cli" ]; check "fire equals the CLI" $?
api=$(get "$port" '/api/division?army=confederate&year=1863&theater=east&seed=7' | body)
cli=$("$muster" division --army confederate --year 1863 --theater east --seed 7 --format json)
[ "$api" = "$cli" ]; check "division equals the CLI" $?
api=$(get "$port" '/api/fire?weapon=gun&range=7%201%2F3&cover&seed=3' | body)
cli=$("$muster" fire --weapon gun --range "7 1/3" --cover --seed 3 --format json)
[ "$api" = "$cli" ]; check "escapes and a bare switch" $?
api=$(get "$port" '/api/odds/fire?weapon=rifle&range=12&figures=8&method=both' | body)
cli=$("$muster" odds fire --weapon rifle --range 12 --figures 8 --method both --format json)
[ "$api" = "$cli" ]; check "odds fire equals the CLI" $?
# Lengths in centimetres (issue 40): the same answer as the CLI, the
# range fired at the same as 5 inches', the unit said; a unit muster does
# not know is a 400 naming the ones it does.
api=$(get "$port" '/api/fire?weapon=musket&range=12.5cm&figures=11&rolls=37' | body)
cli=$("$muster" fire --weapon musket --range 12.5cm --figures 11 --rolls 37 --format json)
[ "$api" = "$cli" ] && grep -q '"unit":	"cm"' <<<"$api" &&
  [ "$(grep -o '"range":	[0-9.]*' <<<"$api")" = "$(grep -o '"range":	[0-9.]*' <<<"$cli_fire")" ]
check "fire at 12.5cm equals the CLI and 5 inches" $?
api=$(get "$port" '/api/odds/fire?weapon=musket&range=31.75%20cm&cm-per-inch=2.54&figures=2' | body)
cli=$("$muster" odds fire --weapon musket --range "31.75 cm" --cm-per-inch 2.54 --figures 2 --format json)
[ "$api" = "$cli" ] && grep -q '"range":	12.5,' <<<"$api"
check "odds fire at 31.75 cm, 2.54 to the inch" $?
r=$(get "$port" '/api/fire?weapon=musket&range=12.5furlongs&figures=11')
[ "$(status <<<"$r")" = 400 ] && body <<<"$r" | grep -q "centimetres (12.5cm); no unit 'furlongs'"
check "an unknown unit: 400 naming in and cm" $?
# Bytes that are not UTF-8 are never echoed into an error (which stays
# valid UTF-8 JSON); a Host that is not the server's is refused (DNS
# rebinding); a simulation keeps to its budget of one thread and
# WEB_SIM_SECONDS (issue 27, items 8 and 9). The strict body is below.
utf8_json() { python3 -c 'import json, sys; json.loads(sys.stdin.buffer.read().decode("utf-8"))'; }
for q in 'weapon=musk%FFet&range=5&figures=11' 'weap%FEon=musket' 'weapon=%C0%AF'; do
  r=$(get "$port" "/api/fire?$q")
  [ "$(status <<<"$r")" = 400 ] && body <<<"$r" | utf8_json
  check "a query that is not UTF-8: 400 in UTF-8 JSON ($q)" $?
done
r=$(get "$port" '/api/fr%FFe?weapon=musket')
[ "$(status <<<"$r")" = 400 ] && body <<<"$r" | utf8_json
check "an address that is not UTF-8: 400 in UTF-8 JSON" $?
for h in "evil.example:$port" evil.example "127.0.0.1.evil.example:$port"; do
  r=$(req "$port" "GET /api/fire?weapon=musket&range=5&figures=11 HTTP/1.0\r\nHost: $h\r\n\r\n")
  [ "$(status <<<"$r")" = 421 ] && body <<<"$r" | utf8_json
  check "a foreign Host ($h): 421" $?
done
for h in "127.0.0.1:$port" "localhost:$port" LOCALHOST 127.0.0.1; do
  r=$(req "$port" "GET /api/fire?weapon=musket&range=5&figures=11&rolls=37 HTTP/1.0\r\nHost: $h\r\n\r\n")
  [ "$(status <<<"$r")" = 200 ]; check "this computer's Host ($h): 200" $?
done
r=$(get "$port" '/api/sim/fire?weapon=musket&range=5&figures=11&threads=2')
[ "$(status <<<"$r")" = 400 ]; check "a simulation on two threads: 400" $?
r=$(get "$port" '/api/sim/fire?weapon=musket&range=5&figures=11&time-limit=60')
[ "$(status <<<"$r")" = 400 ]; check "a simulation past its time budget: 400" $?
r=$(get "$port" '/api/sim/fire?weapon=musket&range=5&figures=11&trials=65536&seed=4')
cli=$("$muster" sim fire --weapon musket --range 5 --figures 11 --trials 65536 --seed 4 --format json)
[ "$(status <<<"$r")" = 200 ] && [ "$(body <<<"$r")" = "$cli" ]
check "a simulation within its budget equals the CLI" $?

# Without dice the server draws a seed and returns it; it repeats.
r=$(get "$port" '/api/division?army=union' | body)
seed=$(printf '%s\n' "$r" | sed -n 's/^\t"seed":\t\([0-9]*\)$/\1/p')
[ -n "$seed" ] && [ "$r" = "$("$muster" division --army union --seed "$seed" --format json)" ]
check "a drawn seed is returned and repeats" $?

# Bad input: its status, and a JSON error naming the option.
r=$(get "$port" '/api/fire?weapon=musket&range=-5&figures=11')
[ "$(status <<<"$r")" = 400 ] && body <<<"$r" | grep -q '"error":".*--range'
check "bad value: 400 naming the option" $?
r=$(get "$port" '/api/fire?weapon=musket&range=5&figures=11&bogus=1')
[ "$(status <<<"$r")" = 400 ] && body <<<"$r" | grep -q 'bogus'
check "unknown option: 400 naming it" $?
[ "$(get "$port" '/api/nonsense' | status)" = 404 ]; check "unknown command: 404" $?
[ "$(get "$port" '/api/division?army=union&rules=/etc/passwd' | status)" = 400 ]
check "no server files through the API" $?
long=$(head -c 9000 /dev/zero | tr '\0' a)
[ "$(get "$port" "/api/fire?x=$long" | status)" = 414 ]; check "URL over 8 KiB: 414" $?
big=$(head -c 20000 /dev/zero | tr '\0' a)
[ "$(get "$port" /api/fire "X-Big: $big\r\n" | status)" = 431 ]; check "headers too large: 431" $?
r=$(req "$port" "POST /api/campaign/show HTTP/1.0\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n")
[ "$(status <<<"$r")" = 413 ]; check "body over 64 KiB: 413" $?
[ "$(req "$port" "DELETE / HTTP/1.0\r\nHost: x\r\n\r\n" | status)" = 405 ]; check "DELETE: 405" $?
# Every refusal has a JSON body, also those libmicrohttpd would make itself
# (far past its memory limit, malformed, another HTTP version): the gate
# answers a connection's first request, the handler the rest.
refused() { # name, expected status, raw request
  local r; r=$(req "$port" "$3")
  [ "$(status <<<"$r")" = "$2" ] && body <<<"$r" | grep -q '^{"error":"[^"]'
  check "$1: $2 with a JSON body" $?
}
huge=$(head -c 300000 /dev/zero | tr '\0' a)
refused "a 300 KB URL" 414 "GET /api/fire?x=$huge HTTP/1.1\r\nHost: x\r\n\r\n"
refused "a 300 KB header" 431 "GET / HTTP/1.1\r\nHost: x\r\nX-Big: $huge\r\n\r\n"
refused "a URL of 9000 bytes" 414 "GET /api/fire?x=$long HTTP/1.1\r\nHost: x\r\n\r\n"
many=$(for i in $(seq 3000); do printf 'X-A: b\\r\\n'; done)
refused "3000 header lines" 431 "GET / HTTP/1.1\r\nHost: x\r\n$many\r\n"
refused "a request line that is not one" 400 "GARBAGE\r\n\r\n"
refused "HTTP/1.1 without Host" 400 "GET / HTTP/1.1\r\n\r\n"
refused "a header line without a colon" 400 "GET / HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n"
refused "HTTP/2.0" 505 "GET / HTTP/2.0\r\nHost: x\r\n\r\n"
refused "a chunked body" 411 "POST /api/campaign/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
# After a first request on a kept-alive connection, the handler refuses.
r=$(req "$port" "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /api/fire?x=$long HTTP/1.1\r\nHost: x\r\n\r\n")
grep -q '^HTTP/1.1 414' <<<"$r" && grep -q '{"error":"the URL is longer than 8 KiB"}' <<<"$r"
check "a second request's long URL: 414 with a JSON body" $?
"$muster" plot curves --weapon gun --cover --out "$dir/ref.svg"
get "$port" '/plot/curves?weapon=gun&cover' | body > "$dir/got.svg"
cmp -s "$dir/got.svg" "$dir/ref.svg"; check "a chart is the SVG muster plot writes" $?
[ "$(get "$port" '/plot/curves?weapon=gun&out=/tmp/x.svg' | status)" = 400 ]
check "a chart's file is the server's choice" $?
[ "$(get "$port" / | status)" = 200 ]; check "the page" $?
get "$port" /app.js | grep -q 'X-Muster-Token'; check "the script" $?

# A campaign: the umpire's link printed, the players' from `campaign links`;
# the token decides the viewer; no token, 403 (but the calculators answer).
"$muster" campaign new "$dir/c.db" --name Test --year 1863 --theater east >/dev/null
"$muster" campaign add "$dir/c.db" --side union --name Wadsworth >/dev/null
"$muster" campaign add "$dir/c.db" --side confederate --name Heth >/dev/null
"$muster" campaign battle start "$dir/c.db" Ridge >/dev/null
"$muster" campaign engage "$dir/c.db" 2 --seed 8 --hidden >/dev/null
start camp --campaign "$dir/c.db"
cport=$port
tok() { "$muster" campaign links "$dir/c.db" --side "$1" --no-qr --listen 127.0.0.1 | grep -o 't=[0-9a-f]*' | cut -c3-; }
ump=$(grep "^  umpire " "$dir/camp.out" | grep -o 't=[0-9a-f]*' | cut -c3-) uni=$(tok union) con=$(tok confederate)
[ ${#ump} = 32 ] && [ ${#uni} = 32 ] && [ ${#con} = 32 ] && [ "$ump" != "$uni" ]
check "three 128-bit tokens" $?
r=$(get "$cport" /api/campaign/show)
[ "$(status <<<"$r")" = 403 ] && [ "$(body <<<"$r")" = forbidden ]
check "no token: 403 and nothing else" $?
[ "$(get "$cport" /api/campaign/show "X-Muster-Token: 0123456789abcdef0123456789abcdef\r\n" | status)" = 403 ]
check "a wrong token: 403" $?
[ "$(get "$cport" /api/division?army=union | status)" = 200 ]
check "the generator needs no token" $?
[ "$(get "$cport" /api/campaign/show "X-Muster-Token: $ump\r\n" | body)" = "$("$muster" campaign show "$dir/c.db" --format json)" ]
check "umpire's show equals the CLI's" $?
[ "$(get "$cport" /api/campaign/show "X-Muster-Token: $uni\r\n" | body)" = "$("$muster" campaign show "$dir/c.db" --side union --format json)" ]
check "the Union link sees the Union view" $?
r=$(get "$cport" /api/campaign/show "X-Muster-Token: $uni\r\n" | body)
# (the divisions only: the prisoners list has its "stands" lists)
grep -q '"id":2,[^}]*"hidden":true,"commitment"' <<<"$r" && ! grep -q '"stands"' <<<"${r%%\"prisoners\":*}"
check "the Union view has no stands of the hidden division" $?
before=$("$muster" campaign log "$dir/c.db" --format json)
post() { # port path token body [extra headers]
  req "$1" "POST $2 HTTP/1.0\r\nHost: 127.0.0.1:$1\r\nX-Muster-Token: $3\r\nContent-Type: application/json\r\nContent-Length: ${#4}\r\n${5:-}\r\n$4"
}
# The JSON body is read strictly (RFC 8259: one object, nothing after it,
# no name twice, no NUL, UTF-8, numbers exactly): each of these was taken
# (a change made) before, and is 400 with nothing changed now.
rawpost() { # port path token body (printf %b escapes): the response
  local n
  n=$(printf '%b' "$4" | wc -c)
  req "$1" "POST $2 HTTP/1.0\r\nHost: 127.0.0.1:$1\r\nX-Muster-Token: $3\r\nContent-Type: application/json\r\nContent-Length: $n\r\n\r\n$4"
}
cas='"div":2,"brigade":1,"lost":1'
for b in "{$cas} x" "{$cas}{\"lost\":1}" "{$cas},{}" "{$cas,\"lost\":2}" \
         '{"div":2,"brigade":1,"lost":0.99999999999999999}' \
         "{$cas,\"captured\":1,\"camp\":\"Libby\\\\u0000x\"}" \
         "{$cas,\"captured\":1,\"camp\":\"Libby\\xffx\"}" \
         "{$cas,\"captured\":1,\"camp\":\"Libby\\xc0\\xafx\"}" \
         "{$cas,\"captured\":1,\"camp\":\"Libby\\\\ud800x\"}" \
         "{$cas,}" '[{"div":2}]' "{$cas"; do
  r=$(rawpost "$cport" /api/campaign/casualties "$ump" "$b")
  [ "$(status <<<"$r")" = 400 ] && body <<<"$r" | utf8_json
  check "a body that is not one strict JSON object: 400 ($b)" $?
done
[ "$("$muster" campaign log "$dir/c.db" --format json)" = "$before" ]
check "no body refused as not strict JSON changed the campaign" $?
[ "$(post "$cport" /api/campaign/casualties "$ump" '{"div":2,"brigade":1,"lost":2}' "Origin: http://evil.example\r\n" | status)" = 403 ]
check "a change from a foreign origin: 403" $?
[ "$(post "$cport" /api/campaign/casualties "$ump" '{"div":2,"brigade":1,"lost":99}' | status)" = 400 ]
check "too many losses: 400" $?
r1=$(post "$cport" /api/campaign/casualties "$uni" '{"div":2,"brigade":1,"lost":1}')
r2=$(post "$cport" /api/campaign/casualties "$uni" '{"div":2,"brigade":3,"lost":30}')
[ "$(status <<<"$r1")" = 400 ] && [ "$(body <<<"$r1")" = "$(body <<<"$r2")" ] && \
  body <<<"$r1" | grep -q 'hidden'
check "acting for the Union, the hidden division is refused with one message" $?
[ "$(post "$cport" /api/campaign/casualties "$uni" '{"div":2,"brigade":1,"lost":1,"as":"confederate"}' | status)" = 400 ]
check "the token, not the request, says who acts" $?
[ "$(get "$cport" '/api/campaign/casualties?div=2&brigade=1&lost=1' "X-Muster-Token: $ump\r\n" | status)" = 405 ]
check "a change by GET: 405" $?
[ "$before" = "$("$muster" campaign log "$dir/c.db" --format json)" ]
check "refused requests changed nothing" $?
r=$(post "$cport" /api/campaign/casualties "$ump" '{"div":2,"brigade":1,"lost":2}' "Origin: http://127.0.0.1:$cport\r\n")
[ "$(status <<<"$r")" = 200 ] && body <<<"$r" | grep -q '"kind":"casualties"'
check "the umpire records casualties" $?
"$muster" campaign show "$dir/c.db" --format json | grep -q '"out":2'
check "written through the library's transaction" $?
r=$(get "$cport" /api/campaign/show "X-Muster-Token: $uni\r\n" | body)$(get "$cport" /api/campaign/log "X-Muster-Token: $uni\r\n" | body)
! grep -q '"lost"\|"brigade"' <<<"$r"
check "the Union link does not see the hidden division's losses" $?
[ "$(get "$cport" '/api/campaign/show?side=confederate' "X-Muster-Token: $uni\r\n" | status)" = 400 ]
check "a side cannot ask for the other's view" $?
r=$(post "$cport" /api/campaign/casualties "$con" '{"div":2,"brigade":1,"lost":1}')
[ "$(status <<<"$r")" = 200 ]; check "the Confederate link records its own division's losses" $?
! get "$cport" /api/campaign/log "X-Muster-Token: $uni\r\n" | grep -q '"lost"'
check "and the Union link does not see them" $?

# The server's log: each refusal a line in the umpire's language (German
# under LANGUAGE=de, English in the C locale), while every answer's JSON
# stays English.
grep -qxF "403 /api/campaign/show: no valid token" "$dir/camp.err"
check "the log in English: a request without a token" $?
if [ -f "$(dirname "$muster")/locale/de/LC_MESSAGES/muster.mo" ]; then
  printf '#!/bin/sh\nLC_ALL=C.UTF-8 LANGUAGE=de exec "%s" "$@"\n' "$muster" >"$dir/muster-de"
  chmod +x "$dir/muster-de"
  english=$muster muster=$dir/muster-de
  start de --campaign "$dir/c.db"
  muster=$english
  dport=$port
  r=$(get "$dport" /api/campaign/show)
  [ "$(status <<<"$r")" = 403 ]; check "German server: no token, 403" $?
  r=$(req "$dport" "GET /api/fire?weapon=musket&range=5&figures=11 HTTP/1.0\r\nHost: evil.example\r\n\r\n")
  [ "$(status <<<"$r")" = 421 ]; check "German server: a foreign Host, 421" $?
  r=$(req "$dport" "FOO\r\n\r\n")
  [ "$(status <<<"$r")" = 400 ] && body <<<"$r" | grep -qF '"the request line is not METHOD PATH HTTP/1.1"'
  check "German server: the refusal's JSON stays English" $?
  r=$(get "$dport" '/api/fire?weapon=musket&range=5&figures=11&rolls=x')
  body <<<"$r" | grep -qF "'x' is not a d100 roll" && ! body <<<"$r" | grep -q "Wurf"
  check "German server: a command's refusal stays English" $?
  r=$(get "$dport" '/plot/nope')
  [ "$(status <<<"$r")" = 404 ] && body <<<"$r" | grep -qF "no chart 'nope'"
  check "German server: a chart's refusal stays English" $?
  for want in "403 /api/campaign/show: kein gültiges Token" \
      "421 /api/fire: ein Host, der nicht der dieses Servers ist" \
      "400 (erste Anfrage) die Anfragezeile ist nicht METHODE PFAD HTTP/1.1"; do
    timeout 10 sh -c "until grep -qxF '$want' '$dir/de.err'; do sleep 0.05; done"
    check "German server's log: $want" $?
  done
  kill -TERM "$de_pid"
  wait "$de_pid"
  grep -qxF "muster serve: gestoppt" "$dir/de.err"
  check "German server: stopped, in German" $?
else
  echo "note: no German catalogue in this build; the German log not tried"
fi

# SIGTERM: a clean stop, and a request in flight finishes. On one kept-alive
# connection: a first request answered, then a POST whose body is half sent
# when the signal comes; the rest follows once the server says it is
# finishing, and the answer arrives before it stops.
exec 4<>"/dev/tcp/127.0.0.1/$cport"
printf 'GET /whoami HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Muster-Token: %s\r\n\r\n' "$ump" >&4
len=0
while IFS= read -r line <&4; do
  line=${line%$'\r'}
  [ -z "$line" ] && break
  case $line in Content-Length:*) len=${line#*: } ;; esac
done
[ "$(head -c "$len" <&4)" != "" ]; check "a kept-alive connection's first answer" $?
b='{"div":2,"brigade":2,"lost":1}'
printf 'POST /api/campaign/casualties HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Muster-Token: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' "$ump" ${#b} "${b:0:10}" >&4
kill -TERM "$camp_pid"
timeout 10 sh -c "until grep -q 'finishing the requests in flight' '$dir/camp.err'; do sleep 0.05; done"
kill -0 "$camp_pid" 2>/dev/null; check "it waits for the request in flight" $?
printf '%s' "${b:10}" >&4
r=$(timeout 10 cat <&4)
exec 4<&-
[ "$(status <<<"$r")" = 200 ] && body <<<"$r" | grep -q '"kind":"casualties"'
check "the request in flight is answered" $?
wait "$camp_pid"; rc=$?
[ $rc = 0 ] && grep -q 'stopped' "$dir/camp.err"; check "SIGTERM stops it cleanly" $?

# The umpire's link sees everything: its QR code is not printed for the
# table to scan, while the calculators' page has one.
qr_of() { # ARGS...: what serve prints, stopped once it listens
  "$muster" serve --listen 127.0.0.1 --port 0 "$@" >"$dir/qr.out" 2>&1 &
  local p=$!
  for _ in $(seq 100); do grep -q 'Ctrl-C' "$dir/qr.out" 2>/dev/null && break; sleep 0.05; done
  kill "$p"; wait "$p" 2>/dev/null
}
qr_of --campaign "$dir/c.db"
grep -q '  umpire  ' "$dir/qr.out" && ! grep -q '█' "$dir/qr.out" &&
  grep -q "QR code only when asked for" "$dir/qr.out"
check "the umpire's link printed without its QR code" $?
qr_of
grep -q '█' "$dir/qr.out"; check "the calculators' page with its QR code" $?
echo "$pass passed, $fail failed"
[ $fail = 0 ]
