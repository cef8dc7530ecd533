#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The roster's paper follows paperconf's order: $PAPERSIZE, the file
# $PAPERCONF names (else /etc/papersize), the locale's LC_PAPER, else A4.
# en_US prints on letter, de_DE and C on A4. The locales are the installed
# ones, or compiled here with localedef into a folder of the test's own
# (LOCPATH); without either the test is skipped (77). Needs pdfinfo.
# usage: paper_locale.sh MUSTER
set -u
muster=$1
[ -x "$(dirname "$muster")/muster-full" ] || { echo "SKIP: no muster-full (cairo)"; exit 77; }
command -v pdfinfo >/dev/null || { echo "SKIP: pdfinfo is missing (apt-get install poppler-utils)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
# A locale by the name LANG would give it: installed, or made here.
mkdir loc
for l in en_US de_DE; do
    if locale -a 2>/dev/null | grep -qix "$l\.utf-\?8"; then
        continue
    elif command -v localedef >/dev/null && [ -f /usr/share/i18n/locales/$l ] &&
         localedef -i $l -f UTF-8 loc/$l.UTF-8 >/dev/null 2>&1; then
        export LOCPATH=$work/loc
    else
        echo "SKIP: no $l.UTF-8 locale (apt-get install locales, or localedef)"; exit 77
    fi
done
# When LOCPATH is needed, the installed locales must be there too.
if [ -n "${LOCPATH:-}" ]; then
    for l in en_US de_DE; do
        [ -d loc/$l.UTF-8 ] || localedef -i $l -f UTF-8 loc/$l.UTF-8 >/dev/null 2>&1 ||
            { echo "SKIP: localedef cannot make $l.UTF-8"; exit 77; }
    done
fi
"$muster" battle --seed 3 --format json >b.json || exit 1
: >empty
printf '# a comment\n  letter\n' >letter.conf
# paper NAME WANT ENV...: the roster made under ENV is on WANT (a4|letter).
paper() {
    local name=$1 want=$2; shift 2
    env -u LC_ALL -u LC_PAPER -u LANG -u LANGUAGE -u PAPERSIZE -u PAPERCONF "$@" \
        "$muster" roster --from b.json --only labels --out $name.pdf >/dev/null 2>err.txt ||
        { echo "FAIL $name: $(cat err.txt)"; fail=1; return; }
    local size
    size=$(pdfinfo $name.pdf | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\).*/\1x\2/p')
    case $want:$size in
    letter:612x792 | a4:595.27*x841.8*) ;;
    *) echo "FAIL $name: $* gives a page of $size pt, not $want"; fail=1 ;;
    esac
}
paper us letter PAPERCONF=empty LANG=en_US.UTF-8
paper de a4 PAPERCONF=empty LANG=de_DE.UTF-8
paper c a4 PAPERCONF=empty LANG=C
paper posix a4 PAPERCONF=empty LC_ALL=POSIX
paper lc_paper letter PAPERCONF=empty LANG=C LC_PAPER=en_US.UTF-8
paper lc_all a4 PAPERCONF=empty LC_ALL=C LC_PAPER=en_US.UTF-8
paper lc_all_us letter PAPERCONF=empty LC_ALL=en_US.UTF-8 LANG=de_DE.UTF-8
# Before the locale: $PAPERSIZE, then the papersize file.
paper papersize a4 PAPERSIZE=a4 PAPERCONF=letter.conf LANG=en_US.UTF-8
paper conf letter PAPERCONF=letter.conf LANG=de_DE.UTF-8
paper conf_missing letter PAPERCONF=$work/none LANG=en_US.UTF-8
# A paper muster does not print on is A4, as before.
paper a5 a4 PAPERSIZE=a5 LANG=en_US.UTF-8
# The locale's paper moves nothing else: the German report names A4 in
# German words, the American one letter in English.
env -u LC_ALL -u LANGUAGE -u PAPERSIZE PAPERCONF=empty LANG=en_US.UTF-8 "$muster" roster \
    --from b.json --only labels --out r.pdf | grep -q '^r.pdf: 1 page, letter: the labels' ||
    { echo "FAIL the en_US report does not name letter"; fail=1; }
[ $fail -eq 0 ] && echo "ok"
exit $fail
