#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fair hidden rolls (issue 13 §3) as two players play them: two processes,
# two files. The Confederate owner keeps owner.db, a copy of the campaign;
# the Union opponent keeps union.db, its own file exported from it. The
# honest protocol verifies; a cheating owner is caught every way tried:
# changing the secret, rolling again under a new commitment, rolling with a
# contribution of their own, altering the division, or typing the dice.
# usage: campaign_fair.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@"; }

# expect CODE TEXT CMD...: the command exits CODE and says TEXT.
expect() {
    local code=$1 text=$2
    shift 2
    local out
    out=$("$muster" campaign "$@" 2>&1)
    local rc=$?
    [ "$rc" = "$code" ] || fail "campaign $*: exit $rc, not $code: $out"
    grep -qF -- "$text" <<<"$out" || fail "campaign $*: '$text' not in: $out"
}

m new war.db --name War --year 1862 --theater east >/dev/null || fail new
m add war.db --side union --name Hooker >/dev/null || fail add
m add war.db --side confederate --name Hood >/dev/null || fail add
m add war.db --side confederate --name Pickett >/dev/null || fail add
m battle start war.db Antietam >/dev/null || fail start
cp war.db owner.db
m export war.db --side union --out union.db >/dev/null || fail export

# --- the honest protocol, each step in its player's own file -------------
# 1. The owner commits to a secret: only H leaves their machine.
h=$(m engage owner.db 2 --hidden --fair --as confederate |
    sed -n 's/^fair commitment \([0-9a-f]\{64\}\)$/\1/p')
[ ${#h} = 64 ] || fail "no fair commitment"
# Asked again, the same commitment: no second secret to choose from.
h_again=$(m engage owner.db 2 --hidden --fair --as confederate |
          sed -n 's/^fair commitment //p')
[ "$h" = "$h_again" ] || fail "a second commitment for the same division"
# 2. The opponent, having seen H, contributes R.
r=$(m contribute union.db 2 --commitment "$h" |
    sed -n 's/^contribution \([0-9a-f]\{64\}\)$/\1/p')
[ ${#r} = 64 ] || fail "no contribution"
# The owner cannot contribute to their own division.
expect 2 "comes from the opponent" contribute owner.db 2 --commitment "$h" \
    --as confederate
# 3. The owner rolls on the seed of both.
expect 0 "engaged hidden, rolled fairly" engage owner.db 2 --contribution "$r" \
    --as confederate
expect 0 "rolled fairly" show owner.db --as union
# The honest file checks clean (the replay restores the contribution), and
# an undo of another division's event keeps the proof (issue 27, item 4).
expect 0 "ok" check owner.db
m add owner.db --side union --name Sumner >/dev/null || fail add
m engage owner.db 4 --seed 5 >/dev/null || fail "engage 4"
expect 0 "undo of #9" undo owner.db
expect 0 "ok" check owner.db
expect 0 "rolled fairly" show owner.db --as union
m reveal owner.db 2 --as confederate >reveal.json || fail reveal
grep -q '"verifiable":true' reveal.json || fail "reveal not marked verifiable"
# The opponent checks it in their own file: fair.
expect 0 "was rolled fairly" verify union.db 2 --division reveal.json

# --- the cheats ----------------------------------------------------------
secret=$(sed -n 's/.*"secret":"\([0-9a-f]*\)".*/\1/p' reveal.json)
[ ${#secret} = 64 ] || fail "no secret in the reveal"
# A. The owner changes the secret in the document.
other=$(printf '%064x' 12345)
sed "s/$secret/$other/" reveal.json >changed-secret.json
expect 1 "the secret does not open the commitment" \
    verify union.db 2 --division changed-secret.json

# B. The owner rolls again: a fresh copy, a new secret and commitment.
cp war.db owner2.db
h2=$(m engage owner2.db 2 --hidden --fair --as confederate |
     sed -n 's/^fair commitment //p')
[ "$h2" != "$h" ] || fail "a fresh secret gave the same commitment"
# The opponent will not contribute to a second commitment...
expect 2 "would let its owner roll again" contribute union.db 2 \
    --commitment "$h2"
# ... so the owner rolls the new secret with the old contribution: caught.
m engage owner2.db 2 --contribution "$r" --as confederate >/dev/null ||
    fail "engage owner2"
m reveal owner2.db 2 >reroll.json || fail "reveal owner2"
expect 1 "the secret does not open the commitment" \
    verify union.db 2 --division reroll.json

# C. The owner rolls with a contribution of their own choosing: caught.
cp war.db owner3.db
h3=$(m engage owner3.db 2 --hidden --fair | sed -n 's/^fair commitment //p')
m engage owner3.db 2 --contribution "$(printf '%064x' 7)" >/dev/null ||
    fail "engage owner3"
m reveal owner3.db 2 >own-dice.json || fail "reveal owner3"
# (presented as if H3 had been the commitment the opponent saw)
sed "s/$h3/$h/" own-dice.json >own-dice-claimed.json
expect 1 "does not open the commitment" \
    verify union.db 2 --division own-dice-claimed.json

# D. The owner alters the division but keeps the true secret: the tables
# on the agreed dice give another division.
sed 's/"stands":[0-9]*/"stands":99/' reveal.json >altered.json
cmp -s reveal.json altered.json && fail "the alteration changed nothing"
expect 1 "it was altered" verify union.db 2 --division altered.json

# E. Typed dice: possible, but marked and never proved fair.
cp war.db owner4.db
expect 0 "not verifiable" engage owner4.db 2 --hidden \
    --rolls 50,50,50,50,50,50,50,50,50,50,50,50,50,99 --as confederate
expect 0 "not verifiable" show owner4.db --as union
m reveal owner4.db 2 >typed.json || fail "reveal owner4"
grep -q '"verifiable":false' typed.json || fail "typed reveal not marked"
expect 1 "not verifiable" verify union.db 2 --division typed.json

# F. A document with the division given twice (strict JSON): refused.
sed 's/^{"division":/{"division":{"army":"confederate"},"division":/' \
    reveal.json >twice.json
expect 2 "given twice" verify union.db 2 --division twice.json

# The honest reveal still verifies after all that.
expect 0 "was rolled fairly" verify union.db 2 --division reveal.json
echo "ok: the fair roll verifies; every cheat tried is caught"
