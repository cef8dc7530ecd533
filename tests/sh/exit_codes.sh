#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Exit codes at the edges: a failed write of the output is a failure
# (exit 1, said on stderr); a closed pipe ends the run quietly (exit 0);
# a file that cannot be read is a failure, bad input is 2.
set -u
muster=$1
fail=0
check() { # what expected actual
    if [ "$2" != "$3" ]; then echo "FAIL $1: expected '$2', got '$3'"; fail=1; fi
}
if [ -w /dev/full ]; then
    err=$("$muster" division --army union --seed 1 2>&1 >/dev/full)
    check "/dev/full exit" 1 $?
    check "/dev/full message" "muster: writing the output: No space left on device" "$err"
    err=$("$muster" --help 2>&1 >/dev/full)
    check "--help to /dev/full" 1 $?
fi
errf=$(mktemp)
"$muster" division --army union --count 1000 --seed 1 2>"$errf" | head -1 >/dev/null
check "closed pipe exit" 0 "${PIPESTATUS[0]}"
check "closed pipe stderr" "" "$(cat "$errf")"
rm -f "$errf"
"$muster" division --army union --rules /nonexistent/x.ini 2>/dev/null
check "unreadable file" 1 $?
"$muster" division --army union --rules / 2>/dev/null
check "a folder as a file" 1 $?
for sub in show log prisoners check head; do
    "$muster" campaign $sub / 2>/dev/null
    check "campaign $sub of a folder" 1 $?
done
"$muster" campaign show /dev/null 2>/dev/null
check "campaign show of a device" 1 $?
"$muster" division --army union --year 1870 2>/dev/null
check "bad input" 2 $?
"$muster" division --army union --rolls 50 2>/dev/null
check "rolls ran out" 2 $?
[ $fail = 0 ] && echo "all passed"
exit $fail
