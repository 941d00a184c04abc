#!/usr/bin/env bash
# Runs the command it is given (make test's `swift test`) and prints what a reader needs: one line
# per suite, every skipped test with its reason, every failure with its issues, the build's and
# the runner's own messages and the verdict ("Test run with N tests in M suites passed"). Each
# test's start and pass lines are left out. Exits with the command's status.
#
# Progress: the runner's lines are passed on as they come (stdbuf makes its standard output and
# error line-buffered: writing to a pipe, Swift Testing would otherwise hold them until 4 KiB had
# piled up, minutes on the tools' suite), and when 20 s pass without a line printed a progress
# line follows within 10 s: the time so far, the tests passed, and up to three tests started and
# not yet ended, the oldest first. So a reader sees a line at least every 30 s.
set -o pipefail
state=$(mktemp -d)
ticker=
trap 'rm -rf "$state"; [ -z "$ticker" ] || kill "$ticker" 2>/dev/null' EXIT
start=$SECONDS
echo "0 0 -" > "$state/progress"
(
    last_count=-1
    quiet_since=$SECONDS
    while sleep 10; do
        read -r printed passed running < "$state/progress" 2>/dev/null || continue
        if [ "$printed" != "$last_count" ]; then
            last_count=$printed
            quiet_since=$SECONDS
        elif [ $((SECONDS - quiet_since)) -ge 20 ]; then
            echo "swift test: $((SECONDS - start)) s, $passed tests passed; started, not ended: ${running//|/, }"
            quiet_since=$SECONDS
        fi
    done
) &
ticker=$!
# mawk (Debian's awk) reads a pipe in blocks unless told to read it line by line.
interactive=$(awk -W version 2>/dev/null | grep -q mawk && echo "-W interactive")
stdbuf -oL -eL "$@" 2>&1 | awk $interactive -v progress="$state/progress" '
    BEGIN { printed = 0; passed = 0; order = 0 }
    function report(   list, i, n) {
        list = ""; n = 0
        for (i = 1; i <= order && n < 3; i++) {
            if (names[i] in open) { list = list (n ? "|" : "") names[i]; n++ }
        }
        if (list == "") list = "-"
        print printed, passed, list > progress
        close(progress)
    }
    # A test is named by what follows "Test " up to " started"/" passed"/" failed".
    function test_name(line) {
        sub(/^[^ ]+ Test /, "", line)
        sub(/ (started|passed|failed|skipped).*$/, "", line)
        return line
    }
    /^◇ Test run started/ { next }
    /^◇ Test / { name = test_name($0); open[name] = 1; names[++order] = name; report(); next }
    /^◇ / { next }
    /^✔ Test / && !/^✔ Test run with/ { delete open[test_name($0)]; passed++; report(); next }
    /^✘ Test / && !/^✘ Test run with/ { delete open[test_name($0)] }
    { print; fflush(); printed++; report() }'
