#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# sim --time-limit: 10^12 trials asked for, one second given: the run stops
# cleanly (exit 0) well within the bound, says how many trials it ran and
# what they are worth, and its result is exactly that of asking for that
# many trials (whole blocks of 65536 from the first, any number of threads).
set -u
muster=$1
fail=0
check() { [ "$2" = "$3" ] || { echo "FAIL $1: expected '$2', got '$3'"; fail=1; }; }
for what in "division --army union" "corps --army confederate --divisions 2" \
            "fire --weapon musket --range 5 --figures 20"; do
    out=$(timeout 60 "$muster" sim $what --trials 1000000000000 \
          --time-limit 1 --seed 7 --threads 2)
    check "sim $what exit" 0 $?
    note=$(printf '%s\n' "$out" | grep '^Stopped by --time-limit')
    n=$(printf '%s\n' "$note" | sed -n 's/^Stopped by --time-limit after \([0-9]*\) of 1000000000000 trials: each percentage above is within [0-9.]* points of its exact chance at 95% confidence\.$/\1/p')
    if [ -z "$n" ]; then
        echo "FAIL sim $what: no time-limit note in: $note"; fail=1; continue
    fi
    [ $((n % 65536)) = 0 ] || { echo "FAIL sim $what: $n is not whole blocks"; fail=1; }
    again=$("$muster" sim $what --trials "$n" --seed 7 --threads 1)
    check "sim $what: the same as --trials $n" "$again" \
        "$(printf '%s\n' "$out" | sed '/^$/N;/\nStopped by --time-limit/d')"
done
# A run that ends before its time says nothing more.
out=$("$muster" sim division --army union --trials 1000 --time-limit 100 --seed 1)
check "short run: no note" "" "$(printf '%s\n' "$out" | grep Stopped)"
[ $fail = 0 ] && echo "all passed"
exit $fail
