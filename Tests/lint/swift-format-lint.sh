#!/usr/bin/env bash
# The lint step of `make test`: the toolchain's `swift format lint` with the repository's
# .swift-format, over every Swift file git tracks. It fails on a finding of the rules the
# configuration turns on (the code's conventions: shorthand type names, `///` doc comments, no
# implicitly unwrapped optionals, ...). The pretty printer's layout findings (Indentation,
# AddLines, RemoveLine, Spacing, TrailingComma, LineLength) are not enforced: the code's layout
# predates the formatter, and `swift format` cannot turn them off, so they are counted and left
# out here; reformatting the tree is a commit of its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
layout='^[^:]+:[0-9]+:[0-9]+: warning: \[(Indentation|AddLines|RemoveLine|Spacing|TrailingComma|LineLength)\]'
findings=$(git ls-files -z '*.swift' | xargs -0 "$SWIFT" format lint --parallel --configuration .swift-format 2>&1 || true)
layout_count=$(grep -cE "$layout" <<<"$findings" || true)
rules=$(grep -vE "$layout" <<<"$findings" | grep -E ': (warning|error):' || true)
files=$(git ls-files '*.swift' | wc -l)
if [ -n "$rules" ]; then
    echo "$rules"
    echo "lint: $(grep -c '' <<<"$rules") findings of .swift-format's rules in $files Swift files (layout findings not enforced: $layout_count)" >&2
    exit 1
fi
echo "lint: $files Swift files pass .swift-format's rules (layout findings not enforced: $layout_count)"
