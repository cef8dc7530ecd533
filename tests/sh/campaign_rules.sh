#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The campaign rules through the muster tool, with real dice given by
# --rolls: the 50 % return with an odd loss and its roll, prisoners
# excluded, exchange, liberation, leader replacement; and every kind of bad
# input exiting 2 with a message and changing nothing.
# usage: campaign_rules.sh MUSTER
set -u
muster=$1
src=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mc() { "$muster" campaign "$@"; }

# A campaign's whole state, to compare before and after.
state() {
    mc show "$1" --format json && mc log "$1" --format json &&
        mc prisoners "$1" --format json
    if command -v sqlite3 >/dev/null; then sqlite3 "$1" .dump; fi
}
# expect CODE MESSAGE-PART -- ARGS: runs 'muster campaign ARGS' on c.db and
# checks the exit code, the message, and (for a refusal) that c.db is as it was.
expect() {
    local code=$1 part=$2
    shift 3
    local before after err rc
    before=$(state c.db)
    err=$(mc "$@" 2>&1 >/dev/null)
    rc=$?
    [ "$rc" = "$code" ] || fail "'$*' exited $rc, not $code: $err"
    case "$err" in *"$part"*) ;; *) fail "'$*' said '$err', not '$part'" ;; esac
    if [ "$code" != 0 ]; then
        after=$(state c.db)
        [ "$before" = "$after" ] || fail "'$*' changed the campaign"
    fi
}
# Union 1863 east by these rolls: leader 50, 2 brigades (10), each 7 stands
# (50), veteran (50), average brigadier (50); 1 battery per 9 stands (50);
# battery 50 <= 55 yes; reserve 99 > 66 no.
two_by_seven=50,10,50,50,50,50,50,50,50,50,99

mc new c.db --name Rules --year 1863 --theater east >/dev/null || fail new
[ "$(mc add c.db --side union --name U)" = 1 ] || fail "add prints the id"
[ "$(mc add c.db --side confederate --name C --format json)" = '{"id":2}' ] ||
    fail "add --format json"
mc add c.db --side union --name Later >/dev/null
mc engage c.db 1 --rolls $two_by_seven >/dev/null || fail "engage 1"
mc engage c.db 2 --rolls $two_by_seven >/dev/null || fail "engage 2"

# Bad input: exit 2, a message, nothing changed.
expect 2 "has engaged before" -- engage c.db 1 --rolls $two_by_seven
expect 2 "no division 9" -- engage c.db 9 --seed 1
expect 2 "left over" -- engage c.db 3 --rolls $two_by_seven,5
expect 2 "not enough rolls" -- engage c.db 3 --rolls 50,10
expect 2 "no battle is under way" -- casualties c.db 1 --brigade 1 --lost 1
expect 2 "no battle is under way" -- battle end c.db --seed 1
mc battle start c.db "First" >/dev/null || fail "battle start"
expect 2 "is under way" -- battle start c.db "Second"
expect 2 "cannot lose 8" -- casualties c.db 1 --brigade 1 --lost 7 --captured 1
expect 2 "no brigade 3" -- casualties c.db 1 --brigade 3 --lost 1
expect 2 "no division 42" -- casualties c.db 42 --brigade 1 --lost 1
expect 2 "has not fought yet" -- casualties c.db 3 --brigade 1 --lost 1
expect 2 "lost and captured are both 0" -- casualties c.db 1 --brigade 1
expect 2 "no division is named \"one\"" -- casualties c.db one --brigade 1 --lost 1
expect 2 "--brigade takes a brigade's number from 1 to 8" -- casualties c.db 1 --brigade 0 --lost 1
expect 2 "does not take --seed" -- casualties c.db 1 --brigade 1 --lost 1 --seed 2
expect 2 "takes union or confederate" -- liberate c.db --side prussia

# The rules.
mc casualties c.db 1 --brigade 1 --lost 3 >/dev/null || fail "casualties 1"
mc casualties c.db 1 --brigade 2 --lost 0 --captured 2 >/dev/null ||
    fail "casualties 2"
mc casualties c.db 2 --brigade 1 --lost 1 --captured 1 >/dev/null ||
    fail "casualties 3"
# 3 lost -> 1.5 (roll 50 <= 50: 2 back); the prisoners roll nothing; the
# Confederate 1 lost -> 0.5 (roll 51 > 50: none back). A third roll is left
# over: refused, the battle goes on.
expect 2 "left over" -- battle end c.db --winner none --rolls 50,51,7
# No battle ends as a draw by default: the winner must be said.
expect 2 "say who won battle 1 \"First\"" -- battle end c.db --rolls 50,51
expect 2 "add --winner union, confederate or none" -- battle end c.db --seed 1
out=$(mc battle end c.db --winner none --rolls 50,51) || fail "battle end"
case "$out" in
*"union division 1 brigade 1: 50% of 3 lost = 1.50, roll 50 ≤ 50: 2 returned"*) ;;
*) fail "return of 3 lost: $out" ;;
esac
case "$out" in
*"confederate division 2 brigade 1: 50% of 1 lost = 0.50, roll 51 > 50: 0 returned"*) ;;
*) fail "return of 1 lost: $out" ;;
esac
case "$out" in *"brigade 2"*) fail "prisoners returned: $out" ;; esac
show=$(mc show c.db --format json)
case "$show" in
*'"brigades":[{"number":1,"stands":6,"start":7,"out":1,"prisoners":0,'*) ;;
*) fail "union brigade 1 after the return: $show" ;;
esac
case "$show" in
*'{"number":2,"stands":5,"start":7,"out":0,"prisoners":2,'*) ;;
*) fail "union brigade 2 keeps its prisoners out: $show" ;;
esac
case "$show" in
*'"prisoners":{"held_by_union":{"stands":[{"division":2,"name":"C","brigade":1,"stands":1,"camp":"Union POW camp"}],"total":1,'*'"held_by_confederate":{"stands":[{"division":1,"name":"U","brigade":2,"stands":2,"camp":"Confederate POW camp"}],"total":2,'*) ;;
*) fail "prisoners held: $show" ;;
esac

expect 2 "both --union N and --confederate M" -- exchange c.db --union 1
expect 2 "cannot be exchanged" -- exchange c.db --union 3 --confederate 1
expect 2 "cannot be exchanged" -- exchange c.db --union 1 --confederate 2
out=$(mc exchange c.db --union 1 --confederate 1) || fail "exchange"
[ "$(mc prisoners c.db --format json)" = \
  '{"held_by_union":{"stands":[],"total":0,"leaders":[],"batteries":[],"camps":[]},"held_by_confederate":{"stands":[{"division":1,"name":"U","brigade":2,"stands":1,"camp":"Confederate POW camp"}],"total":1,"leaders":[],"batteries":[],"camps":[{"name":"Confederate POW camp","stands":1,"leaders":0,"batteries":0}]}}' ] ||
    fail "prisoners after the exchange: $(mc prisoners c.db --format json)"
expect 2 "no confederate stands are held" -- liberate c.db --side confederate
mc liberate c.db --side union >/dev/null || fail "liberate"
case "$(mc show c.db --format json)" in
*'{"number":2,"stands":7,"start":7,"out":0,"prisoners":0,'*) ;;
*) fail "liberated stands rejoin their brigade" ;;
esac

# Leader replacement: Union 1863, 01-10 despicable, 91-00 exceptional.
out=$(mc leader-lost c.db 1 --rolls 7) || fail "leader-lost"
case "$out" in *"division 1 leader (average) replaced: roll 7 → despicable (DP)"*) ;;
*) fail "replacement: $out" ;; esac
out=$(mc leader-lost c.db 1 --brigade 2 --rolls 00) || fail "leader-lost 2"
case "$out" in *"roll 100 → exceptional"*) ;; *) fail "00 is 100: $out" ;; esac
expect 2 "name one leader" -- leader-lost c.db 1 --brigade 1 --corps-leader --seed 1
expect 2 "belongs to no corps" -- leader-lost c.db 1 --corps-leader --seed 1
expect 2 "left over" -- leader-lost c.db 1 --rolls 5,6
# The forgotten reveal.
expect 2 "no despicable replacement is owed" -- downgrade c.db 2
mc penalty c.db --side confederate >/dev/null || fail "penalty"
expect 2 "no despicable replacement is owed by the Union side" -- downgrade c.db 1
mc penalty c.db --side union >/dev/null || fail "penalty"
expect 2 "only downgrade an average" -- downgrade c.db 1 --brigade 2
out=$(mc downgrade c.db 2 --brigade 1) || fail "downgrade"
case "$out" in *"brigade 1 brigadier average → despicable; 0 replacements left (DP)"*) ;;
*) fail "downgrade: $out" ;; esac

# A file that cannot be opened is a failure (exit 1), not bad input.
err=$(mc show missing.db 2>&1 >/dev/null)
[ $? = 1 ] || fail "'show missing.db': exit not 1"
case "$err" in "muster: "*) ;; *) fail "'show missing.db': no message: $err" ;; esac

# Files that are not campaigns, and other unusable arguments.
echo "just text" >notes.txt
# A folder cannot be read as a file: a failure, as for any unreadable file.
err=$(mc log / 2>&1 >/dev/null)
rc=$?
[ $rc = 1 ] || fail "'log /' exited $rc, not 1"
case "$err" in "muster: "*) ;; *) fail "'log /': no message: $err" ;; esac
for args in "show notes.txt" "campaign" \
            "show" "frobnicate c.db" "new c.db --name X --year 1863 --theater east" \
            "new d.db --name X --year 1870 --theater east" \
            "new d.db --name X --year 1863 --theater east --return-rate 101" \
            "new d.db --name X --year 1863 --theater east --return-winner 2/3" \
            "show c.db --format csv" "show c.db --side" "check c.db extra"; do
    # shellcheck disable=SC2086
    err=$(mc $args 2>&1 >/dev/null)
    rc=$?
    [ $rc = 2 ] || fail "'$args' exited $rc, not 2"
    case "$err" in "muster: "*) ;; *) fail "'$args': no message: $err" ;; esac
done
[ -e d.db ] && fail "a refused 'new' left d.db behind"

# Edited tables are kept in the campaign: here every brigade has 11 stands.
sed 's/^11 = 98-00$/11 = 01-00/; /^\[stands\.union\]/,/^\[/{/^[5-9] =\|^10 =/d}' \
    "$src/rules/fire-and-fury.ini" >eleven.ini
"$muster" rules check eleven.ini >/dev/null || fail "eleven.ini is not valid"
mc new e.db --name E --year 1862 --theater west --rules eleven.ini >/dev/null ||
    fail "new --rules"
rm eleven.ini # kept in e.db, not read again
mc add e.db --side union --name U >/dev/null
out=$(mc engage e.db 1 --seed 3 --format json) || fail "engage with the tables"
case "$out" in *'"stands":11,'*) ;; *) fail "custom tables not used: $out" ;; esac
case "$out" in *'"stands":7,'*|*'"stands":8,'*) fail "built-in tables used" ;; esac
case "$(mc show e.db --format json)" in *'"tables":"custom"'*) ;;
*) fail "show does not say the tables are custom" ;; esac
printf '[stands.union]\n6 = 01-50\n' >bad.ini
expect_new=$(mc new f.db --name F --year 1862 --theater west --rules bad.ini 2>&1)
[ $? = 2 ] || fail "new with bad tables: $expect_new"
[ -e f.db ] && fail "new with bad tables left f.db behind"
# verify reads at most 16 MiB, even when the last read goes past it.
err=$(head -c 17000000 /dev/zero |
      mc verify --commitment 00 --division - 2>&1 >/dev/null)
[ $? = 2 ] || fail "a 17 MB division: exit not 2"
[ "$err" = "muster: standard input: larger than 16 MiB, the most muster reads of a file" ] ||
    fail "a 17 MB division: $err"
[ "$(cat notes.txt)" = "just text" ] || fail "notes.txt was changed"
mc check c.db >/dev/null || fail "check"

[ $fails = 0 ] || exit 1
echo "ok: rules and bad input"
