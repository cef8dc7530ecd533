#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cmake --install puts the completion scripts and the man page where bash,
# zsh, fish and man look for them, as the build generated them.
set -u
muster=$1
build=$(cd "$(dirname "$muster")" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "install failed"; exit 1; }
fail=0
for pair in "share/bash-completion/completions/muster:--completion bash" \
            "share/zsh/site-functions/_muster:--completion zsh" \
            "share/fish/vendor_completions.d/muster.fish:--completion fish"; do
    file=${pair%%:*} args=${pair#*:}
    # shellcheck disable=SC2086
    if ! "$muster" $args | cmp -s - "$prefix/$file"; then
        echo "FAIL: $file is missing or is not what 'muster $args' makes"; fail=1
    fi
done
[ -s "$prefix/share/man/man1/muster.1" ] || { echo "FAIL: no man page"; fail=1; }
[ $fail = 0 ] && echo "all installed"
exit $fail
