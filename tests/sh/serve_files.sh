#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster serve's files: the page's at / gzipped (as the build
# made them) to a browser that takes gzip, as they are to one that does
# not; every file of the page with a validator (ETag), and 304
# with no body to a browser that has it already.
set -u
muster=$1
site=$(dirname "$muster")/muster-site
[ -f "$site/muster-core.wasm" ] || { echo "SKIP: no muster-site/ (emscripten)"; exit 77; }
command -v curl >/dev/null || { echo "SKIP: curl is not installed"; exit 77; }
[ -f "$site/muster-core.wasm.gz" ] || { echo "FAIL: the build made no muster-core.wasm.gz"; exit 1; }
dir=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
fail=0 pass=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }
"$muster" serve --listen 127.0.0.1 --port 0 --no-qr >"$dir/out" 2>"$dir/err" &
pid=$!
for _ in $(seq 100); do grep -q 'http://' "$dir/out" && break; sleep 0.05; done
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$dir/out" | head -1)

get() { # URL OUT [HEADER...]: the body to OUT, the headers to OUT.h
  local url=$1 out=$2; shift 2
  local h=(); for x in "$@"; do h+=(-H "$x"); done
  curl -s -D "$out.h" -o "$out" "${h[@]}" "$url"
}
header() { grep -i "^$1:" "$2.h" | head -1 | cut -d' ' -f2- | tr -d '\r'; }

get "$base/muster-core.wasm" "$dir/z" 'Accept-Encoding: gzip, deflate, br'
[ "$(header Content-Encoding "$dir/z")" = gzip ] && cmp -s "$dir/z" "$site/muster-core.wasm.gz"
check "the WebAssembly gzipped to a browser that takes gzip" $?
gunzip -c "$dir/z" | cmp -s - "$site/muster-core.wasm"; check "and it is the file" $?
raw=$(stat -c %s "$site/muster-core.wasm") packed=$(stat -c %s "$dir/z")
[ "$packed" -lt $((raw / 2)) ]; check "at less than half its size ($packed of $raw bytes)" $?
get "$base/muster-core.wasm" "$dir/r"
[ -z "$(header Content-Encoding "$dir/r")" ] && cmp -s "$dir/r" "$site/muster-core.wasm"
check "as it is to one that does not" $?
[ "$(header Vary "$dir/r")" = Accept-Encoding ]; check "Vary: Accept-Encoding" $?
tz=$(header ETag "$dir/z") tr=$(header ETag "$dir/r")
[ -n "$tz" ] && [ -n "$tr" ] && [ "$tz" != "$tr" ]; check "each coding its own validator ($tz, $tr)" $?
code=$(curl -s -o "$dir/n" -w '%{http_code}' -H "If-None-Match: $tz" -H 'Accept-Encoding: gzip' "$base/muster-core.wasm")
[ "$code" = 304 ] && [ ! -s "$dir/n" ]; check "304 and no body to a browser that has it ($code)" $?
code=$(curl -s -o /dev/null -w '%{http_code}' -H 'If-None-Match: "0000"' "$base/muster-core.wasm")
[ "$code" = 200 ]; check "200 to one whose copy is another ($code)" $?
get "$base/" "$dir/p"
tp=$(header ETag "$dir/p")
code=$(curl -s -o "$dir/n" -w '%{http_code}' -H "If-None-Match: $tp" "$base/")
[ -n "$tp" ] && [ "$code" = 304 ]; check "the page has its validator too ($tp, $code)" $?
code=$(curl -s -o /dev/null -w '%{http_code}' "$base/muster-core.wasm.gzz")
[ "$code" = 404 ]; check "a name that is not there: 404" $?
code=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "$base/app/")
[ "$code" = "301 $base/" ]; check "the old second page, /app/, leads to / ($code)" $?
get "$base/" "$dir/i" 'Accept-Encoding: gzip'
gunzip -c "$dir/i" | cmp -s - "$site/index.html"; check "/ is the folder's page, gzipped" $?
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
