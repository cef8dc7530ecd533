#!/usr/bin/env bash
# libmuster.so exports the public API and nothing else: every dynamic
# symbol starts with mu_, and every function muster/*.h declares is there
# (the build uses -fvisibility=hidden and MU_API marks the public ones).
# usage: exports.sh MUSTER   (libmuster.so is built next to it)
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
[ $status -eq 0 ] && echo "ok: $(wc -l <<<"$exported") symbols, all mu_*"
exit $status
