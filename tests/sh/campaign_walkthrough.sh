#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The short campaign walked through in docs/guide/campaign.md and
# muster(1), run end to end and compared with campaign_walkthrough.expected.
# The salt and the commitment are random, so they are masked; the
# commitment is checked with 'verify' and, independently, with sha256sum.
# MUSTER_UPDATE=1 rewrites the expected transcript (review the diff!).
# usage: campaign_walkthrough.sh MUSTER
set -u
muster=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

m() { # one command into the transcript, with its exit status
    echo "\$ muster $*"
    "$muster" "$@" 2>&1
    echo "[exit $?]"
}
{
m campaign new gettysburg.db --name Gettysburg --year 1863 --theater east
m campaign add gettysburg.db --side union --name Wadsworth --corps "I Corps"
m campaign add gettysburg.db --side confederate --name Heth --corps "Third Corps"
m campaign add gettysburg.db --side confederate --name Pender --corps "Third Corps"
m campaign battle start gettysburg.db "McPherson's Ridge"
m campaign engage gettysburg.db 1 --seed 7
m campaign engage gettysburg.db 2 --seed 8 --hidden
m campaign casualties gettysburg.db 1 --brigade 1 --lost 3 --captured 1
m campaign casualties gettysburg.db 2 --brigade 2 --lost 2 --captured 2
m campaign casualties gettysburg.db 1 --brigade 2 --lost 9
m campaign battle end gettysburg.db --winner confederate --seed 3
m campaign show gettysburg.db --side union
m campaign prisoners gettysburg.db
m campaign exchange gettysburg.db --union 1 --confederate 1
m campaign exchange gettysburg.db --union 1 --confederate 0
m campaign leader-lost gettysburg.db 1 --brigade 2 --seed 5
m campaign show gettysburg.db
m campaign show gettysburg.db --side confederate --format markdown
m campaign log gettysburg.db --side union
m campaign log gettysburg.db --side union --format json
m campaign prisoners gettysburg.db --format json
m campaign check gettysburg.db
} >transcript

# The hidden division: reveal, verify, tamper.
"$muster" campaign reveal gettysburg.db 2 >heth.json || fail "reveal"
commitment=$(sed -n 's/.*"commitment":"\([0-9a-f]\{64\}\)".*/\1/p' heth.json)
salt=$(sed -n 's/.*"salt":"\([0-9a-f]\{32\}\)".*/\1/p' heth.json)
grep -q "^commitment $commitment\$" transcript ||
    fail "reveal's commitment is not the one engage printed"
{
m campaign verify --commitment "$commitment" --division heth.json
sed 's/"stands":8/"stands":9/' heth.json >tampered.json
m campaign verify --commitment "$commitment" --division tampered.json
m campaign verify --commitment "$commitment" --salt "$salt" --division heth.json
} >>transcript
# Independently: SHA-256 over the salt's bytes and the canonical division.
division=$(sed -e 's/^{"division"://' -e 's/,"salt":"[0-9a-f]*","commitment":"[0-9a-f]*".*}$//' heth.json)
# shellcheck disable=SC2059,SC2001 # the salt's bytes as printf escapes
sum=$( (printf "$(echo "$salt" | sed 's/../\\x&/g')"; printf '%s' "$division") |
      sha256sum | cut -c1-64)
[ "$sum" = "$commitment" ] || fail "sha256sum gives $sum, not $commitment"

# The chain head covers the hidden division's commitment: random too.
sed -e "s/$commitment/COMMITMENT/g" -e "s/$salt/SALT/g" \
    -e 's/head [0-9a-f]\{64\}/head HEAD/' transcript >actual
if [ "${MUSTER_UPDATE:-}" = 1 ]; then
    cp actual "$here/campaign_walkthrough.expected"
    exit 0
fi
diff -u "$here/campaign_walkthrough.expected" actual || fail "transcript differs"
echo "ok: walkthrough as expected; commitment checked with sha256sum"
