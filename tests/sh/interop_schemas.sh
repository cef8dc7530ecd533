#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The exchange formats against their written schemas (docs/schema/): the
# Foundry roll tables of the built-in rules and of a house file, all and
# one at a time. Needs python3 with jsonschema (Debian's python3-jsonschema);
# without it the test is skipped (77).
set -u
muster=$1
src=${MUSTER_SOURCE:?}
python3 -c 'import jsonschema' 2>/dev/null ||
    { echo "SKIP: python3-jsonschema is missing (apt-get install python3-jsonschema)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
validate() { # validate SCHEMA FILE WHAT
    if ! out=$(python3 - "$src/docs/schema/$1" "$2" 2>&1 <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
doc = json.load(open(sys.argv[2]))
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
for e in errors[:5]:
    print(list(e.absolute_path), e.message)
sys.exit(1 if errors else 0)
PY
    ); then
        printf 'FAIL %s does not validate against %s:\n%s\n' "$3" "$1" "$out"
        fail=1
    fi
}

"$muster" rules export --to foundry >all.json || fail=1
validate foundry-rolltable.schema.json all.json "all built-in tables"
for t in theater stands.confederate morale.confederate.west.1864-1865; do
    "$muster" rules export --to foundry --table "$t" >one.json || fail=1
    validate foundry-rolltable.schema.json one.json "table $t"
done
"$muster" rules dump | sed 's/^crack = 88-00$/crack = 88-99/; s/^veteran = 26-87$/veteran = 26-87, 00/' >house.ini
"$muster" rules export --to foundry --rules house.ini --table morale.union.1863 >house.json || fail=1
validate foundry-rolltable.schema.json house.json "a house file's table"
# Orders of battle: a division (seeded and typed), a list, a stream, a
# corps with cavalry and a battle, each against docs/schema/oob.schema.json.
"$muster" division --army union --seed 3 --format json >d.json || fail=1
validate oob.schema.json d.json "a division"
"$muster" division --army confederate --year 1863 --theater east --format json \
    --rolls 50,50,50,50,50,50,50,50,80,50,50,50,44 >typed.json || fail=1
validate oob.schema.json typed.json "a division from typed rolls"
"$muster" division --army confederate --count 25 --seed 9 --format json >list.json || fail=1
validate oob.schema.json list.json "25 divisions"
"$muster" division --army union --count 5 --seed 2 --format jsonl >stream.jsonl || fail=1
k=0
while IFS= read -r line; do
    k=$((k + 1)); printf '%s\n' "$line" >line.json
    validate oob.schema.json line.json "jsonl line $k"
done <stream.jsonl
[ $k -eq 5 ] || { echo "FAIL jsonl gave $k lines"; fail=1; }
"$muster" corps --army union --seed 3 --cavalry 1 --format json >corps.json || fail=1
validate oob.schema.json corps.json "a corps"
"$muster" battle --seed 4 --format json >battle.json || fail=1
validate oob.schema.json battle.json "a battle"

# Order of battle sheets: the sample, imported and exported as JSON before
# and after some divisions engage (one hidden, whose revealed division
# carries its "given" values), against docs/schema/oob-sheet.schema.json.
"$muster" campaign new oob.db --name T --year 1863 --theater east >/dev/null || fail=1
"$muster" campaign import oob.db --from "$src/share/muster/gettysburg-oob.csv" >/dev/null || fail=1
"$muster" campaign export oob.db --format oob-json >sheet.json || fail=1
validate oob-sheet.schema.json sheet.json "the sample sheet"
"$muster" campaign engage oob.db Wadsworth --seed 1 >/dev/null || fail=1
"$muster" campaign engage oob.db Heth --hidden --seed 2 >/dev/null || fail=1
"$muster" campaign export oob.db --format oob-json >sheet2.json || fail=1
validate oob-sheet.schema.json sheet2.json "a sheet after engagements"
"$muster" campaign export oob.db --format oob-json --as union >sheet3.json || fail=1
validate oob-sheet.schema.json sheet3.json "a sheet as the Union sees it"
"$muster" campaign reveal oob.db Heth >reveal.json || fail=1
python3 -c 'import json,sys; json.dump(json.load(open(sys.argv[1]))["division"], open(sys.argv[2], "w"))' \
    reveal.json given.json || fail=1
grep -q '"given"' given.json || { echo "FAIL Heth's division holds no given values"; fail=1; }
validate oob.schema.json given.json "a division with given values"
sed 's/"morale":\t"crack"/"morale":\t"elite"/' sheet.json >bad.json
cmp -s sheet.json bad.json && { echo "FAIL the bad sheet is not bad"; fail=1; }
if python3 - "$src/docs/schema/oob-sheet.schema.json" bad.json <<'PY' 2>/dev/null
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])),
                    cls=jsonschema.Draft202012Validator)
PY
then echo "FAIL an 'elite' brigade validates in a sheet"; fail=1; fi

# The schema is not vacuous: a band outside 1..100 is refused.
sed 's/"range":\t\[1, 6\]/"range":\t[0, 6]/' all.json >bad.json
cmp -s all.json bad.json && { echo "FAIL the bad copy is not bad"; fail=1; }
if python3 - "$src/docs/schema/foundry-rolltable.schema.json" bad.json <<'PY' 2>/dev/null
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])),
                    cls=jsonschema.Draft202012Validator)
PY
then echo "FAIL a range [0, 6] validates"; fail=1; fi
sed 's/"morale":\t"veteran"/"morale":\t"elite"/' d.json >bad.json
cmp -s d.json bad.json && { echo "FAIL the bad division is not bad"; fail=1; }
if python3 - "$src/docs/schema/oob.schema.json" bad.json <<'PY' 2>/dev/null
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])),
                    cls=jsonschema.Draft202012Validator)
PY
then echo "FAIL an 'elite' brigade validates"; fail=1; fi
[ $fail -eq 0 ] && echo "ok"
exit $fail
