#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# po/update.sh: the template (po/muster.pot) made anew from the files in
# po/POTFILES (C), po/POTFILES.lib (library files whose only words are
# the formats of their messages) and po/POTFILES.web (the page's scripts, read as
# JavaScript, and its HTML, read by po/webstrings.py), and each po/LANG.po
# merged with it; then translate what msgfmt --statistics says is
# untranslated or fuzzy. `po/update.sh --template FILE` only writes the
# template to FILE (tests/sh/german.sh compares it with po/muster.pot).
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8 # the msgids hold UTF-8 (÷)
pot=po/muster.pot
[ "${1:-}" = --template ] && pot=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common=(--from-code=UTF-8 --add-comments=TRANSLATORS --package-name=muster
        --sort-by-file --add-location=file)
xgettext "${common[@]}" $(cat po/KEYWORDS) -o "$tmp/c.pot" $(cat po/POTFILES po/POTFILES.lib)
js=$(grep '\.js$' po/POTFILES.web) html=$(grep '\.html$' po/POTFILES.web)
python3 po/webstrings.py $html >"$tmp/html.po"
# the C sources' template as it is, then the page's messages after it (a
# msgid the C sources have too gains the page's files in its references)
common=(--from-code=UTF-8 --add-comments=TRANSLATORS --package-name=muster --add-location=file
        -j -o "$tmp/c.pot")
xgettext "${common[@]}" --language=JavaScript -k_ -k_n:1,2 -k_p:1c,2 $js
xgettext "${common[@]}" "$tmp/html.po"
cp "$tmp/c.pot" "$pot"
[ "$pot" = po/muster.pot ] || exit 0
for po in po/*.po; do
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" po/muster.pot
    # a msgid the sources dropped goes (no fuzzy matching would reuse it)
    msgattrib --no-obsolete -o "$po" "$po"
done
