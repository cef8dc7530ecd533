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
echo "man page matches the table"
