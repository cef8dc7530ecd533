#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster serve under load: wrk (Debian's) on the loopback address, 256
# connections, on /api/fire and /api/division with a seed, each for SECONDS
# (default 30), next to the goals (>= 20 000 requests/s on two cores, p99 <=
# 20 ms, no errors). It notes the machine: processors and load average
# before and after, since wrk and the server share the processors. Bounded:
# two runs of SECONDS and a few seconds more.
#   bench/serve_load.sh [SECONDS] [MUSTER]       (MUSTER: build/muster)
set -euo pipefail
secs=${1:-30}
muster=${2:-build/muster}
[[ "$secs" =~ ^[0-9]+$ ]] && [ "$secs" -gt 0 ] && [ "$secs" -le 600 ] ||
  { echo "serve_load.sh: SECONDS is a whole number 1..600" >&2; exit 2; }
command -v wrk >/dev/null || { echo "serve_load.sh: wrk is missing: apt-get install wrk" >&2; exit 2; }
[ -x "$muster" ] || { echo "serve_load.sh: no $muster: build it first" >&2; exit 2; }
conns=256
dir=$(mktemp -d)
"$muster" serve --listen 127.0.0.1 --port 0 --no-qr >"$dir/out" 2>"$dir/err" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do grep -q Ctrl-C "$dir/out" && break; sleep 0.05; done
port=$(grep -o 'http://127.0.0.1:[0-9]*' "$dir/out" | head -1 | sed 's/.*://')
[ -n "$port" ] || { echo "serve_load.sh: muster serve did not start" >&2; cat "$dir/err" >&2; exit 1; }
ulimit -n 4096 2>/dev/null || true

cpus=$(nproc)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
echo "muster serve on 127.0.0.1 (--threads $cpus, one per processor), wrk -t2 -c$conns -d${secs}s --latency"
echo "machine: $cpus processors shared by wrk and the server; load average before: $load0"
printf '%-16s %10s %10s %9s %8s %8s %7s\n' what 'req/s' goal 'p50 ms' 'p99 ms' goal errors
fails=0
run() { # name path
  local f="$dir/wrk.${1//\//_}"
  wrk -t2 -c"$conns" -d"${secs}s" --timeout 5s --latency "http://127.0.0.1:$port$2" >"$f"
  local rps p50 p99 errs non2xx
  rps=$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' "$f")
  ms() { awk -v q="$1" '$1 == q {v = $2; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000}
         else if (v ~ /ms$/) sub(/ms$/, "", v); else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}
         printf "%.1f", v}' "$f"; }
  p50=$(ms 50%) p99=$(ms 99%)
  errs=$(awk '/Socket errors/ {gsub(/,/, ""); print $4 + $6 + $8 + $10}' "$f")
  non2xx=$(awk '/Non-2xx/ {print $NF}' "$f")
  errs=$(( ${errs:-0} + ${non2xx:-0} ))
  printf '%-16s %10s %10s %9s %8s %8s %7s\n' "$1" "$rps" '>= 20000' "$p50" "$p99" '<= 20' "$errs"
  awk -v r="$rps" -v p="$p99" -v e="$errs" 'BEGIN {exit !(r >= 20000 && p <= 20 && e == 0)}' ||
    fails=$((fails + 1))
}
run /api/fire '/api/fire?weapon=musket&range=5&figures=11&seed=7'
run /api/division '/api/division?army=union&seed=7'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
kill -TERM "$pid"
wait "$pid" && echo "SIGTERM: a clean stop (exit 0)" || echo "SIGTERM: exit $?"
[ "$fails" = 0 ] && echo "every goal met" || echo "$fails of 2 runs missed a goal (see the load average: the machine is shared)"
