#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A full disk is a failure (exit 1), never bad input (2), for every command
# that writes a file: plot, roster, campaign new and export. Two tiny
# tmpfs: one with no inode left (the temporary file cannot be made), one
# with no block left (it cannot be written). Skipped (77) where no tmpfs
# can be mounted (not root, or no mount namespace for it).
# usage: full_disk.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
cleanup() {
    umount "$work/noinode" "$work/noblock" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
mkdir noinode noblock
if ! mount -t tmpfs -o size=64k,nr_inodes=2 tmpfs noinode 2>/dev/null ||
   ! mount -t tmpfs -o size=16k tmpfs noblock 2>/dev/null; then
    echo "SKIP: cannot mount a tmpfs here"
    exit 77
fi
touch noinode/a                  # the one inode left, taken
touch noinode/b 2>/dev/null && fail "the tmpfs still has an inode"
dd if=/dev/zero of=noblock/fill bs=1k count=64 2>/dev/null
"$muster" division --army union --seed 1 --format json >d.json || fail division
"$muster" campaign new war.db --name War --year 1863 --theater east \
    >/dev/null || fail new
for dir in noinode noblock; do
    for out in r.pdf r.png r.svg; do
        "$muster" roster --from d.json --out $dir/$out 2>err
        rc=$?
        [ $rc = 1 ] || fail "roster --out $dir/$out: exit $rc: $(cat err)"
    done
    "$muster" plot figure 5 --out $dir/p.png 2>err
    rc=$?
    [ $rc = 1 ] || fail "plot --out $dir/p.png: exit $rc: $(cat err)"
    "$muster" campaign new $dir/new.db --name War --year 1863 \
        --theater east 2>err
    rc=$?
    [ $rc = 1 ] || fail "campaign new $dir/new.db: exit $rc: $(cat err)"
    "$muster" campaign export war.db --side union --out $dir/u.db 2>err
    rc=$?
    [ $rc = 1 ] || fail "campaign export --out $dir/u.db: exit $rc: $(cat err)"
done
[ "$(ls -A noinode)" = a ] || fail "left in noinode: $(ls -A noinode)"
[ "$(ls -A noblock)" = fill ] || fail "left in noblock: $(ls -A noblock)"
echo "ok: a full disk is exit 1 for roster, plot, new and export"
