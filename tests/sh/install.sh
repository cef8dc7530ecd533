#!/usr/bin/env bash
# `cmake --install` into a temporary prefix gives a working libmuster: a
# small C program built with `pkg-config --cflags --libs muster` generates
# a division from a seed and checks it against the tool's own output. The
# installed tool, headers, static library and man page are there too.
# usage: install.sh MUSTER   (its folder is the build tree)
set -u
build=$(dirname "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$work/usr" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; fail "cmake --install"; }
pc=$(find "$work/usr" -name muster.pc) || true
[ -n "$pc" ] || fail "no muster.pc installed"
export PKG_CONFIG_PATH=$(dirname "$pc")
libdir=$(realpath "$(pkg-config --variable=libdir muster)")
for f in bin/muster include/muster.h include/muster/core.h \
         include/muster/campaign.h share/man/man1/muster.1 \
         share/muster/labels-template.ini share/muster/labels-example.ini; do
    [ -e "$work/usr/$f" ] || fail "not installed: $f"
done
[ -e "$libdir/libmuster.a" ] || fail "no static library in $libdir"
ls "$libdir"/libmuster.so.* >/dev/null 2>&1 || fail "no shared library"
cat >"$work/gen.c" <<'C'
#include <muster.h>
#include <stdio.h>
int main(void) {
    mu_rules *r; mu_dice *d; mu_division v; mu_error e;
    mu_oob_opts o = {MU_UNION, 1863, MU_EAST, MU_INFANTRY, false};
    if (mu_rules_default(&r, &e) || mu_dice_new_seeded(42, &d, &e) ||
        mu_division_generate(r, d, &o, &v, &e)) return fprintf(stderr, "%s\n", e.msg), 1;
    printf("%d %d\n", v.nbrigades, v.stands);
    mu_dice_free(d); mu_rules_free(r); return v.stands > 0 ? 0 : 1; }
C
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror ${MUSTER_TEST_CFLAGS:-} -o "$work/gen" "$work/gen.c" \
    $(pkg-config --cflags --libs muster) || fail "cannot build against it"
got=$(LD_LIBRARY_PATH=$libdir "$work/gen") || fail "the program failed"
LD_LIBRARY_PATH=$libdir ldd "$work/gen" | grep -q "=> $libdir/libmuster.so" ||
    fail "not linked against the installed shared library"
# The same division as the installed tool generates with that seed.
want=$("$work/usr/bin/muster" division --army union --year 1863 \
       --theater east --seed 42 --format json) || fail "installed tool"
# The division's own "stands" is the one indented by a single tab.
stands=$(grep -P '^\t"stands":' <<<"$want" | grep -o '[0-9]*')
[ -n "$stands" ] || fail "no stands in: $want"
[ "${got#* }" = "$stands" ] || fail "program says '$got', tool says $stands stands"
# The installed tool hands drawing to the installed muster-full (libexec).
[ -x "$work/usr/libexec/muster/muster-full" ] || fail "no libexec/muster/muster-full"
"$work/usr/bin/muster" plot curves musket --out "$work/curves.svg" >/dev/null ||
    fail "installed tool cannot draw (muster-full)"
grep -q "<svg" "$work/curves.svg" || fail "no SVG drawn"
echo "ok: $got"
