#!/usr/bin/env python3
"""make api-check: the app's library keeps the promise of semantic versioning to apps (README,
"Versions"; the rule in CONTRIBUTING.md, "Cutting a version").

Releases are CHANGELOG.md's version headings:

    ## 2.0.0 — 2026-11-28, commit c8abc72     a release: version, the day it was cut, the commit
                                              of main it was cut from (its Version.swift names it)
    ## 3.0.0 — 2026-12-06, not cut yet        the top heading only: the version being prepared
    ## 1.0.0 — 2026-11-24, no commit recorded  before releases recorded their commit; never a baseline

LibraryVersion.current (Sources/TransitionPhysics/Version.swift) names the top heading's version.
The baseline is the newest release (a heading with a commit) of the current major version. Against
it, a break is any message of `swift package diagnose-api-breaking-changes <commit> --products
TransitionPhysics`, and any line of the baseline's api/TransitionPhysics.txt that the current
listing no longer has (a removed or changed declaration: the digester does not see a public
declaration made `package`, nor a changed default argument). A new case of an enum whose
documentation at the baseline tells apps to switch over it with `@unknown default` is no break.

- Any break fails the check.
- When the current major is higher than every release's, there is no baseline of that major yet:
  the version being prepared is a new major, compared with the newest release. Its breaks are
  allowed, and each must be named in CHANGELOG.md above that release's heading (the migration:
  what to use instead).
- Every declaration added to the listing since the baseline must be named there too (one added
  with its enclosing type, which is named, needs no line of its own).

The digester builds the baseline once per commit and toolchain and keeps its API in
.build-api/baselines (git ignores it); the current code is built in .build, where `make test` has
built it already (then the check takes about a second; a build folder of its own would build the
whole package once more). Exit 0 when the
promise holds, 1 naming each break or unnamed declaration, 2 when the check cannot run.
`--no-digester` checks the CHANGELOG and the listings only (seconds; the tests use it)."""
import hashlib
import os
import re
import subprocess
import sys

MODULE = "TransitionPhysics"
PRODUCTS = ("TransitionPhysics",)
LISTING = os.path.join("api", f"{MODULE}.txt")
VERSION_FILE = "Sources/TransitionPhysics/Version.swift"
SOURCES = "Sources/TransitionPhysics"
# The baselines' API, per toolchain and commit, kept between runs (git ignores .build*/).
BASELINES = ".build-api/baselines"

HEADING = re.compile(r"^## (\d+)\.(\d+)\.(\d+) — (\d{4}-\d{2}-\d{2}), (?:commit ([0-9a-f]{7,40})|(not cut yet)|(no commit recorded))$")
VERSION = re.compile(r'static let current = "(\d+)\.(\d+)\.(\d+)"')
BREAKAGE = re.compile(r"API breakage: (\S+) (\S+) (.*)$")
FINISHED = re.compile(r"(No breaking changes|\d+ breaking changes?) detected in ")
ACCESSOR = re.compile(r"\.(Get|Set|Modify|Read|_modify|_read)\(\)$")


class Failure(Exception):
    """The check cannot run (exit 2)."""


def plural(count, noun):
    return f"{count} {noun}{'' if count == 1 else 's'}"


def version_text(version):
    return ".".join(map(str, version))


def parse_changelog(text):
    """[(version, date, commit or None, state, line index, text above the heading)] for every
    version heading, newest first; state is "cut", "prepared" or "historical". Raises Failure on
    a `## ` heading of another form (other than `## Unreleased`) or a misplaced "not cut yet"."""
    lines = text.split("\n")
    headings = []
    for index, line in enumerate(lines):
        if not line.startswith("## ") or line == "## Unreleased":
            continue
        match = HEADING.match(line)
        if not match:
            raise Failure(f"CHANGELOG.md:{index + 1}: '{line}' is not '## X.Y.Z — YYYY-MM-DD, commit <hash>' "
                          "(or ', not cut yet' on the top heading, ', no commit recorded' for versions before 2.0.0)")
        version = tuple(int(part) for part in match.group(1, 2, 3))
        state = "cut" if match.group(5) else "prepared" if match.group(6) else "historical"
        if state == "prepared" and headings:
            raise Failure(f"CHANGELOG.md:{index + 1}: only the top version heading may be 'not cut yet'")
        headings.append((version, match.group(4), match.group(5), state, index, "\n".join(lines[:index])))
    return headings


def current_version(source):
    match = VERSION.search(source)
    if not match:
        raise Failure(f"{VERSION_FILE} has no `static let current = \"X.Y.Z\"`")
    return tuple(int(part) for part in match.groups())


def choose_baseline(current, headings):
    """(baseline heading, is a new major) or raises Failure: the newest release of the current
    major; with none, the newest release when the current major is higher than every release's."""
    if not headings or headings[0][0] != current:
        top = version_text(headings[0][0]) if headings else "none"
        raise Failure(f"LibraryVersion.current is {version_text(current)} but CHANGELOG.md's top version heading is {top}: "
                      "add the heading (', not cut yet' until it is cut)")
    releases = [heading for heading in headings if heading[3] == "cut"]
    if not releases:
        raise Failure("CHANGELOG.md has no release (a version heading with its commit) to compare with")
    same_major = [heading for heading in releases if heading[0][0] == current[0]]
    if same_major:
        return same_major[0], False
    newest = max(releases, key=lambda heading: heading[0])
    if current[0] > newest[0][0]:
        return newest, True
    raise Failure(f"{version_text(current)} is older than release {version_text(newest[0])} and no release of major "
                  f"{current[0]} is recorded")


def listing_lines(text):
    return [line for line in text.split("\n") if line.strip() and not line.startswith("#")]


def line_path(line):
    """`init TouchSample.init(time:x:y:phase:pointer:): init(...)` -> `TouchSample.init(time:x:y:phase:pointer:)`."""
    return line.split(" ", 1)[1].split(": ", 1)[0]


def split_path(path):
    """Path components, argument lists kept whole: `A.B.f(_:at:)` -> [A, B, f(_:at:)]."""
    parts, depth, current = [], 0, ""
    for character in path:
        if character == "." and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += character == "("
        depth -= character == ")"
        current += character
    return parts + [current]


def spellings(path):
    """Ways the CHANGELOG may name a declaration: a type or a top-level name by its name; a member
    as `Parent.member` (argument labels optional); an initializer as `Parent(labels)` or
    `Parent.init(labels)`."""
    parts = split_path(ACCESSOR.sub("", path))
    name = parts[-1]
    if len(parts) == 1:
        return [name.split("(")[0]]
    parent = parts[-2]
    if name.startswith("init("):
        labels = name[len("init"):]
        return [parent + labels, f"{parent}.init{labels}"]
    return [f"{parent}.{name.split('(')[0]}"]


def is_named(path, text):
    """Whether `text` names the declaration at `path` (one of its spellings, not as part of a
    longer name)."""
    return any(re.search(r"(?<![A-Za-z0-9_])" + re.escape(spelling) + r"(?![A-Za-z0-9_])", text) for spelling in spellings(path))


def growing_enums(sources):
    """Names of the enums whose doc comment (in `sources`, {path: text}) tells apps to switch
    with `@unknown default`: they may gain cases in a minor version."""
    names = set()
    for text in sources.values():
        doc = []
        for line in text.split("\n"):
            stripped = line.strip()
            if stripped.startswith("///"):
                doc.append(stripped)
                continue
            match = re.match(r"(?:@\w+\s+)*public\s+(?:indirect\s+)?enum\s+(\w+)", stripped)
            if match and any("@unknown default" in doc_line for doc_line in doc):
                names.add(match.group(1))
            if not stripped.startswith("@"):
                doc = []
    return names


def parse_digester(output):
    """[(message, declaration path)] of the digester's breakages in its output."""
    found = []
    for line in output.split("\n"):
        match = BREAKAGE.search(line)
        if match:
            found.append((match.group(0), match.group(2)))
    return found


def digester_finished(output):
    """Whether the digester's output has its verdict for a module ("1 breaking change detected in
    TransitionPhysics:", "No breaking changes detected in TransitionPhysics")."""
    return FINISHED.search(output) is not None


def evaluate(current, headings, digester_breaks, baseline_listing, listing, baseline_growing):
    """The check's verdict: (passed, report lines). `digester_breaks` as parse_digester returns."""
    baseline, new_major = choose_baseline(current, headings)
    base_version, base_commit, above = version_text(baseline[0]), baseline[2], baseline[5]
    report = []
    breaks = []
    for message, path in digester_breaks:
        parts = split_path(path)
        if message.endswith("has been added as a new enum case") and len(parts) >= 2 and parts[-2] in baseline_growing:
            report.append(f"api-check: allowed, {parts[-2]} may gain cases (its doc at {base_version} says to switch with "
                          f"@unknown default): {message}")
            continue
        breaks.append((message, path))
    old, new = set(baseline_listing), set(listing)
    gone = {line_path(line) for line in old} - {line_path(line) for line in new}
    for line in sorted(old - new):
        path = line_path(line)
        if ".".join(split_path(path)[:-1]) in gone:
            continue  # a member of a removed type: the type's removal names it
        changed = path not in gone
        breaks.append((f"{'changed' if changed else 'removed'} since {base_version} (api/{MODULE}.txt): {line}", path))
    added_paths = {line_path(line) for line in new - old}
    added = sorted(path for path in added_paths
                   if len(split_path(path)) == 1 or ".".join(split_path(path)[:-1]) not in added_paths)

    passed = True
    where = f"CHANGELOG.md above '{version_text(baseline[0])}'"
    if new_major:
        report.append(f"api-check: {version_text(current)} is a new major version: compared with {base_version} "
                      f"(commit {base_commit}), {plural(len(breaks), 'break')}, each to be named in {where} with what replaces it")
        for message, path in breaks:
            named = is_named(path, above)
            passed &= named
            report.append(f"  {'named' if named else 'NOT NAMED'}: {message}")
    else:
        report.append(f"api-check: {version_text(current)} compared with release {base_version} (commit {base_commit})")
        for message, _ in breaks:
            report.append(f"  {message}")
        if breaks:
            passed = False
            report.append(f"api-check: {plural(len(breaks), 'break')} since {base_version}; a break needs a new major version "
                          "(CONTRIBUTING.md, \"Cutting a version\"), or undo it (add what was removed back, "
                          "deprecated if you like)")
    missing = [path for path in added if not is_named(path, above)]
    report.append(f"api-check: {len(added)} declarations added since {base_version}, "
                  f"{len(added) - len(missing)} named in {where}")
    for path in missing:
        report.append(f"  NOT NAMED: added {path} (name it as {' or '.join(spellings(path))})")
    passed &= not missing
    return passed, report


def git(*arguments):
    result = subprocess.run(["git", *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"git {' '.join(arguments)}: {result.stderr.strip()}")
    return result.stdout


def verify_release(heading):
    """The release's commit is in this clone's history of HEAD and names its version."""
    version, commit = version_text(heading[0]), heading[2]
    if subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True).returncode != 0:
        raise Failure(f"release {version}'s commit {commit} is not in this clone (a shallow clone? git fetch --unshallow)")
    if subprocess.run(["git", "merge-base", "--is-ancestor", commit, "HEAD"], capture_output=True).returncode != 0:
        raise Failure(f"release {version}'s commit {commit} is not in the history of HEAD")
    recorded = current_version(git("show", f"{commit}:{VERSION_FILE}"))
    if recorded != heading[0]:
        raise Failure(f"release {version}'s commit {commit} has LibraryVersion.current {version_text(recorded)}")
    return git("rev-parse", f"{commit}^{{commit}}").strip()


def run_digester(commit):
    toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    baselines = os.path.join(BASELINES, hashlib.sha256(toolchain.encode()).hexdigest()[:12])
    command = ["swift", "package", "diagnose-api-breaking-changes", commit,
               "--products", *PRODUCTS, "--baseline-dir", baselines]
    cached = os.path.exists(os.path.join(baselines, commit))
    print(f"api-check: {' '.join(command)} ({'baseline API kept from an earlier run' if cached else 'builds the baseline'})",
          file=sys.stderr, flush=True)
    result = subprocess.run(command, capture_output=True, text=True)
    output = result.stdout + result.stderr
    breaks = parse_digester(output)
    if not digester_finished(output) or (result.returncode != 0 and not breaks):
        raise Failure(f"the digester did not finish (exit {result.returncode}):\n{output}")
    return breaks


def main(arguments):
    try:
        with open("CHANGELOG.md", encoding="utf-8") as changelog:
            headings = parse_changelog(changelog.read())
        with open(VERSION_FILE, encoding="utf-8") as version:
            current = current_version(version.read())
        with open(LISTING, encoding="utf-8") as listing:
            current_listing = listing_lines(listing.read())
        baseline, _ = choose_baseline(current, headings)
        commit = verify_release(baseline)
        baseline_listing = listing_lines(git("show", f"{commit}:{LISTING}"))
        sources = {path: git("show", f"{commit}:{path}")
                   for path in git("ls-tree", "-r", "--name-only", commit, "--", SOURCES).split("\n") if path.endswith(".swift")}
        digester_breaks = [] if "--no-digester" in arguments else run_digester(commit)
        passed, report = evaluate(current, headings, digester_breaks, baseline_listing, current_listing, growing_enums(sources))
    except Failure as failure:
        print(f"api-check: {failure}", file=sys.stderr)
        return 2
    print("\n".join(report))
    if "--no-digester" in arguments:
        print("api-check: --no-digester: the digester's breaks were not looked for")
    print(f"api-check: {'passed' if passed else 'FAILED'}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
