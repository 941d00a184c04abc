"""Tests/docs/figures.py finds a figure that differs from its command's: on made-up tables,
prose and doc comments, and on the real files against the real commands when the release build
is there (`make release`), each with one figure changed. Run with
`python3 -m unittest -q Tests/docs/test_figures.py` from the repository's root."""
import os
import re
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures  # noqa: E402

HEADER = ("model,source,traces,intended_finish,intended_cancel,finished_of_intended_finish,cancelled_of_intended_cancel,"
          "intent_match_rate,median_velocity_jump_per_s,median_completion_time_s,median_visual_completion_s,"
          "median_peak_acceleration_per_s2,response_s")
BENCH_CSV = "\n".join([
    HEADER,
    "classic,bioident-gallery-swipes.csv,7361,7361,0,0.4374405651406059,,0.4374405651406059,3.7040238694776315,0.10,0.09695019704246521,145.0370820732141,",
    "physics,bioident-gallery-swipes.csv,7361,7361,0,0.98301,,0.98301,0.0,0.40,0.3690,126.2,0.3",
    "classic,synthetic,10000,5001,4999,0.667,0.914,0.79049,1.891,0.079,0.076,187,",
    "physics,synthetic,10000,5001,4999,0.998,1.0,0.99949,0.0,0.375,0.367,99,0.3",
]) + "\n"
BENCH_ROWS = figures.bench_rows(BENCH_CSV)

README = """# T

`make sweep` evaluates classic and physics over a grid (40,602 rows) and prints where they disagree.

## The claim, measured

`make bench`: 7,361 recorded page turns and 10,000 labelled synthetic gestures, every model
replayed sample by sample.

| model | recorded page turns finished | synthetic intent match | median velocity jump at release (travels/s) | median peak acceleration (travels/s²) | median visual completion (s) |
|---|---|---|---|---|---|
| classic (UIKit, progress > 0.5, 0.3 s easeInOut) | 43.7% | 79.0% | 3.704 | 145 | 0.097 |
| **physics** (`ProjectedSpringModel()`) | **98.3%** | **99.9%** | **0.000** | 126 | 0.369 |

Tuning: 10,000 spring variants over those 17,361 gestures.
"""

DOC_COMMENT = """public struct Model {
    /// The default spring. Measured on the 7,361 recorded
    /// page turns: median completion 0.40 s and peak acceleration
    /// 126 travels per s².
    public static let spring = 1
}
"""
COMMAND = ("behavior", "--made-up")
PROSE = figures.Prose("Model.swift", rf"Measured on the {figures.N} recorded page turns: median completion {figures.N} s "
                                     rf"and peak acceleration {figures.N} travels per s²", [
    ("the recorded page turns", COMMAND, figures.RECORDED, None, {}, "traces"),
    ("median completion", COMMAND, figures.RECORDED, "physics", {"response_s": 0.3}, "median_completion_time_s"),
    ("median peak acceleration", COMMAND, figures.RECORDED, "physics", {}, "median_peak_acceleration_per_s2"),
])


class FakeCommands:
    """Every bench command prints BENCH_CSV (`recorded`: its recorded rows too); the sweep writes 40,602 rows."""

    def __init__(self, recorded=True):
        self.rows = BENCH_ROWS if recorded else [r for r in BENCH_ROWS if r["source"] != figures.RECORDED]

    def get(self, command):
        return 40602 if command == figures.SWEEP else self.rows


class MatchTests(unittest.TestCase):
    def test_a_figure_is_the_value_rounded_to_the_digits_shown(self):
        self.assertTrue(figures.matches("43.7%", 0.4374405651406059))
        self.assertTrue(figures.matches("**98.3%**", 0.98301))
        self.assertTrue(figures.matches("7,361", 7361))
        self.assertTrue(figures.matches("145", 145.0370820732141))
        self.assertTrue(figures.matches("-", None))
        self.assertFalse(figures.matches("43.8%", 0.4374405651406059))
        self.assertFalse(figures.matches("100.0%", 0.9994001199760048))
        self.assertFalse(figures.matches("146", 145.0370820732141))
        self.assertFalse(figures.matches("7,362", 7361))
        self.assertFalse(figures.matches("-", 0.5))
        self.assertFalse(figures.matches("0.5", None))

    def test_a_value_is_written_as_the_figure_is_shown(self):
        self.assertEqual(figures.as_shown("98.4%", 0.9845129737807363), "98.5%")
        self.assertEqual(figures.as_shown("669", 606.94), "607")
        self.assertEqual(figures.as_shown("0.9845", 0.98274), "0.9827")


def check(function, text, commands=None):
    report = figures.Report()
    function(report, text, commands or FakeCommands())
    return report


class ReadmeTests(unittest.TestCase):
    def test_matching_figures_pass(self):
        report = check(figures.check_readme, README)
        self.assertEqual(report.wrong, [])
        self.assertEqual((report.checked, report.unchecked), (10 + 2 + 1 + 1, 0))

    def test_each_kind_of_figure_that_differs_is_named_with_its_line_and_command(self):
        bench = "`.build/release/transition-bench behavior --synthetic 10000 --seed 1`"
        for old, new, message in [
            ("| 43.7% | 79.0%", "| 43.6% | 79.0%", f"README.md:12: models table, classic, 'recorded page turns finished', shows 43.6%; "
                                                   f"{bench} prints 0.4374405651406059 (column finished_of_intended_finish, "
                                                   "classic on bioident-gallery-swipes.csv)"),
            ("**99.9%**", "**99.8%**", "README.md:13: models table, physics, 'synthetic intent match', shows 99.8%;"),
            ("7,361 recorded", "7,360 recorded", f"README.md:7: the bioident-gallery-swipes.csv gestures' count shows 7,360; {bench} prints 7361"),
            ("those 17,361", "those 17,360", f"README.md:15: 'over those N gestures' shows 17,360; {bench} prints 17361"),
            ("(40,602 rows)", "(40,601 rows)", "README.md:3: the default sweep's row count shows 40,601; "
                                               "`.build/release/transition-sweep --output FILE (its rows)` prints 40602"),
        ]:
            report = check(figures.check_readme, README.replace(old, new))
            self.assertEqual(len(report.wrong), 1, report.wrong)
            self.assertIn(message, report.wrong[0])

    def test_a_row_or_column_the_check_does_not_know_fails(self):
        report = check(figures.check_readme, README.replace("| classic (UIKit", "| spring (UIKit"))
        self.assertIn("README.md:12: models table: row 'spring' is no bench model this check knows (README_MODELS)", report.wrong)
        report = check(figures.check_readme, README.replace("median peak acceleration (travels/s²)", "peak"))
        self.assertIn("README.md:12: models table: column 'peak' has no command figure (README_COLUMNS)", report.wrong)

    def test_without_the_recorded_file_its_figures_are_counted_as_not_checked(self):
        report = check(figures.check_readme, README, FakeCommands(recorded=False))
        self.assertEqual(report.wrong, [])
        self.assertEqual((report.checked, report.unchecked), (2 + 1 + 1, 8 + 1 + 1))


class ProseTests(unittest.TestCase):
    def test_figures_wrapped_across_doc_comment_lines_are_found_and_pass(self):
        report = check(PROSE.check, DOC_COMMENT)
        self.assertEqual((report.wrong, report.checked), ([], 3))

    def test_a_figure_that_differs_names_file_line_figure_command_and_value(self):
        report = check(PROSE.check, DOC_COMMENT.replace("\n    /// 126 travels", "\n    /// 127 travels"))
        self.assertEqual(report.wrong, [
            "Model.swift:4: median peak acceleration shows 127; `.build/release/transition-bench behavior --made-up` prints 126.2 "
            "(column median_peak_acceleration_per_s2, physics on bioident-gallery-swipes.csv)"])
        report = check(PROSE.check, DOC_COMMENT.replace("0.40 s", "0.41 s"))
        self.assertEqual(len(report.wrong), 1)
        self.assertIn("Model.swift:3: median completion shows 0.41;", report.wrong[0])
        self.assertIn("prints 0.40 (column median_completion_time_s, physics, response_s 0.3 on bioident-gallery-swipes.csv)",
                      report.wrong[0])

    def test_a_changed_sentence_fails_rather_than_going_unchecked(self):
        report = check(PROSE.check, DOC_COMMENT.replace("Measured on", "Seen on"))
        self.assertEqual(len(report.wrong), 1)
        self.assertIn("Model.swift:0: no text matches", report.wrong[0])

    def test_a_figure_awaiting_a_fix_passes_only_while_figure_and_value_are_the_ones_listed(self):
        wrong = DOC_COMMENT.replace("0.40 s", "0.41 s")
        entry = ("Model.swift", "median completion", "0.41", "0.40")
        original = list(figures.AWAITING_FIX)
        try:
            figures.AWAITING_FIX[:] = [entry]
            report = check(PROSE.check, wrong)
            self.assertEqual((report.wrong, len(report.awaiting)), ([], 1))
            # The command prints another value: the entry no longer covers it.
            figures.AWAITING_FIX[:] = [("Model.swift", "median completion", "0.41", "0.39")]
            self.assertEqual(len(check(PROSE.check, wrong).wrong), 1)
            # The figure was corrected: the entry must go.
            figures.AWAITING_FIX[:] = [entry]
            report = check(PROSE.check, DOC_COMMENT)
            self.assertEqual(len(report.wrong), 1)
            self.assertIn("which is now right: remove its AWAITING_FIX entry", report.wrong[0])
        finally:
            figures.AWAITING_FIX[:] = original


def history(root, files):
    """check_history's report on `files` (path: text) written under `root`."""
    for path, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as file:
            file.write(text)
    report = figures.Report()
    figures.check_history(report, root, list(files))
    return report


class HistoryTests(unittest.TestCase):
    def test_a_before_after_figure_outside_the_changelog_fails(self):
        with tempfile.TemporaryDirectory() as root:
            files = {
                "docs/a.md": "Intent match 98.45% -> 98.44%.\n| 1 | 75.33 → 75.40 |\nA map `Spring(duration: 0.5)` -> (mass).\n",
                "CHANGELOG.md": "physics 98.45% -> 98.44%\n",
                "Sources/X/A.swift": "/// 13.7 -> 0.22 widths\nlet a = 1 // 1 -> 2\n",
                "Tests/XTests/A.swift": "/// 1 -> 2\n",
            }
            report = history(root, files)
            self.assertEqual([line.split(": a before")[0] for line in report.wrong], ["docs/a.md:1", "docs/a.md:2", "Sources/X/A.swift:1"])
            self.assertIn("history goes to CHANGELOG.md", report.wrong[0])

    def test_before_and_after_in_words_outside_the_changelog_fails(self):
        with tempfile.TemporaryDirectory() as root:
            files = {
                # Each line of docs/a.md is history; docs/b.md states what is.
                "docs/a.md": ("its bytes are unchanged (sha256 `ebb9eeb9322a...` before and after).\n"
                              "| `--estimator dropTolerant` (the default before `recommended`) | 98.4% |\n"
                              "chosen with the velocity estimator of the time (Flutter's tracker).\n"
                              "## Design facts and what was tried and not kept\n"
                              "- **Not kept: prefetching** 1, 2, 4 or 8 blocks ahead.\n"
                              "Median completion 0.41 s before, 0.40 s after.\n"
                              "The window was 100 ms, now 200 ms.\n"),
                "docs/b.md": ("velocity 0 after 100 ms without a move before lift-off.\n"
                              "| request | RSS before MB | RSS after MB |\n"
                              "a stroke released before the frame shown, after which the server answers.\n"),
                "CHANGELOG.md": "sha256 the same before and after; tried and not kept: prefetching.\n",
                "CONTRIBUTING.md": "Check the bytes on the default grids before and after.\n",
                "Sources/X/A.swift": "/// Not kept: a thread pool.\n// tried and not kept\n",
            }
            report = history(root, files)
            self.assertEqual([line.split(": a before")[0] for line in report.wrong],
                             [f"docs/a.md:{n}" for n in range(1, 8)] + ["Sources/X/A.swift:1"])
            self.assertIn("a before -> after in words", report.wrong[0])


BIN = os.path.join(".build", "release")


@unittest.skipUnless(os.path.exists(os.path.join(BIN, "transition-bench")), "no release build: make release")
class RealFiguresTests(unittest.TestCase):
    commands = None

    @classmethod
    def setUpClass(cls):
        cls.commands = figures.Commands(BIN, os.environ.get("FIGURES_CACHE"))
        cls.commands.prefetch([figures.BENCH, figures.SWEEP] + [c for claim in figures.FIGURES for c in claim.commands()])

    def test_the_figures_are_the_commands(self):
        report = figures.check_all(".", self.commands)
        self.assertEqual(report.wrong, [])

    def changed(self, path, old, new):
        """check_all on a copy of the checked files with `old` replaced by `new` in `path`."""
        with tempfile.TemporaryDirectory() as root:
            for claim_path in {"README.md", os.path.join("docs", "behaviour.md")} | {claim.path for claim in figures.FIGURES}:
                os.makedirs(os.path.join(root, os.path.dirname(claim_path)), exist_ok=True)
                shutil.copy(claim_path, os.path.join(root, claim_path))
            with open(os.path.join(root, path), encoding="utf-8") as file:
                text = file.read()
            self.assertIn(old, text)
            with open(os.path.join(root, path), "w", encoding="utf-8") as file:
                file.write(text.replace(old, new, 1))
            return figures.check_all(root, self.commands).wrong

    def test_a_changed_figure_in_the_readme_fails(self):
        # The physics row as the README has it now, its first figure (recorded page turns
        # finished) raised by 0.1 point.
        with open("README.md", encoding="utf-8") as readme:
            row = next(line.rstrip("\n") for line in readme if line.startswith("| **physics**"))
        shown = re.search(r"\*\*(\d+\.\d)%\*\*", row)
        raised = f"{float(shown.group(1)) + 0.1:.1f}%"
        wrong = self.changed("README.md", row, row.replace(shown.group(0), f"**{raised}**", 1))
        self.assertEqual(len(wrong), 1, wrong)
        self.assertIn(f"'recorded page turns finished', shows {raised}", wrong[0])

    def test_a_changed_figure_in_docs_fails(self):
        wrong = self.changed(os.path.join("docs", "behaviour.md"), "| shortFastFlick (finish) | 0.0% |", "| shortFastFlick (finish) | 0.1% |")
        self.assertEqual(len(wrong), 1, wrong)
        self.assertIn("docs/behaviour.md:", wrong[0])
        self.assertIn("intent match per family, shortFastFlick, classic, shows 0.1%", wrong[0])

    def test_a_changed_figure_in_a_doc_comment_and_in_an_article_fails(self):
        wrong = self.changed(figures.SPRING_MODEL, "Measured on the 7,361 recorded", "Measured on the 7,362 recorded")
        self.assertEqual(len(wrong), 1, wrong)
        self.assertIn(f"{figures.SPRING_MODEL}:", wrong[0])
        self.assertIn("shows 7,362; `.build/release/transition-bench behavior --builtin classic --model physics", wrong[0])
        wrong = self.changed(figures.CHOOSING, "the 10,000 synthetic gestures", "the 10,001 synthetic gestures")
        self.assertEqual(len(wrong), 1, wrong)
        self.assertIn("the synthetic gestures shows 10,001;", wrong[0])

    def test_a_changed_figure_in_velocity_traces_tuning_behaviour_and_references_fails(self):
        for path, old, new, message in (
                (os.path.join("docs", "velocity.md"), "| `.recommended` | 98.8% |", "| `.recommended` | 98.9% |",
                 "row 'LeastSquaresVelocityEstimator.recommended', 'recorded page turns finished', shows 98.9%"),
                (os.path.join("docs", "velocity.md"), "| `.dropTolerant` | this package, tuned on 60 Hz | 47.9% /",
                 "| `.dropTolerant` | this package, tuned on 60 Hz | 47.8% /", "'60 Hz', shows 47.8%"),
                (os.path.join("docs", "traces.md"), "has 76 such strokes", "has 77 such strokes", "shows 77"),
                (os.path.join("docs", "traces.md"), "(it ends at progress 0.38 < 0.5)", "(it ends at progress 0.39 < 0.5)",
                 "the hand-made swipe's release progress shows 0.39"),
                (os.path.join("docs", "tuning.md"), "| response 0.2 s | 0.0134 / 0.0122 |", "| response 0.2 s | 0.0135 / 0.0122 |",
                 "p90_overshoot at {'response_s': 0.2, 'damping_ratio': 0.8} on bioident-gallery-swipes.csv, shows 0.0135"),
                (os.path.join("docs", "tuning.md"), "2 of 6 families pick otherwise", "3 of 6 families pick otherwise",
                 "is not what `.build/release/transition-bench behavior --synthetic 2000 --seed 7"),
                (os.path.join("docs", "behaviour.md"), "| `--estimator impulse` | 92.4% | 95.4% | 89.0% (hesitateBelowMiddle) |",
                 "| `--estimator impulse` | 92.4% | 95.4% | 89.0% (slowDragPastMiddle) |", "the weakest family shown is"),
                (os.path.join("docs", "behaviour.md"), "| | gap 0.25 | 98.4% |", "| | gap 0.25 | 98.3% |",
                 "bioident-gallery-swipes.csv, gap 0.25, 'meant to finish: at 1', shows 98.3%"),
                (os.path.join("docs", "behaviour.md"), "| recorded | minimum-jerk, duration rule | 0.118 / 0.177 |",
                 "| recorded | minimum-jerk, duration rule | 0.118 / 0.178 |",
                 "bioident-gallery-swipes.csv, minimum-jerk, duration rule, 'at the spring's peak"),
                (os.path.join("docs", "references.md"), "only 44% of these intended", "only 46% of these intended",
                 "the recording's strokes past half the width shows 46%; `.build/release/transition-bench traces`"),
                (os.path.join("docs", "references.md"), "median interval 17 ms.", "median interval 16 ms.",
                 "the recording's median sample interval (ms) shows 16"),
                (os.path.join("docs", "behaviour.md"), "(a median 1 ms) before them", "(a median 2 ms) before them",
                 "the median gap before an up repeating a recent move (ms) shows 2"),
                (os.path.join("docs", "behaviour.md"), "refuses 106 of 7,361", "refuses 107 of 7,361",
                 "refused by a 10 px lock at ratio 1 shows 107"),
                (f"{figures.PHYSICS}/Velocity/WeightedVelocityEstimator.swift", "median error 17.0% at 120 Hz",
                 "median error 17.1% at 120 Hz", "weighted: median error at 120 Hz shows 17.1%; `.build/release/transition-bench estimators`")):
            with self.subTest(path=path, new=new):
                wrong = self.changed(path, old, new)
                self.assertEqual(len(wrong), 1, wrong)
                self.assertIn(message, wrong[0])


class RecordingTests(unittest.TestCase):
    PRINTED = f"{figures.RECORDED}: 3 strokes\nstroke duration, touch-down to lift-off, ms: median 155\npast half: 43.7%\n"

    def test_a_statistic_is_read_as_printed_and_a_percentage_as_a_fraction(self):
        self.assertEqual(figures.recording(r"ms: median ([\d.]+)")(self.PRINTED), 155)
        self.assertAlmostEqual(figures.recording(r"past half: ([\d.]+%)")(self.PRINTED), 0.437)

    def test_without_the_recorded_file_a_statistic_is_not_checked(self):
        self.assertIsNone(figures.recording(r"ms: median ([\d.]+)")("other.csv: 3 strokes\n"))

    def test_a_line_the_command_no_longer_prints_fails(self):
        with self.assertRaises(figures.Failure):
            figures.recording(r"median speed ([\d.]+) travels/s")(self.PRINTED)


if __name__ == "__main__":
    unittest.main()
