#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# muster plot writes the picture the --out extension names, whole, and on
# bad input exits 2 and leaves no file at all (not even a temporary one).
# usage: plot_files.sh MUSTER
set -u
muster=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
magic() { head -c "$2" "$1" | od -An -c | tr -d ' \n'; }

# good charts, one of each kind and format
"$muster" plot figure 5 --out f5.png || fail "figure 5 png"
[ "$(magic f5.png 4)" = "211PNG" ] || fail "f5.png is not a PNG"
"$muster" plot figure 1 --out f1.svg || fail "figure 1 svg"
grep -q '<title>Figure 1: range bands make a staircase</title>' f1.svg ||
    fail "f1.svg has no title"
"$muster" plot curves --weapon staircase,musket rifle --cover \
    --crossings --out=c.pdf || fail "curves pdf"
[ "$(magic c.pdf 5)" = "%PDF-" ] || fail "c.pdf is not a PDF"
"$muster" plot odds fire --weapon musket --figures 11 --range 5 --out o.png ||
    fail "odds fire"
"$muster" plot odds division --army union --year 1862 --theater east \
    --stat batteries --out d.svg || fail "odds division"
grep -q 'Batteries' d.svg || fail "d.svg does not say batteries"
"$muster" plot odds charge --figures 20 --range 30 --move 6 \
    --return-fire musket --crew-left --out ch.png || fail "odds charge"
"$muster" plot sim fire --weapon gun --range 10 -n 20000 --seed 1 \
    --threads 1 --out s.png || fail "sim fire"
"$muster" plot sim corps --army union --divisions 2 -n 20000 --seed 1 \
    --threads 1 --out sc.svg || fail "sim corps"
grep -q 'simulated, 20000 trials' sc.svg || fail "sc.svg has no simulation"
good=$(ls -A | wc -l)
[ "$good" = 8 ] || fail "expected 8 files, found: $(ls -A)"

# bad input: exit 2, a message, and nothing written
mkdir bad && cd bad || exit 1
want=2
bad() {
    "$muster" "$@" >out 2>err
    code=$?
    [ "$code" = "$want" ] || fail "exit $code, expected $want: $*"
    grep -q '^muster: ' err || fail "no message: $*"
    rm -f out err
    [ -z "$(ls -A)" ] || fail "left files behind: $(ls -A): $*"
}
bad plot figure 6 --out x.png
bad plot figure 5 --out x.gif
bad plot figure 5
bad plot figure 5 --out x.png --format json
bad plot curves --weapon sword --out x.png
bad plot curves --weapon musket --scale -3 --out x.png
bad plot curves --weapon a,b,c,d,e,f,g,h,i --out x.png
bad plot odds fire --weapon musket --range 5 --out x.png
bad plot odds fire --weapon musket --range -1 --figures 3 --out x.svg
bad plot odds division --army prussia --out x.pdf
bad plot odds division --army union --stat cannons --out x.pdf
bad plot odds charge --figures 20 --range 30 --move 6 --crew-left --out x.png
bad plot odds battle --out x.png
bad plot sim charge --figures 20 --range 30 --move 6 --out x.png
bad plot graph --out x.png
printf '[staircase]\ncurve = bands\n0-6 = 33\n7-12 = 17\n' > ../gap.ini
bad plot curves --rules ../gap.ini --out x.png
# a file that cannot be read or written is a failure (exit 1): no file
want=1
bad plot curves --rules ../../nonexistent.ini --out x.png
bad plot figure 5 --out no/such/folder/x.png
exit 0
