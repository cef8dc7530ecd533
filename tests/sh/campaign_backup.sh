#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# campaign backup (issue 40): a copy of a campaign another process is
# writing passes 'campaign check', as private as the campaign (its
# permissions); killed at any moment (SIGKILL, SIGTERM,
# SIGHUP) it leaves OUT absent or whole, never half written, and with
# --force the old OUT stays whole until the new one replaces it; an
# existing OUT is refused without --force, and a side may not copy the
# umpire's file.
# usage: campaign_backup.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
writer=
# Only this shell cleans up: a background command killed by HUP or TERM in
# the moment after its fork, before it becomes muster, is still a copy of
# this shell and would run this trap (and remove the folder) as it dies.
top=$BASHPID
trap '[ "$BASHPID" = "$top" ] || exit
      [ -n "$writer" ] && kill "$writer" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
export MUSTER_NOW=2026-12-01T19:30:00Z

# ---- a copy while another process writes --------------------------------
"$muster" campaign new live.db --name Live --year 1863 --theater east \
    >/dev/null || fail "new"
"$muster" campaign battle start live.db Ridge >/dev/null || fail "battle"
n=40
# The writer adds and engages divisions and records losses, one event per
# command; it notes each command done in writes.txt.
(
    for ((i = 1; i <= n; i++)); do
        side=union; ((i % 2)) && side=confederate
        id=$("$muster" campaign add live.db --side $side --name "D $i") &&
            "$muster" campaign engage live.db "$id" --seed "$i" >/dev/null &&
            "$muster" campaign casualties live.db "$id" --brigade 1 --lost 1 \
                >/dev/null || { echo FAILED >>writes.txt; exit 1; }
        echo "$i" >>writes.txt
    done
    echo done >>writes.txt
) 2>writer.err &
writer=$!
copies=0 during=0
while :; do
    finished=0
    grep -q '^done$' writes.txt 2>/dev/null && finished=1
    copies=$((copies + 1))
    "$muster" campaign backup live.db copy$copies.db >/dev/null 2>err.txt ||
        fail "backup $copies while writing: $(cat err.txt)"
    [ $finished = 1 ] && break
    during=$((during + 1))
done
wait "$writer" || fail "writer: $(cat writer.err)"
writer=
grep -q FAILED writes.txt && fail "the writer failed: $(cat writer.err)"
[ $during -ge 2 ] || fail "only $during copies while the writer wrote"
for ((k = 1; k <= copies; k++)); do
    "$muster" campaign check copy$k.db >check.txt 2>&1 ||
        fail "copy$k.db does not check: $(tail -3 check.txt)"
done
# The last copy, made after the writer finished, is the whole campaign.
"$muster" campaign show live.db >live.txt || fail "show"
"$muster" campaign show copy$copies.db >last.txt || fail "show the copy"
cmp -s live.txt last.txt || fail "the last copy differs from the campaign"

# ---- as private as the campaign ------------------------------------------
chmod 600 live.db
"$muster" campaign backup live.db private.db >/dev/null || fail "backup 0600"
"$muster" campaign backup live.db private.db --force >/dev/null ||
    fail "backup 0600 --force"
cp private.db other.db && chmod 644 other.db
"$muster" campaign backup live.db other.db --force >/dev/null ||
    fail "backup over a 0644 file"
for f in private.db other.db; do
    [ "$(stat -c %a $f)" = 600 ] ||
        fail "the copy of a 0600 campaign is $(stat -c %a $f): $f"
done
chmod 644 live.db

# ---- refusals --------------------------------------------------------------
"$muster" campaign backup live.db copy1.db >/dev/null 2>err.txt
[ $? = 2 ] || fail "a backup over an existing file did not exit 2"
grep -q "already exists.*--force" err.txt || fail "no --force hint: $(cat err.txt)"
"$muster" campaign backup live.db live.db --force >/dev/null 2>err.txt
[ $? = 2 ] || fail "a backup over the campaign itself did not exit 2"
"$muster" campaign backup live.db side.db --as union >/dev/null 2>err.txt
[ $? = 2 ] || fail "a side copied the umpire's file"
[ -e side.db ] && fail "a side's refused backup left side.db"
"$muster" campaign export live.db --side union --out union.db >/dev/null ||
    fail "export"
"$muster" campaign backup union.db union-copy.db >/dev/null ||
    fail "a player's own file did not copy"
cmp -s <("$muster" campaign show union.db) \
       <("$muster" campaign show union-copy.db) ||
    fail "the copy of the Union's file shows otherwise"
"$muster" campaign show union-copy.db --as confederate >/dev/null 2>&1 &&
    fail "the copy of the Union's file opens for the Confederates"

# ---- killed at any moment ------------------------------------------------
# (a campaign of some megabytes, so that a kill lands in the copy)
bash "$MUSTER_SOURCE/tests/sh/lib/big_campaign.sh" "$muster" big.db 300 \
    >/dev/null || fail "big campaign"
"$muster" campaign backup big.db want.db >/dev/null || fail "backup big"
"$muster" campaign backup big.db want2.db >/dev/null || fail "backup big again"
cmp -s want.db want2.db || fail "two copies of a quiet campaign differ"
"$muster" campaign backup live.db old.db >/dev/null || fail "backup live"
mkdir out
complete=0 absent=0 kept=0
sigs=(KILL TERM HUP)
for i in $(seq 1 24); do
    sig=${sigs[i % 3]}
    force=
    if ((i % 2)); then
        force=--force
        cp old.db out/o$i.db || fail "trial $i: cp"
        target=out/o$i.db
    else
        target=out/n$i.db
    fi
    "$muster" campaign backup big.db $target $force >/dev/null 2>&1 &
    pid=$!
    sleep "0.0$((i * 7 % 5))$((i * 3 % 10))" # 0 to ~50 ms
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    if [ -n "$force" ] && cmp -s old.db $target; then
        kept=$((kept + 1))
    elif [ -e $target ]; then
        cmp -s want.db $target ||
            fail "trial $i ($sig $force) left a half-written $target"
        complete=$((complete + 1))
    else
        [ -n "$force" ] && fail "trial $i ($sig --force) lost the old file:" \
            "$(ls -a out | grep "o$i[.]" | tr '\n' ' ')"
        absent=$((absent + 1))
    fi
done
# Only the copies and, of a killed --force, its hidden temporary file.
for f in out/* out/.[!.]*; do
    [ -e "$f" ] || continue
    case $f in
    out/[on][0-9]*.db | out/.o[0-9]*.db.new-*) ;;
    *) fail "a killed backup left $f" ;;
    esac
done
echo "ok: $copies copies while writing ($during during), all check;" \
     "24 killed: $complete whole, $kept old kept, $absent absent"
