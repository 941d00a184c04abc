#!/usr/bin/env python3
"""Lists the public symbols of TransitionPhysics, TransitionLab and TransitionBatch that have no
documentation comment, from the symbol graphs `make docs` extracts (.build/symbolgraphs/<module>/), and
exits 1 when there is one. Compiler-synthesized members (Hashable's hashValue and hash(into:),
which have no source location) and extensions of other types are not declarations and are
skipped. Run by `make docs-test` after `make docs`."""
import glob
import json
import sys

MODULES = ("TransitionPhysics", "TransitionLab", "TransitionBatch")
# The app's library stays lean (592 declarations before the lab moved out, 287 after;
# enum cases not counted): a new public declaration in TransitionPhysics past this is a decision
# to make on purpose (would an app call it?), not an accident.
# +21 for a sheet sharing its gesture with a scroll view (ScrollingSheet and its Update and
# EdgeFling, ScrollHandoffPolicy and ScrollHandoffSplit).
# +9 for beyond one finger: TouchSample.pointer and its init, MultitouchPolicy and
# InteractiveTransition.multitouch; AxisLock, its slop, ratio, init and rule (accepts, which a
# UIKit app asks in gestureRecognizerShouldBegin), ProgressMapping.axisLock;
# step, DetentStep, currentDetent, detentPolicy, DetentPolicy, refusesDetent (the rest of the 15
# replaced declarations the ProgressMapping initializer and TransitionEvent cases already held).
APP_DECLARATIONS_LIMIT = ("TransitionPhysics", 300 + 21 + 9)


def main() -> int:
    missing, total = [], 0
    app_declarations = 0
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
                if module == APP_DECLARATIONS_LIMIT[0] and symbol["kind"]["identifier"] != "swift.enum.case":
                    app_declarations += 1
                if symbol.get("docComment") is None:
                    location = symbol["location"]
                    where = location["uri"].split("/Sources/")[-1] + ":" + str(location["position"]["line"] + 1)
                    missing.append(f"{where}: {module}.{'.'.join(symbol['pathComponents'])}")
    for line in sorted(missing):
        print(line)
    print(f"undocumented_symbols: {len(missing)} of {total} public symbols have no documentation comment", file=sys.stderr)
    name, limit = APP_DECLARATIONS_LIMIT
    print(f"undocumented_symbols: {name} has {app_declarations} public declarations (enum cases not counted; limit {limit})",
          file=sys.stderr)
    if app_declarations > limit:
        print(f"undocumented_symbols: {name} grew past {limit} public declarations: move what no app calls to "
              "TransitionLab or make it package", file=sys.stderr)
        return 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
