#!/usr/bin/env bash
# Runs one golden CLI case: run_cli.sh MUSTER CASE
#   CASE.args   the arguments, one line, shell words, run in a fresh temporary
#               folder holding data -> tests/data ($SRC is the source tree)
#   CASE.out    expected stdout (compared exactly; absent: not checked)
#   CASE.err    expected stderr (compared exactly; absent: must be empty
#               when the exit code is 0, not checked otherwise)
#   CASE.code   expected exit code (absent: 0)
#   CASE.stdin  standard input (absent: /dev/null)
# MUSTER_UPDATE=1 rewrites .out and .err from the actual run (review the diff!).
set -u
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
case=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
SRC=$(cd "$(dirname "$0")/.." && pwd)
export SRC
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
# data files as data/NAME, so messages show short relative paths
ln -s "$SRC/tests/data" data
eval "set -- $(cat "$case.args")"
stdin=/dev/null
[ -f "$case.stdin" ] && stdin="$case.stdin"
"$muster" "$@" <"$stdin" >"$work/out" 2>"$work/err"
code=$?
want=0
[ -f "$case.code" ] && want=$(cat "$case.code")
fail=0
if [ "${MUSTER_UPDATE:-}" = 1 ]; then
  cp "$work/out" "$case.out"
  if [ -s "$work/err" ]; then cp "$work/err" "$case.err"; else rm -f "$case.err"; fi
  [ "$code" != 0 ] && echo "$code" >"$case.code"
  exit 0
fi
if [ "$code" != "$want" ]; then
  echo "exit code $code, expected $want"; fail=1
fi
if [ -f "$case.out" ] && ! diff -u "$case.out" "$work/out"; then
  echo "stdout differs"; fail=1
fi
if [ -f "$case.err" ]; then
  if ! diff -u "$case.err" "$work/err"; then echo "stderr differs"; fail=1; fi
elif [ "$want" = 0 ] && [ -s "$work/err" ]; then
  echo "unexpected stderr:"; cat "$work/err"; fail=1
fi
exit $fail
