#!/usr/bin/env bash
# `make docs` as the first command after `git clone`: clones this repository's HEAD into a
# temporary folder (no .build, no folder beside it) and builds the documentation sites there.
# It takes a whole debug build (several minutes on 2 cores), so make test does not run it; run it
# after changing the docs target or the package's targets:
#   bash Tests/docs/fresh-clone-docs.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fresh-clone-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone --quiet "$repo" "$work/TransitionPhysics"
cd "$work/TransitionPhysics"
make docs
for module in TransitionPhysics TransitionLab TransitionBatch; do
    index=".build/docs/$module/documentation/$(tr '[:upper:]' '[:lower:]' <<<"$module")/index.html"
    [ -s "$index" ] || { echo "fresh-clone-docs: $index is missing" >&2; exit 1; }
done
echo "fresh-clone-docs: make docs built the three sites on a fresh clone of $(git rev-parse --short HEAD)"
