#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The progress bar of 'muster sim': on a terminal, once a run has lasted a
# second; never when standard error is a file or a pipe.
#   sim_progress.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(sim division --army union --year 1863 --theater east --seed 1
      --threads 1 -n 1000000000000)

# Not a terminal: a long run stopped after 1.5 seconds wrote nothing on stderr.
timeout -s INT 1.5 "$muster" "${args[@]}" >"$work/out" 2>"$work/err"
if [ -s "$work/err" ]; then
  echo "stderr is not a terminal, yet something was written:"; cat "$work/err"
  exit 1
fi

# A terminal (script(1) gives the run a pseudo-terminal): the bar appears.
if ! command -v script >/dev/null 2>&1; then
  echo "script(1) is missing: cannot make a terminal; skipped"; exit 0
fi
printf -v cmd '%q ' "$muster" "${args[@]}"
timeout -s INT 2.5 script -qfec "$cmd" /dev/null >"$work/tty" 2>&1
if ! grep -q '\[#*\.*\] *[0-9.]*%' "$work/tty"; then
  echo "no progress bar on a terminal after 2.5 seconds; got:"
  head -c 400 "$work/tty"; echo
  exit 1
fi
exit 0
