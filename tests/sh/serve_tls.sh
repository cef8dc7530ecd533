#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster serve --tls-cert/--tls-key: HTTPS with a club's own certificate.
# The API answers over TLS what the CLI prints, a token's page works there,
# plain HTTP gets no answer, the links are https://, and a certificate
# without its key, or a key that is no key, is refused before anything is
# served. Certificates are made here with openssl, as a club would.
set -u
muster=$1
for t in openssl curl; do
  command -v "$t" >/dev/null || { echo "SKIP: $t is not installed"; exit 77; }
done
dir=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail=0 pass=0
check() { # name, condition result
  if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

cd "$dir" || exit 1
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
  -keyout key.pem -out cert.pem -days 30 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 2>/dev/null || { echo "FAIL: openssl"; exit 1; }

"$muster" campaign new c.db --name Tls --year 1863 --theater east >/dev/null
"$muster" campaign add c.db --side union --name Wadsworth >/dev/null
"$muster" serve --listen 127.0.0.1 --port 0 --no-qr --campaign c.db \
  --tls-cert cert.pem --tls-key key.pem >out 2>err &
pid=$!
for _ in $(seq 100); do
  grep -q '://' out 2>/dev/null && break
  sleep 0.05
done
url=$(grep -o 'https://127.0.0.1:[0-9]*/' out | head -1)
[ -n "$url" ]; check "the server prints an https:// link" $?
! grep -q 'http://' out; check "and no http:// one" $?
port=${url##*:}; port=${port%/}

api=$(curl -s --cacert cert.pem "${url}api/division?army=union&year=1863&theater=east&seed=7")
cli=$("$muster" division --army union --year 1863 --theater east --seed 7 --format json)
[ "$api" = "$cli" ]; check "a division over HTTPS equals the CLI" $?

token=$(grep -o '#t=[0-9a-f]*' out | head -1 | cut -c4-)
show=$(curl -s --cacert cert.pem -H "X-Muster-Token: $token" "${url}api/campaign/show")
[ "$show" = "$("$muster" campaign show c.db --format json)" ]; check "the umpire's token over HTTPS" $?
# a change from the page's own https origin is taken; one from the http
# origin of the same host is not the page's
code=$(curl -s -o /dev/null -w '%{http_code}' --cacert cert.pem -X POST \
  -H "X-Muster-Token: $token" -H "Origin: https://127.0.0.1:$port" \
  -H 'Content-Type: application/json' -d '{"side":"confederate","name":"Heth"}' \
  "${url}api/campaign/add")
[ "$code" = 200 ]; check "a change from the https origin is recorded ($code)" $?
code=$(curl -s -o /dev/null -w '%{http_code}' --cacert cert.pem -X POST \
  -H "X-Muster-Token: $token" -H "Origin: http://127.0.0.1:$port" \
  -H 'Content-Type: application/json' -d '{"side":"confederate","name":"Early"}' \
  "${url}api/campaign/add")
[ "$code" = 403 ]; check "one from the http origin is refused ($code)" $?
"$muster" campaign show c.db | grep -q Heth && ! "$muster" campaign show c.db | grep -q Early
check "the ledger holds the one change" $?
page=$(curl -s --cacert cert.pem "$url")
case $page in *'<html'*) true ;; *) false ;; esac; check "the page over HTTPS" $?

out=$(curl -s -m 5 "http://127.0.0.1:$port/api/division?army=union" 2>&1)
[ -z "$out" ] || ! printf '%s' "$out" | grep -q army; check "plain HTTP is not answered" $?
kill -TERM "$pid"; wait "$pid"; rc=$?; pid=
[ "$rc" = 0 ]; check "SIGTERM stops it cleanly ($rc)" $?

# refusals, before anything listens
err=$("$muster" serve --listen 127.0.0.1 --port 0 --tls-cert cert.pem 2>&1 >/dev/null); rc=$?
[ "$rc" = 2 ] && printf '%s' "$err" | grep -q -- '--tls-key FILE'
check "a certificate without its key: exit 2 ($rc: $err)" $?
printf 'not a key\n' >bad.pem
err=$(timeout 10 "$muster" serve --listen 127.0.0.1 --port 0 --no-qr --tls-cert cert.pem --tls-key bad.pem 2>&1 >/dev/null); rc=$?
[ "$rc" = 2 ] && printf '%s' "$err" | grep -q 'cannot serve HTTPS'
check "a key that is no key: exit 2, said plainly ($rc: $err)" $?
err=$("$muster" serve --listen 127.0.0.1 --port 0 --tls-cert cert.pem --tls-key missing.pem 2>&1 >/dev/null); rc=$?
[ "$rc" = 1 ] && printf '%s' "$err" | grep -q 'missing.pem'
check "a missing key file: exit 1 naming it ($rc: $err)" $?

# a player's link for that server
link=$("$muster" campaign links c.db --side union --https --listen 127.0.0.1 --port 8443 --no-qr)
printf '%s' "$link" | grep -q 'https://127.0.0.1:8443/#t='; check "campaign links --https" $?

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
