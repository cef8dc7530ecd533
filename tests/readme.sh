#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The README and the guide are tested documentation: every example in
# README.md and docs/guide/*.md (and docs/guide/*/*.md) that starts with '$ '
# inside a fenced block is run, in order, by one shell in a fresh temporary
# folder per file, and what it prints (stdout and stderr together) is
# compared with the lines the file shows under it.
# usage: readme.sh MUSTER [FILE.md...]
#   With no FILE, it runs README.md and every guide file of the source tree.
#   Each file runs in its own shell and its own fresh folder: a guide file
#   that needs a file (a campaign, a rules file) makes it with an example.
#   A failure is named FILE:LINE (the path from the source tree's top).
#
# Conventions (DEVELOPERS.md, "README examples are tests", says the same):
#   $ CMD             a command; a line ending in '\' continues on the next.
#                     It runs with `muster` on PATH, in a temporary folder
#                     holding rules/, tests/, docs/ and share/ of the source
#                     tree (so tests/data/labels.ini works), and files made by earlier
#                     examples of the same file (gettysburg.db). Shell
#                     variables carry over within a file.
#   output lines      must equal the output exactly, line for line (blank
#                     lines at the end do not count, on either side).
#   ...               a line of just '...' stands for any number of lines
#                     (none included) that the file leaves out.
#   $ CMD  # random   the output is random by design (a salt, a seed drawn
#                     from the system): it is checked for shape only. Every
#                     run of 16+ hex digits matches any such run, every
#                     number matches any number; the words must agree.
#   $ CMD  # not run  never run (a server that runs until stopped); say why
#                     after it. Use it only when nothing else works.
# Exit status: 0 unless the output shown has a line starting 'muster: '
# (an error message, not 'muster: warning', in German 'muster: Warnung');
# then it must be non-zero.
# The comment markers are shell comments, so the command still copies and
# pastes as it is.
set -u
# The examples are English: the messages of the C locale, whatever the
# machine's own language (docs/guide/de/ has the German ones).
export LC_ALL=C
unset LANGUAGE
# The examples' campaign events are recorded at this time, not the clock's
# (docs/guide/campaign.md, "Who and when", says so to the reader).
export MUSTER_NOW=2026-12-01T19:30:00Z
[ $# -ge 1 ] || { echo "usage: readme.sh MUSTER [FILE.md...]" >&2; exit 2; }
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$(dirname "$0")/.." && pwd)
shift
if [ $# = 0 ]; then
    set -- "$SRC/README.md"
    for _dt_f in "$SRC"/docs/guide/*.md "$SRC"/docs/guide/*/*.md; do
        [ -f "$_dt_f" ] && set -- "$@" "$_dt_f"
    done
fi
_dt_root=$(mktemp -d)
trap 'rm -rf "$_dt_root"' EXIT
mkdir "$_dt_root/bin"
ln -s "$muster" "$_dt_root/bin/muster"
PATH=$_dt_root/bin:$PATH
export PATH

# Compares expected ($1) with actual ($2); $3 = 1 for a shape-only check.
_dt_match() {
    awk -v random="$3" '
    function norm(s) {
        if (random) {
            gsub(/[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*/, "<hex>", s)
            gsub(/[0-9]+/, "#", s)
        }
        return s
    }
    # Does want[i..] match got[j..]? "..." matches any run of lines.
    function from(i, j,   k) {
        if (i > nw) return j > ng
        if (want[i] == "...") {
            for (k = j; k <= ng + 1; k++)
                if (from(i + 1, k)) return 1
            return 0
        }
        if (j > ng || norm(want[i]) != norm(got[j])) return 0
        return from(i + 1, j + 1)
    }
    FNR == NR { want[++nw] = $0; next }
    { got[++ng] = $0 }
    END {
        while (nw > 0 && want[nw] == "") nw--
        while (ng > 0 && got[ng] == "") ng--
        exit !from(1, 1)
    }' "$1" "$2"
}

# Runs the example gathered so far (command in _dt_cmd, its line _dt_line).
_dt_run() {
    [ -n "${_dt_cmd:-}" ] || return 0
    local mode=exact
    case $_dt_last in
    *[[:space:]]'# random'*) mode=random ;;
    *[[:space:]]'# not run'*) mode=skip ;;
    esac
    _dt_cmd_done=$_dt_cmd
    _dt_cmd=
    if [ "$mode" = skip ]; then
        _dt_skipped=$((_dt_skipped + 1))
        return 0
    fi
    _dt_count=$((_dt_count + 1))
    [ "$mode" = random ] && _dt_random=$((_dt_random + 1))
    eval "$_dt_cmd_done" </dev/null >"$_dt_work/got" 2>&1
    local code=$? want_fail=0
    grep -q '^muster: ' "$_dt_work/want" &&
        ! grep -qE '^muster: (warning|Warnung)' "$_dt_work/want" && want_fail=1
    local bad=
    if ! _dt_match "$_dt_work/want" "$_dt_work/got" $([ $mode = random ] && echo 1 || echo 0); then
        bad="output differs ($mode check)"
    elif [ $want_fail = 1 ] && [ $code = 0 ]; then
        bad="exit status 0, but the file shows an error"
    elif [ $want_fail = 0 ] && [ $code != 0 ]; then
        bad="exit status $code"
    fi
    if [ -n "$bad" ]; then
        echo "$_dt_name:$_dt_line: $bad"
        printf '  %s\n' "$_dt_cmd_done"
        diff -u --label "$_dt_name" --label actual "$_dt_work/want" "$_dt_work/got" | sed 's/^/  /'
        _dt_fail=$((_dt_fail + 1))
    fi
}

# One file: the examples run in this shell (eval), so the variables they set
# carry over to the next ones of the same file; the script's own names start
# with _dt_. Each file runs in a subshell of its own, in a fresh folder
# ($_dt_work/run), so nothing one file does reaches the next.
_dt_bad=0 _dt_k=0
for _dt_path in "$@"; do
    _dt_path=$(cd "$(dirname "$_dt_path")" && pwd)/$(basename "$_dt_path")
    _dt_name=${_dt_path#"$SRC"/}
    _dt_k=$((_dt_k + 1))
    _dt_work=$_dt_root/$_dt_k
    mkdir "$_dt_work" "$_dt_work/run"
    for _dt_d in rules tests docs share; do
        ln -s "$SRC/$_dt_d" "$_dt_work/run/$_dt_d"
    done
    (
    cd "$_dt_work/run" || exit 1
    # A guide in docs/guide/LANG/ is read in that language: its examples
    # run as on a desktop set to it (LANGUAGE works with any locale but C,
    # so no locale needs to be installed).
    case $_dt_name in
    docs/guide/??/*)
        _dt_lang=${_dt_name#docs/guide/}
        export LC_ALL=C.UTF-8 LANGUAGE=${_dt_lang%%/*} ;;
    esac
    _dt_fail=0 _dt_count=0 _dt_random=0 _dt_skipped=0
    _dt_in=0 _dt_block=0 _dt_cont=0 _dt_n=0 _dt_cmd= _dt_last=
    while IFS= read -r _dt_l <&3; do
        _dt_n=$((_dt_n + 1))
        if [ "${_dt_l:0:3}" = '```' ]; then
            if [ $_dt_in = 0 ]; then
                _dt_in=1 _dt_block=0
            else
                _dt_run
                _dt_in=0
            fi
            _dt_first=1
            continue
        fi
        [ $_dt_in = 1 ] || continue
        if [ "${_dt_first:-0}" = 1 ]; then
            _dt_first=0
            [ "${_dt_l:0:2}" = '$ ' ] && _dt_block=1
        fi
        [ $_dt_block = 1 ] || continue
        if [ $_dt_cont = 1 ]; then
            _dt_cmd+=$'\n'$_dt_l
            _dt_last=$_dt_l
            [ "${_dt_l: -1}" = '\' ] || _dt_cont=0
            continue
        fi
        if [ "${_dt_l:0:2}" = '$ ' ]; then
            _dt_run
            _dt_cmd=${_dt_l:2} _dt_last=${_dt_l:2} _dt_line=$_dt_n
            [ "${_dt_l: -1}" = '\' ] && _dt_cont=1
            : >"$_dt_work/want"
            continue
        fi
        printf '%s\n' "$_dt_l" >>"$_dt_work/want"
    done 3<"$_dt_path"
    _dt_run
    echo "$_dt_name: $_dt_count examples run ($_dt_random checked for shape" \
         "only, $_dt_skipped not run), $_dt_fail failed"
    # README.md without examples means the parser broke; a guide file may
    # have none (an index)
    [ $_dt_fail = 0 ] && { [ $_dt_count -gt 0 ] || [ "$_dt_name" != README.md ]; }
    ) || _dt_bad=$((_dt_bad + 1))
done
[ $# -gt 1 ] && echo "$# files, $_dt_bad failed"
[ $_dt_bad = 0 ]
