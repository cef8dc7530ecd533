#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# option_reads.sh must fail on a command reading an option it does not
# declare: in its run function, and in a helper it passes on as a pointer
# (campaign casualties' do_casualties, called through run_event); and must
# let a helper read an option after asking cli_takes. Each fault is planted
# in a copy of cmd/ and web/.
set -u
src=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
check=$src/tests/sh/option_reads.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# plant NAME FILE AT N LINE: a copy of the tree with LINE added N lines
# after the line AT.
plant() {
    rm -rf "$tmp/$1" && mkdir -p "$tmp/$1" &&
        cp -r "$src/cmd" "$src/web" "$tmp/$1/" &&
        awk -v at="$3" -v n="$4" -v add="$5" \
            '{ print } $0 == at && !k { k = NR + n } NR == k { print add }' \
            "$src/$2" >"$tmp/$1/$2"
    grep -qxF -- "$5" "$tmp/$1/$2" || { echo "FAIL: $1: '$3' not in $2"; fail=1; }
}
# expect NAME WANT(pass|fail) TEXT: the check's verdict on the copy, and
# TEXT in what it says.
expect() {
    local out rc
    out=$(MUSTER_SOURCE=$tmp/$1 bash "$check" 2>&1); rc=$?
    if [ "$2" = fail ] && [ $rc = 0 ]; then
        echo "FAIL: $1: the check passed: $out"; fail=1
    elif [ "$2" = pass ] && [ $rc != 0 ]; then
        echo "FAIL: $1: the check failed: $out"; fail=1
    elif ! grep -qF -- "$3" <<<"$out"; then
        echo "FAIL: $1: expected '$3' in: $out"; fail=1
    fi
}

mkdir -p "$tmp/tree" && cp -r "$src/cmd" "$src/web" "$tmp/tree/"
expect tree pass "read only their own options"
plant run cmd/cmd_campaign.c 'static cli_rc run_new(cli_ctx *cx)' 1 \
      '    (void)cli_has(cx, O_seed);'
expect run fail "campaign new reads --seed (O_seed in cmd/cmd_campaign.c:run_new)"
do_cas='static mu_status do_casualties(mu_campaign *c, cli_ctx *cx, int div,'
plant helper cmd/cmd_campaign.c "$do_cas" 2 '    (void)cli_num(cx, O_trials, 0);'
expect helper fail "campaign casualties reads --trials (O_trials in cmd/cmd_campaign.c:run_casualties -> do_casualties)"
plant guarded cmd/cmd_campaign.c "$do_cas" 2 \
      '    (void)(cli_takes(cx, O_trials) && cli_num(cx, O_trials, 0));'
expect guarded pass "read only their own options"
[ $fail = 0 ] && echo "ok: option_reads.sh fails on each planted read"
exit $fail
