#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs one golden CLI case: run_cli.sh MUSTER CASE.case
# A case is one file: a header, then sections, each to the next section or
# the end of the file:
#   args: WORDS    the arguments, one line, shell words, run in a fresh
#                  temporary folder holding data -> tests/data ($SRC is the
#                  source tree)
#   setup: WORDS   (optional) a shell command run first in that folder, its
#                  output discarded, $MUSTER the tool (a campaign the case
#                  then changes: setup: sh data/offers.sh); failing fails
#   code: N        the expected exit code (no line: 0)
#   # ...          a comment (header only)
#   ==> stdin <==  standard input (no section: /dev/null)
#   ==> stdout <== expected stdout, compared exactly (no section: not checked)
#   ==> stderr <== expected stderr, compared exactly (no section: must be
#                  empty when the exit code is 0, not checked otherwise)
# A section holds its lines as they are, each ending in a newline; a
# section whose text does not end in one says so in its line:
# "==> stderr, no newline at the end <==". No line of a section may start
# with "==> ".
# MUSTER_UPDATE=1 rewrites the case's stdout, stderr and code from the
# actual run, keeping its args, comments and stdin (review the diff!).
# run_cli.sh --convert DIR/NAME turns the old form of a case
# (NAME.args, .out, .err, .code, .stdin) into DIR/NAME.case.
set -u
export LC_ALL=C

# Writes section $1 from file $2 (none when $2 is empty) to stdout.
section() {
    [ -n "$2" ] || return 0
    if grep -q '^==> ' "$2"; then
        echo "run_cli.sh: $1 has a line starting '==> ', which a case cannot hold" >&2
        return 1
    fi
    if [ -s "$2" ] && [ -n "$(tail -c1 "$2")" ]; then
        printf '==> %s, no newline at the end <==\n' "$1"
        cat "$2"
        printf '\n'
    else
        printf '==> %s <==\n' "$1"
        cat "$2"
    fi
}

# Writes case $1: header lines from file $2 (args, comments), exit code $3,
# then the stdin, stdout and stderr sections from files $4 $5 $6 (each may
# be empty: no section).
write_case() {
    {
        cat "$2"
        [ "$3" = 0 ] || printf 'code: %s\n' "$3"
        section stdin "$4" && section stdout "$5" && section stderr "$6"
    } >"$1.tmp" && mv "$1.tmp" "$1" || { rm -f "$1.tmp"; return 1; }
}

# --old FILE.args...: the test that fails while a case is in the old form.
if [ "${1:-}" = --old ]; then
    shift
    echo "tests/cli has cases in the old form, which no longer run; convert each"
    echo "with 'bash tests/run_cli.sh --convert tests/cli/NAME' (it makes NAME.case):"
    printf '  %s\n' "$@"
    exit 1
fi
if [ "${1:-}" = --convert ]; then
    old=$2
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' EXIT
    printf 'args: %s\n' "$(cat "$old.args")" >"$tmp"
    code=0
    [ -f "$old.code" ] && code=$(cat "$old.code")
    in='' out='' err=''
    [ -f "$old.stdin" ] && in=$old.stdin
    [ -f "$old.out" ] && out=$old.out
    [ -f "$old.err" ] && err=$old.err
    write_case "$old.case" "$tmp" "$code" "$in" "$out" "$err" || exit 1
    rm -f "$old.args" "$old.code" "$old.stdin" "$old.out" "$old.err"
    exit 0
fi

muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
case=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
SRC=$(cd "$(dirname "$0")/.." && pwd)
export SRC
# The golden output is English: the messages of the C locale, whatever
# the machine's own language (tests/sh/german.sh runs the German ones).
export LC_ALL=C
unset LANGUAGE
# Campaign events are recorded at this time, not the clock's (cmd/ reads
# $MUSTER_NOW first), so that a golden log comes out the same every run.
export MUSTER_NOW=2026-12-01T19:30:00Z
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/case" "$work/run"

# Splits the case into $work/case/{head,args,code,stdin,stdout,stderr} (a
# section's file exists only when the case has that section).
awk -v d="$work/case" '
    /^==> (stdin|stdout|stderr)(, no newline at the end)? <==$/ {
        sec = $2; sub(/,$/, "", sec)
        if (sec in seen) { print "section " sec " given twice"; exit 2 }
        seen[sec] = 1
        printf "" > (d "/" sec)
        if ($0 ~ /no newline/) print sec > (d "/nonl")
        next
    }
    sec == "" {
        if ($0 ~ /^args:( |$)/) { args = 1; print substr($0, 7) > (d "/args") }
        else if ($0 ~ /^setup: /) { print substr($0, 8) > (d "/setup") }
        else if ($0 ~ /^code: [0-9]+$/) { print substr($0, 7) > (d "/code"); next }
        else if ($0 !~ /^#/ && $0 != "") { print "line " NR ": not args:, setup:, code: or a comment"; exit 2 }
        print > (d "/head")
        next
    }
    { print > (d "/" sec) }
    END { if (!args) { print "no args: line"; exit 2 } }' "$case" ||
    { echo "run_cli.sh: $case: malformed"; exit 2; }
if [ -f "$work/case/nonl" ]; then
    while read -r sec; do truncate -s -1 "$work/case/$sec"; done <"$work/case/nonl"
fi

cd "$work/run" || exit 1
# data files as data/NAME, so messages show short relative paths
ln -s "$SRC/tests/data" data
if [ -f "$work/case/setup" ] &&
    ! (MUSTER=$muster; export MUSTER; eval "$(cat "$work/case/setup")") \
        >"$work/setup.out" 2>&1; then
    echo "setup failed: $(cat "$work/case/setup")"; cat "$work/setup.out"; exit 1
fi
eval "set -- $(cat "$work/case/args")"
stdin=/dev/null
[ -f "$work/case/stdin" ] && stdin="$work/case/stdin"
"$muster" "$@" <"$stdin" >"$work/out" 2>"$work/err"
code=$?
want=0
[ -f "$work/case/code" ] && want=$(cat "$work/case/code")
if [ "${MUSTER_UPDATE:-}" = 1 ]; then
    in='' err=''
    [ -f "$work/case/stdin" ] && in=$work/case/stdin
    [ -s "$work/err" ] && err=$work/err
    write_case "$case" "$work/case/head" "$code" "$in" "$work/out" "$err"
    exit
fi
fail=0
if [ "$code" != "$want" ]; then
    echo "exit code $code, expected $want"; fail=1
fi
if [ -f "$work/case/stdout" ] &&
    ! diff -u --label "$(basename "$case") stdout" --label actual "$work/case/stdout" "$work/out"; then
    echo "stdout differs"; fail=1
fi
if [ -f "$work/case/stderr" ]; then
    if ! diff -u --label "$(basename "$case") stderr" --label actual "$work/case/stderr" "$work/err"; then
        echo "stderr differs"; fail=1
    fi
elif [ "$want" = 0 ] && [ -s "$work/err" ]; then
    echo "unexpected stderr:"; cat "$work/err"; fail=1
fi
exit $fail
