#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Languages are files: a copy of the source tree, configured, then given
# one more file, po/fr.po, made from the template by gettext's tools
# (msginit, msgen, and msgfilter putting "«fr» " before every message,
# which msgfmt --check accepts), and nothing else touched, is built: the
# build finds the new catalogue itself. Its tool then speaks French (the
# marked words) in a division, --help and an error, its French man page is
# made, its page's list of languages and catalogues (and the offline
# app's, where emcc is found) hold French, and `muster serve` offers French
# in the page's switch: chosen, the page shows the marked words
# (tests/web/dropin.mjs, in chromium). Skipped (77) without gettext's
# tools or git, and after the tool's checks without chromium or
# tests/web/node_modules. The build takes a minute or more: label slow.
set -u
muster=$1
src=${MUSTER_SOURCE:?}
for t in msginit msgen msgfilter msgfmt msggrep git cmake; do
    command -v $t >/dev/null || { echo "SKIP: $t is missing (apt-get install gettext git cmake)"; exit 77; }
done
git -C "$src" rev-parse --git-dir >/dev/null 2>&1 || { echo "SKIP: $src is not a git checkout"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }
export LC_ALL=C.UTF-8

# The tracked files as they are in the work tree.
mkdir "$work/src"
(cd "$src" && git ls-files -z | while IFS= read -r -d '' f; do
    [ -f "$f" ] && printf '%s\0' "$f"; done >"$work/files" &&
    xargs -0 cp --parents -t "$work/src" <"$work/files") || { echo "FAIL copying the tree"; exit 1; }
cd "$work/src" || exit 1
# Configured before po/fr.po comes, as a tree already built would be: the
# build looks at po/*.po again and finds it. Built with the tools the
# drop-in needs, and the offline app where emscripten is installed.
b=$work/build
targets=(muster muster_catalogues muster_generated_langs muster_web_lang)
cmake -S . -B "$b" -DMUSTER_TESTS=OFF >"$work/cmake.log" 2>&1 ||
    { tail -20 "$work/cmake.log"; echo "FAIL configuring the copy"; exit 1; }
command -v emcc >/dev/null && targets+=(muster-site)

# The one new file.
msginit --no-translator -l fr -i po/muster.pot -o fr.tmp >/dev/null 2>&1 &&
    msgen -o fr.tmp fr.tmp && rm -f po/fr.po &&
    msgfilter --keep-header -i fr.tmp -o po/fr.po sed -e '1s/^\(.\)/«fr» \1/' &&
    rm fr.tmp && msgfmt --check -o /dev/null po/fr.po || { echo "FAIL making po/fr.po"; exit 1; }
grep -q '^"Plural-Forms: nplurals=2; plural=(n > 1);' po/fr.po || bad "po/fr.po has not French's plural rule"
[ "$(find . -type f | wc -l)" = $(($(tr -cd '\0' <"$work/files" | wc -c) + 1)) ] ||
    bad "the copy is not the tracked files and po/fr.po"
cmake --build "$b" -j2 --target "${targets[@]}" >"$work/build.log" 2>&1 ||
    { tail -30 "$work/build.log"; echo "FAIL building the copy"; exit 1; }
fr=$b/muster

# (1) The tool in French: each line of the division's text is a marked
# message's; --help's too; English without LANGUAGE.
div=$(LANGUAGE=fr "$fr" division --army union --year 1863 --theater east --arm infantry --seed 7)
case $div in "«fr» Union «fr» infantry«fr»  division, Eastern theater 1863
  «fr» Division leader: «fr» average«fr»  (rolled 47)"*) ;;
*) bad "the division is not in French: $(printf '%s' "$div" | head -2)" ;; esac
[ "$(printf '%s\n' "$div" | grep -c '«fr» ')" -ge 8 ] || bad "few French words in the division: $div"
en=$("$fr" division --army union --year 1863 --theater east --arm infantry --seed 7)
[ "$en" = "$("$muster" division --army union --year 1863 --theater east --arm infantry --seed 7)" ] ||
    bad "the copy's English division differs from the tree's"
case $en in *«fr»*) bad "English has French words" ;; esac
LANGUAGE=fr "$fr" --help | grep -q '^«fr» ' || bad "--help is not in French"
LANGUAGE=fr "$fr" division --army prussia 2>"$work/err" >/dev/null
grep -q '«fr» ' "$work/err" || bad "an error is not in French: $(cat "$work/err")"
[ -s "$b/locale/fr/LC_MESSAGES/muster.mo" ] || bad "no locale/fr/LC_MESSAGES/muster.mo"

# The man page: the English page's prose, the options in French.
grep -q '«fr» ' "$b/generated/fr/muster.1" 2>/dev/null || bad "no French man page (generated/fr/muster.1)"

# (2) The page: the list of languages and the catalogues, embedded in
# serve, in muster-site/ and its service worker's files.
grep -qF "['fr', '']" "$b/web-lang/langs.js" || bad "langs.js lacks French: $(cat "$b/web-lang/langs.js")"
[ -s "$b/web-lang/fr.mo" ] || bad "no page catalogue web-lang/fr.mo"
if command -v emcc >/dev/null; then
    for f in langs.js lang-fr.mo core-fr.mo; do
        [ -s "$b/muster-site/$f" ] || bad "muster-site/ lacks $f"
        grep -qF "'./$f'" "$b/muster-site/sw.js" || bad "sw.js does not keep $f"
    done
fi
if command -v curl >/dev/null; then
    port=$((20000 + $$ % 20000))
    "$fr" serve --listen 127.0.0.1 --port $port --no-qr >"$work/serve.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do grep -q Ctrl-C "$work/serve.log" && break; sleep 0.1; done
    curl -fsS "http://127.0.0.1:$port/lang-fr.mo" -o "$work/lang-fr.mo" || bad "serve has no /lang-fr.mo"
    cmp -s "$work/lang-fr.mo" "$b/web-lang/fr.mo" || bad "/lang-fr.mo is not the page's catalogue"
    curl -fsS "http://127.0.0.1:$port/langs.js" | grep -qF "['fr', '']" || bad "serve's /langs.js lacks French"
    kill "$pid"; wait "$pid" 2>/dev/null
fi

# In chromium: the switch offers French, and choosing it shows it.
web=$src/tests/web
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] || ! command -v node >/dev/null ||
    [ ! -f "$web/node_modules/puppeteer-core/package.json" ]; then
    [ $fail = 0 ] || exit 1
    echo "SKIP: the tool passed; no chromium, node or tests/web/node_modules for the page"
    exit 77
else
    MUSTER_NOW=2026-12-01T19:30:00Z node "$web/dropin.mjs" "$fr" fr '«fr» ' || fail=1
fi
[ $fail = 0 ] && echo "ok: po/fr.po alone gave French to the tool, its man page and the page"
exit $fail
