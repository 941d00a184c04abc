"""Tests/docs/readme_figures.py finds a figure that differs from its command's: on made-up
tables, and on the real README and docs/behaviour.md against the real bench when the release
build is there (`make release`), each with one figure changed. Run with
`python3 -m unittest -q Tests/docs/test_readme_figures.py` from the repository's root."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import readme_figures as figures  # noqa: E402

HEADER = ("model,source,traces,finished_of_intended_finish,cancelled_of_intended_cancel,intent_match_rate,"
          "median_velocity_jump_per_s,median_completion_time_s,median_visual_completion_s,median_peak_acceleration_per_s2")
BENCH_CSV = "\n".join([
    HEADER,
    "classic,bioident-gallery-swipes.csv,7361,0.4374405651406059,,0.4374405651406059,3.7040238694776315,0.10,0.09695019704246521,145.0370820732141",
    "physics,bioident-gallery-swipes.csv,7361,0.98301,,0.98301,0.0,0.40,0.3690,126.2",
    "classic,synthetic,10000,0.667,0.914,0.79049,1.891,0.079,0.076,187",
    "physics,synthetic,10000,0.998,1.0,0.99949,0.0,0.375,0.367,99",
]) + "\n"

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


class ReadmeTests(unittest.TestCase):
    bench = figures.bench_table(BENCH_CSV)

    def test_matching_figures_pass(self):
        wrong, checked, unchecked = figures.check_readme(README, self.bench, 40602)
        self.assertEqual(wrong, [])
        self.assertEqual((checked, unchecked), (10 + 2 + 1 + 1, 0))

    def test_each_kind_of_figure_that_differs_is_named(self):
        for old, new, message in [
            ("| 43.7% | 79.0%", "| 43.6% | 79.0%", "README, models table, classic, 'recorded page turns finished': shows 43.6%, "
                                                   "the bench prints 0.4374405651406059"),
            ("**99.9%**", "**99.8%**", "README, models table, physics, 'synthetic intent match': shows 99.8%"),
            ("7,361 recorded", "7,360 recorded", "README: 7,360 bioident-gallery-swipes.csv gestures, the bench read 7361"),
            ("those 17,361", "those 17,360", "README: 'over those 17,360 gestures', the bench read 17361"),
            ("(40,602 rows)", "(40,601 rows)", "README: the default sweep has 40,601 rows, transition-sweep wrote 40602"),
        ]:
            wrong, _, _ = figures.check_readme(README.replace(old, new), self.bench, 40602)
            self.assertEqual(len(wrong), 1, wrong)
            self.assertIn(message, wrong[0])

    def test_a_row_or_column_the_check_does_not_know_fails(self):
        wrong, _, _ = figures.check_readme(README.replace("| classic (UIKit", "| spring (UIKit"), self.bench, 40602)
        self.assertIn("README, models table: row 'spring' is no bench model this check knows (README_MODELS)", wrong)
        wrong, _, _ = figures.check_readme(README.replace("median peak acceleration (travels/s²)", "peak"), self.bench, 40602)
        self.assertIn("README, models table: column 'peak' has no command figure (README_COLUMNS)", wrong)

    def test_without_the_recorded_file_its_figures_are_counted_as_not_checked(self):
        synthetic_only = {key: row for key, row in self.bench.items() if key[1] == "synthetic"}
        wrong, checked, unchecked = figures.check_readme(README, synthetic_only, 40602)
        self.assertEqual(wrong, [])
        self.assertEqual((checked, unchecked), (2 + 1 + 1, 8 + 1 + 1))


@unittest.skipUnless(os.path.exists(os.path.join(".build", "release", "transition-bench")), "no release build: make release")
class RealFiguresTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bench = figures.bench_table(figures.run([os.path.join(".build", "release", "transition-bench"), *figures.BENCH]))
        with open("README.md", encoding="utf-8") as readme:
            cls.readme = readme.read()
        with open(os.path.join("docs", "behaviour.md"), encoding="utf-8") as doc:
            cls.behaviour = doc.read()

    def test_the_docs_figures_are_the_benchs(self):
        self.assertEqual(figures.check_readme(self.readme, self.bench, None)[0], [])
        self.assertEqual(figures.check_behaviour(self.behaviour, self.bench)[0], [])

    def test_a_changed_figure_in_the_real_docs_fails(self):
        readme = self.readme.replace("| **98.3%** | **99.9%** | **0.000** | 126 |", "| **98.4%** | **99.9%** | **0.000** | 126 |", 1)
        self.assertNotEqual(readme, self.readme)
        wrong, _, _ = figures.check_readme(readme, self.bench, None)
        self.assertEqual(len(wrong), 1, wrong)
        self.assertIn("'recorded page turns finished': shows 98.4%", wrong[0])
        behaviour = self.behaviour.replace("| shortFastFlick (finish) | 0.0% |", "| shortFastFlick (finish) | 0.1% |", 1)
        self.assertNotEqual(behaviour, self.behaviour)
        wrong, _, _ = figures.check_behaviour(behaviour, self.bench)
        self.assertEqual(wrong, ["docs/behaviour.md, intent match per family, shortFastFlick, classic: shows 0.1%, the bench prints 0.0"])


if __name__ == "__main__":
    unittest.main()
