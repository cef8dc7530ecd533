#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# po/libformats.py POT: the formats of the library's messages (a template
# xgettext made with only the error keywords of po/KEYWORDS) as the C table
# cmd/lib_formats.h, which cmd/hints.c matches a library message against to
# give it in the reader's language. A format without a word (two letters
# outside its conversions, "%s: %s") is left out: it would match anything.
import re
import sys

STR = r'"((?:[^"\\]|\\.)*)"'


def entries(text):
    """Each entry's msgid and msgid_plural (or None), as C string bodies."""
    for block in text.split('\n\n'):
        one = many = None
        key = None
        parts = {'msgid': [], 'msgid_plural': []}
        for line in block.splitlines():
            m = re.match(r'(msgid|msgid_plural|msgstr\S*) ' + STR + '$', line)
            if m:
                key = m.group(1) if m.group(1) in parts else None
                if key:
                    parts[key].append(m.group(2))
            elif line.startswith('"') and key:
                parts[key].append(re.match(STR, line).group(1))
        one = ''.join(parts['msgid'])
        if one:
            many = ''.join(parts['msgid_plural']) or None
            yield one, many


def c_string(s):
    """The msgid as C: xgettext's %<PRId64> is the macro it stands for."""
    return '"' + re.sub(r'%<(PRI\w+)>', r'%" \1 "', s) + '"'


def wordy(s):
    t = re.sub(r'%[-+ #0-9.*]*(?:ll|l|z|h|j|t)?[a-zA-Z]|\\.', ' ', s)
    return re.search(r'[A-Za-z]{2}', t)


def main():
    text = open(sys.argv[1], encoding='utf-8').read()
    out = ['/* SPDX-License-Identifier: MIT */',
           '/* lib_formats.h -- made by po/update.sh (po/libformats.py) from the',
           ' * library\'s message formats; do not edit. Each is a msgid of the',
           ' * catalogue: {format, plural or NULL}. */',
           'static const lib_format lib_formats[] = {']
    for one, many in entries(text):
        if wordy(one):
            out.append(f'    {{{c_string(one)}, ' + (c_string(many) if many else 'NULL') + '},')
    out.append('};')
    sys.stdout.write('\n'.join(out) + '\n')


main()
