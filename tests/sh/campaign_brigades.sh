#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A campaign file whose brigades table was edited to hold more brigades for
# a division than a division can have (8), or brigades of a division that
# does not exist, is refused with a message that says which (exit 1, the
# file is damaged), not "brigade of an unknown division" for both.
set -u
muster=$(realpath "$1")
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 tool"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
m() { "$muster" campaign "$@" >/dev/null || { echo "FAIL: campaign $*"; exit 1; }; }
m new c.db --name T --year 1863 --theater east
m add c.db --side union --name A
m engage c.db 1 --seed 3
n=$(sqlite3 c.db "SELECT count(*) FROM brigades WHERE division = 1")
cp c.db many.db
for k in $(seq $((n + 1)) 70); do # up to 70 brigades, as in the report
    sqlite3 many.db "INSERT INTO brigades SELECT division, $k, morale, start, \
current, lost, returned, captured, freed, leader, leader_rolled, \
leader_origin, name FROM brigades WHERE division = 1 AND number = 1"
done
expect() { # what file message
    local err
    err=$("$muster" campaign show "$2" 2>&1 >/dev/null)
    local rc=$?
    if [ $rc != 1 ] || [ "$err" != "$3" ]; then
        echo "FAIL $1: exit $rc, '$err'"; fail=1
    fi
}
expect "70 brigades" many.db \
    "muster: many.db: the campaign file is damaged: division 1 has more than 8 brigades"
cp c.db orphan.db
sqlite3 orphan.db "INSERT INTO brigades SELECT 5, number, morale, start, \
current, lost, returned, captured, freed, leader, leader_rolled, \
leader_origin, name FROM brigades WHERE division = 1 AND number = 1"
expect "a brigade of division 5" orphan.db \
    "muster: orphan.db: the campaign file is damaged: brigade of an unknown division 5"
[ $fail = 0 ] && echo "all passed"
exit $fail
