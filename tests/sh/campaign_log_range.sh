#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# campaign log --last N, --since ID, --before ID, --battle N and
# --division N print exactly the part of the full log they name (--last N
# --before ID: the page back from an event), and --open-offers the offers
# neither answered nor undone, in text, JSON and Markdown, for the umpire, a
# side and a player's own file; a battle the campaign has not fought is
# refused (exit 2); an HTTP client pages the same way.
# usage: campaign_log_range.sh MUSTER
set -u
muster=$1
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
m() { "$muster" campaign "$@" >/dev/null 2>err.txt || { cat err.txt; fail "campaign $*"; }; }
export MUSTER_NOW=2026-12-01T19:30:00Z
F=c.db
m new $F --name Range --year 1863 --theater east
m add $F --side union --name Wadsworth                      # 2
m add $F --side confederate --name Heth                     # 3
m battle start $F Ridge                                     # 4
m engage $F 1 --seed 7                                      # 5
m engage $F 2 --seed 8 --hidden                             # 6
m casualties $F 1 --brigade 1 --lost 2                      # 7
m casualties $F 2 --brigade 1 --lost 1 --captured 1         # 8
m battle end $F --winner union --seed 4                     # 9
m add $F --side union --name Doubleday                      # 10
m battle start $F Hill                                      # 11
m casualties $F 1 --brigade 2 --lost 1                      # 12
m export $F --side union --out union.db

# The lines of each event in the text log: an event may take several.
python3 - "$muster" <<'PY' || fail "the ranges differ from the full log"
import json, subprocess, sys
muster = sys.argv[1]
def run(*a):
    return subprocess.run([muster, "campaign", "log", *a], check=True,
                          capture_output=True, text=True).stdout
def ids(a):
    return [e["id"] for e in json.loads(run(*a, "--format", "json"))["events"]]
bad = 0
for f, who in (("c.db", []), ("c.db", ["--as", "union"]),
               ("c.db", ["--side", "confederate"]), ("union.db", [])):
    full = json.loads(run(f, *who, "--format", "json"))["events"]
    by = {e["id"]: e for e in full}
    cases = {
        ("--last", "3"): [e["id"] for e in full][-3:],
        ("--since", "8"): [i for i in by if i > 8],
        ("--battle", "1"): list(range(4, 10)),
        ("--battle", "2"): [i for i in by if i >= 11],
        ("--battle", "1", "--last", "2"): [8, 9],
        ("--battle", "1", "--since", "6"): [7, 8, 9],
        ("--since", "12"): [],
        ("--last", "100"): [e["id"] for e in full],
        ("--before", "5"): [i for i in by if i < 5],
        ("--before", "1"): [],
        ("--last", "3", "--before", "9"): [6, 7, 8],
        ("--last", "3", "--before", "3"): [1, 2],
        ("--last", "2", "--before", "100"): [e["id"] for e in full][-2:],
        ("--battle", "1", "--before", "7", "--last", "5"): [4, 5, 6],
        ("--since", "4", "--before", "8"): [5, 6, 7],
        ("--division", "2"): [i for i in by if by[i].get("division") == 2],
        ("--division", "1", "--last", "2", "--before", "10"):
            [i for i in by if by[i].get("division") == 1 and i < 10][-2:],
        ("--division", "1", "--battle", "2"): [12],
        ("--division", "9"): [],
    }
    if [i for i in by if by[i].get("division") == 2] != [3, 6, 8]:
        print(f, who, "division 2's events are not 3, 6 and 8"); bad += 1
    for args, want in cases.items():
        got = json.loads(run(f, *who, *args, "--format", "json"))["events"]
        if got != [by[i] for i in want]:
            print(f, who, args, [e["id"] for e in got], "want", want); bad += 1
        # text and Markdown: the same events' renderings, in order
        for fmt in (["--format", "text"], ["--format", "markdown"]):
            if f == "union.db" and fmt[1] == "markdown":
                continue
            whole = run(f, *who, *fmt)
            part = run(f, *who, *args, *fmt)
            if "--division" in args: # its events' lines, in the log's order
                it = iter(whole.splitlines())
                if not all(l in it for l in part.splitlines()):
                    print(f, who, args, fmt, "is not taken from the full log"); bad += 1
            elif part and part not in whole:
                print(f, who, args, fmt, "is not a part of the full log"); bad += 1
            lines = [l for l in part.splitlines() if l.startswith(("#", "- **\\#"))]
            if len(lines) != len(want):
                print(f, who, args, fmt, "printed", len(lines), "events, not", len(want)); bad += 1
sys.exit(1 if bad else 0)
PY
echo "ok: --last, --since, --before, --battle and --division give the full log's events"

"$muster" campaign log $F --battle 3 >out.txt 2>err.txt
[ $? -eq 2 ] || fail "--battle 3: not refused"
[ "$(cat err.txt)" = "muster: no battle 3: the campaign has fought the battles 'campaign show' lists" ] ||
    { cat err.txt; fail "--battle 3: the message"; }
"$muster" campaign log $F --last 0 2>err.txt && fail "--last 0 taken"
echo "ok: refusals"

# The last two of the text log are its last two events' lines.
[ "$("$muster" campaign log $F --last 1)" = "$("$muster" campaign log $F | tail -n 1)" ] ||
    fail "--last 1 is not the last line"
echo "ok: text"

# Over HTTP, the same pages, the link's side's.
command -v curl >/dev/null || { echo "SKIP: no curl for the HTTP part"; exit 77; }
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
"$muster" serve --listen 127.0.0.1 --port 0 --no-qr --campaign $F >serve.out 2>serve.err &
pids+=($!)
for _ in $(seq 200); do grep -q 'http://' serve.out 2>/dev/null && break; sleep 0.05; done
port=$(grep -o 'http://127.0.0.1:[0-9]*' serve.out | head -1 | sed 's/.*://')
[ -n "$port" ] || { cat serve.out serve.err; fail "serve did not start"; }
tok=$("$muster" campaign links $F --side union --no-qr --listen 127.0.0.1 | grep -o 't=[0-9a-f]*' | cut -c3-)
api=$(curl -s -H "X-Muster-Token: $tok" "http://127.0.0.1:$port/api/campaign/log?battle=1&last=2")
cli=$("$muster" campaign log $F --as union --battle 1 --last 2 --format json)
[ "$api" = "$cli" ] || { echo "$api"; echo "$cli"; fail "HTTP: not the CLI's page"; }
# A page back from an event, the Union link's: the Confederates' hidden
# division's casualties (event 8) masked as that side's full log masks them.
api=$(curl -s -H "X-Muster-Token: $tok" "http://127.0.0.1:$port/api/campaign/log?last=3&before=10")
cli=$("$muster" campaign log $F --as union --last 3 --before 10 --format json)
[ "$api" = "$cli" ] || { echo "$api"; echo "$cli"; fail "HTTP: not the CLI's page back"; }
python3 - "$api" "$("$muster" campaign log $F --as union --format json)" \
    "$("$muster" campaign log $F --format json)" <<'PY' ||
import json, sys
page, full, umpire = (json.loads(a)["events"] for a in sys.argv[1:4])
want = [e for e in full if e["id"] in (7, 8, 9)]
masked = [e for e in umpire if e["id"] == 8] != [e for e in want if e["id"] == 8]
sys.exit(0 if page == want and masked else 1)
PY
    fail "HTTP: the page back is not events 7 to 9 of the Union's log, masked"
api=$(curl -s -H "X-Muster-Token: $tok" "http://127.0.0.1:$port/api/campaign/log?division=2&last=2")
cli=$("$muster" campaign log $F --as union --division 2 --last 2 --format json)
[ "$api" = "$cli" ] && [ "$(printf '%s' "$api" | grep -o '"id":[0-9]*' | tr '\n' ' ')" = '"id":6 "id":8 ' ] ||
    { echo "$api"; fail "HTTP: division 2's last two are not events 6 and 8 as the CLI gives them"; }
echo "ok: HTTP pages as the CLI does"

# --open-offers: the offers neither answered nor undone, as the log shows
# them; an answer undone opens its offer again.
G=o.db
m new $G --name Offers --year 1863 --theater east
m add $G --side union --name Wadsworth                      # 2
m add $G --side confederate --name Heth                     # 3
m battle start $G Ridge                                     # 4
m engage $G 1 --seed 7                                      # 5
m engage $G 2 --seed 8 --hidden                             # 6
m casualties $G 1 --brigade 1 --lost 2 --captured 2         # 7
m casualties $G 2 --brigade 1 --lost 1 --captured 1         # 8
m battle end $G --winner union --seed 4                     # 9
m exchange $G --union 1 --confederate 1 --as confederate    # 10
m exchange $G --union 1 --confederate 1 --as union          # 11
open_ids() { "$muster" campaign log $G "$@" --open-offers --format json | grep -o '"id":[0-9]*' | tr '\n' ' '; }
[ "$(open_ids)" = '"id":10 "id":11 ' ] || fail "open offers: $(open_ids), not 10 and 11"
m exchange $G --withdraw 11 --as union                      # 12
[ "$(open_ids)" = '"id":10 ' ] || fail "a withdrawn offer is open: $(open_ids)"
m undo $G 12                                                # 13
m exchange $G --accept 10 --as union                        # 14
[ "$(open_ids)" = '"id":11 ' ] || fail "an accepted offer is open, or the undone withdrawal not: $(open_ids)"
[ "$(open_ids --as confederate --last 1)" = '"id":11 ' ] || fail "--last 1: $(open_ids --as confederate --last 1)"
[ "$(open_ids --before 11)" = '' ] || fail "--before 11: $(open_ids --before 11)"
want=$("$muster" campaign log $G --as confederate --format json | python3 -c '
import json, sys
print(json.dumps({"events": [e for e in json.load(sys.stdin)["events"] if e["id"] == 11]}, separators=(",", ":")))')
[ "$("$muster" campaign log $G --as confederate --open-offers --format json)" = "$want" ] ||
    fail "the open offer is not the Confederates' log's entry"
m undo $G 11                                                # 15
[ "$(open_ids)" = '' ] || fail "an undone offer is open: $(open_ids)"
"$muster" campaign log $G --open-offers --division 1 >/dev/null 2>err.txt && fail "--open-offers --division taken"
m export $G --side union --out o-union.db
"$muster" campaign log o-union.db --open-offers >/dev/null 2>err.txt && fail "a player's own file gave open offers"
grep -q "not which offers are open" err.txt || { cat err.txt; fail "a player's own file: the message"; }
echo "ok: --open-offers"
