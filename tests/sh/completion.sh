#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The bash completion generated from the command table, run as bash runs it:
# COMP_WORDS and COMP_CWORD set, the function called, COMPREPLY checked.
# The zsh and fish scripts are checked for syntax where those shells exist.
set -u
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
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
# curve's second weapon of --crossover A B is an operand, offered as one
expect "muster curve --crossover canister " "canister gun musket rifle roundshot staircase"
expect "muster curve --crossover canister roundshot " "--cm-per-inch --cover --crossover --format --help --max-range --rules --scale --step --to --weapon"

# Operands by their kind in the table: value lists, files, a campaign's
# division ids and event numbers (read from the file named before them), a
# name (nothing to offer), and options once the operands are given.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
PATH=$(dirname "$muster"):$PATH # _muster_ids runs "muster"
"$muster" campaign new c.db --name T --year 1863 --theater east >/dev/null &&
"$muster" campaign add c.db --side union --name A >/dev/null &&
"$muster" campaign add c.db --side confederate --name B >/dev/null &&
"$muster" campaign add c.db --side union --name C >/dev/null || {
    echo "FAIL: cannot make a campaign"; exit 1; }
# b.db: the same three divisions and battle 4 under way, whose id (in
# "battle":{"id":4,"name":...}) is no division's, nor is battle 1's a
# second division 1: each division id once, and only those.
cp c.db b.db
for k in 1 2 3; do
    "$muster" campaign battle start b.db "B$k" >/dev/null &&
    "$muster" campaign battle end b.db --winner none --seed 1 >/dev/null ||
        { echo "FAIL: cannot fight battle $k"; exit 1; }
done
"$muster" campaign battle start b.db B4 >/dev/null || { echo "FAIL: battle 4"; exit 1; }
expect "muster plot figure " "1 2 3 4 5"
# the built-in weapons, as their rules name them: every one of them
weapons="canister gun musket rifle roundshot staircase"
expect "muster plot curves " "$weapons"
expect "muster plot curves musket r" "rifle roundshot"
expect "muster fire --weapon " "$weapons"
expect "muster odds charge --return-fire m" "musket"
expect "muster campaign battle " "end start"
expect "muster campaign battle start c" "c.db"
expect "muster campaign battle start c.db " ""
expect "muster campaign engage c" "c.db"
expect "muster campaign engage c.db " "1 2 3"
expect "muster campaign engage --seed 7 c.db " "1 2 3"
expect "muster campaign casualties c.db --as union " "1 2 3"
expect "muster campaign reveal c.db 2 --a" "--as"
expect "muster campaign undo c.db " "1 2 3 4"
expect "muster campaign engage nothere.db " ""
expect "muster campaign engage b.db " "1 2 3"
: >r.ini
expect "muster rules check r" "r.ini"
cd - >/dev/null || exit 1

# zsh: the script run with compadd and _files standing in for zsh's own,
# which print what they are given (zsh filters by the word typed itself).
zsh_expect() { # CURRENT "words..." expected
    local got
    got=$(zsh -c 'compadd() { [ "$1" = "--" ] && shift; print -r -- "$@"; }
                  _files() { print FILES; }
                  words=(${=2}); [ "${2: -1}" = " " ] && words+=("")
                  CURRENT=$1; source "$3"' zsh "$1" "$2" "$script")
    [ "$got" = "$3" ] || { echo "FAIL zsh '$2': expected '$3', got '$got'"; fail=1; }
}
# fish: its own completion engine on the script (complete -C), operands
# included.
fish_expect() { # "words typed" expected
    local got
    got=$(fish -c "source $script; complete -C '$1'" | cut -f1 | sort |
          tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$2" ] || { echo "FAIL fish '$1': expected '$2', got '$got'"; fail=1; }
}
if command -v zsh >/dev/null; then
    script=$tmp/_muster
    "$muster" --completion zsh >"$script"
    zsh -n "$script" || { echo "FAIL: the zsh script does not parse"; fail=1; }
    zsh_expect 4 "muster division --army " "union confederate"
    zsh_expect 3 "muster odds " "division corps battle fire charge"
    zsh_expect 4 "muster rules check " "FILES"
    zsh_expect 4 "muster plot figure " "1 2 3 4 5"
    zsh_expect 5 "muster campaign battle start " "FILES"
    cd "$tmp" || exit 1
    zsh_expect 5 "muster campaign reveal c.db " "1 2 3"
    zsh_expect 5 "muster campaign reveal b.db " "1 2 3"
    cd - >/dev/null || exit 1
fi
if command -v fish >/dev/null; then
    script=$tmp/muster.fish
    "$muster" --completion fish >"$script"
    fish -n "$script" || { echo "FAIL: the fish script does not parse"; fail=1; }
    fish_expect "muster division --army " "confederate union"
    fish_expect "muster odds f" "fire"
    fish_expect "muster division --form" "--format"
    fish_expect "muster odds division --format " "csv json markdown text"
    fish_expect "muster plot figure " "1 2 3 4 5"
    fish_expect "muster fire --weapon r" "rifle roundshot"
    cd "$tmp" || exit 1
    fish_expect "muster campaign battle start c.db " ""
    fish_expect "muster campaign engage c.db " "1 2 3"
    fish_expect "muster campaign engage --seed 7 c.db " "1 2 3"
    fish_expect "muster campaign casualties c.db --as union " "1 2 3"
    fish_expect "muster campaign undo c.db " "1 2 3 4"
    fish_expect "muster campaign engage nothere.db " ""
    fish_expect "muster campaign engage b.db " "1 2 3"
    fish_expect "muster plot curves musket r" "rifle roundshot"
    fish_expect "muster rules check r" "r.ini"
    cd - >/dev/null || exit 1
fi
"$muster" --completion zsh | head -1 | grep -q '^#compdef muster' ||
    { echo "FAIL: zsh script lacks #compdef"; fail=1; }
"$muster" --completion tcsh >/dev/null 2>&1 && { echo "FAIL: tcsh accepted"; fail=1; }
[ $fail = 0 ] && echo "all passed"
exit $fail
