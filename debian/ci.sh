#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian packages from a copy of the tree (dpkg-buildpackage
# writes them to the parent folder: the copy's, in a temporary folder, never
# the tree's), checks them with lintian (an error fails), unpacks them into
# one scratch root (dpkg -x) and runs the installed muster from there: a
# division, a campaign (new, show) and `serve` answering one request
# through libexec/muster/muster-full.
# usage: debian/ci.sh [--keep]   (--keep leaves the temporary folder; any
# other arguments go to dpkg-buildpackage, e.g. -Ppkg.muster.noapp)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
keep=
[ "${1:-}" != --keep ] || { keep=1; shift; }
work=$(mktemp -d)
server=
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    if [ -n "$keep" ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# The package's version is project()'s (a native package: no revision).
want=$(sed -n 's/^project(muster VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
have=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
[ "$want" = "$have" ] ||
    fail "debian/changelog says $have, CMakeLists.txt's project() $want: add a changelog entry (dch -v $want)"

# A copy of the tree as git sees it (tracked and new files, no build
# folders), so that nothing the build writes lands in the tree.
copy=$work/muster-$have
mkdir "$copy"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z --cached --others --exclude-standard |
        xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
        tar --null -T - -cf -) | tar -xf - -C "$copy"
else
    tar -C "$src" --exclude='./build*' --exclude=./obj-\* --exclude=node_modules \
        -cf - . | tar -xf - -C "$copy"
fi
echo "+ dpkg-buildpackage -us -uc -b $*"
start=$SECONDS
(cd "$copy" && DEB_BUILD_OPTIONS="parallel=2 ${DEB_BUILD_OPTIONS:-}" \
    dpkg-buildpackage -us -uc -b "$@") >"$work/build.log" 2>&1 ||
    { tail -n 60 "$work/build.log"; keep=1; fail "dpkg-buildpackage (log: $work/build.log)"; }
echo "  built in $((SECONDS - start)) s: $(cd "$work" && echo *.deb)"
changes=$(echo "$work"/*.changes)
[ -f "$changes" ] || fail "no .changes file"

echo "+ lintian"
lintian --fail-on error --display-level '>=warning' "$changes" | sed 's/^/  /' ||
    fail "lintian reports errors"

# One scratch root holding every package, as if installed.
root=$work/root
for deb in "$work"/*.deb; do dpkg -x "$deb" "$root"; done
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
export LD_LIBRARY_PATH=$root/usr/lib/$multiarch
tool=$root/usr/bin/muster
for f in usr/libexec/muster/muster-full \
         "usr/lib/$multiarch/libmuster.so.0" usr/include/muster.h \
         usr/share/man/man1/muster.1.gz usr/share/man/de/man1/muster.1.gz \
         usr/share/bash-completion/completions/muster \
         usr/share/locale/de/LC_MESSAGES/muster.mo; do
    [ -e "$root/$f" ] || fail "no package holds /$f"
done
run() { # ARGS...: the unpacked muster, in the scratch folder
    echo "+ muster $*"
    (cd "$work" && env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 \
        LD_LIBRARY_PATH="$LD_LIBRARY_PATH" "$tool" "$@") >"$work/out" 2>"$work/err" ||
        { cat "$work/err" "$work/out"; fail "muster $*"; }
}
run division --army union --year 1863 --theater east --seed 7
grep -q '^Union infantry division' "$work/out" || fail "no division: $(cat "$work/out")"
run campaign new game.db --name Gettysburg --year 1863 --theater east
run campaign add game.db --side union --name Wadsworth --corps "I Corps"
run campaign show game.db
grep -q Wadsworth "$work/out" || fail "campaign show: $(cat "$work/out")"

echo "+ muster serve --port 0 --listen 127.0.0.1 --no-qr"
(cd "$work" && exec env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 \
    LD_LIBRARY_PATH="$LD_LIBRARY_PATH" "$tool" serve --port 0 --listen 127.0.0.1 \
    --no-qr) >"$work/serve.out" 2>"$work/serve.err" &
server=$!
port=
for _ in $(seq 200); do
    port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" 2>/dev/null | head -1 |
        sed 's/.*://' || true)
    [ -z "$port" ] && kill -0 "$server" 2>/dev/null || break
    sleep 0.05
done
[ -n "$port" ] || { cat "$work/serve.err"; fail "serve printed no address"; }
curl -sS --max-time 10 "http://127.0.0.1:$port/api/fire?weapon=musket&range=5&figures=10&seed=1" \
    >"$work/reply" || fail "serve did not answer"
grep -q '"hits"' "$work/reply" || fail "serve's answer: $(cat "$work/reply")"
if [ -d "$root/usr/share/muster/site" ]; then
    curl -sS --max-time 10 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/muster-core.wasm" \
        >"$work/code" && [ "$(cat "$work/code")" = 200 ] ||
        fail "serve does not serve the packaged page's engine at /"
fi
kill "$server"; wait "$server" 2>/dev/null || true; server=
echo "ok: packages built, lintian clean of errors, the unpacked muster ran"
