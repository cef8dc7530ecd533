#!/usr/bin/env bash
# The bash completion generated from the command table, run as bash runs it:
# COMP_WORDS and COMP_CWORD set, the function called, COMPREPLY checked.
# The zsh and fish scripts are checked for syntax where those shells exist.
set -u
muster=$1
fail=0
# shellcheck disable=SC1090
source <("$muster" --completion bash) || { echo "the script does not load"; exit 1; }
complete -p muster | grep -q -- '-F _muster' || { echo "not registered"; fail=1; }

# expect "words typed" "the replies, sorted, space-separated"
expect() {
    read -r -a COMP_WORDS <<<"$1"
    COMP_CWORD=${#COMP_WORDS[@]}
    case "$1" in *" ") COMP_WORDS+=(""); ;; *) COMP_CWORD=$((COMP_CWORD - 1)) ;; esac
    COMPREPLY=()
    _muster
    local got
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" != "$2" ]; then
        echo "FAIL '$1': expected '$2', got '$got'"
        fail=1
    fi
}
expect "muster di" "division"
expect "muster odds " "battle charge corps division fire"
expect "muster odds f" "fire"
expect "muster division --army " "confederate union"
expect "muster division --army c" "confederate"
expect "muster division --theater " "east west"
expect "muster division --format j" "json jsonl"
expect "muster odds division --format " "csv json markdown text"
expect "muster rules show --format " "markdown text"
expect "muster odds fire --method " "additive both per-figure"
expect "muster division --ar" "--arm --army"
expect "muster fire --no-" "--no-canister --no-roll"
expect "muster sim fire --th" "--threads"
expect "muster division --seed " ""
expect "muster help s" "serve sim"
expect "muster rules c" "check"
expect "muster curve --crossover can" ""

for shell in zsh fish; do
    if command -v "$shell" >/dev/null; then
        "$muster" --completion "$shell" | "$shell" -n ||
            { echo "FAIL: the $shell script does not parse"; fail=1; }
    fi
done
"$muster" --completion zsh | head -1 | grep -q '^#compdef muster' ||
    { echo "FAIL: zsh script lacks #compdef"; fail=1; }
"$muster" --completion tcsh >/dev/null 2>&1 && { echo "FAIL: tcsh accepted"; fail=1; }
[ $fail = 0 ] && echo "all passed"
exit $fail
