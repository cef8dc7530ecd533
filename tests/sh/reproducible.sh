#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A result without --seed prints its seed, and that seed repeats it exactly;
# the first K of --count N equal --count K.
set -eu
muster=$1
out=$("$muster" division --army union)
seed=$(printf '%s\n' "$out" | sed -n 's/^seed \([0-9][0-9]*\)$/\1/p')
[ -n "$seed" ] || { echo "no seed footer in: $out"; exit 1; }
again=$("$muster" division --army union --seed "$seed")
[ "$out" = "$again" ] || { echo "seed $seed did not repeat the division"; exit 1; }
json_seed=$("$muster" battle --format json | sed -n 's/^\t"seed":\t\([0-9]*\)$/\1/p')
[ -n "$json_seed" ] || { echo "no seed in battle JSON"; exit 1; }
five=$("$muster" division --army confederate --count 5 --seed 9 --format jsonl | head -n 3)
three=$("$muster" division --army confederate --count 3 --seed 9 --format jsonl)
# --count adds an "index" key; the divisions themselves must be identical
[ "$five" = "$three" ] || { echo "--count 5 does not start with --count 3"; exit 1; }
# The result is the seed's whatever the threads, even held to one
# processor.
sim() { # THREADS [COMMAND PREFIX...]
    local t=$1; shift
    "$@" "$muster" sim division --army union -n 200000 --seed 5 --threads "$t"
}
ref=$(sim 1)
for t in 2 3; do
    [ "$(sim $t)" = "$ref" ] ||
        { echo "--threads $t changed the simulation"; exit 1; }
    [ "$(sim $t taskset -c 0)" = "$ref" ] ||
        { echo "--threads $t on one processor changed the simulation"; exit 1; }
done
echo "2 passed, 0 failed"
