# SPDX-License-Identifier: MIT
# The C API's manual pages (section 3), made from the public headers'
# comments, which are the reference (include/muster/core.h says how they
# are written). One page per family of functions: the functions named
# mu_NOUN_... (mu_campaign_VERB_... for the ledger's many calls,
# mu_NOUN_odds_... for the odds of a thing), in the page of the family's
# first function in header order that is not a release (_free, _clear),
# with every other name of the family a `.so` link to it, so that
# `man 3 NAME` finds each.
# A page holds the synopsis (every declaration of the family), each entry's
# comment under its declarations, and the THREADS paragraph of the header
# the family starts in (its top comment's paragraph that begins
# "Threads."). libmuster.3 holds core.h's conventions and lists the pages.
# POSIX awk (Debian's mawk): no build dependency.
# usage: awk -v version=V -v out=DIR -f man3.awk include/muster/*.h
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function esc(s) { # text for troff: backslashes, and a leading . or '
    gsub(/\\/, "\\e", s)
    gsub(/-/, "\\-", s)
    if (s ~ /^[.']/) s = "\\&" s
    return s
}
# Filled text may break after a comma or colon (\:, zero width): JSON and
# lists of identifiers are words longer than a line.
function brk(s) { gsub(/[,:]/, "&\\:", s); return s }
function family(name, a, n) {
    n = split(name, a, "_")
    if (a[2] == "campaign" && n > 2) return a[1] "_" a[2] "_" a[3]
    if (a[3] == "odds" && n > 3) return a[1] "_" a[2] "_" a[3] # mu_fire_odds_...
    return a[1] "_" a[2]
}
# A comment's text as troff: paragraphs (.PP), lines indented by two or
# more (code, tables, formulas) kept as they are (.nf), "- " items (.IP).
function body(text, lines, n, i, l, r, pre, ind) {
    n = split(text, lines, "\n"); r = ""; pre = 0; ind = 0
    for (i = 1; i <= n; i++) {
        l = lines[i]
        if (trim(l) == "") {
            if (pre) { r = r ".fi\n.RE\n"; pre = 0 }
            if (r != "" && r !~ /\.PP\n$/) r = r ".PP\n"
            ind = 0
            continue
        }
        if (l ~ /^ *- /) {
            if (pre) { r = r ".fi\n.RE\n"; pre = 0 }
            sub(/^ *- /, "", l)
            r = r ".IP \\(bu 2\n" brk(esc(trim(l))) "\n"; ind = 1
            continue
        }
        if (l ~ /^  / && !ind && !pre) { r = r ".RS 4\n.nf\n"; pre = 1 }
        if (pre && l !~ /^ /) { r = r ".fi\n.RE\n"; pre = 0 }
        if (pre) { sub(/^  /, "", l); r = r esc(l) "\n" }
        else r = r brk(esc(trim(l))) "\n"
    }
    if (pre) r = r ".fi\n.RE\n"
    sub(/\.PP\n$/, "", r)
    return r
}
# The first sentence of a comment, for the NAME line.
function summary(text, s) {
    s = text; gsub(/\n/, " ", s); gsub(/  +/, " ", s); s = trim(s)
    if (match(s, /[.:;] /)) s = substr(s, 1, RSTART - 1)
    sub(/[.:;]$/, "", s)
    if (length(s) > 90) { s = substr(s, 1, 87); sub(/ [^ ]*$/, "", s); s = s "..." }
    return s == "" ? "part of libmuster" : s
}
function flush_comment() { pending = ""; have_pending = 0 }

FNR == 1 {
    file = FILENAME; sub(/.*include\//, "", file)
    top = 1; depth = 0; in_c = 0; decl = ""; in_decl = 0; flush_comment(); last_entry = 0
    threads[file] = ""
}
# Comments that start a line: a header's first (its topic, and its
# THREADS paragraph) and each entry's, directly above its declarations.
# Inside a struct or enum: its members' comments are no entry's.
depth > 0 || (!in_c && /^typedef .*\{/) {
    t = $0; sub(/\/\*.*/, "", t)
    o = gsub(/\{/, "{", t); c = gsub(/\}/, "}", t); depth += o - c
    if (in_c && $0 ~ /\*\//) in_c = 0
    else if (!in_c && $0 ~ /\/\*/ && $0 !~ /\*\//) in_c = 2
    next
}
in_c == 2 { if ($0 ~ /\*\//) in_c = 0; next }
in_c || /^[ \t]*\/\*/ {
    line = $0
    if (!in_c) { ctext = ""; trailing = 0 }
    done = sub(/ *\*\/.*$/, "", line)
    if (!in_c) sub(/^[ \t]*\/\* ?/, "", line)
    else sub(/^[ \t]*\* ?/, "", line)
    if (line ~ /^-+ *$/) line = ""
    ctext = ctext (ctext == "" && line == "" ? "" : line "\n")
    in_c = !done
    if (!in_c) {
        sub(/\n+$/, "", ctext)
        if (top && ctext !~ /^SPDX-License-Identifier/) {
            top = 0
            n = split(ctext, tl, "\n"); t = ""; on = 0
            for (i = 1; i <= n; i++) {
                if (tl[i] ~ /^ *Threads\. /) on = 1
                else if (on && trim(tl[i]) == "") break
                if (on) t = t tl[i] "\n"
                sub(/^ *Threads\. /, "", t) # the section's title says it
            }
            threads[file] = t
            if (file == "muster/core.h") { # less its title, "muster/core.h -- ..."
                conventions = ctext; sub(/^[^\n]*(\n[^\n]+)*\n\n/, "", conventions)
            }
        } else if (ctext ~ /^-*$/ || ctext ~ /^SPDX-License-Identifier/) flush_comment()
        else { pending = ctext; have_pending = 1 }
        last_entry = 0
    }
    next
}
# A comment after code on the same line (a struct member's): no entry's.
/\/\*/ && !/\*\// { in_c = 2; next }
/^[ \t]*$/ { flush_comment(); last_entry = 0; next }
# A macro or a type between an entry's comment and its function (a bound
# it names, the type it takes) leaves the comment to the function.
/^#define |^typedef / { next }
in_decl || /^MU_API / {
    line = $0
    if (in_decl) sub(/^       /, "", line) # as indented under "MU_API "
    decl = decl (in_decl ? "\n" : "") line
    if ($0 !~ /;/) { in_decl = 1; next }
    in_decl = 0
    d = decl; decl = ""
    sub(/^MU_API /, "", d)
    head = d; sub(/\(.*/, "", head); gsub(/[*\n]/, " ", head)
    nw = split(head, w, / +/); name = w[nw]
    if (have_pending) {
        ne++; etext[ne] = pending; efile[ne] = file; flush_comment()
    } else if (!last_entry) {
        ne++; etext[ne] = ""; efile[ne] = file
    }
    last_entry = 1
    nf++; fname[nf] = name; fdecl[nf] = d; fentry[nf] = ne
    fam = family(name); ffam[nf] = fam
    if (!(fam in pfile)) { np++; pages[np] = fam; pfile[fam] = file }
    # The page is named after the family's first function that is not a
    # release (mu_chart_free comes before the calls that make charts).
    if (!(fam in page) || (page[fam] ~ /_(free|clear)$/ && name !~ /_(free|clear)$/))
        page[fam] = name
    next
}
{ flush_comment(); last_entry = 0 }

function th(title) {
    return ".\\\" Generated by tools/man3.awk from the headers: do not edit.\n" \
           ".TH " toupper(title) " 3 \"\" \"libmuster " version "\" \"libmuster\"\n" \
           ".\\\" Identifiers and JSON are long words: left-adjusted, unhyphenated.\n" \
           ".ad l\n.nh\n"
}
END {
    for (i = 1; i <= nf; i++) fpage[i] = page[ffam[i]]
    for (p = 1; p <= np; p++) {
        fam = pages[p]; main = page[fam]; f = out "/" main ".3"
        names = ""
        for (i = 1; i <= nf; i++)
            if (fpage[i] == main) names = names (names == "" ? "" : ", ") esc(fname[i])
        for (i = 1; i <= nf; i++) if (fpage[i] == main) break
        printf "%s", th(main) > f
        printf ".SH NAME\n%s \\- %s\n", names, esc(summary(etext[fentry[i]])) > f
        printf ".SH SYNOPSIS\n.nf\n.B #include <muster.h>\n.PP\n" > f
        for (i = 1; i <= nf; i++) if (fpage[i] == main) printf "%s\n", esc(fdecl[i]) > f
        printf ".fi\n.PP\nLink with \\fI\\-lmuster\\fP " \
               "(\\fBpkg\\-config \\-\\-cflags \\-\\-libs muster\\fP).\n" > f
        printf ".SH DESCRIPTION\n" > f
        last = 0; first = 1
        for (i = 1; i <= nf; i++) {
            if (fpage[i] != main || fentry[i] == last) continue
            last = fentry[i]
            printf "%s.nf\n", first ? "" : ".PP\n" > f; first = 0
            for (j = i; j <= nf; j++)
                if (fentry[j] == last) printf "\\fB%s\\fP\n", esc(fdecl[j]) > f
            printf ".fi\n.RS 4\n" > f
            if (etext[last] == "") printf "Undocumented.\n" > f
            else printf "%s", body(etext[last]) > f
            printf ".RE\n" > f
        }
        if (threads[pfile[fam]] != "")
            printf ".SH THREADS\n%s", body(threads[pfile[fam]]) > f
        printf ".SH SEE ALSO\n.BR libmuster (3),\n.BR muster (1)\n" > f
        close(f)
        for (i = 1; i <= nf; i++)
            if (fpage[i] == main && fname[i] != main) {
                printf ".so man3/%s.3\n", main > (out "/" fname[i] ".3")
                close(out "/" fname[i] ".3")
            }
    }
    f = out "/libmuster.3"
    printf "%s", th("libmuster") > f
    printf ".SH NAME\nlibmuster \\- the C library of muster, the Fire and Fury toolkit\n" > f
    printf ".SH SYNOPSIS\n.nf\n.B #include <muster.h>\n.fi\n.PP\n" > f
    printf "Link with \\fI\\-lmuster\\fP (\\fBpkg\\-config \\-\\-cflags \\-\\-libs muster\\fP).\n" > f
    printf ".SH DESCRIPTION\n%s", body(conventions) > f
    printf ".SH FUNCTIONS\n" > f
    for (p = 1; p <= np; p++) {
        main = page[pages[p]]
        printf ".TP\n.BR %s (3)\n", esc(main) > f
        for (i = 1; i <= nf; i++) if (fpage[i] == main) break
        printf "%s\n", esc(summary(etext[fentry[i]])) > f
    }
    printf ".SH SEE ALSO\n.BR muster (1)\n" > f
    close(f)
}
