#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The library speaks in its own terms (issue 9 part 2): no command-line
# option ("--threads") and no quoted tool command ("'muster campaign new'")
# in any string literal of src/, and no option name anywhere in the public
# headers. Front ends turn an error's mu_reason into their own hint.
# usage: lib_terms.sh MUSTER   (MUSTER_SOURCE names the source tree)
set -u
src=${MUSTER_SOURCE:?MUSTER_SOURCE must name the source tree}
cd "$src" || exit 1
# Prints FILE:LINE: LITERAL for each offending string literal; comments and
# character constants are skipped, adjacent literals are checked one by one.
scan() {
    perl -e '
        my $bad = 0;
        for my $f (@ARGV) {
            open(my $fh, "<", $f) or die "$f: $!";
            local $/; my $t = <$fh>; close $fh;
            my $line = 1;
            while ($t =~ m{\G(?:(/\*.*?\*/)|(//[^\n]*)|("(?:[^"\\\n]|\\.)*")|(\x27(?:[^\x27\\\n]|\\.)*\x27)|(\n)|(.))}gsx) {
                if (defined $3) {
                    my $s = $3;
                    if ($s =~ /--[a-z]/ || $s =~ /\x27muster [a-z]/) {
                        print "$f:$line: $s\n"; $bad = 1;
                    }
                }
                my $m = $&; $line += ($m =~ tr/\n//);
            }
        }
        exit $bad;' "$@"
}
files=$(ls src/*.c src/*.h src/*/*.c src/*/*.h)
status=0
scan $files || status=1
# Headers: not even in comments (they are the API's reference).
if grep -rn -- '--[a-z]' include/; then
    echo "FAIL: a command-line option named in the public headers"
    status=1
fi
[ $status -eq 0 ] || echo "FAIL: library text names the tool's options or commands"
exit $status
