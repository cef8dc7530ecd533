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
# code only: comments name commands as examples. Stripped once, as
# FILE:LINE:TEXT, so that each literal is one grep.
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
for f in "${files[@]}"; do
    sed -E 's#/\*.*##; s#^ *\*.*##' "$f" | grep -n '' | sed "s#^#$f:#"
done >"$stripped"
code() { grep -F -- "$1" "$stripped"; }
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
# The weapons are the rules' (rules/linear-fire.ini, the built-in file):
# help, the man page, completion and the page's select name them from
# there, so no face lists two of them side by side, nor a page <option>.
weapons=$(sed -n 's/^\[\([a-z_0-9]*\)\]$/\1/p' rules/linear-fire.ini | grep -vx units)
[ "$(wc -l <<<"$weapons")" -ge 2 ] || { echo "FAIL: no weapons in rules/linear-fire.ini"; exit 1; }
w="($(paste -sd'|' <<<"$weapons"))"
q="[\"']"
if grep -nE "\b$w(, | or )$w\b|$q$w$q, ?$q$w$q|<option value=$q$w$q" \
    cmd/*.c cmd/[!l]*.h web/*.c web/*.h web/*.js web/*.html cli/*.c wasm/*.c; then
    echo "FAIL: weapons listed by hand, not read from the rules"; fail=1
fi
# The faces as built: help, the man page and completion name every one of
# the rules' weapons, in the rules' order.
muster=${1:-}
if [ -x "$muster" ]; then
    ruled=$("$muster" rules dump --kind weapons | sed -n 's/^\[\(.*\)\]$/\1/p')
    [ "$ruled" = "$weapons" ] || { echo "FAIL: rules dump gives: $ruled"; fail=1; }
    flat() { tr '\n' ' ' | tr -s ' '; }
    comma=$(paste -sd, <<<"$ruled" | sed 's/,/, /g')
    for face in "help fire" "help curve" "help odds fire" "help sim fire"; do
        # shellcheck disable=SC2086
        "$muster" $face | flat | grep -qF -- "$comma" ||
            { echo "FAIL: muster $face does not name: $comma"; fail=1; }
    done
    "$muster" --man-page docs/muster.1 | tr -d ',' | flat |
        grep -qF -- "GENERATED WEAPONS (from the rules: muster --man-page) $(flat <<<"$ruled").\\\" END" ||
        { echo "FAIL: the man page does not name: $comma"; fail=1; }
    for sh in bash zsh fish; do
        "$muster" --completion $sh | grep -qF -- "$(paste -sd' ' <<<"$ruled")" ||
            { echo "FAIL: $sh completion does not offer: $ruled"; fail=1; }
    done
fi
[ $fail = 1 ] || echo "ok: $(wc -l <<<"$listed") commands, each listed and named once; $(wc -l <<<"$weapons") weapons, from the rules"
exit $fail
