#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Stable, private links (issue 22): each viewer's token is kept in the
# campaign file, the same after a restart of the server, never in the log,
# the chain or a player's own file; --rotate revokes the old one, also for
# a server that is running; serve --campaign prints the umpire's link only.
# Loopback only (bash's /dev/tcp).
# usage: campaign_links.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >out.txt 2>err.txt || { cat out.txt err.txt; fail "campaign $*"; }; }
tok() { sed -n 's|.*#t=\([0-9a-f]*\)$|\1|p' out.txt; }
F=c.db
m new $F --name Links --year 1863 --theater east
m add $F --side union --name Wadsworth
m add $F --side confederate --name Heth

m links $F --side union --no-qr --listen 127.0.0.1 --port 8123
grep -qx "The Union player's link; give it to that player only:" out.txt || { cat out.txt; fail "links: its title"; }
u1=$(tok)
[[ $u1 =~ ^[0-9a-f]{32}$ ]] || fail "a 128-bit token: '$u1'"
grep -qx "  http://127.0.0.1:8123/#t=$u1" out.txt || { cat out.txt; fail "links: the URL"; }
m links $F --side union --no-qr --listen 127.0.0.1
[ "$(tok)" = "$u1" ] || fail "asked again, the same link"
m links $F --side confederate --no-qr --listen 127.0.0.1
c1=$(tok)
m links $F --no-qr --listen 127.0.0.1
grep -q "^The umpire's link" out.txt || fail "no --side: the umpire's"
um=$(tok)
[ "$u1" != "$c1" ] && [ "$u1" != "$um" ] && [ "$c1" != "$um" ] || fail "three different tokens"
m links $F --side union --listen 127.0.0.1
grep -q '█' out.txt || fail "a QR code unless --no-qr"

# not the ledger's: no event, no chain, check clean; a player's file lacks it
m log $F
grep -q "$u1\|$c1\|$um" out.txt && fail "a token in the log"
[ "$(sqlite3 $F 'SELECT count(*) FROM events')" = 3 ] || fail "links made no event"
m check $F
m export $F --side union --out u.db
[ "$(sqlite3 u.db 'SELECT count(*) FROM links')" = 0 ] || fail "a player's file keeps the links"
grep -qa "$u1\|$c1\|$um" u.db && fail "a token in the player's file's pages"
"$muster" campaign links u.db --no-qr >out.txt 2>err.txt && fail "links of a player's file"
grep -q "a player's own file has no links" err.txt || { cat err.txt; fail "links of a player's file: the message"; }
# an undo remakes the ledger's tables, not the links
m engage $F 1 --seed 7
m undo $F
m links $F --side union --no-qr --listen 127.0.0.1
[ "$(tok)" = "$u1" ] || fail "undo kept the links"
m check $F

# the server: the umpire's link only; the players' links work, across a restart
start() {
  : >serve.out # emptied here, not by the child: never the last server's port
  "$muster" serve --campaign $F --listen 127.0.0.1 --port 0 --no-qr >serve.out 2>serve.err &
  pids+=($!)
  # up to 20 s: a sanitizer build on a busy machine starts slowly
  for _ in $(seq 400); do grep -q 'Ctrl-C' serve.out 2>/dev/null && break; sleep 0.05; done
  port=$(grep -o 'http://127.0.0.1:[0-9]*' serve.out | head -1 | sed 's/.*://')
  [ -n "$port" ] || { cat serve.out serve.err; fail "serve did not start"; }
}
whoami() { # TOKEN: the status and viewer of GET /whoami
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf 'GET /whoami HTTP/1.0\r\nHost: 127.0.0.1\r\nX-Muster-Token: %s\r\n\r\n' "$1" >&3
  timeout 10 cat <&3 | tr -d '\r' | sed -n '1s/^HTTP[^ ]* \([0-9]*\).*/\1/p; s/.*"viewer":"\([a-z]*\)".*/\1/p' | paste -sd' '
  exec 3<&-
}
start
grep -q "umpire  *http://127.0.0.1:$port/#t=$um\$" serve.out || { cat serve.out; fail "serve prints the umpire's link"; }
grep -q "$u1\|$c1" serve.out && fail "serve prints a player's link"
grep -q "muster campaign links $F --side union" serve.out || { cat serve.out; fail "serve says where the players' links come from"; }
[ "$(whoami "$u1")" = "200 union" ] || fail "the Union link: $(whoami "$u1")"
[ "$(whoami "$c1")" = "200 confederate" ] || fail "the Confederate link"
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null
start
[ "$(whoami "$u1")" = "200 union" ] || fail "the Union link after a restart"
[ "$(whoami "$um")" = "200 umpire" ] || fail "the umpire's link after a restart"
# rotated while serving: the old link stops within a few seconds, the new works
m links $F --side union --rotate --no-qr --listen 127.0.0.1
grep -q "(new: the old one no longer works)" out.txt || fail "rotate says so"
u2=$(tok)
[ "$u2" != "$u1" ] || fail "rotate makes a new token"
for _ in $(seq 100); do [ "$(whoami "$u1")" = "200 nobody" ] && break; sleep 0.1; done
[ "$(whoami "$u1")" = "200 nobody" ] || fail "the rotated link still works: $(whoami "$u1")"
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /api/campaign/show HTTP/1.0\r\nHost: 127.0.0.1\r\nX-Muster-Token: %s\r\n\r\n' "$u1" >&3
st=$(timeout 10 cat <&3 | head -1 | tr -d '\r')
exec 3<&-
[[ $st =~ ^HTTP/1.[01]\ 403 ]] || fail "the rotated link reads the campaign: $st"
[ "$(whoami "$u2")" = "200 union" ] || fail "the new link"
[ "$(whoami "$c1")" = "200 confederate" ] || fail "the other links stay"
# the calculators need no token on a campaign server
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /api/fire?weapon=musket&range=5&figures=11&rolls=37 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
st=$(timeout 10 cat <&3 | head -1 | tr -d '\r')
exec 3<&-
[ "$st" = "HTTP/1.0 200 OK" ] || [ "$st" = "HTTP/1.1 200 OK" ] || fail "the fire calculator without a token: $st"
echo "campaign_links: ok"
