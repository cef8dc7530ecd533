#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Each command reads only the options it declares. A run function reads an
# option by its id (cli_has(cx, O_seed)); the ids are one list for every
# command (cmd/optnames.h), so the compiler catches a misspelt id but not a
# command reading an option of another command, which would abort when that
# line first runs (cli_get: "bug: ... has no option"). This check reads the
# sources: for each command of the table (cmd/*.c, and the run functions
# web/ installs with cli_install) it follows its run function (and the
# event function a campaign command names by .event) through the
# functions of cmd/ and web/ it calls or passes on, gathers every O_ id they
# name, and fails on one the command's option table does not declare. An id
# that a function only names after asking cli_takes(cx, O_id) is a shared
# helper's and is not counted there.
# It reads the tree $MUSTER_SOURCE (else the one it is in); ctest's
# argument (the tool) is not needed. tests/sh/option_reads_selftest.sh
# plants bad reads in copies and requires this check to fail on each.
set -u
src=${MUSTER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$src" || exit 1
files=(cmd/optnames.h cmd/opts.h cmd/campaign_cmd.h cmd/*.c web/*.c)

awk '
function ids_of(text, what,    out, t) { # the words matching `what`, spaced
    out = " "
    while (match(text, what)) {
        t = substr(text, RSTART, RLENGTH)
        out = out t " "
        text = substr(text, RSTART + RLENGTH)
    }
    return out
}
function names_in(text, depth,    out, t, m, w) { # option names in a table
    out = ""
    t = text
    while (match(t, /\.name = "[a-z-]+"|OPT_REFUSE\("[a-z-]+"/)) {
        m = substr(t, RSTART, RLENGTH)
        sub(/^[^"]*"/, "", m); sub(/"$/, "", m)
        out = out " " m
        t = substr(t, RSTART + RLENGTH)
    }
    if (depth > 8)
        return out
    t = text
    while (match(t, /[A-Z][A-Z_0-9]+/)) {
        w = substr(t, RSTART, RLENGTH)
        t = substr(t, RSTART + RLENGTH) # before the call changes RSTART
        if (w in macro)
            out = out names_in(macro[w], depth + 1)
    }
    return out
}
# A line of code without its strings, characters and comments (incomment:
# a comment went on from the line before).
function code(t) {
    if (incomment) {
        if (!sub(/^([^*]|\*+[^*\/])*\*+\//, "", t))
            return ""
        incomment = 0
    }
    gsub(/"([^"\\]|\\.)*"/, "\"\"", t)
    gsub(/\047([^\047\\]|\\.)*\047/, "0", t)
    gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", t)
    if (sub(/\/\*.*/, "", t))
        incomment = 1
    sub(/\/\/.*/, "", t)
    return t
}
function ids_named(t,    m, p) { # X(seed, "seed"): optnames.h
    while (match(t, /X\([a-z_]+, "[a-z-]+"\)/)) {
        m = substr(t, RSTART + 2, RLENGTH - 3)
        t = substr(t, RSTART + RLENGTH)
        split(m, p, ", ")
        gsub(/"/, "", p[2])
        optname["O_" p[1]] = p[2]
    }
}
FNR == 1 { sig = ""; fn = ""; tbl = ""; cmd = ""; incomment = 0 }
/^#define [A-Z_0-9]+/ {
    name = $2; sub(/\(.*/, "", name)
    text = $0
    while (text ~ /\\$/ && (getline line) > 0)
        text = text "\n" line
    sub(/^#define [A-Z_0-9]+/, "", text) # its body (and parameters)
    macro[name] = text
    ids_named(text)
    next
}
/cli_install\(&cmd_[a-z_0-9]+, [a-z_0-9]+\)/ {
    t = $0; sub(/.*cli_install\(&/, "", t)
    n = t; sub(/,.*/, "", n)
    r = t; sub(/^[^,]*, /, "", r); sub(/\).*/, "", r)
    installed[n] = FILENAME ":" r
}
fn != "" {
    body[fn] = body[fn] "\n" code($0)
    if ($0 ~ /^\}/) fn = ""
    next
}
tbl != "" {
    table[tbl] = table[tbl] "\n" $0
    if ($0 ~ /\};/) tbl = ""
    next
}
cmd != "" {
    cbody[cmd] = cbody[cmd] "\n" $0
    if ($0 ~ /\};[ \t]*$/) cmd = ""
    next
}
/cli_opt [a-z_0-9]+\[\] = \{/ {
    t = $0; sub(/\[\].*/, "", t); sub(/.* /, "", t)
    tbl = FILENAME ":" t
    table[tbl] = $0
    if ($0 ~ /\};/) tbl = ""
    next
}
/^(const )?cli_command [a-z_0-9]+ = \{/ {
    cmd = FILENAME ":" $3
    cfile[cmd] = FILENAME
    cbody[cmd] = $0
    next
}
/^[A-Za-z_][^=]*\(.*\) *\{.*\}[ \t]*$/ && !/^(typedef|struct|enum|union|#)/ {
    t = $0; sub(/\(.*/, "", t); sub(/.*[ *]/, "", t) # a function on one line
    if ($0 !~ /^static/)
        defs[t] = defs[t] " " FILENAME
    body[FILENAME ":" t] = code($0)
    next
}
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(typedef|struct|enum|union|#)/ {
    sig = $0
    next
}
sig != "" && /^[ \t]/ { # a signature going on
    sig = sig " " $0
    next
}
/^\{/ && sig != "" {
    t = sig; sub(/\(.*/, "", t); sub(/.*[ *]/, "", t)
    fn = FILENAME ":" t
    if (sig !~ /^static/)
        defs[t] = defs[t] " " FILENAME
    body[fn] = sig "\n" $0
    sig = ""
    next
}
{ sig = "" }
# A function named in a body: the one of that file, else the only one of
# another file that is not static.
function callee(file, name,    n, d) {
    if ((file ":" name) in body)
        return file ":" name
    n = split(defs[name], d, " ")
    return n == 1 ? d[1] ":" name : ""
}
function table_of(file, name,    k) {
    if ((file ":" name) in table)
        return file ":" name
    for (k in table)
        if (k ~ (":" name "$"))
            return k
    return ""
}
function check(name, run, opts, file, event,    decl, todo, seen, k, f, w, n, i, ids, guarded, bad, path) {
    decl = " " names_in(table[opts], 0) " "
    todo[1] = run; n = 1; seen[run] = 1; path[run] = run
    if (event != "") { todo[++n] = event; seen[event] = 1; path[event] = event }
    for (i = 1; i <= n; i++) {
        f = todo[i]
        guarded = ids_of(body[f], "cli_takes\\([a-z]+, O_[a-z_0-9]+\\)")
        ids = ids_of(body[f], "O_[a-z][a-z_0-9]*")
        split(ids, w, " ")
        for (k in w) {
            if (index(guarded, w[k] ")") || !(w[k] in optname))
                continue
            if (index(decl, " " optname[w[k]] " ") == 0 && !((name, w[k]) in told)) {
                told[name, w[k]] = 1
                printf "FAIL: %s reads --%s (%s in %s) but does not declare it\n", \
                       name, optname[w[k]], w[k], path[todo[i]]
                bad = 1
            }
        }
        split(ids_of(body[todo[i]], "[a-z_][a-z_0-9]*"), w, " ")
        for (k in w) {
            f = callee(substr(todo[i], 1, index(todo[i], ":") - 1), w[k])
            if (f != "" && !(f in seen)) {
                seen[f] = 1
                todo[++n] = f
                path[f] = path[todo[i]] " -> " w[k]
            }
        }
    }
    return bad
}
END {
    fail = 0; count = 0
    for (c in cbody) {
        b = cbody[c]
        if (!match(b, /\.name = "[a-z -]+"/))
            continue
        name = substr(b, RSTART + 9, RLENGTH - 10)
        opts = ""; run = ""
        if (match(b, /\.opts = [a-z_0-9]+/))
            opts = substr(b, RSTART + 8, RLENGTH - 8)
        if (match(b, /\.run = (CLI_FULL_RUN\()?[a-z_0-9]+/)) {
            run = substr(b, RSTART + 7, RLENGTH - 7)
            sub(/^CLI_FULL_RUN\(/, "", run)
        }
        v = c; sub(/.*:/, "", v)
        if ((run == "" || run == "NULL") && (v in installed))
            r = installed[v]
        else if (run != "" && run != "NULL")
            r = callee(cfile[c], run)
        else
            continue
        if (r == "" || !(r in body)) {
            printf "FAIL: %s: no run function %s found\n", name, run
            fail = 1
            continue
        }
        t = opts == "" ? "" : table_of(cfile[c], opts)
        if (opts != "" && t == "") {
            printf "FAIL: %s: no option table %s found\n", name, opts
            fail = 1
            continue
        }
        ev = ""
        if (match(b, /\.event = [a-z_0-9]+/)) {
            ev = callee(cfile[c], substr(b, RSTART + 9, RLENGTH - 9))
            if (!(ev in body)) {
                printf "FAIL: %s: no event function found\n", name
                fail = 1
                continue
            }
        }
        count++
        if (check(name, r, t, cfile[c], ev))
            fail = 1
    }
    n = 0
    for (k in optname)
        n++
    if (n < 50) {
        printf "FAIL: only %d option ids found in cmd/optnames.h\n", n
        fail = 1
    }
    if (count < 20) {
        printf "FAIL: only %d commands found: this check no longer reads the table\n", count
        fail = 1
    }
    if (!fail)
        printf "ok: the run functions of %d commands read only their own options\n", count
    exit fail
}' "${files[@]}"
