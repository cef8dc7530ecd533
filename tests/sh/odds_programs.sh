#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The dice programs of 'odds fire --to dicelab', run by Debian's dicelab,
# against muster's exact odds: a matrix of weapons, ranges, figures and
# crews, each by the additive rule and per figure. dicelab -c prints six
# decimals, so each probability must be within half a unit of the sixth
# (5e-7) of muster's, and no outcome may be missing from either side.
# Skipped (77) without dicelab or python3.
set -u
muster=$1
command -v dicelab >/dev/null || { echo "SKIP: dicelab is missing (apt-get install dicelab)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is missing"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0 n=0
volleys=(
    "--weapon musket --range 0 --figures 1"
    "--weapon musket --range 5 --figures 11"
    "--weapon musket --range 11 --figures 24"
    "--weapon musket --range 3 --figures 10 --cover"
    "--weapon rifle --range 3 --figures 8"
    "--weapon rifle --range 27.5 --figures 12"
    "--weapon canister --range 10 --crew 6"
    "--weapon canister --range 22.5 --crew 5"
    "--weapon roundshot --range 50 --crew 6"
    "--weapon roundshot --range 33 --crew 4"
    "--weapon gun --range 12 --crew 6"
    "--weapon gun --range 40 --crew 3"
    "--weapon musket --range 16 --figures 9"
)
for v in "${volleys[@]}"; do
    for m in additive per-figure; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$muster" odds fire $v --method $m --to dicelab >q.dl &&
            "$muster" odds fire $v --method $m --format json >exact.json || {
            echo "FAIL muster refused: $v --method $m"; fail=1; continue; }
        timeout 60 dicelab -c -f q.dl >dl.txt 2>&1 || {
            echo "FAIL dicelab on $v --method $m:"; cat q.dl dl.txt; fail=1; continue; }
        python3 - exact.json dl.txt "${m/-/_}" <<'PY' || { echo "  in: $v --method $m"; cat q.dl; fail=1; }
import json, sys
exact = json.load(open(sys.argv[1]))[sys.argv[3]]["p"]
got = {}
for line in open(sys.argv[2]):
    k, p = line.split()
    got[int(k)] = float(p)
bad = 0
for k in sorted(set(got) | {int(x) for x in exact}):
    want = exact.get(str(k), 0.0)
    have = got.get(k)
    if have is None:
        if want >= 5e-7:
            print(f"FAIL {k} hits: muster {want!r}, dicelab has no row"); bad = 1
    elif abs(have - want) > 5.0000001e-7:
        print(f"FAIL {k} hits: muster {want!r}, dicelab {have!r}"); bad = 1
sys.exit(bad)
PY
    done
done
[ $fail -eq 0 ] && echo "ok: $n programs agree with dicelab"
exit $fail
