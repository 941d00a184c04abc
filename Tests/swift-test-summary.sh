#!/usr/bin/env bash
# Runs the command it is given (make test's `swift test`) and prints what a reader needs: one line
# per suite, every skipped test with its reason, every failure with its issues, the build's and
# the runner's own messages and the verdict ("Test run with N tests in M suites passed"). Each
# test's start and pass lines are left out. Exits with the command's status.
set -o pipefail
"$@" 2>&1 | awk '/^◇ / { next } /^✔ Test / && !/^✔ Test run with/ { next } { print; fflush() }'
