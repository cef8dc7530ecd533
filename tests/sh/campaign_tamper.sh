#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 13 §2: any direct edit of a campaign file is caught. A campaign with
# every kind of event is made, then each edit below is applied to a fresh
# copy with the sqlite3 tool (CHECK constraints switched off where an edit
# needs it, as a cheater would), and `check` must report it: exit 1 and at
# least one "problem:" line (or, for a file too damaged to open, exit 2 and
# an error). Deleting the last event is caught against the noted head.
# usage: campaign_tamper.sh MUSTER
set -u
muster=$1
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 tool"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >/dev/null || fail "campaign $*"; }
# every event's author and time (the umpire's, now), which an edit below
# changes
export MUSTER_NOW=2026-12-01T19:30:00Z

F=base.db
m new $F --name Gettysburg --year 1863 --theater east --return-winner 2/3 \
    --return-loser 50
m add $F --side union --name Wadsworth --corps "I Corps"
m add $F --side confederate --name Heth --corps "Third Corps"
m add $F --side confederate --name Pender --corps "Third Corps"
m add $F --side union --name Buford --arm cavalry
m battle start $F "McPherson's Ridge"
m engage $F 1 --seed 7
m engage $F 2 --seed 8 --hidden
m engage $F 4 --seed 11 --by-the-book
m casualties $F 1 --brigade 1 --lost 3 --captured 1
m casualties $F 2 --brigade 2 --lost 2 --captured 2
m casualties $F 4 --brigade 1 --lost 1
m battle end $F --winner confederate --seed 3
m exchange $F --union 1 --confederate 1
m leader-lost $F 1 --brigade 2 --rolls 7
m leader-lost $F 1 --corps-leader --rolls 95
m penalty $F --side union
m downgrade $F 1 --brigade 3
m battle start $F "Seminary Ridge"
m engage $F 3 --seed 9 --hidden
m casualties $F 3 --brigade 1 --lost 2 --captured 1
m battle end $F --winner none --seed 4
m reveal $F 2
# Captured leaders and batteries in named camps (events 24..31).
m battle start $F "Cemetery Hill"
m casualties $F 1 --brigade 3 --captured 1 --camp "Libby Prison"
m casualties $F 3 --batteries-captured 1 --camp "Camp Douglas"
m leader-lost $F 3 --brigade 1 --captured --camp "Camp Douglas" --rolls 50
m leader-lost $F 1 --captured --rolls 60
m battle end $F --winner none --seed 5
m exchange $F --union-leaders 1 --confederate 1
m liberate $F --camp "Libby Prison"
[ "$(sqlite3 $F "SELECT max(id) FROM events")" = 31 ] || fail "the base campaign's log is not 31 events"
# An undo (events 32..36): casualties taken back in a fourth battle.
m battle start $F "Culp's Hill"
m casualties $F 1 --brigade 1 --lost 1 --captured 1
m casualties $F 4 --brigade 1 --lost 1
m undo $F 33
m battle end $F --winner none --seed 6
# The Union's default camp chosen (event 37).
m camp $F --side union --default "Camp Chase"
"$muster" campaign check $F >check.txt || { cat check.txt; fail "the base campaign does not check"; }
head=$("$muster" campaign head $F | sed -n 's/^head //p')
[ ${#head} -eq 64 ] || fail "no chain head"

# The hidden division 3 swapped for another, its commitment recomputed with
# its own salt so that it still "opens": brigade 4 gets 7 stands, not 6.
salt=$(sqlite3 $F "SELECT salt FROM divisions WHERE id = 3")
swapped=$(sqlite3 $F "SELECT division FROM divisions WHERE id = 3" |
          sed 's/"label":"6 stands, veteran","leader":"exceptional","leader_rolled":"exceptional","morale":"veteran","stands":6/"label":"7 stands, veteran","leader":"exceptional","leader_rolled":"exceptional","morale":"veteran","stands":7/')
# shellcheck disable=SC2059 # the salt's bytes as printf escapes
commit=$( (printf "$(echo "$salt" | sed 's/../\\x&/g')"; printf '%s' "$swapped") |
         sha256sum | cut -c1-64)
"$muster" campaign verify --commitment "$commit" --salt "$salt" \
    --division <(printf '%s' "$swapped") >/dev/null ||
    fail "the swapped division does not open its recomputed commitment"

OFF="PRAGMA ignore_check_constraints = ON;"
edits=(
"brigade morale|UPDATE brigades SET morale = 2 WHERE division = 1 AND number = 3"
"brigadier rating|UPDATE brigades SET leader = 2 WHERE division = 1 AND number = 1"
"brigadier as rolled|UPDATE brigades SET leader_rolled = 2 WHERE division = 1 AND number = 1"
"brigadier origin|UPDATE brigades SET leader_origin = 0 WHERE division = 1 AND number = 2"
"a brigade one stand stronger|UPDATE brigades SET start = start + 1, current = current + 1 WHERE division = 4 AND number = 2"
"stands now|$OFF UPDATE brigades SET current = current + 1 WHERE division = 1 AND number = 1"
"stands lost|$OFF UPDATE brigades SET lost = lost - 1, current = current + 1 WHERE division = 1 AND number = 1"
"stands returned|UPDATE brigades SET returned = returned + 1, current = current + 1 WHERE division = 2 AND number = 2"
"stands captured|$OFF UPDATE brigades SET captured = captured + 1 WHERE division = 3 AND number = 1"
"stands freed|UPDATE brigades SET freed = 0, current = current - 1 WHERE division = 1 AND number = 1"
"stands beyond 2^31|$OFF UPDATE brigades SET current = 4294967303 WHERE division = 1 AND number = 2"
"losses beyond 2^63 sums|$OFF UPDATE brigades SET lost = 9223372036854775807 WHERE division = 1 AND number = 1"
"a brigade deleted|DELETE FROM brigades WHERE division = 4 AND number = 3"
"a brigade added|INSERT INTO brigades(division, number, morale, start, current, leader, leader_rolled) VALUES (4, 4, 1, 6, 6, 1, 1)"
"division leader|UPDATE divisions SET leader = 2 WHERE id = 1"
"division leader as rolled|UPDATE divisions SET leader_rolled = 0 WHERE id = 4"
"division leader origin|UPDATE divisions SET leader_origin = 1 WHERE id = 1"
"artillery ratio|UPDATE divisions SET ratio = 9 WHERE id = 1"
"batteries|UPDATE divisions SET batteries = 4 WHERE id = 1"
"batteries with the division|UPDATE divisions SET division_batteries = 3 WHERE id = 1"
"reserve batteries|UPDATE divisions SET reserve = 0 WHERE id = 1"
"hidden flag cleared|$OFF UPDATE divisions SET hidden = 0 WHERE id = 3"
"hidden flag set|UPDATE divisions SET hidden = 1, salt = '00000000000000000000000000000000', commitment = 'aa' WHERE id = 1"
"revealed flag set|UPDATE divisions SET revealed = 1 WHERE id = 3"
"revealed flag cleared|UPDATE divisions SET revealed = 0 WHERE id = 2"
"by the book|UPDATE divisions SET by_the_book = 0 WHERE id = 4"
"division side|UPDATE divisions SET side = 0 WHERE id = 3"
"division arm|UPDATE divisions SET arm = 1 WHERE id = 1"
"division name|UPDATE divisions SET name = 'Doubleday' WHERE id = 1"
"division corps|UPDATE divisions SET corps = NULL WHERE id = 3"
"division never engaged|UPDATE divisions SET engaged = 0, division = NULL, hidden = 0, revealed = 0 WHERE id = 4"
"salt|UPDATE divisions SET salt = '00000000000000000000000000000000' WHERE id = 3"
"commitment|UPDATE divisions SET commitment = '0000000000000000000000000000000000000000000000000000000000000000' WHERE id = 3"
"stored division json|UPDATE divisions SET division = replace(division, '\"stands\":28', '\"stands\":29') WHERE id = 3"
"hidden division swapped, commitment recomputed|UPDATE divisions SET division = '$swapped', commitment = '$commit' WHERE id = 3"
"campaign year|UPDATE campaign SET year = 1864"
"campaign theater|UPDATE campaign SET theater = 1"
"campaign name|UPDATE campaign SET name = 'Chancellorsville'"
"draw return rate|UPDATE campaign SET draw_num = 2, draw_den = 3"
"winner's return rate|UPDATE campaign SET win_num = 1, win_den = 1"
"loser's return rate|UPDATE campaign SET lose_num = 1, lose_den = 3"
"custom tables slipped in|UPDATE campaign SET rules = 'x'"
"penalties owed|UPDATE campaign SET penalty_union = 1"
"a default camp renamed|UPDATE campaign SET union_camp = 'Elmira'"
"a default camp cleared|UPDATE campaign SET union_camp = NULL"
"a default camp chosen without its event|UPDATE campaign SET confederate_camp = 'Andersonville'"
"a default camp's event|UPDATE events SET data = replace(data, 'Camp Chase', 'Camp Morton') WHERE id = 37"
"corps leader|UPDATE corps SET leader = 2 WHERE id = 2"
"corps leader origin|UPDATE corps SET leader_origin = 0 WHERE id = 1"
"corps name|UPDATE corps SET name = 'II Corps' WHERE id = 1"
"despicable corps leader attached|UPDATE corps SET leader = 0, attached = 1 WHERE id = 1"
"battle name|UPDATE battles SET name = 'Cemetery Hill' WHERE id = 1"
"battle winner|UPDATE battles SET winner = 0 WHERE id = 1"
"battle reopened|UPDATE battles SET active = 1, end_event = NULL WHERE id = 2"
"battle year|UPDATE battles SET year = 1862 WHERE id = 2"
"a losses row: lost|UPDATE losses SET lost = lost + 1 WHERE battle = 1 AND division = 1"
"a losses row: returned|UPDATE losses SET returned = 0 WHERE battle = 1 AND division = 1"
"a losses row deleted|DELETE FROM losses WHERE battle = 1 AND division = 4"
"a losses row added|INSERT INTO losses(battle, division, brigade, lost, captured, returned) VALUES (2, 1, 3, 1, 0, 1)"
"prisoners: stands held|UPDATE prisoners SET stands = stands + 1 WHERE division = 3"
"prisoners: a row deleted|DELETE FROM prisoners WHERE division = 3"
"prisoners: taken from another brigade|UPDATE prisoners SET brigade = 2 WHERE division = 3"
"an event's data|UPDATE events SET data = replace(data, '\"lost\":3', '\"lost\":4') WHERE id = 10"
"an event's author|UPDATE events SET data = replace(data, '\"author\":\"umpire\"', '\"author\":\"union\"') WHERE id = 10"
"an event's time|UPDATE events SET data = replace(data, '19:30:00Z', '19:31:00Z') WHERE id = 10"
"an event's author and time taken out|UPDATE events SET data = replace(data, ',\"author\":\"umpire\",\"time\":\"2026-12-01T19:30:00Z\"', '') WHERE id = 10"
"a replacement leader's roll|UPDATE events SET data = replace(data, '\"roll\":95', '\"roll\":96') WHERE id = 16"
"an event's kind|UPDATE events SET kind = 'liberate' WHERE id = 14"
"an event's division|UPDATE events SET division = 4 WHERE id = 10"
"an event's hash|UPDATE events SET hash = '0000000000000000000000000000000000000000000000000000000000000000' WHERE id = 5"
"an event deleted in the middle|DELETE FROM events WHERE id = 17"
"an event inserted|INSERT INTO events(id, kind, division, data, hash) VALUES (38, 'penalty', NULL, '{\"side\":\"confederate\",\"owed\":1}', NULL)"
"a seed changed|UPDATE events SET data = replace(data, '\"seed\":7', '\"seed\":17') WHERE id = 7"
"a roll changed|UPDATE events SET data = replace(data, '\"roll\":47', '\"roll\":48') WHERE id = 7"
"the stored schema version|PRAGMA user_version = 2"
"prisoners: moved to another camp|UPDATE prisoners SET camp = 'Elmira' WHERE division = 3"
"prisoners: held in the other side's camp|UPDATE prisoners SET camp = 'Confederate POW camp' WHERE division = 3"
"a captured leader's rating|UPDATE leaders_held SET rating = 0"
"a captured leader as rolled|UPDATE leaders_held SET rolled = 0"
"a captured leader's origin|UPDATE leaders_held SET origin = 1"
"a captured leader's post|UPDATE leaders_held SET post = 0, brigade = 0"
"a captured leader's brigade|$OFF UPDATE leaders_held SET brigade = 2"
"a captured leader's camp|UPDATE leaders_held SET camp = 'Elmira'"
"a captured leader's division|UPDATE leaders_held SET division = 2"
"a captured leader set free|DELETE FROM leaders_held"
"a captured leader added|INSERT INTO leaders_held(event, division, post, brigade, rating, rolled, origin, camp) VALUES (25, 1, 1, 2, 1, 1, 0, 'Libby Prison')"
"captured batteries: how many|UPDATE batteries_held SET batteries = 2"
"captured batteries: their camp|UPDATE batteries_held SET camp = 'Elmira'"
"captured batteries set free|DELETE FROM batteries_held"
"captured batteries added|INSERT INTO batteries_held(event, division, batteries, camp) VALUES (26, 1, 1, 'Libby Prison')"
"batteries back without an exchange|UPDATE divisions SET division_batteries = division_batteries + 1 WHERE id = 3"
"a returned leader's origin|UPDATE divisions SET leader_origin = 0 WHERE id = 1"
"an event's camp|UPDATE events SET data = replace(data, 'Camp Douglas', 'Elmira') WHERE id = 26"
"an event's captured batteries|UPDATE events SET data = replace(data, '\"batteries\":1', '\"batteries\":2') WHERE id = 26"
"a capture made a plain loss|UPDATE events SET data = replace(data, ',\"captured\":true,\"camp\":\"Camp Douglas\"', '') WHERE id = 27"
"an exchange's leaders|UPDATE events SET data = replace(data, '\"union_leaders\":1,', '') WHERE id = 30"
"a liberation's camp|UPDATE events SET data = replace(data, '\"camp\":\"Libby Prison\",', '') WHERE id = 31"
"an undo retargeted|UPDATE events SET data = replace(data, '\"event\":33', '\"event\":34') WHERE kind = 'undo'"
"an undo deleted|DELETE FROM events WHERE kind = 'undo'"
"an undo's kind changed|UPDATE events SET data = replace(data, '\"kind\":\"casualties\"', '\"kind\":\"liberate\"') WHERE kind = 'undo'"
"an undone capture held again|INSERT INTO prisoners(event, division, brigade, stands, camp) VALUES (33, 1, 1, 1, 'Confederate POW camp')"
"an undone loss out again|UPDATE losses SET lost = lost + 1 WHERE battle = 4 AND division = 4"
)
n=0
for e in "${edits[@]}"; do
    what=${e%%|*}
    sql=${e#*|}
    cp $F t.db
    sqlite3 t.db "$sql" 2>err.txt || fail "$what: the edit itself failed: $(cat err.txt)"
    "$muster" campaign check t.db >out.txt 2>err.txt
    rc=$?
    if [ $rc -eq 1 ] && grep -q '^problem: ' out.txt; then
        n=$((n + 1))
    elif [ $rc -ne 0 ] && grep -q '^muster: .*campaign' err.txt; then
        n=$((n + 1)) # refused to open, saying why: reported too
    else
        cat out.txt err.txt
        fail "$what: not reported (exit $rc)"
    fi
done

# Fields that change how check reads the file (issue 27, item 5): the
# umpire's file dressed as a player's (view_side, view tables made from
# its events) with 3 stands moved between the sides is still checked and
# replayed as the campaign file, against the noted head too.
MOVE="UPDATE brigades SET start = start - 3, current = current - 3 WHERE division = 1 AND number = 2; UPDATE brigades SET start = start + 3, current = current + 3 WHERE division = 2 AND number = 1"
VIEWS="CREATE TABLE view_chain (id INTEGER PRIMARY KEY, line TEXT NOT NULL, hash TEXT NOT NULL) STRICT; INSERT INTO view_chain SELECT id, data, hash FROM events; CREATE TABLE view_log (id INTEGER PRIMARY KEY, text TEXT NOT NULL, json TEXT NOT NULL) STRICT; INSERT INTO view_log SELECT id, kind, data FROM events"
reads=(
"view_side: the Union's|UPDATE campaign SET view_side = 0"
"view_side: the Confederates'|UPDATE campaign SET view_side = 1"
"view_side and view tables, stands moved|UPDATE campaign SET view_side = 0; $VIEWS; $MOVE"
"view tables alone, stands moved|$VIEWS; $MOVE"
"stands moved alone|$MOVE"
)
for e in "${reads[@]}"; do
    what=${e%%|*}
    sql=${e#*|}
    for with_head in no yes; do
        cp $F t.db
        sqlite3 t.db "$sql" 2>err.txt || fail "$what: the edit itself failed: $(cat err.txt)"
        if [ $with_head = yes ]; then
            "$muster" campaign check t.db --head "$head" >out.txt 2>err.txt
        else
            "$muster" campaign check t.db >out.txt 2>err.txt
        fi
        rc=$?
        grep -q '^replay: .*replayed' out.txt ||
            { cat out.txt err.txt; fail "$what (head: $with_head): not replayed"; }
        [ $rc -eq 1 ] && grep -q '^problem: ' out.txt ||
            { cat out.txt err.txt; fail "$what (head: $with_head): not reported (exit $rc)"; }
    done
    n=$((n + 1))
done

# Schema objects that are not muster's (item 7): each is named by check,
# and a change to a file holding a trigger or a view is refused (exit 2)
# with the file's bytes unchanged, although the trigger would have fired.
objects=(
"a trigger|trigger 'planted'|CREATE TRIGGER planted AFTER INSERT ON events BEGIN UPDATE brigades SET current = current + 1 WHERE division = 1; END"
"a trigger that swallows changes|trigger 'quiet'|CREATE TRIGGER quiet BEFORE UPDATE ON brigades BEGIN SELECT RAISE(IGNORE); END"
"a view|view 'seen'|CREATE VIEW seen AS SELECT * FROM divisions"
"an index|index 'extra'|CREATE INDEX extra ON brigades(current)"
"an index made otherwise|index 'prisoners_camp'|DROP INDEX prisoners_camp; CREATE INDEX prisoners_camp ON prisoners(camp)"
"a table|table 'notes'|CREATE TABLE notes(x)"
"a view table in the campaign file|table 'view_log'|CREATE TABLE view_log (id INTEGER PRIMARY KEY, text TEXT NOT NULL, json TEXT NOT NULL) STRICT"
"a column added|table 'corps'|ALTER TABLE corps ADD COLUMN note TEXT"
)
for e in "${objects[@]}"; do
    what=${e%%|*}
    rest=${e#*|}
    says=${rest%%|*}
    sql=${rest#*|}
    cp $F t.db
    sqlite3 t.db "$sql" 2>err.txt || fail "$what: the edit itself failed: $(cat err.txt)"
    "$muster" campaign check t.db >out.txt 2>err.txt
    rc=$?
    [ $rc -eq 1 ] && grep -q "^problem: schema: $says .*is not muster's" out.txt ||
        { cat out.txt err.txt; fail "$what: not named by check (exit $rc)"; }
    n=$((n + 1))
    case $says in trigger* | view*) ;; *) continue ;; esac
    before=$(sha256sum t.db)
    "$muster" campaign casualties t.db 1 --brigade 2 --lost 1 >out.txt 2>err.txt
    rc=$?
    [ $rc -eq 2 ] && grep -q "that muster did not make" err.txt ||
        { cat out.txt err.txt; fail "$what: a change was not refused (exit $rc)"; }
    [ "$(sha256sum t.db)" = "$before" ] || fail "$what: the refused change wrote the file"
done

# The last event deleted: caught against the head noted before.
cp $F t.db
sqlite3 t.db "DELETE FROM events WHERE id = (SELECT max(id) FROM events)"
"$muster" campaign check t.db --head "$head" >out.txt 2>&1
grep -q "the noted head $head is not in the chain" out.txt ||
    { cat out.txt; fail "deleting the last event is not caught"; }
n=$((n + 1))
# ...and the untouched file passes against its head.
"$muster" campaign check $F --head "$head" >out.txt ||
    { cat out.txt; fail "the untouched file fails against its head"; }
[ $n -ge 50 ] || fail "only $n edits tried"
echo "ok: all $n edits reported"
