#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The files 'muster rules dump' prints tell the reader which commands to run
# on their copy: every `muster ...` their comments name must work on it.
# usage: dump_comments.sh MUSTER
set -u
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
PATH=$(cd "$(dirname "$muster")" && pwd):$PATH
fail() { echo "FAIL: $*"; exit 1; }
n=0
for kind in tables weapons; do
    "$muster" rules dump --kind $kind >$kind.ini || fail "dump --kind $kind"
    # Commands in the comments, in backticks or in parentheses.
    cmds=$(grep '^;' $kind.ini | grep -oE '`muster [^`]*`|\(muster [^)]*\)' |
           tr -d '`()')
    [ -n "$cmds" ] || fail "$kind: the comments name no command"
    while IFS= read -r cmd; do
        run=${cmd//FILE/$kind.ini}
        eval "$run" >out 2>&1 || fail "$kind.ini names '$cmd', which fails: $(cat out)"
        n=$((n + 1))
    done <<<"$cmds"
done
echo "ok: $n commands named in the dumped files all work"
