#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The man page's synopsis and option lists are generated from the command
# table: docs/muster.1 must be what 'muster --man-page' makes of it.
set -u
muster=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
if ! "$muster" --man-page "$src/docs/muster.1" | diff -u "$src/docs/muster.1" -; then
    echo "docs/muster.1 and the command table disagree: run"
    echo "  cmake --build build --target update-man   and commit docs/muster.1"
    exit 1
fi
grep -q 'BEGIN GENERATED SYNOPSIS' "$src/docs/muster.1" &&
    grep -q 'BEGIN GENERATED OPTIONS' "$src/docs/muster.1" ||
    { echo "docs/muster.1 lost its generated parts' markers"; exit 1; }
# The German page (docs/de/muster.1), where the build made a catalogue:
# the same generated parts, in the words of po/de.po.
if [ -f "$(dirname "$muster")/locale/de/LC_MESSAGES/muster.mo" ]; then
    de=$src/docs/de/muster.1
    if ! LC_ALL=C.UTF-8 LANGUAGE=de "$muster" --man-page "$de" | diff -u "$de" -; then
        echo "docs/de/muster.1 and the command table disagree: run update-man"
        exit 1
    fi
    for want in 'BEGIN GENERATED COMMANDS' '\-\-seed N' \
        'der Seed der Würfel (xoshiro256**); ausgegeben, damit es wiederholt werden kann' \
        'die Erzeugungstabellen ausgeben' 'union oder confederate (erforderlich)'; do
        grep -qF -- "$want" "$de" || { echo "docs/de/muster.1 lacks: $want"; exit 1; }
    done
    if grep -qE '^(seed the dice|union or confederate)' "$de"; then
        echo "docs/de/muster.1 has English option help"; exit 1
    fi
    if command -v groff >/dev/null; then
        warn=$(LC_ALL=C.UTF-8 groff -k -man -Tutf8 -ww -z "$de" 2>&1)
        [ -z "$warn" ] || { echo "groff warns on docs/de/muster.1: $warn"; exit 1; }
    fi
fi
echo "man page matches the table"
