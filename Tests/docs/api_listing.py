#!/usr/bin/env python3
"""The app library's public API, checked in: api/TransitionPhysics.txt lists every public
declaration of TransitionPhysics (kind, path and declaration, one a line, sorted), read from the
symbol graph `make docs` extracts (.build/symbolgraphs/TransitionPhysics/). This script compares
the graph with the listing and exits 1, naming each removed and added declaration, when they
differ; a change of the app's public API is then made on purpose: regenerate the listing with

    REGENERATE_API_LISTING=1 make docs-test

and commit it with the change (a removed or changed line is a major version: README, "Versions";
make api-check compares it with the last release's).
TransitionPhysicsUIKit compiles only where UIKit exists, so Linux has no graph of it.
Run by `make docs-test`; Tests/docs/test_api_listing.py shows that a removed declaration fails."""
import glob
import json
import os
import sys

MODULE = "TransitionPhysics"
LISTING = os.path.join("api", f"{MODULE}.txt")
HEADER = (
    f"# The public API of {MODULE}, one declaration a line (kind, path: declaration), generated from\n"
    "# its symbol graph by Tests/docs/api_listing.py. make test fails while it differs from the code;\n"
    "# after a deliberate change: REGENERATE_API_LISTING=1 make docs-test\n"
)


def declarations(graphs):
    """The listing's lines for symbol graphs (parsed JSON): public or open declarations written in
    the source (compiler-synthesized members have no location), extensions' members included
    under their extended type's path, the extension blocks themselves not."""
    lines = set()
    for graph in graphs:
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if symbol["kind"]["identifier"] == "swift.extension" or "location" not in symbol:
                continue
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            lines.add(f"{kind} {'.'.join(symbol['pathComponents'])}: {declaration}")
    return sorted(lines)


def read_graphs(folder):
    files = sorted(glob.glob(os.path.join(folder, "*.symbols.json")))
    graphs = []
    for path in files:
        with open(path, encoding="utf-8") as graph:
            graphs.append(json.load(graph))
    return graphs


def read_listing(path):
    with open(path, encoding="utf-8") as listing:
        return [line.rstrip("\n") for line in listing if line.strip() and not line.startswith("#")]


def difference(listed, current):
    """(removed, added): lines of the listing the code no longer declares, and new ones."""
    listed_set, current_set = set(listed), set(current)
    return sorted(listed_set - current_set), sorted(current_set - listed_set)


def main():
    graphs = read_graphs(os.path.join(".build", "symbolgraphs", MODULE))
    if not graphs:
        print(f"api_listing: no symbol graph for {MODULE}; run make docs first", file=sys.stderr)
        return 2
    current = declarations(graphs)
    if os.environ.get("REGENERATE_API_LISTING") == "1":
        os.makedirs(os.path.dirname(LISTING), exist_ok=True)
        with open(LISTING, "w", encoding="utf-8") as listing:
            listing.write(HEADER + "".join(line + "\n" for line in current))
        print(f"api_listing: wrote {LISTING} ({len(current)} declarations)", file=sys.stderr)
        return 0
    if not os.path.exists(LISTING):
        print(f"api_listing: {LISTING} is missing; REGENERATE_API_LISTING=1 make docs-test writes it", file=sys.stderr)
        return 1
    removed, added = difference(read_listing(LISTING), current)
    for line in removed:
        print(f"removed: {line}")
    for line in added:
        print(f"added:   {line}")
    if removed or added:
        print(f"api_listing: {MODULE}'s public API differs from {LISTING} ({len(removed)} removed, {len(added)} added). "
              "If the change is deliberate: REGENERATE_API_LISTING=1 make docs-test, commit the listing, and name the "
              "change in CHANGELOG.md (make api-check; a removed or changed declaration is a new major version: "
              "CONTRIBUTING.md, \"Cutting a version\")", file=sys.stderr)
        return 1
    print(f"api_listing: {MODULE}'s {len(current)} public declarations match {LISTING}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
