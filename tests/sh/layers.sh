#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The tree draws the architecture (docs/design.md, "Layers"): nothing calls
# or includes upward. Calls are read from the object files' symbols (nm: a
# file that has X undefined calls the file that defines it), includes from
# the sources. It fails on:
#   - a file of src/campaign/ calling or including a file of a higher layer
#     (the table below), or a file of src/campaign/ with no layer;
#   - a cycle of calls among the files of src/ (src/campaign/ included);
#   - src/ calling or including cmd/, cli/ or web/, and the flat core of
#     src/ calling or including src/campaign/ or src/draw/;
#   - cmd/ calling or including web/ or cli/; web/ and cli/ each other;
#     any of them calling src/ but through its public API (mu_*), or
#     including src/ (include/ is the API);
#   - cairo or pango called or included outside src/draw/, or named in
#     the public headers (but in their comments).
# usage: layers.sh MUSTER   (the objects are in MUSTER's build folder)
# LAYERS_OBJECTS (a folder holding the objects as CMake lays them out, under
# */CMakeFiles/TARGET.dir/PATH.o) and MUSTER_SOURCE (the tree) say where to
# look; layers_selftest.sh plants upward calls and includes in copies and
# requires this check to fail on each.
set -u
src=${MUSTER_SOURCE:?MUSTER_SOURCE must name the source tree}
objects=${LAYERS_OBJECTS:-$(dirname "$1")}
command -v nm >/dev/null || { echo "SKIP: no nm (binutils)"; exit 77; }

# The ledger's layers, lowest first: a file may call and include its own
# layer and lower ones (and no cycle of calls). A new file of src/campaign/
# gets a place here. campaign.h, the folder's one internal header, declares
# every layer's calls (in sections, lowest first) and is included by all:
# the calls themselves are what is checked.
layers='
base     base.c
events   plain.c evjson.h evjson.c evfield.h evfield.c event.h event_held.c event.c project.c
store    sql.c journal.c chain.c schema.c file.c links.c requests.c store.c backup.c
ops      engage.c import.c prisoners.c battle.c leaders.c fair.c names.c
views    held.c show.c log.c view.c export.c sheet.c roster.c answer.c report.h report.c report_render.c
verify   replay.c undo.c replay_check.c check.c
'
# Known exceptions, one "FROM -> TO" a line, each with its reason; each is
# reported as it is met; one no longer met fails (remove it then), so the
# list never holds a stale one.
exceptions='
cli/main.c -> web/web.h       muster-full installs serve, which web/ runs
cli/main.c -> web/serve.c     (web_install): until serve has a main of its own
'

# (An object whose source is gone, left by a file moved since, is not read.)
mapfile -t objs < <(find "$objects" -path '*/CMakeFiles/*.dir/*' -name '*.c.o' |
                    grep -E '\.dir/(src|cmd|cli|web)/' | sort |
                    while read -r o; do
                        f=$(sed -E 's#.*/CMakeFiles/[^/]*\.dir/##; s#\.o$##' <<<"$o")
                        [ -f "$src/$f" ] && echo "$o"
                    done)
[ ${#objs[@]} -gt 0 ] || { echo "FAIL: no object files under $objects"; exit 1; }

# Lines "sym FILE SYMBOL TYPE" from nm, FILE the source path (src/x.c).
syms() {
    nm -A -P "${objs[@]}" 2>/dev/null |
        sed -E 's#^[^ ]*/CMakeFiles/[^/]*\.dir/([^ ]*)\.o: #\1 #'
}
# Lines "inc FILE HEADER" for every #include of the sources: "x.h" resolved
# to the file it names (beside the file, else src/, include/, cmd/, web/),
# <x.h> kept as <x.h>.
includes() {
    local f dir h r
    while IFS= read -r f; do
        dir=$(dirname "$f")
        echo "file $f"
        sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*([<"][^>"]*[>"]).*/\1/p' \
            "$src/$f" | while IFS= read -r h; do
            case $h in
            \<*) echo "inc $f $h" ;;
            *)  h=${h//\"/}
                for r in "$dir/$h" "src/$h" "include/$h" "cmd/$h" "web/$h"; do
                    if [ -f "$src/$r" ]; then
                        case $r in
                        *..*) r=$(realpath -m --relative-to="$src" "$src/$r") ;;
                        esac
                        echo "inc $f $r"
                        break
                    fi
                done ;;
            esac
        done
    done < <(cd "$src" && find src cmd cli web -name '*.[ch]' | sort)
}

# The public headers name no cairo or pango type (a drawing call takes the
# caller's cairo_t * as void *).
grep -n -E 'struct _cairo|cairo_t|Pango|#include <(cairo|pango)' "$src"/include/muster.h \
    "$src"/include/muster/*.h | grep -v ':[0-9]*: \*\|:[0-9]*:/\*' |
    sed 's#^#FAIL: cairo or pango in the public API: #' | grep . && public_bad=1
{
    echo "$layers" | awk 'NF > 1 { for (i = 2; i <= NF; i++) print "layer", $i, NR, $1 }'
    echo "$exceptions" | awk '/->/ { print "except", $1, $3 }'
    syms | awk '{ print "sym", $0 }'
    includes
} | awk '
function group(f) {
    if (f ~ /^src\/campaign\//) return "campaign"
    if (f ~ /^src\/draw\//) return "draw"
    if (f ~ /^src\//) return "src"
    sub(/\/.*/, "", f)
    return f
}
function base(f) { sub(/.*\//, "", f); return f }
function lib(f) { return f ~ /^src\// }
# The rule an edge from a to b (a call or an include) breaks, or "".
function broken(a, b, how,   ga, gb) {
    ga = group(a); gb = group(b)
    if (lib(a) && (gb == "cmd" || gb == "cli" || gb == "web"))
        return "the library " how " " gb "/"
    if (ga == "src" && (gb == "campaign" || gb == "draw"))
        return "the flat core " how " src/" gb "/, which stands on it"
    if (ga == "cmd" && (gb == "web" || gb == "cli")) return "cmd/ " how " " gb "/"
    if ((ga == "web" && gb == "cli") || (ga == "cli" && gb == "web"))
        return ga "/ and " gb "/ are faces side by side: " ga "/ " how " " gb "/"
    if (ga == "campaign" && gb == "campaign" && base(b) != "campaign.h" &&
        base(a) != "campaign.h" && (base(a) in rank) &&
        (base(b) in rank) && rank[base(b)] > rank[base(a)])
        return "layer " name[base(a)] " " how " layer " name[base(b)] " above it"
    return ""
}
function fail(msg, key) {
    if (key in except) { used[key] = 1; print "known: " msg; return }
    print "FAIL: " msg; bad = 1
}
$1 == "layer" { rank[$2] = $3; name[$2] = $4; next }
$1 == "except" { except[$2 " -> " $3] = 1; next }
$1 == "sym" && $4 == "U" { uses[$2, $3] = 1; next }
$1 == "sym" && $4 ~ /^[TDBRCGSVW]$/ {
    files[$2] = 1
    def[$3] = $2
    next
}
$1 == "inc" { incs[$2, $3] = 1; next }
$1 == "file" { files[$2] = 1; next }
END {
    for (k in uses) {
        split(k, p, SUBSEP); f = p[1]; s = p[2]
        if (s ~ /^(cairo|pango)_/ && group(f) != "draw")
            fail(f " calls " s ": only src/draw/ uses cairo and pango",
                 f " -> " s)
        if (!(s in def) || def[s] == f) continue
        t = def[s]
        if (!((f, t) in edge)) nedges++
        if (!((f, t) in edge) || s !~ /^mu_/) edge[f, t] = s
    }
    for (k in edge) {
        split(k, p, SUBSEP)
        why = broken(p[1], p[2], "calls")
        if (why == "" && !lib(p[1]) && lib(p[2]) && edge[k] !~ /^mu_/)
            why = "above the library only its public API (mu_*) is called"
        if (why != "") fail(p[1] " -> " p[2] " (" edge[k] "): " why, p[1] " -> " p[2])
    }
    for (k in incs) {
        split(k, p, SUBSEP)
        if (p[2] ~ /^<(cairo|pango)/ && group(p[1]) != "draw") {
            fail(p[1] " includes " p[2] ": only src/draw/ uses cairo and pango",
                 p[1] " -> " p[2])
            continue
        }
        if (p[2] ~ /^</) continue
        why = broken(p[1], p[2], "includes")
        if (why == "" && !lib(p[1]) && lib(p[2]))
            why = "above the library only include/ is included"
        if (why != "") fail(p[1] " includes " p[2] ": " why, p[1] " -> " p[2])
    }
    for (f in files)
        if (group(f) == "campaign" && !(base(f) in rank) &&
            base(f) != "campaign.h")
            fail(f " has no layer: give it one in tests/sh/layers.sh", f)
    # Cycles among the files of src/: the transitive closure of its calls.
    n = 0
    for (f in files) if (lib(f)) node[++n] = f
    for (k in edge) {
        split(k, p, SUBSEP)
        if (lib(p[1]) && lib(p[2])) reach[p[1], p[2]] = 1
    }
    for (m = 1; m <= n; m++) for (i = 1; i <= n; i++) {
        if (!((node[i], node[m]) in reach)) continue
        for (j = 1; j <= n; j++)
            if ((node[m], node[j]) in reach) reach[node[i], node[j]] = 1
    }
    for (i = 1; i <= n; i++) {
        if (node[i] in seen) continue
        c = node[i]; size = 1
        for (j = 1; j <= n; j++)
            if (j != i && ((node[i], node[j]) in reach) &&
                ((node[j], node[i]) in reach)) {
                c = c " " node[j]; size++; seen[node[j]] = 1
            }
        if (size > 1) fail("a cycle of " size " files: " c, "cycle " c)
    }
    for (k in except)
        if (!(k in used)) {
            print "FAIL: the exception " k " is no longer met: remove it"
            bad = 1
        }
    nf = 0; for (f in files) nf++
    if (!bad) printf "ok: %d files, %d calls between them, no call or include goes up, no cycle in src/\n", nf, nedges
    exit bad
}' || exit 1
exit ${public_bad:-0}
