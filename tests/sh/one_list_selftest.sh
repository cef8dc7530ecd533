#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# one_list.sh must pass on the tree and fail on each list kept by hand
# beside the table, planted in a copy: a command defined off
# CLI_COMMAND_LIST, a route written out in web/, a command looked up by
# its name, an operand count stated beside the operands, weapons named
# side by side (help, the page's select, the app's script).
set -u
src=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
check=$src/tests/sh/one_list.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# plant NAME FILE LINE WANT: a copy of the tree with LINE at the end of
# FILE, then the check's verdict on it, which must fail saying WANT.
plant() {
    local out
    rm -rf "${tmp:?}/$1" && mkdir -p "$tmp/$1" &&
        cp -r "$src/cmd" "$src/web" "$src/cli" "$src/wasm" "$src/rules" "$tmp/$1/" &&
        printf '%s\n' "$3" >>"$tmp/$1/$2"
    if out=$(MUSTER_SOURCE=$tmp/$1 bash "$check" 2>&1); then
        echo "FAIL: $1: the check passed"; fail=1
    elif ! grep -qF -- "$4" <<<"$out"; then
        echo "FAIL: $1: expected '$4' in: $out"; fail=1
    fi
}

mkdir -p "$tmp/tree" && cp -r "$src/cmd" "$src/web" "$src/cli" "$src/wasm" "$src/rules" "$tmp/tree/"
MUSTER_SOURCE=$tmp/tree bash "$check" || { echo "FAIL: the tree fails"; fail=1; }
plant unlisted cmd/cmd_fire.c $'const cli_command cmd_extra = {\n    .name = "extra"};' \
    "cmd_extra is defined but not in CLI_COMMAND_LIST"
plant route web/api.c 'static const char *r = "/api/campaign/engage";' \
    '"/api/campaign/engage" stated by hand'
plant words web/http.c 'static const char *w = "odds fire";' \
    '"odds fire" stated by hand'
plant lookup cli/main.c 'static void f(void) { (void)cli_find("division"); }' \
    'cli_find("division" stated by hand'
plant chart web/api.c 'static const char *c = "/plot/odds/fire";' \
    '"/plot/odds/fire" stated by hand'
plant count cmd/cmd_odds.c '    .max_operands = 1,' \
    "operands are stated by their .args only"
plant weapon_help cmd/opts.h '#define W_HELP N_("musket, rifle or gun")' \
    "weapons listed by hand"
plant weapon_option web/index.html '<option value="staircase">Staircase</option>' \
    "weapons listed by hand"
plant weapon_js web/app.js "const artillery = w => ['gun', 'canister'].includes(w);" \
    "weapons listed by hand"
exit $fail
