#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Weapons files: dump, edit (the seed's house rules), check with the kind
# told from the file, and fire with them.
set -u
muster=$1
src=${MUSTER_SOURCE:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
check() { # check WHAT EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
        fail=1
    fi
}

"$muster" rules dump --kind weapons >w.ini
cmp -s w.ini "$src/rules/linear-fire.ini" || { echo "FAIL dump differs"; fail=1; }
check "auto-detect weapons" "w.ini: ok (weapons)" "$("$muster" rules check w.ini)"
"$muster" rules dump >t.ini
check "tables still tables" "t.ini: ok (tables)" "$("$muster" rules check t.ini)"

# Roundshot out to 800 yards, as the article suggests.
sed 's/^max_range = 60$/max_range = 80/' w.ini >house.ini
check "house file checks" "house.ini: ok (weapons)" "$("$muster" rules check house.ini)"
out=$("$muster" fire --weapon roundshot --range 70 --rules house.ini --no-roll --format csv | tail -1)
check "house roundshot at 70" "roundshot,roundshot,70,2,18,36,0,36,36,,,false," "$out"

# A broken file: error with file:line, exit 2, nothing on stdout.
sed 's/^slope = 1\/5$/slope = 1\/0/' w.ini >bad.ini
line=$(grep -n '^slope = 1/0$' bad.ini | cut -d: -f1)
out=$("$muster" rules check bad.ini 2>err)
code=$?
check "bad file exit" 2 "$code"
check "bad file stdout" "" "$out"
case "$(cat err)" in
"muster: bad.ini:$line: [roundshot] slope: "*) ;;
*) echo "FAIL bad file message: $(cat err)"; fail=1 ;;
esac
out=$("$muster" fire --weapon gun --range 5 --rules bad.ini 2>err)
check "fire with bad file exit" 2 "$?"
check "fire with bad file stdout" "" "$out"

check "unknown kind" 2 "$("$muster" rules check --kind swords w.ini 2>/dev/null; echo $?)"
check "missing file (a failure, not bad input)" 1 "$("$muster" fire --weapon musket --range 5 --figures 1 --rules nope.ini 2>/dev/null; echo $?)"
exit $fail
