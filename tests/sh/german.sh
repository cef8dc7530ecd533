#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster in German: the generator's text against golden German output
# (tests/data/de/), the English of the C locale unchanged, a missing or
# broken catalogue read as English, po/de.po complete for the template
# po/update.sh makes, and no word of a text renderer left unmarked for
# translation. Needs msgfmt and xgettext (gettext); skipped (77) without.
set -u
muster=$1
src=${MUSTER_SOURCE:?}
for t in msgfmt xgettext msgmerge python3; do
    command -v $t >/dev/null || { echo "SKIP: $t is missing (apt-get install gettext python3)"; exit 77; }
done
[ -f "$(dirname "$muster")/locale/de/LC_MESSAGES/muster.mo" ] ||
    { echo "SKIP: the build made no German catalogue (configure found no msgfmt)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
german() { LC_ALL=C.UTF-8 LANGUAGE=de "$muster" "$@"; }
golden() { # golden NAME ARGS...
    local name=$1; shift
    if ! german "$@" >out.txt 2>err.txt || ! cmp -s out.txt "$src/tests/data/de/$name.txt"; then
        echo "FAIL German $name ($*):"; diff "$src/tests/data/de/$name.txt" out.txt | head -20
        cat err.txt; fail=1
    fi
}
golden division division --army confederate --year 1863 --theater east --seed 7
golden corps corps --army union --year 1863 --theater west --seed 3 --divisions 2 --cavalry 1
golden battle battle --seed 4 --divisions 1
golden division_md division --army confederate --year 1863 --theater east --seed 7 --format markdown
golden battle_md battle --seed 4 --divisions 1 --format markdown
golden count division --army union --count 2 --seed 11
golden fire fire --weapon gun --range 10 --seed 3
golden fire_average fire --weapon musket --ranges 11,5 --figures 10 --rolls 40
golden fire_yards fire --weapon roundshot --range 700 --yards --max-range 800 --rolls 36
golden fire_cm fire --weapon musket --ranges 28cm,12cm --figures 10 --rolls 40
golden odds_fire_cm odds fire --weapon musket --figures 2 --range 12.5cm
golden odds_charge_cm odds charge --figures 20 --range 75cm --move 15cm
golden fire_bands fire --weapon staircase --range 7 --figures 10 --cover --no-roll --rules "$src/tests/data/curves.ini"
golden odds_division odds division --army union --year 1863 --theater east
golden odds_battle odds battle --year 1863 --theater west --divisions 1
golden odds_fire odds fire --weapon musket --figures 2 --range 0
golden report campaign report "$src/tests/data/campaign-schema6.db" --battle 1 --as union
golden report_war_md campaign report "$src/tests/data/campaign-v1.db" --format markdown
golden odds_charge odds charge --figures 20 --range 30 --move 6
golden curve curve --weapon musket --to 3
golden crossover curve --crossover canister roundshot
golden help --help
golden help_odds help odds
golden rules_show rules show
golden rules_show_markdown rules show --format markdown
golden export_markdown rules export --to markdown
golden export_foundry rules export --to foundry --table brigades.confederate
golden help_division help division
golden help_roster help roster
golden help_engage help campaign engage

# Refusals that the command table states through a macro or a named string
# are in the catalogue too: each says its reason in German.
refused() { # EXPECTED ARGS...
    local want=$1; shift
    german "$@" >out.txt 2>err.txt
    if [ "$(cat err.txt)" != "muster: $want" ]; then
        echo "FAIL German refusal ($*): $(cat err.txt)"; fail=1
    fi
}
refused "odds division: exakte Wahrscheinlichkeiten würfeln nicht: --trials, --seed und --threads gehören zu 'muster sim'" \
    odds division --army union --trials 5
refused "odds battle: beide Armeen nehmen teil; --army, --arm und --cavalry gehören zu 'division' und 'corps'" \
    odds battle --army union
refused "odds fire: exakte Wahrscheinlichkeiten würfeln nicht: --seed, --rolls, --ask und --no-roll weglassen" \
    odds fire --seed 3
refused "odds fire: exakte Wahrscheinlichkeiten würfeln nicht: --trials und --threads gehören zu 'muster sim fire'" \
    odds fire --trials 3
refused "corps: --divisions N und --cavalry N verwenden, nicht --count oder --arm" \
    corps --army union --count 3
refused "battle: beide Armeen nehmen teil; --army, --count, --arm und --cavalry gehören zu 'division' und 'corps'" \
    battle --army union
refused "sim fire: die Simulation würfelt selbst, aus --seed: --rolls, --ask und --no-roll weglassen" \
    sim fire --rolls 3

# A campaign walk-through in German: every answer, show, the log and the
# prisoners, one after another as a club would type them.
walk() {
    local db=g.db
    german campaign new $db --name Gettysburg --year 1863 --theater east
    german campaign add $db --side union --name Wadsworth --corps "I Corps"
    german campaign add $db --side confederate --name Heth --corps "Third Corps"
    german campaign battle start $db "McPherson's Ridge"
    german campaign engage $db 1 --seed 7
    german campaign engage $db 2 --seed 8
    german campaign casualties $db 1 --brigade 1 --lost 3 --captured 1
    german campaign casualties $db 2 --brigade 2 --lost 2 --captured 2
    german campaign battle end $db --winner confederate --seed 3
    german campaign exchange $db --union 1 --confederate 1
    german campaign leader-lost $db 1 --brigade 2 --rolls 7
    german campaign show $db
    german campaign log $db
    german campaign prisoners $db
}
walk >campaign.txt 2>&1
if ! cmp -s campaign.txt "$src/tests/data/de/campaign.txt"; then
    echo "FAIL German campaign walk-through:"; diff "$src/tests/data/de/campaign.txt" campaign.txt | head -20; fail=1
fi

# What a side may not see is named by its kind in the reader's words: a
# hidden division's casualties and their undo in the Union's log; the
# undo's line in the umpire's.
german campaign new h.db --name H --year 1863 --theater east >/dev/null
german campaign add h.db --side union --name A >/dev/null
german campaign add h.db --side confederate --name B >/dev/null
german campaign battle start h.db X >/dev/null
german campaign engage h.db 2 --seed 3 --hidden >/dev/null
german campaign casualties h.db 2 --brigade 1 --lost 1 >/dev/null
german campaign undo h.db >/dev/null
{ german campaign log h.db --as union; german campaign log h.db; } >hidden.txt 2>&1
grep -qx '#6 Verluste: Division 2 (verdeckt)' hidden.txt &&
    grep -qx '#7 rückgängig: Division 2 (verdeckt)' hidden.txt &&
    grep -q 'Rücknahme von #6 (Verluste)' hidden.txt ||
    { echo "FAIL a hidden event's kind is not in German:"; cat hidden.txt; fail=1; }

# check's report in German, line by line: the walk-through's campaign,
# then a copy edited by hand (its problems, their count and the refusal).
cp g.db d.db
python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("UPDATE brigades SET morale = 2 WHERE division = 1 AND number = 3"); c.commit()' d.db
# (the head is new each time: the divisions' salts are)
{ german campaign check g.db; echo "[exit $?]"; german campaign check d.db; echo "[exit $?]"; } 2>&1 |
    sed 's/[0-9a-f]\{64\}/HEAD/' >check.txt
if ! cmp -s check.txt "$src/tests/data/de/check.txt"; then
    echo "FAIL German check:"; diff "$src/tests/data/de/check.txt" check.txt | head -20; fail=1
fi
rm -f d.db

# Rates with a decimal comma in the text, with a point in JSON.
german campaign new r.db --name Rates --year 1863 --theater east --return-rate 66.67 \
    --return-winner 2/3 --return-loser 12.5 >rates.txt 2>&1
german campaign show r.db >>rates.txt 2>&1
if ! cmp -s rates.txt "$src/tests/data/de/campaign_rates.txt"; then
    echo "FAIL German campaign rates:"; diff "$src/tests/data/de/campaign_rates.txt" rates.txt | head; fail=1
fi
german campaign show r.db --format json | grep -qF '"return":"66.67%","return_winner":"2/3","return_loser":"12.5%"' ||
    { echo "FAIL the campaign's rates in JSON are not language-neutral"; fail=1; }
rm -f r.db

# The library's most common errors in German words (cmd/hints.c), the
# values in them carried over.
printf '[theater]\nfoo = 01-00\n' >bad.ini
printf 'oops\n' >syntax.ini
errs() {
    german fire --weapon musket --range 3 --figures 3 --rolls 500
    german division --army union --rolls 5
    german division --army union --rolls 5,x
    german rules check bad.ini
    german rules check syntax.ini
    german division --army union --rules none.ini
    german campaign show none.db
    german campaign new e.db --name E --year 1863 --theater east >/dev/null
    german campaign add e.db --side union --name ""
    german campaign engage e.db 7 --seed 1
    german campaign battle end e.db --winner union
    german curve --crossover musket musket
    german campaign add e.db --side union --name Wadsworth >/dev/null
    german campaign battle start e.db Ridge >/dev/null
    german campaign engage e.db 1 --rolls 50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50
    german campaign engage e.db 1 --seed 2 >/dev/null
    german campaign casualties e.db 1 --brigade 1 --lost 25
    german campaign exchange e.db --union 1 --confederate 0
}
errs >errors.txt 2>&1
if ! cmp -s errors.txt "$src/tests/data/de/errors.txt"; then
    echo "FAIL German errors:"; diff "$src/tests/data/de/errors.txt" errors.txt | head -20; fail=1
fi
rm -f e.db

# A player's link in German (its token is new each time: its words only).
german campaign links g.db --side union --no-qr --listen 127.0.0.1 >links.txt 2>&1
for want in "Der Link des Unionsspielers; nur für diesen Spieler:" \
    "Nur dieser Rechner kann sie öffnen (127.0.0.1 ist seine Loopback-Adresse)"; do
    grep -qF "$want" links.txt || { echo "FAIL German links lack: $want"; cat links.txt; fail=1; }
done

# The campaign as Markdown, for a club's forum or wiki.
german campaign show g.db --format markdown >campaign.md 2>&1
if ! cmp -s campaign.md "$src/tests/data/de/campaign_markdown.txt"; then
    echo "FAIL German campaign show --format markdown:"; diff "$src/tests/data/de/campaign_markdown.txt" campaign.md | head -20; fail=1
fi

# The campaign's roll labels (a replacement leader, a corps leader, a
# return after the battle) in German where --ask prompts and "not enough
# rolls" names them; in the C locale the English as it was.
rolls() { # rolls LOCALE-RUNNER
    local run=$1 db=rolls.db
    rm -f $db
    $run campaign new $db --name R --year 1863 --theater east >/dev/null
    $run campaign add $db --side union --name Wadsworth --corps "I Corps" >/dev/null
    $run campaign add $db --side confederate --name Heth --corps "Third Corps" >/dev/null
    $run campaign battle start $db Ridge >/dev/null
    $run campaign engage $db 1 --rolls 1,2,3,4,5,6,7,8,9,10,11
    $run campaign engage $db 1 --seed 7 >/dev/null
    $run campaign engage $db 2 --seed 8 >/dev/null
    $run campaign casualties $db 1 --brigade 1 --lost 3 >/dev/null
    $run campaign casualties $db 2 --brigade 2 --lost 3 >/dev/null
    $run campaign battle end $db --winner union --ask </dev/null
    $run campaign battle end $db --winner union --rolls 5
    $run campaign battle end $db --winner union --rolls 5,60 >/dev/null
    $run campaign leader-lost $db 1 --brigade 2 --ask </dev/null
    $run campaign leader-lost $db 2 --rolls ""
    $run campaign leader-lost $db 2 --corps-leader --rolls ""
}
english() { LC_ALL=C "$muster" "$@"; }
rolls german >rolls.txt 2>&1
if ! cmp -s rolls.txt "$src/tests/data/de/campaign_rolls.txt"; then
    echo "FAIL German campaign roll labels:"; diff "$src/tests/data/de/campaign_rolls.txt" rolls.txt; fail=1
fi
rolls english >rolls_en.txt 2>&1
while IFS= read -r want; do
    grep -qF -- "$want" rolls_en.txt || { echo "FAIL the English roll labels lack: $want"; cat rolls_en.txt; fail=1; }
done <<'WORDS'
muster: not enough rolls: Corps leader of I Corps needed roll 12 but only 11 were given
Return to union division 1 (Wadsworth) brigade 1: 50% of 3 lost, one more stand on 50 or less (d100): 
muster: input ended before the roll for Return to union division 1 (Wadsworth) brigade 1: 50% of 3 lost, one more stand on 50 or less: type each roll 1..100 (00 = 100)
muster: not enough rolls: Return to confederate division 2 (Heth) brigade 2: 50% of 3 lost, one more stand on 50 or less needed roll 2 but only 1 were given
Replacement brigadier of division 1 brigade 2 (d100): 
muster: not enough rolls: Replacement division leader (division 2) needed roll 1 but only 0 were given
muster: not enough rolls: Replacement corps leader (division 2) needed roll 1 but only 0 were given
WORDS
rm -f rolls.db

# The labels warning in German: a strength labelled by the nearest line,
# and a morale with no line at all (the file's section words stay).
cp "$src/tests/data/labels-veteran.ini" labels.ini
german division --army union --year 1862 --theater west --seed 10 --labels labels.ini \
    >/dev/null 2>warning.txt
if ! cmp -s warning.txt "$src/tests/data/de/labels_warning.txt"; then
    echo "FAIL German labels warning:"; diff "$src/tests/data/de/labels_warning.txt" warning.txt; fail=1
fi

# A roster on paper in German, read back with pdftotext: the generator's
# battle and the walk-through's campaign, every word of the page German.
if command -v pdftotext >/dev/null && [ -x "$(dirname "$muster")/muster-full" ]; then
    german battle --seed 4 --format json >b.json
    german roster --from b.json --labels "$src/tests/data/labels-full.ini" --out r.pdf >report.txt 2>&1
    german roster --campaign g.db --out c.pdf >>report.txt 2>&1
    # Sizes in millimetres with the decimal comma: a sheet, its calibration.
    german roster --from b.json --sheet avery-l7160 --only labels --out s.pdf >>report.txt 2>&1
    german roster --calibrate --sheet avery-l7160 --out k.pdf >>report.txt 2>&1
    pdftotext k.pdf k.txt
    grep -qF '3 × 7 Etiketten von 63,5 × 38,1 mm' k.txt ||
        { echo "FAIL the German calibration page lacks its sizes with a comma"; fail=1; }
    if ! cmp -s report.txt "$src/tests/data/de/roster_report.txt"; then
        echo "FAIL German roster report:"; diff "$src/tests/data/de/roster_report.txt" report.txt | head; fail=1
    fi
    pdftotext r.pdf r.txt && pdftotext c.pdf c.txt
    while IFS= read -r want; do
        grep -qF -- "$want" r.txt c.txt || { echo "FAIL the German roster lacks: $want"; fail=1; }
    done <<'WORDS'
Schlacht auf dem östlichen Kriegsschauplatz, 1862
Seite 1 von 4
Stärkeliste · Seed 4
Korps der Union
Korpskommandeur: herausragend
Division 1 — Unions-Infanterie
Divisionskommandeur: durchschnittlich
23 Basen in 3 Brigaden · Artillerie: 2 Batterien bei der Division, 0 zur Artilleriereserve der Armee
23 ÷ 9 = 2,55, Batterie 96 > 55 → 2 Batterien · Drittel = 0,66, Reserve 98 > 66
Brigade 1 7/5/3 Veteranen
Kommandeur: unfähig
angeschlagen bei 5 · erschöpft bei 3
Würfe: Basen 52 → 7 · Moral 85 → Veteranen · Kommandeur 6 → unfähig
3 Divisionen, 9 Brigaden, 66 Basen · 7 Batterien: 6 bei den Divisionen, 1 zur Reserve
Armee der Konföderierten gesamt
Reserveartillerie: 1 Batterie in der Artilleriereserve der Armee
Etiketten für Kommandobasen, 30 × 30 mm: an den Schnittmarken ausschneiden
Schattiert: angeschlagen; dunkler: erschöpft (Ihre Etikettendatei).
zu Beginn:
WORDS
    # No English word of the roster's is left on the page.
    if grep -nwE 'stands?|brigades?|leader|rolls?|worn|spent|total|page|Roster|labels?|the|of|and|with|corps|batter(y|ies)|rolled' r.txt c.txt; then
        echo "FAIL English on the German roster (above)"; fail=1
    fi
else
    echo "note: no pdftotext or no muster-full: the German roster not read back"
fi

# Charts in German, read back with pdftotext: the words and the decimal
# comma of an odds chart, a division's odds and the canister-roundshot
# crossing.
if command -v pdftotext >/dev/null && [ -x "$(dirname "$muster")/muster-full" ]; then
    german plot odds fire --weapon musket --figures 11 --range 3 --out pf.pdf &&
        german plot odds division --army union --year 1863 --out pd.pdf &&
        german plot curves canister roundshot --crossings --out pc.pdf &&
        pdftotext pf.pdf - >charts.txt && pdftotext pd.pdf - >>charts.txt &&
        pdftotext pc.pdf - >>charts.txt || { echo "FAIL German charts not drawn"; fail=1; }
    while IFS= read -r want; do
        grep -qF "$want" charts.txt || { echo "FAIL German chart lacks: $want"; fail=1; }
    done <<'WORDS'
Feuer: Musket auf 3 Zoll, 11 Figuren: Treffer
P = 24 % je Figur, 11 Schüsse, POH = 264 %; exakte Wahrscheinlichkeiten
Mittel 2,64 (beide)
jede Figur würfelt
Treffer der Salve
Unions-Infanteriedivision, 1863: Basen
Mittel 22,66
Feuerkurven: canister und roundshot
22,5 Zoll (225 Yards)
Entfernung (Zoll auf dem Tisch)
WORDS
    if grep -nwE 'Probability|Hits|mean|Range|exact|odds|figures?|stands|Stands|curves' charts.txt; then
        echo "FAIL English on the German charts (above)"; fail=1
    fi
else
    echo "note: no pdftotext or no muster-full: the German charts not read back"
fi
rm -f g.db

# LANG as a German desktop sets it, where that locale is installed.
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
    env -u LC_ALL -u LANGUAGE LANG=de_DE.UTF-8 "$muster" division --army confederate \
        --year 1863 --theater east --seed 7 >lang.txt
    cmp -s lang.txt "$src/tests/data/de/division.txt" || { echo "FAIL LANG=de_DE.UTF-8 is not German"; fail=1; }
else
    echo "note: no de_DE.UTF-8 locale here; LANG=de_DE.UTF-8 not tried (LANGUAGE=de was)"
fi

# Data stays English in every language: JSON and CSV are byte for byte
# the C locale's.
for f in json csv; do
    for cmd in "division --army union --seed 5" "fire --weapon gun --range 10 --seed 3" \
               "odds fire --weapon musket --figures 2 --range 0" "curve --weapon musket"; do
        a=$(LC_ALL=C "$muster" $cmd --format $f)
        b=$(german $cmd --format $f)
        [ "$a" = "$b" ] || { echo "FAIL $cmd --format $f differs in German"; fail=1; }
    done
done
# English without a catalogue, and with a broken one: never garbage.
english=$(LC_ALL=C "$muster" division --army confederate --year 1863 --theater east --seed 7)
grep -q '^Confederate infantry division' <<<"$english" || { echo "FAIL C is not English"; fail=1; }
mkdir -p none broken/de/LC_MESSAGES
head -c 300 /dev/urandom >broken/de/LC_MESSAGES/muster.mo
for dir in none broken; do
    out=$(MUSTER_LOCALEDIR=$work/$dir german division --army confederate --year 1863 \
          --theater east --seed 7 2>&1) || { echo "FAIL exit with the $dir catalogue"; fail=1; }
    [ "$out" = "$english" ] || { echo "FAIL the $dir catalogue does not fall back to English:"; echo "$out" | head -3; fail=1; }
done

# The catalogue: the template as po/update.sh makes it, every message of
# it translated in de.po, none fuzzy.
mkdir po && cp "$src"/po/de.po po/ && cp "$src"/po/POTFILES "$src"/po/POTFILES.lib po/
bash "$src/po/update.sh" --template "$work/po/muster.pot" 2>/dev/null
if ! diff <(grep -v POT-Creation-Date "$src/po/muster.pot") \
          <(grep -v POT-Creation-Date po/muster.pot) >/dev/null; then
    echo "FAIL po/muster.pot is not what the sources give: run po/update.sh"; fail=1
fi
msgmerge --quiet --no-fuzzy-matching -o merged.po po/de.po po/muster.pot
stats=$(LC_ALL=C msgfmt --statistics -o /dev/null merged.po 2>&1)
case $stats in
*untranslated*|*fuzzy*) echo "FAIL po/de.po is not complete: $stats"; fail=1 ;;
*" translated message"*) ;;
*) echo "FAIL msgfmt: $stats"; fail=1 ;;
esac

# Every format the library writes a message with is in cmd/hints.c's table
# (lib_formats.h, which the build makes with cmake/libformats.awk), so that
# each can be given in German: its rows are, in order, the msgids with a
# word that xgettext finds for the library's error keywords.
xgettext --from-code=UTF-8 -D "$src" -o lib.pot \
    -k $(grep -E '^-k(err_|mu_error_set|jfail|camp_|problem|ERR_)' "$src/po/KEYWORDS") \
    $(grep -h '^src/' "$src/po/POTFILES" "$src/po/POTFILES.lib")
python3 - lib.pot "$(dirname "$muster")/cmd-gen/lib_formats.h" <<'PY' || fail=1
import re, sys
STR = r'"((?:[^"\\]|\\.)*)"'
def c(s):
    return '"' + re.sub(r'%<(PRI\w+)>', r'%" \1 "', s) + '"'
def strings(part):
    return ''.join(re.findall(r'^(?:msgid )?' + STR + '$', part.split('msgstr')[0], re.M))
want = []
for block in open(sys.argv[1], encoding='utf-8').read().split('\n\n'):
    one, _, many = block.partition('msgid_plural ')
    one, many = strings(one), strings(many)
    bare = re.sub(r'%[-+ #0-9.*]*(?:ll|l|z|h|j|t)?[a-zA-Z]|\\.', ' ', one)
    if re.search(r'[A-Za-z]{2}', bare):
        want.append('    {%s, %s},' % (c(one), c(many) if many else 'NULL'))
rows = [l for l in open(sys.argv[2], encoding='utf-8').read().splitlines() if l.startswith('    {')]
if len(want) < 400 or rows != want:
    print('FAIL the table of the library\'s formats is not what the sources give:',
          len(rows), 'rows,', len(want), 'msgids;', set(want) ^ set(rows))
    sys.exit(1)
PY

# Every user-facing string is marked. In the files of po/POTFILES, a string
# literal with a word in it (two letters, outside a %-conversion) that is
# not inside _(), N_(), P_(), PL_() or dngettext() is an English word a
# German reader would get, when it is
#  - an option's or a group's help, missing, unknown, conflict, bad,
#    summary or doc text in the command table;
#  - the format of an error or of a line for people: cli_error(),
#    mu_buf_printf/puts(&cx->out), fprintf/fputs(stderr), message(),
#    snprintf() into a buffer that is drawn or printed;
#  - any literal in a function that writes text for people (its name holds
#    text, title, summary, footer, words or caption, or it writes Markdown:
#    _md, markdown), but names compared
#    (strcmp...) or looked up (getenv, fopen).
python3 - "$src" <<'PY' || fail=1
import re, sys
src = sys.argv[1]
LIT = r'"(?:[^"\\\n]|\\.)*"'
MARKED = re.compile(r'\b(?:_|N_|P_|PL_|WORD|PLW|dngettext)\((?:[^()"]|"(?:[^"\\]|\\.)*"|\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))*\)')
def wordy(lit):
    lit = re.sub(r'\bmuster\b', '', lit)  # the tool's name, in every language
    t = re.sub(r'%[-+ #0-9.*]*(?:ll|l|z|h)?[a-zA-Z]|\\x[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|\\.', ' ', lit)
    return re.search(r'[A-Za-z]{2}', t)
bad = 0
def report(name, what, lit):
    global bad
    print(f"FAIL {name}: {what} \"{lit}\" unmarked for translation")
    bad = 1
for name in open(f"{src}/po/POTFILES").read().split():
    text = open(f"{src}/{name}", encoding="utf-8").read()
    text = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)
    text = re.sub(r'^#\s*include.*$', '', text, flags=re.M)
    bare = MARKED.sub(lambda m: ' ' * len(m.group(0)), text)
    # 1. the command table's words
    for m in re.finditer(r'\.(help|missing|unknown|conflict|bad|summary|doc) = ((?:' + LIT + r'\s*)+)', bare):
        lit = ''.join(re.findall(LIT, m.group(2)))
        if wordy(lit):
            report(name, f".{m.group(1)}", lit[1:-1][:60])
    # 2. the formats of messages and lines for people
    calls = [r'cli_error\(\s*\w+\s*,\s*', r'mu_buf_(?:printf|puts)\(\s*&(?:cx->out|b)\s*,\s*',
             r'fprintf\(\s*stderr\s*,\s*', r'message\(\s*\w+\s*,\s*', r'fputs\(\s*(?=' + LIT + r'(?:\s*' + LIT + r')*\s*,\s*stderr)']
    for c in calls:
        for m in re.finditer('(' + c + ')((?:' + LIT + r'\s*)+)', bare):
            lit = ''.join(l[1:-1] for l in re.findall(LIT, m.group(2)))
            if wordy(lit):
                report(name, m.group(1).split('(')[0] + "()", lit[:60])
    # 3. functions that write text for people
    for m in re.finditer(r'\n(?:static )?[a-z_ ]+\*?\b(\w+)\([^;{]*\)\n\{(.*?)\n\}', bare, re.S):
        fn, body = m.group(1), m.group(2)
        if not re.search(r'text|title|summary|footer|words|caption|_md$|markdown', fn):
            continue
        body = re.sub(r'\b(?:str(?:n|case)?cmp|getenv|fopen|strstr|strchr)\s*\([^;]*?\)', '', body)
        for lit in re.findall(LIT, body):
            lit = lit[1:-1]
            if wordy(lit):
                report(name, f"{fn}() writes", lit)
sys.exit(bad)
PY
[ $fail -eq 0 ] && echo "ok"
exit $fail
