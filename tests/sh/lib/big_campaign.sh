#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds a large campaign quickly: a small one through the tool (both
# sides, corps, open, hidden and revealed divisions, a battle with losses,
# prisoners, a captured battery and leader), then its divisions, brigades,
# events and prisoners (stands, leaders, batteries) copied COPIES times by SQL in one transaction, each
# copy's ids shifted and names suffixed. The copied events keep their
# stored hashes, so `campaign check` fails on the result: it is for reading
# (show, log, export), not a real ledger.
# usage: big_campaign.sh MUSTER FILE COPIES   (divisions: 8 x (COPIES + 1))
set -eu
muster=$1 db=$2 copies=$3
m() { "$muster" campaign "$@" >/dev/null; }
m new "$db" --name Big --year 1863 --theater east
for i in 1 2 3 4; do
    m add "$db" --side union --name "Union $i" --corps "Corps $((i % 2 + 1))"
    m add "$db" --side confederate --name "Reb $i" --corps "Reb $((i % 2 + 1))"
done
m battle start "$db" "Ridge"
for d in 1 2 3 4 5 6 7; do
    case $d in
    2 | 3 | 4) m engage "$db" "$d" --seed "$d" --hidden ;;
    *) m engage "$db" "$d" --seed "$d" ;;
    esac
done
m casualties "$db" 1 --brigade 1 --lost 2 --captured 1
m casualties "$db" 2 --brigade 1 --lost 1 --captured 1 --camp "Camp Douglas"
m casualties "$db" 5 --batteries-captured 1 --camp "Libby Prison"
m casualties "$db" 3 --batteries-captured 1
m leader-lost "$db" 6 --brigade 1 --captured --seed 4
m leader-lost "$db" 2 --captured --seed 5
m battle end "$db" --winner union --seed 3
m reveal "$db" 4
# the columns of each table, with the key columns shifted for copy k.n
cols() { # table replacements...
    local t=$1; shift
    local list
    list=$(sqlite3 "$db" "SELECT group_concat(name, ' ') FROM pragma_table_info('$t')")
    local out="" c r
    for c in $list; do
        r=$c
        for rep in "$@"; do
            [ "${rep%%=*}" = "$c" ] && r=${rep#*=}
        done
        out="${out:+$out, }$r"
    done
    echo "$out"
}
sqlite3 "$db" <<SQL
BEGIN;
CREATE TEMP TABLE k AS WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL
    SELECT n + 1 FROM k WHERE n < $copies) SELECT n FROM k;
CREATE TEMP TABLE m AS SELECT (SELECT max(id) FROM divisions) AS dmax,
    (SELECT max(id) FROM events) AS emax,
    (SELECT coalesce(max(id), 0) FROM prisoners) AS pmax,
    (SELECT coalesce(max(id), 0) FROM leaders_held) AS lmax,
    (SELECT coalesce(max(id), 0) FROM batteries_held) AS bmax;
INSERT INTO divisions SELECT $(cols divisions "id=id + k.n * m.dmax" \
    "name=name || ' ' || k.n") FROM divisions, k, m WHERE id <= m.dmax;
INSERT INTO brigades SELECT $(cols brigades "division=division + k.n * m.dmax") \
    FROM brigades, k, m WHERE division <= m.dmax;
INSERT INTO events SELECT $(cols events "id=id + k.n * m.emax" \
    "division=division + k.n * m.dmax" \
    "data=CASE WHEN json_type(data, '\$.division') IS NULL THEN data ELSE
     json_set(data, '\$.division', division + k.n * m.dmax) END") \
    FROM events, k, m
    WHERE id <= m.emax AND division IS NOT NULL;
INSERT INTO losses SELECT $(cols losses "division=division + k.n * m.dmax") \
    FROM losses, k, m WHERE division <= m.dmax;
INSERT INTO prisoners SELECT $(cols prisoners "id=id + k.n * m.pmax" \
    "event=event + k.n * m.emax" "division=division + k.n * m.dmax") \
    FROM prisoners, k, m WHERE id <= m.pmax;
INSERT INTO leaders_held SELECT $(cols leaders_held "id=id + k.n * m.lmax" \
    "event=event + k.n * m.emax" "division=division + k.n * m.dmax") \
    FROM leaders_held, k, m WHERE id <= m.lmax;
INSERT INTO batteries_held SELECT $(cols batteries_held "id=id + k.n * m.bmax" \
    "event=event + k.n * m.emax" "division=division + k.n * m.dmax") \
    FROM batteries_held, k, m WHERE id <= m.bmax;
COMMIT;
SQL
