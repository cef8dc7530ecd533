#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Endless and oversized input ends at once with a clear error (exit 2):
# every file muster is given goes through one reader that stops at
# MU_FILE_MAX + 1 bytes (16 MiB), and --ask reads at most 1024 characters
# of a line and, when standard input is not a terminal, refuses a bad
# answer instead of asking again. Each run is bounded by `timeout`, so a
# regression fails (exit 124) instead of hanging the suite.
set -u
muster=$(realpath "$1")
src=$(realpath "${MUSTER_SOURCE:-$(dirname "$0")/../..}")
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
big="larger than 16 MiB, the most muster reads of a file"
expect() { # what code stderr-substring -- command...
    local what=$1 code=$2 want=$3
    shift 4
    local err
    err=$(timeout 20 "$@" 2>&1 >/dev/null)
    local rc=$?
    if [ "$rc" != "$code" ]; then
        echo "FAIL $what: exit $rc, expected $code"; fail=1
    elif [[ "$err" != *"$want"* ]]; then
        echo "FAIL $what: stderr '$err' lacks '$want'"; fail=1
    fi
}
for dev in /dev/zero /dev/urandom; do
    expect "rules check $dev" 2 "muster: $dev: $big" -- "$muster" rules check $dev
    expect "rules check --kind labels $dev" 2 "$big" -- \
        "$muster" rules check --kind labels $dev
done
expect "division --rules" 2 "$big" -- "$muster" division --army union --rules /dev/zero
expect "division --labels" 2 "$big" -- "$muster" division --army union --labels /dev/zero
expect "fire --rules" 2 "$big" -- "$muster" fire --weapon musket --range 5 \
    --figures 10 --rules /dev/zero
expect "campaign new --rules" 2 "$big" -- "$muster" campaign new c.db --name T \
    --year 1863 --theater east --rules /dev/zero
[ -e c.db ] && { echo "FAIL campaign new --rules /dev/zero left c.db"; fail=1; }
expect "roster --from" 2 "$big" -- "$muster" roster --from /dev/zero --out r.pdf
expect "rules check -" 2 "muster: standard input: $big" -- \
    sh -c "\"$muster\" rules check - < /dev/zero"

# A FIFO is read once: its kind is told from the same bytes that are parsed.
mkfifo fifo
timeout 20 cat "$src/rules/fire-and-fury.ini" > fifo &
out=$(timeout 20 "$muster" rules check fifo 2>&1)
[ "$out" = "fifo: ok (tables)" ] || { echo "FAIL rules check of a FIFO: '$out'"; fail=1; }
wait
# A FIFO that never ends (its writer is stopped by the closed pipe).
(timeout 20 cat /dev/zero > fifo 2>/dev/null &)
expect "endless FIFO" 2 "muster: fifo: $big" -- "$muster" rules check fifo
# Exactly at the limit is read (16 MiB of comment lines make a labels
# file of the defaults); one byte more is refused without parsing.
yes '#' | head -c $((16 << 20)) > limit.ini
out=$(timeout 20 "$muster" rules check --kind labels limit.ini 2>&1)
[ "$out" = "limit.ini: ok (labels)" ] || { echo "FAIL 16 MiB of comments: '$out'"; fail=1; }
printf '#' >> limit.ini
expect "16 MiB + 1" 2 "muster: limit.ini: $big" -- "$muster" rules check limit.ini

# --ask from a program: no newline ever, a line too long, a bad answer.
asked() { # what stderr-substring stdin-file
    expect "$1" 2 "$2" -- sh -c "\"\$0\" division --army union --year 1863 \
        --theater east --ask < \"\$1\"" "$muster" "$3"
}
asked "--ask < /dev/zero" "the answer for Division leader is longer than 1024 characters" /dev/zero
yes abc | head -100000 > abc
asked "yes abc | --ask" "the answer for Division leader: 'abc' is not a d100 roll" abc
expect "yes abc | --ask, endless" 2 "'abc' is not a d100 roll" -- \
    sh -c 'yes abc | "$0" division --army union --ask' "$muster"
head -c 1025 /dev/zero | tr '\0' 5 > long
asked "a 1025-character line" "longer than 1024 characters" long
{ head -c 1024 /dev/zero | tr '\0' 7; echo; } > edge  # read whole, then judged
asked "a 1024-character answer" "the answer for Division leader: '7777" edge
[ $fail = 0 ] && echo "all passed"
exit $fail
