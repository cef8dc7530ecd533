#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# layers.sh cannot pass by finding nothing: on copies of this build's
# objects and of the sources, each with one upward call or include planted,
# it must fail and name that edge; on the copies as they are, pass.
# usage: layers_selftest.sh MUSTER
set -u
src=${MUSTER_SOURCE:?MUSTER_SOURCE must name the source tree}
build=$(cd "$(dirname "$1")" && pwd)
check=$src/tests/sh/layers.sh
cc=${CC:-cc}
command -v "$cc" >/dev/null || { echo "SKIP: no C compiler ($cc)"; exit 77; }
command -v ld >/dev/null || { echo "SKIP: no ld"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A copy of the objects (links) and of the sources the check reads.
fresh() {
    rm -rf "$tmp/obj" "$tmp/src"
    mkdir -p "$tmp/obj" "$tmp/src"
    (cd "$build" && find . -path '*/CMakeFiles/*.dir/*' -name '*.c.o' |
        grep -E '\.dir/(src|cmd|cli|web)/') | while read -r o; do
        mkdir -p "$tmp/obj/$(dirname "$o")"
        ln -s "$build/$o" "$tmp/obj/$o"
    done
    cp -r "$src/src" "$src/cmd" "$src/cli" "$src/web" "$src/include" "$tmp/src/"
}
run() { MUSTER_SOURCE=$tmp/src LAYERS_OBJECTS=$tmp/obj bash "$check" x; }
# plant OBJECT SYMBOL: OBJECT (its source's path and .o, such as
# src/util.c.o, in whichever CMakeFiles/TARGET.dir the build put it) also
# calls SYMBOL.
plant() {
    local o
    o=$(ls -d "$tmp"/obj/CMakeFiles/*.dir/"$1" 2>/dev/null | head -n 1)
    [ -n "$o" ] || { echo "FAIL: no object $1 in the build"; exit 1; }
    printf 'void %s(void);\nvoid layers_planted(void);\nvoid layers_planted(void) { %s(); }\n' \
        "$2" "$2" > "$tmp/p.c"
    "$cc" -c -o "$tmp/p.o" "$tmp/p.c" || exit 1
    ld -r -o "$tmp/m.o" "$(readlink "$o")" "$tmp/p.o" || exit 1
    rm "$o" && mv "$tmp/m.o" "$o"
}
status=0
# expect NAME WORDS: the check fails and prints a FAIL line holding WORDS.
expect() {
    local name=$1 want=$2 out
    out=$(run 2>&1)
    if [ $? -eq 0 ]; then
        echo "FAIL: $name: the check passed"; echo "$out"; status=1
    elif ! grep -q -F -- "FAIL: $want" <<<"$out"; then
        echo "FAIL: $name: no 'FAIL: $want' in:"; echo "$out"; status=1
    else
        echo "ok: $name: $(grep -F -- "FAIL: $want" <<<"$out" | head -1)"
    fi
}

fresh
out=$(run 2>&1) || { echo "FAIL: the check fails on the tree as it is:"; echo "$out"; exit 1; }
echo "ok: the tree as it is: ${out##*$'\n'}"

d=src/campaign
fresh; plant $d/base.c.o camp_replay_check
expect "base calls verify" "src/campaign/base.c -> src/campaign/replay_check.c (camp_replay_check): layer base calls layer verify"
fresh; plant $d/journal.c.o camp_load_div
expect "a cycle in one layer" "a cycle of 4 files: "
fresh; plant $d/event.c.o camp_penalties
expect "events call store" "src/campaign/event.c -> src/campaign/store.c (camp_penalties): layer events calls layer store"
fresh; plant src/util.c.o cli_invoke
expect "the library calls cmd/" "src/util.c -> cmd/engine.c (cli_invoke): the library calls cmd/"
fresh; plant src/util.c.o camp_event
expect "the core calls the ledger" "src/util.c -> src/campaign/journal.c (camp_event): the flat core calls src/campaign/"
fresh; plant src/plot_model.c.o cairo_create
expect "cairo outside src/draw/" "src/plot_model.c calls cairo_create: only src/draw/ uses cairo"
fresh; plant cmd/engine.c.o web_server_new
expect "cmd/ calls web/" "cmd/engine.c -> web/http.c (web_server_new): cmd/ calls web/"
fresh; plant cmd/cmd_campaign.c.o camp_load_div
expect "cmd/ calls the library's insides" "cmd/cmd_campaign.c -> src/campaign/store.c (camp_load_div): above the library only its public API"
fresh; sed -i '1i #include "util.h"' "$tmp/src/web/api.c"
expect "web/ includes src/" "web/api.c includes src/util.h: above the library only include/"
fresh; plant web/api.c.o cli_exit_code
run >/dev/null 2>&1 || { echo "FAIL: web/ calling cmd/ is refused"; status=1; }

fresh; sed -i '1i #include "evfield.h"' "$tmp/src/src/campaign/base.c"
expect "base includes events" "src/campaign/base.c includes src/campaign/evfield.h: layer base includes layer events"
fresh; sed -i '1i #include "cli.h"' "$tmp/src/src/util.c"
expect "the library includes cmd/" "src/util.c includes cmd/cli.h: the library includes cmd/"
fresh; sed -i '1i #include <pango/pangocairo.h>' "$tmp/src/src/plot_model.c"
expect "pango outside src/draw/" "src/plot_model.c includes <pango/pangocairo.h>"
fresh; sed -i 's/^MU_API mu_status mu_chart_draw(const mu_chart \*c, void \*cr,/struct _cairo;\n&/' "$tmp/src/include/muster/plot.h"
expect "a cairo type in the public API" "cairo or pango in the public API: $tmp/src/include/muster/plot.h"
fresh; printf 'int camp_new_file;\n' > "$tmp/src/src/campaign/new.c"
expect "a file with no layer" "src/campaign/new.c has no layer"
exit $status
