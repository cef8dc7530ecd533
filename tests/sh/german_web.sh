#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The page in German (web/, web/site/): every word of its scripts marked
# for translation, every translation of a page message keeping the
# message's {places}, and the page's catalogue that the build made (what
# `muster serve` embeds and the offline app carries) holding a German
# text for every message of the page's files. The HTML needs no marks:
# po/webstrings.py takes every text of it (translate="no" leaves one out),
# and tests/sh/german.sh fails while the template or de.po lacks one.
# Needs python3 and gettext's msgunfmt; skipped (77) without.
set -u
muster=$1
src=${MUSTER_SOURCE:?}
for t in python3 msgunfmt msgattrib msggrep; do
    command -v $t >/dev/null || { echo "SKIP: $t is missing (apt-get install gettext python3)"; exit 77; }
done
mo=$(dirname "$muster")/web-lang/de.mo
[ -s "$mo" ] || { echo "SKIP: the build made no page catalogue (configure found no msgfmt/msggrep)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# 1. No word of a page script left unmarked. A string literal (quotes or a
# template, its ${...} left out) outside _(), _n() and _p() is words for
# people when it holds two words in a row ("Roll the division") or is one
# capitalised word ("Undo"), but selectors, tags, attribute and header
# names, event names, API paths and the vocabulary the API sends (and a
# line that says "// not translated", such as the languages' own names).
python3 - "$src" $(grep '\.js$' "$src/po/POTFILES.web") <<'PY' || fail=1
import re, sys
src, files = sys.argv[1], sys.argv[2:]

def literals(text):
    """(start, end, content) of each string literal, comments and regular
    expressions skipped; a template's ${...} read as code."""
    out, i, n, prev = [], 0, len(text), '('
    def template(i):  # at the char after `
        buf = ''
        while i < n and text[i] != '`':
            if text[i] == '\\':
                buf += text[i:i + 2]; i += 2; continue
            if text.startswith('${', i):
                i = code(i + 2, '}'); buf += ' '; continue
            buf += text[i]; i += 1
        return i + 1, buf
    def code(i, close=None):
        nonlocal prev
        depth = 0
        while i < n:
            c = text[i]
            if close and c == close and depth == 0:
                return i + 1
            if c in '{([':
                depth += 1
            elif c in '})]':
                depth -= 1
            if text.startswith('//', i):
                i = text.find('\n', i); i = n if i < 0 else i; continue
            if text.startswith('/*', i):
                i = text.find('*/', i) + 2; continue
            if c in '\'"':
                j = i + 1
                while text[j] != c:
                    j += 2 if text[j] == '\\' else 1
                out.append((i, j + 1, text[i + 1:j])); i = j + 1; prev = 'x'; continue
            if c == '`':
                s = i; i, buf = template(i + 1); out.append((s, i, buf)); prev = 'x'; continue
            if c == '/' and (prev in '(,=:[!&|?{};+-*%<>~^' or re.search(r'\b(return|typeof|case)\s*$', text[max(0, i - 8):i])):
                j, cls = i + 1, False
                while cls or text[j] != '/':
                    if text[j] == '\\': j += 1
                    elif text[j] == '[': cls = True
                    elif text[j] == ']': cls = False
                    j += 1
                i = j + 1; prev = 'x'; continue
            if not c.isspace():
                prev = c if not (c.isalnum() or c in '_$.') else 'x'
            i += 1
        return i
    code(0)
    return out

MARK = re.compile(r'\b(?:_|_n|_p)\(\s*$')
OK_CALL = re.compile(r'(?:\$\$?|querySelector(?:All)?|closest|matches|addEventListener|removeEventListener|'
                     r'getAttribute|setAttribute|hasAttribute|removeAttribute|createElement(?:NS)?|getItem|setItem|'
                     r'fetch|api|apiWrite|calc|commandText|write|run|register|el|sv|get|includes|startsWith|classList\.\w+)\(\s*$')
bad = 0
for name in files:
    text = open(f'{src}/{name}', encoding='utf-8').read()
    lits = literals(text)
    for k, (s, e, body) in enumerate(lits):
        before = text[max(0, s - 60):s]
        if MARK.search(before):
            continue
        # the other arguments of a marked call: its {places} object, a plural
        for t in range(k - 1, max(-1, k - 4), -1):
            ps, pe, _ = lits[t]
            if MARK.search(text[max(0, ps - 60):ps]) and ')' not in re.sub(r'\([^()]*\)', '', text[pe:s]):
                break
        else:
            t = None
        if t is not None and re.match(r'\s*,', text[lits[t][1]:s]):
            continue
        if OK_CALL.search(before) or re.search(r'^\s*:', text[e:e + 3]) or re.search(r'(?:\[|===?|!==?)\s*$', before):
            continue  # a key, a selector, an element, a comparison
        line_text = text[text.rfind('\n', 0, s) + 1:text.find('\n', e)]
        if body == 'use strict' or '// not translated' in line_text:
            continue
        words = re.sub(r'\\[nt]', ' ', body)
        if re.match(r'^[#.\[]|^[a-z-]+\[|^[\w-]+/|^https?:', words) or re.search(r'\[[\w-]+(=|\])', words):
            continue  # a selector, a path
        if re.search(r"[A-Za-z]{2,}[ ,.:;!?'’]+[A-Za-z]{2,}", words) or re.fullmatch(r'[A-Z][a-z]{2,}', words):
            line = text.count('\n', 0, s) + 1
            print(f'FAIL {name}:{line}: "{body[:60]}" is not marked for translation (_())')
            bad = 1
sys.exit(bad)
PY

# 2. Each translation of a page message keeps the message's {places}: the
# page fills them by name, and a lost one would show a raw brace.
msgattrib --no-obsolete --translated --no-wrap "$src/po/de.po" 2>/dev/null | python3 -c '
import re, sys
text, bad = sys.stdin.read(), 0
for m in re.finditer(r"#: ([^\n]*web/[^\n]*)\n(?:#[^\n]*\n)*(?:msgctxt [^\n]*\n)?msgid (\"[^\n]*\")\n(?:msgid_plural [^\n]*\n)?((?:msgstr(?:\[\d\])? \"[^\n]*\"\n)+)", text):
    want = set(re.findall(r"\{\w+\}", m.group(2)))
    for got in re.findall(r"msgstr(?:\[\d\])? (\"[^\n]*\")", m.group(3)):
        if set(re.findall(r"\{\w+\}", got)) != want:
            print(f"FAIL de.po: {m.group(2)} -> {got}: the places differ"); bad = 1
sys.exit(bad)' || fail=1

# 3. The page's catalogue holds every page message of the template, in
# German, and the formats of the API's refusals (CMakeLists.txt): the
# build took them from de.po (a message de.po lacks fails
# tests/sh/german.sh).
msgunfmt --no-wrap "$mo" -o "$work/page.po" || fail=1
have=$(grep -c '^msgid ' "$work/page.po")
want=$(msggrep -N 'web/*.js' -N 'web/*.html' -N 'web/site/*' -N web/api.c -N web/gate.c -N web/http.c \
    -N cmd/engine.c -N cmd/hints.c -N src/campaign/leaders.c -N src/campaign/battle.c \
    -N src/campaign/engage.c $(sed 's/^/-N /' "$src/po/POTFILES.lib") "$src/po/muster.pot" | grep -c '^msgid ')
[ "$have" -eq "$want" ] || { echo "FAIL the page catalogue has $have messages, the template $want for web/"; fail=1; }
[ $fail -eq 0 ] && echo "ok"
exit $fail
