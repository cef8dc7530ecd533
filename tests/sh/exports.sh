#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libmuster.so and libmuster.a export the public API and nothing else:
# every dynamic symbol of the .so, and every global symbol of the .a, starts
# with mu_, and every function muster/*.h declares is there (the build uses
# -fvisibility=hidden and MU_API marks the public ones; the .a is one ld -r
# object whose hidden symbols objcopy made local). A program of its own
# that defines internal names of the library (sb_grow...) links against the
# .a without a clash.
# usage: exports.sh MUSTER   (libmuster.so and libmuster.a are built next to it)
set -u
build=$(dirname "$1")
src=${MUSTER_SOURCE:?MUSTER_SOURCE must name the source tree}
lib=$build/libmuster.so
[ -f "$lib" ] || { echo "FAIL: no $lib"; exit 1; }
exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort -u)
[ -n "$exported" ] || { echo "FAIL: $lib exports nothing"; exit 1; }
status=0
others=$(grep -v '^mu_' <<<"$exported")
if [ -n "$others" ]; then
    echo "FAIL: exported without the mu_ prefix:"; echo "$others"; status=1
fi
declared=$(grep -ho '^MU_API [^(]*(' "$src"/include/muster/*.h |
           grep -o 'mu_[a-z0-9_]*($' | tr -d '(' | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
if [ -n "$missing" ]; then
    echo "FAIL: declared MU_API but not exported:"; echo "$missing"; status=1
fi
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
if [ -n "$extra" ]; then
    echo "FAIL: exported but not declared MU_API:"; echo "$extra"; status=1
fi
# A public function declared without MU_API would be hidden.
unmarked=$(grep -n '^[a-z][a-z0-9_ *]*[ *]mu_[a-z0-9_]*(' "$src"/include/muster.h \
           "$src"/include/muster/*.h | grep -v 'MU_API\|typedef' || true)
if [ -n "$unmarked" ]; then
    echo "FAIL: public declarations without MU_API:"; echo "$unmarked"; status=1
fi

# The static library: the same global names as the .so's, the internals
# there but local.
archive=$build/libmuster.a
[ -f "$archive" ] || { echo "FAIL: no $archive"; exit 1; }
global=$(nm -g --defined-only "$archive" | awk 'NF==3{print $3}' | sort -u)
if [ "$global" != "$exported" ]; then
    echo "FAIL: libmuster.a's global symbols differ from libmuster.so's:"
    diff <(echo "$exported") <(echo "$global") | head -20; status=1
fi
# The library's internal functions: global in the objects the build links
# into its own tools (libmuster_core.a, libmuster_draw.a), not exported.
internal=$(nm -g --defined-only "$build/libmuster_core.a" "$build/libmuster_draw.a" |
           awk 'NF==3 && $2=="T"{print $3}' | sort -u | comm -23 - <(echo "$exported"))
[ -n "$internal" ] || { echo "FAIL: no internal functions found in libmuster_core.a"; exit 1; }
notlocal=$(comm -23 <(echo "$internal") \
             <(nm --defined-only "$archive" | awk '$2=="t"{print $3}' | sort -u))
if [ -n "$notlocal" ]; then
    echo "FAIL: not local functions of libmuster.a:"; echo "$notlocal"; status=1
fi
# A program that defines some of those names itself links against the .a.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pick=$(echo "$internal" | grep -E '^(util_parse_long|sb_[a-z_]*|camp_[a-z_]*)$' | head -4)
[ -n "$pick" ] || pick=$(echo "$internal" | head -4)
{
    echo '#include <muster.h>'
    echo '#include <stdio.h>'
    for name in $pick; do echo "int $name(void); int $name(void) { return 7; }"; done
    echo 'int main(void) { printf("%s\n", mu_version()); return 0; }'
} >"$work/clash.c"
deps=$(PKG_CONFIG_PATH=$build pkg-config --static --libs muster | sed 's/ *-lmuster\b//; s/-L[^ ]*//')
# shellcheck disable=SC2086
if cc -std=c11 ${MUSTER_TEST_CFLAGS:-} -I"$src/include" -I"$build/include" \
      -o "$work/clash" "$work/clash.c" "$archive" $deps 2>"$work/cc.err"; then
    [ "$("$work/clash")" = "$(sed -n 's/^Version: //p' "$build/muster.pc")" ] ||
        { echo "FAIL: the program linked against libmuster.a gives the wrong version"; status=1; }
else
    cat "$work/cc.err"
    echo "FAIL: a program defining $(echo $pick) does not link against libmuster.a"; status=1
fi
[ $status -eq 0 ] && echo "ok: $(wc -l <<<"$exported") symbols, all mu_*, in the .so and the .a;" \
    "$(wc -l <<<"$internal") internal functions local in the .a"
exit $status
