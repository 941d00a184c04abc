#!/usr/bin/env python3
"""Lists the public symbols of TransitionPhysics, TransitionLab and TransitionBatch that have no
documentation comment, from the symbol graphs `make docs` extracts (.build/symbolgraphs/<module>/), and
exits 1 when there is one. Compiler-synthesized members (Hashable's hashValue and hash(into:),
which have no source location) and extensions of other types are not declarations and are
skipped. Run by `make docs-test` after `make docs`. (What the app's library adds is named in
CHANGELOG.md, one line per declaration: Tests/docs/api_check.py.)"""
import glob
import json
import sys

MODULES = ("TransitionPhysics", "TransitionLab", "TransitionBatch")


def main() -> int:
    missing, total = [], 0
    for module in MODULES:
        files = glob.glob(f".build/symbolgraphs/{module}/*.symbols.json")
        if not files:
            print(f"undocumented_symbols: no symbol graph for {module}; run make docs first", file=sys.stderr)
            return 2
        for path in files:
            for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                if symbol["kind"]["identifier"] == "swift.extension" or "location" not in symbol:
                    continue
                total += 1
                if symbol.get("docComment") is None:
                    location = symbol["location"]
                    where = location["uri"].split("/Sources/")[-1] + ":" + str(location["position"]["line"] + 1)
                    missing.append(f"{where}: {module}.{'.'.join(symbol['pathComponents'])}")
    for line in sorted(missing):
        print(line)
    print(f"undocumented_symbols: {len(missing)} of {total} public symbols have no documentation comment", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
