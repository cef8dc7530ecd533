#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# po/update.sh: the template (po/muster.pot) made anew from the files in
# po/POTFILES, and each po/LANG.po merged with it; then translate what
# msgfmt --statistics says is untranslated or fuzzy. tests/sh/german.sh
# fails while the template differs from what this makes.
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8 # the msgids hold UTF-8 (÷)
xgettext --from-code=UTF-8 --add-comments=TRANSLATORS $(cat po/KEYWORDS) \
    --package-name=muster --sort-by-file --add-location=file \
    -o po/muster.pot $(cat po/POTFILES)
for po in po/*.po; do
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" po/muster.pot
done
