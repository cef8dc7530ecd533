#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A distribution's install: `DESTDIR=$tmp cmake --install BUILD --prefix
# /usr`, the tree then moved elsewhere (a package unpacked where the build
# never was), and from there, with no build tree on the PATH:
# - every command of the command table runs (the list is read from the
#   installed tool's own man-page synopsis, so a new command that this
#   script does not run fails it): the table-scale ones print what the
#   build's tool prints, drawing (plot, roster) writes PNG/SVG/PDF through
#   the installed libexec/muster/muster-full, the campaign in the tool
#   itself, and `serve` answers one
#   request on a free port;
# - the man pages (muster.1, the C API's man 3), the completions and the
#   German catalogue are installed and found;
# - libmuster: a small C program built with `pkg-config --cflags --libs
#   muster` generates the division the installed tool does.
# usage: install.sh MUSTER   (its folder is the build tree)
set -u
built=$(realpath "$1")
build=$(dirname "$built")
work=$(mktemp -d)
server=
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
DESTDIR="$work/dest" cmake --install "$build" --prefix /usr >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; fail "DESTDIR=... cmake --install --prefix /usr"; }
[ -x "$work/dest/usr/bin/muster" ] || fail "no usr/bin/muster under DESTDIR"
mv "$work/dest" "$work/pkg"
root=$work/pkg/usr
tool=$root/bin/muster
full=$root/libexec/muster/muster-full
[ -x "$full" ] || fail "no libexec/muster/muster-full"
[ -e "$root/libexec/muster/muster-ledger" ] && fail "a muster-ledger is installed"
for f in include/muster.h include/muster/core.h include/muster/version.h \
         include/muster/campaign.h share/muster/labels-template.ini \
         share/muster/labels-example.ini share/man/man3/libmuster.3 \
         share/man/man3/mu_division_generate.3 share/man/man3/mu_division_render.3; do
    [ -e "$root/$f" ] || fail "not installed: $f"
done
# Nothing installed points into the build tree.
for exe in "$tool" "$full"; do
    readelf -d "$exe" | grep -E 'R(UN)?PATH' && fail "$exe has an rpath"
done
grep -rlF "$build" "$root/lib"*/pkgconfig 2>/dev/null && fail "a .pc file names the build tree"
# The everyday tool links the ledger's libraries but no drawing, serving
# or line-editing one; muster-full links them all.
ldd "$tool" | grep -E 'cairo|pango|microhttpd|libedit' &&
    fail "the everyday muster links drawing, serving or line-editing libraries"
ldd "$tool" | grep -q sqlite || fail "muster does not link SQLite"
ldd "$full" | grep -q cairo || fail "muster-full does not link cairo"
ldd "$full" | grep -q libedit || fail "muster-full does not link libedit (--ask on a terminal)"

# From here on: the installed tree only, in a folder of its own.
cd "$work" || exit 1
export PATH=/usr/local/bin:/usr/bin:/bin
unset MUSTER_LOCALEDIR
export LC_ALL=C
# The commands of the table, from the installed tool's synopsis.
man=$root/share/man/man1/muster.1
[ -f "$man" ] || fail "no man page"
"$tool" --man-page "$man" >"$work/man.1" || fail "muster --man-page"
cmp -s "$man" "$work/man.1" || fail "the installed man page is not the installed table's"
commands=$(sed -n '/BEGIN GENERATED SYNOPSIS/,/END GENERATED SYNOPSIS/p' "$man" |
    sed 's/\\-/-/g' | awk '/^muster [a-z]/ { s = ""
        for (i = 2; i <= NF && $i ~ /^[a-z][a-z-]*$/; i++) s = s (s ? " " : "") $i
        print s }' | sort -u)
[ "$(wc -l <<<"$commands")" -gt 40 ] || fail "too few commands in the synopsis: $commands"

ran=""
# r ARGS...: the installed tool, exit 0 and some output on stdout (unless
# it writes a file with --out), or fail; the command it ran (the longest
# run of leading words that is one) counts.
r() {
    "$tool" "$@" >"$work/out" 2>"$work/err" ||
        { cat "$work/err"; fail "installed: muster $*"; }
    [[ -s "$work/out" || " $* " == *" --out "* ]] ||
        { cat "$work/err"; fail "installed: muster $*: no output"; }
    local name="" w words=""
    for w in "$@"; do
        [[ $w =~ ^[a-z][a-z-]*$ ]] || break
        words=${words:+$words }$w
        grep -qxF "$words" <<<"$commands" && name=$words
    done
    [ -n "$name" ] || fail "muster $*: not a command of the synopsis"
    ran+="$name"$'\n'
}
# same ARGS...: r, and the build's tool prints the same.
same() {
    r "$@"
    "$built" "$@" >"$work/want" 2>/dev/null || fail "built: muster $*"
    cmp -s "$work/out" "$work/want" || fail "muster $*: the installed tool differs from the build's"
}
magic() { # FILE KIND
    case $2 in
    png) [ "$(head -c 4 "$1" | od -An -tx1 | tr -d ' ')" = 89504e47 ] ;;
    pdf) [ "$(head -c 5 "$1")" = "%PDF-" ] ;;
    svg) grep -q '<svg' "$1" ;;
    esac || fail "$1 is not a $2 file"
}

same division --army union --year 1863 --theater east --seed 42 --format json
same corps --army confederate --divisions 1 --seed 8 --format json
same battle --seed 1 --divisions 1 --format csv
same fire --weapon musket --figures 10 --range 5 --seed 1
same curve --weapon musket --format json
same odds division --army union --year 1863
same odds corps --army confederate --divisions 1
same odds battle --divisions 1
same odds fire --weapon musket --figures 10 --range 5
same odds charge --figures 1 --range 10 --move 6 --crew 1 --return-fire musket
same sim division --army confederate -n 2000 --seed 7 --threads 1
same sim corps --army union --divisions 1 -n 2000 --seed 3 --threads 1
same sim fire --weapon musket --figures 11 --range 5 -n 2000 --seed 5 --threads 1
same rules show
r rules dump >/dev/null
cp "$work/out" rules.ini
same rules check rules.ini --kind tables
same rules export --to markdown
same help division
same help campaign battle start

# Drawing: the installed muster hands these to the installed muster-full.
r plot curves musket rifle --out curves.svg; magic curves.svg svg
r plot figure 5 --out figure5.png; magic figure5.png png
r plot card --out card.pdf; magic card.pdf pdf
r plot odds division --army union --year 1862 --out od.png; magic od.png png
r plot odds corps --army union --divisions 1 --out oc.svg; magic oc.svg svg
r plot odds fire --weapon musket --figures 11 --range 5 --out of.pdf; magic of.pdf pdf
r plot odds charge --figures 20 --range 30 --move 6 --out ch.png; magic ch.png png
r plot sim division --army union -n 2000 --seed 1 --threads 1 --out sd.png; magic sd.png png
r plot sim corps --army union --divisions 1 -n 2000 --seed 1 --threads 1 --out sc.png
magic sc.png png
r plot sim fire --weapon gun --range 10 -n 2000 --seed 1 --threads 1 --out sf.svg
magic sf.svg svg
"$tool" battle --seed 7 --format json >battle.json || fail "battle"
r roster --from battle.json --out roster.pdf; magic roster.pdf pdf

# A campaign with every kind of event.
c() { r campaign "$@"; }
F=war.db
c new $F --name Gettysburg --year 1863 --theater east
c add $F --side union --name Wadsworth --corps "I Corps"
c add $F --side confederate --name Heth --corps "Third Corps"
c add $F --side confederate --name Pender --corps "Third Corps"
c battle start $F "McPherson's Ridge"
c engage $F 1 --seed 7
c name $F 1 --brigade 1 "Iron Brigade"
c engage $F 2 --seed 8 --hidden
hidden=$(sed -n 's/^commitment //p' "$work/out")
[ -n "$hidden" ] || fail "engage --hidden printed no commitment"
c casualties $F 1 --brigade 1 --lost 3 --captured 1
c casualties $F 2 --brigade 2 --lost 2 --captured 2
c battle end $F --winner confederate --seed 3
c reveal $F 2
cp "$work/out" heth.json
c verify --commitment "$hidden" --division heth.json
c prisoners $F
c exchange $F --union 1 --confederate 1
c leader-lost $F 1 --brigade 2 --rolls 7
c penalty $F --side union
c downgrade $F 1 --brigade 3
c camp $F --side union --default "Camp Douglas"
c liberate $F --side confederate
c show $F --side union
c log $F
c report $F --battle 1 --as union --format html
c report $F --out war.pdf
c check $F
c head $F
c undo $F
c advance $F --year 1864
c export $F --side union --out union.db
c backup $F backup.db
c check backup.db
c engage $F 3 --hidden --fair --as confederate
commitment=$(sed -n 's/^fair commitment //p' "$work/out")
[ -n "$commitment" ] || fail "engage --fair printed no commitment"
c contribute union.db 3 --commitment "$commitment"
c links $F --side union --listen 127.0.0.1 --no-qr
# The installed order of battle sheet, in and back out as it is.
c new oob.db --name OOB --year 1863 --theater east
c import oob.db --from "$root/share/muster/gettysburg-oob.csv"
c export oob.db --format oob-csv
cmp -s "$work/out" "$root/share/muster/gettysburg-oob.csv" ||
    fail "the installed sample sheet does not come back as it is"

# Serving: on a free port, one request, answered as the CLI answers.
"$tool" serve --listen 127.0.0.1 --port 0 --no-qr >serve.out 2>serve.err &
server=$!
for _ in $(seq 200); do
    grep -q 'http://127.0.0.1:' serve.out 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.05
done
port=$(grep -o 'http://127.0.0.1:[0-9]*' serve.out | head -1 | sed 's/.*://')
[ -n "$port" ] || { cat serve.err; fail "installed serve printed no address"; }
exec 3<>"/dev/tcp/127.0.0.1/$port" || fail "cannot connect to serve"
printf 'GET /api/fire?weapon=musket&range=5&figures=10&seed=1 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
reply=$(timeout 10 cat <&3)
exec 3<&-
kill "$server"; wait "$server" 2>/dev/null; server=
body=$(sed '1,/^\r$/d' <<<"$reply")
[ "$body" = "$("$tool" fire --weapon musket --range 5 --figures 10 --seed 1 --format json)" ] ||
    fail "serve's /api/fire is not the CLI's: $reply"
ran+=$'serve\n'

missing=$(comm -23 <(echo "$commands") <(sort -u <<<"$ran" | sed '/^$/d'))
[ -z "$missing" ] || fail "install.sh runs no installed $(echo "$missing" | sed 's/^/muster /' |
    paste -sd, -): add them"

# The man page, the completions and the catalogue.
cmp -s "$root/share/bash-completion/completions/muster" <("$tool" --completion bash) ||
    fail "bash completion not installed from the table"
cmp -s "$root/share/zsh/site-functions/_muster" <("$tool" --completion zsh) ||
    fail "zsh completion not installed from the table"
cmp -s "$root/share/fish/vendor_completions.d/muster.fish" <("$tool" --completion fish) ||
    fail "fish completion not installed from the table"
bash -c "source '$root/share/bash-completion/completions/muster' && complete -p muster" \
    >/dev/null 2>&1 || fail "the bash completion defines no completion for muster"
if command -v msgfmt >/dev/null; then
    [ -f "$root/share/locale/de/LC_MESSAGES/muster.mo" ] || fail "no German catalogue installed"
    de=$(LC_ALL=C.UTF-8 LANGUAGE=de "$tool" division --army confederate --year 1863 \
         --theater east --seed 7) || fail "installed German division"
    [ "$de" = "$(cat "${MUSTER_SOURCE:?}/tests/data/de/division.txt")" ] ||
        fail "the installed tool does not find its German catalogue: $de"
    deman=$root/share/man/de/man1/muster.1
    [ -f "$deman" ] || fail "no German man page in share/man/de/man1"
    LC_ALL=C.UTF-8 LANGUAGE=de "$tool" --man-page "$deman" | cmp -s "$deman" - ||
        fail "the installed German man page is not the installed table's"
fi

# libmuster through pkg-config, from the moved tree.
pc=$(find "$root" -name muster.pc)
[ -n "$pc" ] || fail "no muster.pc installed"
export PKG_CONFIG_PATH=$(dirname "$pc")
libdir=$(realpath "$(pkg-config --variable=libdir muster)")
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
want=$("$tool" division --army union --year 1863 --theater east --seed 42 --format json)
# The division's own "stands" is the one indented by a single tab.
stands=$(grep -P '^\t"stands":' <<<"$want" | grep -o '[0-9]*')
[ -n "$stands" ] || fail "no stands in: $want"
[ "${got#* }" = "$stands" ] || fail "program says '$got', tool says $stands stands"
echo "ok: $(wc -l <<<"$commands") commands run from a moved DESTDIR tree; libmuster $got"
