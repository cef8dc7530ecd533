#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# po/webstrings.py FILE.html...: the words of the page's HTML as a PO
# template on stdout, for po/update.sh. They are what web/lang.js
# translates where it stands: every text of <body> with two letters in a
# row, its white space run together, and every placeholder, title and
# aria-label, but in <script>, <style>, <code>, <title> and an element
# marked translate="no".
import html.parser
import sys

ATTRS = ('placeholder', 'title', 'aria-label')
SKIP = {'script', 'style', 'code', 'title'}
VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link',
        'meta', 'source', 'track', 'wbr'}


def wordy(s):
    return any(a.isascii() and a.isalpha() and b.isascii() and b.isalpha()
               for a, b in zip(s, s[1:]))


class Words(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.body, self.found = [], False, []

    def skipping(self):
        return any(t in SKIP or no for t, no in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'body':
            self.body = True
        no = a.get('translate') == 'no'
        if self.body and not self.skipping() and not no:
            for name in ATTRS:
                if a.get(name) and wordy(a[name]):
                    self.found.append(' '.join(a[name].split()))
        if tag not in VOID:
            self.stack.append((tag, no))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, data):
        text = ' '.join(data.split())
        if self.body and not self.skipping() and wordy(text):
            self.found.append(text)


def quote(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


refs = {}  # each text once, in the order first found, with its files
for name in sys.argv[1:]:
    p = Words()
    with open(name, encoding='utf-8') as f:
        p.feed(f.read())
    for s in p.found:
        if name not in refs.setdefault(s, []):
            refs[s].append(name)
out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '']
for s, files in refs.items():
    out += ['#: ' + ' '.join(files), 'msgid ' + quote(s), 'msgstr ""', '']
sys.stdout.write('\n'.join(out))
