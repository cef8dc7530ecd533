#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every source file says its licence in its first lines, as an SPDX line
# (`SPDX-License-Identifier: MIT`, LICENSE is the text): C and headers,
# CMake, shell and other scripts (a #! line), JavaScript, CSS and HTML.
# Data (JSON, INI, golden cases, pictures) can hold no comment or is not
# code. The files are the tree's, new ones too: git's tracked and
# untracked files where the source is a git checkout, else every file
# outside the build folders.
# usage: spdx.sh MUSTER   (MUSTER_SOURCE names the source tree)
set -u
src=${MUSTER_SOURCE:?MUSTER_SOURCE must name the source tree}
cd "$src" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files --cached --others --exclude-standard)
else
    files=$(find . -path ./.git -prune -o -path './build*' -prune -o \
                 -name node_modules -prune -o -type f -print | sed 's#^\./##')
fi
[ "$(wc -l <<<"$files")" -gt 100 ] || { echo "FAIL: too few files found in $src"; exit 1; }
is_source() {
    case $1 in
    *.c | *.h | *.h.in | *.pc.in | *.cmake | CMakeLists.txt | */CMakeLists.txt | \
    *.sh | *.py | *.js | *.mjs | *.css | *.html | *.supp) return 0 ;;
    *.*) return 1 ;;
    esac
    [ "$(head -c 2 "$1" 2>/dev/null | tr -d '\0')" = '#!' ] # a script without a suffix
}
checked=0 missing=""
while IFS= read -r f; do
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    is_source "$f" || continue
    checked=$((checked + 1))
    head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT' || missing+="  $f"$'\n'
done <<<"$files"
if [ -n "$missing" ]; then
    echo "FAIL: no 'SPDX-License-Identifier: MIT' in the first three lines of:"
    printf '%s' "$missing"
    echo "(add it as the file's first comment, after a #! or <!doctype> line)"
    exit 1
fi
echo "ok: $checked source files carry an SPDX line"
