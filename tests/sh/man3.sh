#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The C API's man pages (section 3, made by tools/man3.awk from the headers
# into BUILD/man3): every MU_API function of include/muster/*.h, found
# here by other means than the generator's, has a page of its name (its
# family's, or a .so link to it) that names it and says what it does (a
# function without a comment fails: document it in its header); every
# page has a THREADS section (the header's "Threads." paragraph); groff
# formats every page without a warning, and man renders one cleanly.
# usage: man3.sh MUSTER   (its folder is the build tree)
set -u
build=$(cd "$(dirname "$1")" && pwd)
src=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
man3=$build/man3
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$man3/libmuster.3" ] || fail "no $man3/libmuster.3: the build made no man 3 pages"

# The functions: each declaration, from a line that starts with MU_API to
# its '(', the name just before it.
names=$(awk '/^MU_API / { d = ""; on = 1 }
    on { d = d " " $0; if (d ~ /\(/) { sub(/ *\(.*/, "", d); sub(/.*[ *]/, "", d)
         print d; on = 0 } }' "$src"/include/muster/*.h | sort -u)
[ "$(wc -l <<<"$names")" -gt 150 ] || fail "too few MU_API functions found: $names"
bad=""
for n in $names; do
    page=$man3/$n.3
    [ -f "$page" ] || { bad+="  $n: no man3/$n.3"$'\n'; continue; }
    if head -n 1 "$page" | grep -q '^\.so '; then
        page=$man3/$(head -n 1 "$page" | sed 's#^\.so man3/##')
        [ -f "$page" ] || { bad+="  $n: its .so names no page"$'\n'; continue; }
    fi
    sed -n '/^\.SH NAME/,/^\.SH/p' "$page" | sed 's/\\-/-/g' | grep -qw -- "$n" ||
        bad+="  $n: not in the NAME of $(basename "$page")"$'\n'
done
[ -z "$bad" ] || { printf 'FAIL: functions without a man 3 page:\n%s' "$bad"; exit 1; }
pages=$(grep -L '^\.so ' "$man3"/*.3)
undoc=$(grep -l '^Undocumented\.' $pages)
[ -z "$undoc" ] || fail "a function without a comment in its header, in: $undoc"
for p in $pages; do
    [ "$(basename "$p")" = libmuster.3 ] && continue
    grep -q '^\.SH THREADS' "$p" ||
        fail "$(basename "$p") has no THREADS: its header's top comment lacks a 'Threads.' paragraph"
done
grep -q '^\.BR mu_division_generate (3)' "$man3/libmuster.3" ||
    fail "libmuster.3 does not list mu_division_generate(3)"

# Formatting: groff on every page, man on one (as `man 3 NAME` would).
if ! command -v groff >/dev/null || ! command -v man >/dev/null; then
    echo "SKIP: no groff or man to render the pages (apt-get install groff-base man-db)"
    exit 77
fi
for p in $pages; do
    out=$(groff -ww -man -Tutf8 -z "$p" 2>&1)
    [ -z "$out" ] || fail "groff warns on $(basename "$p"): $out"
done
# man resolves a .so link from the page's man3/ folder, as installed.
out=$(cd "$build" && LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l man3/mu_division_render.3 2>&1 >/dev/null)
[ -z "$out" ] || fail "man warns on mu_division_render.3: $out"
text=$(cd "$build" && LC_ALL=C.UTF-8 MANWIDTH=80 man -l man3/mu_division_render.3 2>/dev/null)
grep -q 'mu_division_generate' <<<"$text" && grep -q THREADS <<<"$text" ||
    fail "man -l man3/mu_division_render.3 does not show mu_division_generate's page: $text"
echo "ok: $(wc -l <<<"$names") functions in $(wc -w <<<"$pages") pages"
