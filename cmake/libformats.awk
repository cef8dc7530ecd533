# SPDX-License-Identifier: MIT
# awk -f cmake/libformats.awk LIB.pot: the formats of the library's
# messages (a template xgettext made with only the error keywords of
# po/KEYWORDS) as the C table lib_formats.h, which cmd/hints.c matches a
# library message against to give it in the reader's language. A format
# without a word (two letters outside its conversions, "%s: %s") is left
# out: it would match anything. POSIX awk (mawk).

# A line's string body: between its first and its last quote.
function body(line) {
    sub(/^[^"]*"/, "", line)
    sub(/"$/, "", line)
    return line
}

# The msgid as C: xgettext's %<PRId64> is the macro it stands for.
function c_string(s,    out) {
    out = ""
    while (match(s, /%<PRI[A-Za-z0-9_]+>/)) {
        out = out substr(s, 1, RSTART - 1) "%\" " substr(s, RSTART + 2, RLENGTH - 3) " \""
        s = substr(s, RSTART + RLENGTH)
    }
    return "\"" out s "\""
}

function wordy(s) {
    gsub(/%[-+ #0-9.*]*(ll|l|z|h|j|t)?[a-zA-Z]|\\./, " ", s)
    return s ~ /[A-Za-z][A-Za-z]/
}

function flush() {
    if (one != "" && wordy(one)) {
        print "    {" c_string(one) ", " (many != "" ? c_string(many) : "NULL") "},"
        rows++
    }
    one = many = ""
    key = 0
}

BEGIN {
    print "/* SPDX-License-Identifier: MIT */"
    print "/* lib_formats.h -- made at build time by cmake/libformats.awk from the"
    print " * library's message formats; do not edit. Each is a msgid of the"
    print " * catalogue: {format, plural or NULL}. */"
    print "static const lib_format lib_formats[] = {"
}
/^$/ { flush(); next }
/^msgid "/ { key = 1; one = body($0); next }
/^msgid_plural "/ { key = 2; many = body($0); next }
/^msgstr/ { key = 0; next }
/^"/ {
    if (key == 1)
        one = one body($0)
    else if (key == 2)
        many = many body($0)
    next
}
END {
    flush()
    if (!rows) # C has no empty array: xgettext was not found
        print "    {NULL, NULL},"
    print "};"
}
