#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Each command is registered once: CLI_COMMAND_LIST (cmd/cli.h) names it,
# its cmd/cmd_*.c defines it (name, operands, options), and help, the man
# page, the completions, the web's routes and the app's table are made from
# those. This check reads the sources and fails on
#   - a command defined but not on the list (the list's own are checked by
#     the linker: the table takes the address of each);
#   - a command's name ("campaign links", or any named to cli_find or
#     cli_install) or route ("campaign/links", "/api/campaign/links",
#     "/plot/odds/fire") written as a string in the code of cmd/, web/,
#     cli/ or wasm/ but in its own definition: a second list, kept by
#     hand, of what the table says;
#   - an operand count or synopsis stated beside the operands
#     (.operands, .min_operands, .max_operands).
# It reads the tree $MUSTER_SOURCE (else the one it is in).
set -u
src=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$src" || exit 1
fail=0
listed=$(sed -n '/^#define CLI_COMMAND_LIST/,/^[^ ]/p' cmd/cli.h |
         grep -oE 'X\([a-z_0-9]+, [01]\)' | sed -E 's/X\(([a-z_0-9]+), .*/\1/' | sort)
defined=$(grep -hoE '^const cli_command cmd_[a-z_0-9]+ = \{' cmd/*.c web/*.c |
          sed -E 's/const cli_command cmd_//; s/ = \{//' | sort)
[ -n "$listed" ] || { echo "FAIL: no CLI_COMMAND_LIST in cmd/cli.h"; exit 1; }
for id in $(comm -13 <(echo "$listed") <(echo "$defined")); do
    echo "FAIL: cmd_$id is defined but not in CLI_COMMAND_LIST"; fail=1
done
# The names, from the definitions: "campaign links".
names=$(grep -hA1 -E '^const cli_command cmd_' cmd/*.c web/*.c |
        grep -oE '\.name = "[a-z -]+"' | sed -E 's/.*"(.*)"/\1/')
[ "$(echo "$names" | wc -l)" -eq "$(echo "$defined" | wc -l)" ] || {
    echo "FAIL: a command's .name is not on the line after its definition"; exit 1; }
files=(cmd/*.c cmd/*.h web/*.c web/*.h cli/*.c wasm/*.c)
# code only: comments name commands as examples
code() {
    local f
    for f in "${files[@]}"; do
        sed -E 's#/\*.*##; s#^ *\*.*##' "$f" | grep -nF -- "$1" | sed "s#^#$f:#"
    done
}
while IFS= read -r n; do
    route=${n// //}
    lits=("\"/api/$route\"" "cli_find(\"$n\"" "cli_install(\"$n\"")
    case $n in
    *" "*) lits+=("\"$n\"" "\"$route\"") ;;
    esac
    case $n in
    "plot "*) lits+=("\"/plot/${route#plot/}\"") ;;
    esac
    for lit in "${lits[@]}"; do
        hits=$(code "$lit" | grep -vF -- ".name = $lit")
        [ -z "$hits" ] || { echo "FAIL: $lit stated by hand:"; echo "$hits"; fail=1; }
    done
done <<<"$names"
if grep -nE '\.(operands|min_operands|max_operands) *=' cmd/*.c web/*.c; then
    echo "FAIL: operands are stated by their .args only"; fail=1
fi
[ $fail = 1 ] || echo "ok: $(wc -l <<<"$listed") commands, each listed and named once"
exit $fail
