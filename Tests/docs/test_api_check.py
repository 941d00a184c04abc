"""The rules of Tests/docs/api_check.py on made-up releases and digester output (each rule can
fail), and on this repository as it is (without the digester, which make api-check runs). Run by
`make api-check` (python3 -m unittest)."""
import contextlib
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api_check  # noqa: E402

CHANGELOG_31 = """# Changelog

## 3.1.0 — 2026-12-20, not cut yet

- `Sheet.snap`, a new method.

## 3.0.0 — 2026-12-06, commit 1234567

- `OldModel` is `NewModel`.

## 2.0.0 — 2026-11-28, commit c8abc72

## 1.0.0 — 2026-11-24, no commit recorded
"""

CHANGELOG_40 = CHANGELOG_31.replace("## 3.1.0 — 2026-12-20, not cut yet", "## 4.0.0 — 2026-12-20, not cut yet")

LISTING_300 = [
    "struct Sheet: struct Sheet",
    "method Sheet.open(at:): func open(at time: Double)",
    "struct OldThing: struct OldThing",
    "property OldThing.size: var size: Double",
    "enum Event: enum Event",
    "enum.case Event.began: case began",
]


def verdict(changelog, current, digester=(), listing=None, growing=()):
    headings = api_check.parse_changelog(changelog)
    breaks = api_check.parse_digester("\n".join(f"  💔 API breakage: {line}" for line in digester))
    return api_check.evaluate(current, headings, breaks, LISTING_300, LISTING_300 if listing is None else listing, set(growing))


class ChangelogTests(unittest.TestCase):
    def test_headings_are_read_newest_first_with_their_state(self):
        headings = api_check.parse_changelog(CHANGELOG_31)
        self.assertEqual([(h[0], h[2], h[3]) for h in headings], [
            ((3, 1, 0), None, "prepared"), ((3, 0, 0), "1234567", "cut"), ((2, 0, 0), "c8abc72", "cut"),
            ((1, 0, 0), None, "historical")])

    def test_a_heading_of_another_form_is_refused(self):
        with self.assertRaisesRegex(api_check.Failure, "CHANGELOG.md:3: '## 3.1.0 \\(2026-12-20\\)'"):
            api_check.parse_changelog(CHANGELOG_31.replace("## 3.1.0 — 2026-12-20, not cut yet", "## 3.1.0 (2026-12-20)"))

    def test_only_the_top_heading_may_be_in_preparation(self):
        with self.assertRaisesRegex(api_check.Failure, "only the top version heading"):
            api_check.parse_changelog(CHANGELOG_31.replace("2026-12-06, commit 1234567", "2026-12-06, not cut yet"))

    def test_the_version_must_have_the_top_heading(self):
        with self.assertRaisesRegex(api_check.Failure, "LibraryVersion.current is 3.2.0 but CHANGELOG.md's top version heading is 3.1.0"):
            verdict(CHANGELOG_31, (3, 2, 0))

    def test_a_version_older_than_every_release_of_its_major_has_no_baseline(self):
        changelog = CHANGELOG_31.replace("## 3.1.0 — 2026-12-20, not cut yet", "## 1.5.0 — 2026-12-20, not cut yet")
        with self.assertRaisesRegex(api_check.Failure, "older than release 3.0.0"):
            verdict(changelog, (1, 5, 0))


class SameMajorTests(unittest.TestCase):
    def test_no_break_and_named_additions_pass(self):
        listing = LISTING_300 + ["method Sheet.snap(to:): func snap(to detent: Double)"]
        passed, report = verdict(CHANGELOG_31, (3, 1, 0), listing=listing)
        self.assertTrue(passed, report)
        self.assertIn("api-check: 3.1.0 compared with release 3.0.0 (commit 1234567)", report)

    def test_additions_may_be_named_under_unreleased_after_a_cut(self):
        changelog = CHANGELOG_31.replace("## 3.1.0 — 2026-12-20, not cut yet\n\n- `Sheet.snap`, a new method.\n\n", "")
        listing = LISTING_300 + ["method Sheet.snap(to:): func snap(to detent: Double)"]
        passed, _ = verdict(changelog, (3, 0, 0), listing=listing)
        self.assertFalse(passed)
        passed, report = verdict(changelog.replace("## 3.0.0", "## Unreleased\n\n- `Sheet.snap`.\n\n## 3.0.0"), (3, 0, 0), listing=listing)
        self.assertTrue(passed, report)

    def test_a_digester_break_fails_with_its_message(self):
        passed, report = verdict(CHANGELOG_31, (3, 1, 0), digester=["func Sheet.open(at:) has been removed"])
        self.assertFalse(passed)
        self.assertIn("  API breakage: func Sheet.open(at:) has been removed", report)
        self.assertTrue(any("needs a new major version" in line for line in report))

    def test_a_removed_or_changed_listing_line_fails(self):
        listing = [line for line in LISTING_300 if not line.startswith("method Sheet.open")] + [
            "method Sheet.open(at:): func open(at time: Double) throws"]
        passed, report = verdict(CHANGELOG_31, (3, 1, 0), listing=listing)
        self.assertFalse(passed)
        self.assertIn("  changed since 3.0.0 (api/TransitionPhysics.txt): method Sheet.open(at:): func open(at time: Double)", report)
        listing = [line for line in LISTING_300 if "OldThing" not in line]
        passed, report = verdict(CHANGELOG_31, (3, 1, 0), listing=listing)
        self.assertFalse(passed)
        removed = [line for line in report if "removed since" in line]
        self.assertEqual(removed, ["  removed since 3.0.0 (api/TransitionPhysics.txt): struct OldThing: struct OldThing"],
                         "a removed type's members are named by the type")

    def test_a_new_case_breaks_unless_the_release_documented_unknown_default(self):
        listing = LISTING_300 + ["enum.case Event.ended: case ended"]
        changelog = CHANGELOG_31.replace("a new method.", "a new method; `Event.ended`.")
        digester = ["enumelement Event.ended has been added as a new enum case"]
        passed, _ = verdict(changelog, (3, 1, 0), digester=digester, listing=listing)
        self.assertFalse(passed)
        passed, report = verdict(changelog, (3, 1, 0), digester=digester, listing=listing, growing=["Event"])
        self.assertTrue(passed, report)

    def test_an_added_declaration_not_named_fails(self):
        listing = LISTING_300 + ["property Sheet.height: var height: Double", "struct Fresh: struct Fresh",
                                 "property Fresh.size: var size: Double", "init Sheet.init(height:): init(height: Double)"]
        passed, report = verdict(CHANGELOG_31, (3, 1, 0), listing=listing)
        self.assertFalse(passed)
        self.assertEqual([line for line in report if "NOT NAMED" in line], [
            "  NOT NAMED: added Fresh (name it as Fresh)",
            "  NOT NAMED: added Sheet.height (name it as Sheet.height)",
            "  NOT NAMED: added Sheet.init(height:) (name it as Sheet(height:) or Sheet.init(height:))"])
        named = CHANGELOG_31.replace("a new method.", "a new method; `Fresh`, `Sheet.height`, `Sheet(height:)`.")
        passed, report = verdict(named, (3, 1, 0), listing=listing)
        self.assertTrue(passed, report)

    def test_a_name_inside_a_longer_name_does_not_count(self):
        self.assertFalse(api_check.is_named("Sheet.snap(to:)", "`Sheet.snapshot`"))
        self.assertFalse(api_check.is_named("Sheet", "`BottomSheet`"))
        self.assertTrue(api_check.is_named("Sheet.snap(to:)", "`Sheet.snap(to: 0.5)`"))


class NewMajorTests(unittest.TestCase):
    def test_breaks_are_allowed_when_each_is_named(self):
        digester = ["struct OldModel has been removed"]
        passed, _ = verdict(CHANGELOG_40, (4, 0, 0), digester=digester)
        self.assertFalse(passed, "named under 3.0.0 only")
        changelog = CHANGELOG_40.replace("a new method.", "a new method.\n- `OldModel` is `NewModel`.")
        passed, report = verdict(changelog, (4, 0, 0), digester=digester)
        self.assertTrue(passed, report)
        self.assertIn("api-check: 4.0.0 is a new major version: compared with 3.0.0 (commit 1234567), 1 break, each to "
                      "be named in CHANGELOG.md above '3.0.0' with what replaces it", report)

    def test_an_unnamed_break_fails(self):
        passed, report = verdict(CHANGELOG_40, (4, 0, 0), digester=["func Sheet.open(at:) has been removed"])
        self.assertFalse(passed)
        self.assertIn("  NOT NAMED: API breakage: func Sheet.open(at:) has been removed", report)

    def test_a_name_below_the_baseline_does_not_count(self):
        changelog = CHANGELOG_40.replace("## 2.0.0 — 2026-11-28, commit c8abc72\n", "## 2.0.0 — 2026-11-28, commit c8abc72\n\n`Sheet.open`\n")
        passed, _ = verdict(changelog, (4, 0, 0), digester=["func Sheet.open(at:) has been removed"])
        self.assertFalse(passed)


class DigesterAndSourceTests(unittest.TestCase):
    def test_the_digesters_lines_are_read(self):
        output = """Build complete! (33.13s)

2 breaking changes detected in TransitionPhysics:
  💔 API breakage: struct CupertinoModel has been removed
  💔 API breakage: constructor LeastSquaresVelocityEstimator.init(degree:window:) has been removed
"""
        self.assertEqual(api_check.parse_digester(output), [
            ("API breakage: struct CupertinoModel has been removed", "CupertinoModel"),
            ("API breakage: constructor LeastSquaresVelocityEstimator.init(degree:window:) has been removed",
             "LeastSquaresVelocityEstimator.init(degree:window:)")])

    def test_the_digesters_verdict_is_found_for_one_break_several_or_none(self):
        for verdict_line in ("1 breaking change detected in TransitionPhysics:", "4 breaking changes detected in TransitionPhysics:",
                             "No breaking changes detected in TransitionPhysics"):
            self.assertTrue(api_check.digester_finished(f"Build complete!\n\n{verdict_line}\n"), verdict_line)
        self.assertFalse(api_check.digester_finished("error: fatalError"))

    def test_an_enum_grows_only_when_its_doc_says_to_switch_with_unknown_default(self):
        sources = {"a.swift": "/// Events.\n///\n/// Switch with `@unknown default`.\n@frozen\npublic enum Grows { case a }\n",
                   "b.swift": "/// Steps.\npublic enum Fixed { case a }\n/// `@unknown default` here is about\nlet x = 1\npublic enum After { case a }\n"}
        self.assertEqual(api_check.growing_enums(sources), {"Grows"})
        with open(os.path.join("Sources", "TransitionPhysics", "Interaction", "TransitionEvent.swift"), encoding="utf-8") as event:
            self.assertIn("TransitionEvent", api_check.growing_enums({"TransitionEvent.swift": event.read()}))

    def test_a_release_commit_must_name_its_version(self):
        with self.assertRaisesRegex(api_check.Failure, "commit 9f85848 has LibraryVersion.current 1.1.0"):
            api_check.verify_release(((2, 0, 0), "2026-11-28", "9f85848", "cut", 0, ""))
        with self.assertRaisesRegex(api_check.Failure, "not in this clone"):
            api_check.verify_release(((2, 0, 0), "2026-11-28", "0000000", "cut", 0, ""))

    def test_this_repository_keeps_its_promise_without_the_digester(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = api_check.main(["--no-digester"])
        self.assertEqual(status, 0, out.getvalue())


if __name__ == "__main__":
    unittest.main()
