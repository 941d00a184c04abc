#!/usr/bin/env python3
"""Every deterministic figure of the README, the docs, the DocC articles and the doc comments
against the command that prints it: each figure, as shown (its digits, a percent sign,
thousands separators, bold), must be the command's value rounded to the digits shown.
Machine-dependent timings are not figures here: they live in docs/throughput.md and
docs/sweeps.md with their machine and command, and other pages link there.

Where the figures are (FIGURES below lists each with its command):

- README, "The claim, measured": the models table and its counts; the default sweep's row count.
- docs/behaviour.md, "Latest run", "Intent match per synthetic family", the spring-response table
  and the sentence read from it, and the seeds 1-5 intent-match table.
- TransitionTraces' doc comments: `TracePlausibility.maximumReleaseSpeed` (the recorded swipes
  over the limit, from the bench's warning on standard error).
- TransitionPhysics' doc comments: `ProjectedSpringModel.defaultSpring`,
  `ProjectedSpringModel.defaultDecelerationRate`, `LeastSquaresVelocityEstimator.recommended`
  and `ImpulseVelocityEstimator` (the recorded finish rates).
- DocC: TransitionPhysics' "Choosing a spring" (its table and the prose read from it),
  "Getting started"; TransitionBatch's "Simulating millions of releases" (the gesture count).
- docs/velocity.md: both tables `transition-bench estimators` prints, the 1 pt noise medians, the
  replay's figures with `.recommended` and `--estimator dropTolerant`.
- docs/traces.md: the recorded swipes' count and those released faster than a finger.
- docs/behaviour.md, beyond the tables above: physics under each estimator (a bench run per
  replay), the detent policies (`--detent-policies`' text table) and the figures of the prose
  read from the "Latest run" and spring tables.
- docs/behaviour.md's completion-shape table and ChoosingASpring's figure read from it: notebook 05
  run by the notebooks' Python (notebooks/.venv, `make venv`) on the two bench runs it reads.
- docs/tuning.md: the example's p90 overshoot table, its picks with and without
  `--max-overshoot 1`, and its footer as printed.
- docs/references.md's "The recorded swipes" and docs/behaviour.md's statistics of the
  recording (sampling, lift-off samples, the fling cap, the axis lock's refusals), and the same
  statistics in the doc comments of `ReleaseSamples`, `LeastSquaresVelocityEstimator` and
  `TouchSamplingModel`: `transition-bench traces`.

A figure that differs fails, naming the file and line, the figure as shown, the command (as a
person would type it, from the checkout's root) and the value it printed. The commands run once
each, two at a time, from the release build `make release` links into .build/release (`--bin DIR`
for another folder): about a minute in all on two free cores; with FIGURES_CACHE (a folder) their
outputs are kept there for the next run with the same binaries. The recorded swipes' figures need the recorded file, which the bench
finds as docs/traces.md says ("The recorded swipes"); without it they are reported as not checked.

Figures inside Sources/TransitionPhysics that were found wrong while that folder was being
restructured by someone else are listed in AWAITING_FIX with the figure shown and the value
printed: each is reported on every run and passes only while both are exactly those (a new
command value, or a corrected figure, fails until the entry goes).

Exit 0 when every figure matches, 1 naming each that does not, 2 when a command cannot run."""
import concurrent.futures
import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile

RECORDED = "bioident-gallery-swipes.csv"
SYNTHETIC = "synthetic"
# `make bench`'s command, the one most figures come from.
BENCH = ("behavior", "--synthetic", "10000", "--seed", "1")
SWEEP = ("transition-sweep", "--output", "FILE")
# A bench command whose text table (the default --format) is read, not its CSV.
TEXT = "(table)"
# A bench command whose `--per-trace` file is read (one row per trace and model), not its table.
PER_TRACE = "(per-trace)"


class Failure(Exception):
    """A command could not run (exit 2)."""


# ----------------------------------------------------------------------------------------------
# Figures as shown


def plain(cell):
    return cell.replace("**", "").replace("`", "").strip()


def matches(shown, value):
    """Whether `shown` (a table cell or a count: "98.3%", "**0.000**", "7,361", "-") is `value`
    (a fraction for a percentage; None for no value) rounded to the digits shown."""
    text = plain(shown).replace(",", "")
    if text == "-":
        return value is None
    if value is None:
        return False
    scale = 1
    if text.endswith("%"):
        text, scale = text[:-1], 100
    try:
        number = float(text)
    except ValueError:
        return False
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(number - value * scale) <= 0.5 * 10 ** -decimals * (1 + 1e-9)


def as_shown(shown, value):
    """`value` written as `shown` writes its figure (digits after the point, percent sign)."""
    text = plain(shown).replace(",", "")
    if value is None:
        return "-"
    percent = text.endswith("%")
    decimals = len(text.rstrip("%").split(".")[1]) if "." in text else 0
    return f"{value * (100 if percent else 1):.{decimals}f}" + ("%" if percent else "")


def number(cell):
    return None if cell in ("", None) else float(cell)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def table_after(text, marker, path="the text"):
    """(header cells, [(line number, cells)]) of the first markdown table after the line
    containing `marker`; raises Failure when there is none."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if marker in line), None)
    if start is None:
        raise Failure(f"{path}: no line with {marker!r}")
    if not lines[start].startswith("|"):
        start += 1
    rows = []
    for i, line in enumerate(lines[start:], start + 1):
        if line.startswith("|"):
            rows.append((i, [cell.strip() for cell in line.strip().strip("|").split("|")]))
        elif rows:
            break
    if len(rows) < 2:
        raise Failure(f"{path}: no table after {marker!r}")
    return rows[0][1], rows[2:]


# A figure in prose: digits with optional thousands separators, decimals and percent sign.
N = r"(-?[\d,]*\d(?:\.\d+)?%?)"


def flexible(pattern):
    """`pattern` with each space matching any run of white space and doc-comment slashes, so
    that a phrase may wrap across `///` lines."""
    return pattern.replace(" ", r"(?:\s|///)+")


# ----------------------------------------------------------------------------------------------
# Commands


class Commands:
    """Runs each command once (two at a time) and keeps its output: a bench run's CSV as rows,
    the default sweep's row count, the bench's text table (a command starting with TEXT) and
    `estimators`' Markdown tables as text.

    With `cache` (a folder; `make figures-test` gives figures.py and its tests one temporary
    folder through FIGURES_CACHE), each command's output is kept there under the command and the
    binaries' size and time, so the tests reuse the run figures.py made."""

    def __init__(self, binaries, cache=None):
        self.binaries = binaries
        self.cache = cache
        self.outputs = {}
        # Each bench command's standard error (its warnings), by command.
        self.errors = {}

    def tool(self, name):
        return os.path.join(self.binaries, name)

    def prefetch(self, commands):
        missing = [c for c in dict.fromkeys(commands) if c not in self.outputs]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for command, output in zip(missing, pool.map(self._run, missing)):
                self.outputs[command] = output

    def get(self, command):
        if command not in self.outputs:
            self.outputs[command] = self._run(command)
        return self.outputs[command]

    def _run(self, command):
        key = None
        if self.cache:
            identity = [command] + [[os.stat(self.tool(name)).st_size, os.stat(self.tool(name)).st_mtime_ns]
                                    for name in ("transition-bench", "transition-sweep") if os.path.exists(self.tool(name))]
            key = os.path.join(self.cache, hashlib.sha256(json.dumps(identity).encode()).hexdigest() + ".json")
            if os.path.exists(key):
                with open(key, encoding="utf-8") as cached:
                    stdout, stderr = json.load(cached)
                return self._parse(command, stdout, stderr)
        if command == SWEEP:
            with tempfile.TemporaryDirectory() as folder:
                output = os.path.join(folder, "sweep.csv")
                run([self.tool("transition-sweep"), "--output", output])
                with open(output, encoding="utf-8") as sweep:
                    stdout, stderr = str(sum(1 for _ in sweep) - 1), ""
        elif command[0] == PER_TRACE:
            with tempfile.TemporaryDirectory() as folder:
                output = os.path.join(folder, "per-trace.csv")
                result = run([self.tool("transition-bench"), *command[1:], "--per-trace", output], whole=True)
                with open(output, encoding="utf-8") as per_trace:
                    stdout, stderr = per_trace.read(), result.stderr
        elif command[0] in (TEXT, "estimators", "traces"):
            result = run([self.tool("transition-bench"), *command[command[0] == TEXT:]], whole=True)
            stdout, stderr = result.stdout, result.stderr
        else:
            result = run([self.tool("transition-bench"), *command, "--format", "csv"], whole=True)
            stdout, stderr = result.stdout, result.stderr
        if key:
            with open(key + ".partial", "w", encoding="utf-8") as cached:
                json.dump([stdout, stderr], cached)
            os.replace(key + ".partial", key)
        return self._parse(command, stdout, stderr)

    def _parse(self, command, stdout, stderr):
        self.errors[command] = stderr
        if command == SWEEP:
            return int(stdout)
        if command[0] in (TEXT, "estimators", "traces"):
            return stdout
        return bench_rows(stdout)

    def stderr(self, command):
        self.get(command)
        return self.errors[command]


def run(command, whole=False):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} exited {result.returncode}:\n{result.stderr}")
    return result if whole else result.stdout


def bench_rows(csv_text):
    return list(csv.DictReader(io.StringIO(csv_text)))


def typed(command):
    """The command as a person types it from the checkout's root."""
    if command == SWEEP:
        return ".build/release/transition-sweep --output FILE (its rows)"
    if command[0] == TEXT:
        return ".build/release/transition-bench " + " ".join(command[1:])
    if command[0] == PER_TRACE:
        return ".build/release/transition-bench " + " ".join(command[1:]) + " --per-trace FILE"
    return ".build/release/transition-bench " + " ".join(command)


def pick(rows, source, model=None, **parameters):
    """The one bench row of `source` whose model is `model` (a variant of it too: `physics`
    is `physics` and `physics(...)`, not `physics-minimum-jerk`) and whose CSV columns equal
    `parameters` as numbers; None when the bench printed none (the recorded file absent)."""
    found = []
    for row in rows:
        if row["source"] != source:
            continue
        if model is not None and row["model"] != model and not row["model"].startswith(model + "("):
            continue
        if all(number(row[column]) == value for column, value in parameters.items()):
            found.append(row)
    if len(found) > 1:
        raise Failure(f"{len(found)} bench rows for {model} on {source} with {parameters}: the figure's selection is ambiguous")
    return found[0] if found else None


# ----------------------------------------------------------------------------------------------
# What is checked


class Report:
    def __init__(self):
        self.wrong, self.checked, self.unchecked, self.awaiting = [], 0, 0, []
        # AWAITING_FIX entries for the figures that differ (`--awaiting` prints them).
        self.entries = []

    def figure(self, path, line, what, shown, command, row, column, value=None, where=None):
        """One figure: `shown` against `row[column]` (or `value` when given; `row` None when the
        recorded file is absent, then not checked)."""
        if value is None and row is None:
            self.unchecked += 1
            return
        printed = value if value is not None else number(row[column])
        self.checked += 1
        listed = [entry for entry in AWAITING_FIX if entry[:2] == (path, what)]
        awaiting = next((entry for entry in listed if entry[2] == plain(shown)), None)
        if matches(shown, printed):
            if listed:
                self.wrong.append(f"{path}:{line}: {what} shows {plain(shown)}, which is now right: remove its AWAITING_FIX entry")
            return
        text = row[column] if value is None else repr(value)
        model = row["model"].split("(")[0] if value is None else ""
        selection = "".join(f", {key} {selected}" for key, selected in (where or {}).items())
        source = f" (column {column}, {model}{selection} on {row['source']})" if value is None else ""
        message = f"{path}:{line}: {what} shows {plain(shown)}; `{typed(command)}` prints {text or 'nothing'}{source}"
        if awaiting and matches(awaiting[3], printed):
            self.awaiting.append(message)
        else:
            self.wrong.append(message)
            self.entries.append((path, what, plain(shown), as_shown(shown, printed)))

    def problem(self, path, line, message):
        self.wrong.append(f"{path}:{line}: {message}")


# Figures in Sources/ (the library's and the lab's doc comments) found wrong while those folders
# are someone else's to edit:
# (file, which figure, the figure as shown, the command's value written as shown). Each passes
# only while the file shows exactly that figure and the command prints exactly that value;
# `figures.py --awaiting` prints the entries of the figures that differ now.
AWAITING_FIX = []


# The README's models table: its row labels (before any parenthesis, bold removed) and the
# bench's model names, and each column's source and CSV column.
README_MODELS = {
    "classic": "classic",
    "cupertino": "cupertino",
    "physics": "physics",
    "physics, minimum-jerk completion": "physics-minimum-jerk",
}
README_COLUMNS = {
    "recorded page turns finished": (RECORDED, "finished_of_intended_finish"),
    "synthetic intent match": (SYNTHETIC, "intent_match_rate"),
    "median velocity jump at release (travels/s)": (RECORDED, "median_velocity_jump_per_s"),
    "median peak acceleration (travels/s²)": (RECORDED, "median_peak_acceleration_per_s2"),
    "median visual completion (s)": (RECORDED, "median_visual_completion_s"),
}
# docs/behaviour.md's "Latest run" table: each column's CSV column (its rows name model and source).
BEHAVIOUR_COLUMNS = {
    "finished of intended finish": "finished_of_intended_finish",
    "cancelled of intended cancel": "cancelled_of_intended_cancel",
    "intent match": "intent_match_rate",
    "median velocity jump (widths/s)": "median_velocity_jump_per_s",
    "median completion (s)": "median_completion_time_s",
    "median visual completion (s)": "median_visual_completion_s",
    "median peak acceleration (widths/s²)": "median_peak_acceleration_per_s2",
}


def traces(rows, source):
    row = pick(rows, source, rows[0]["model"]) if rows else None
    return None if row is None else int(row["traces"])


def check_readme(report, readme, commands, path="README.md"):
    bench = commands.get(BENCH)
    header, rows = table_after(readme, "## The claim, measured", path)
    for line, row in rows:
        label = re.sub(r"\s*\(.*", "", plain(row[0]))
        model = README_MODELS.get(label)
        if model is None:
            report.problem(path, line, f"models table: row '{label}' is no bench model this check knows (README_MODELS)")
            continue
        for title, cell in zip(header[1:], row[1:]):
            if title not in README_COLUMNS:
                report.problem(path, line, f"models table: column '{title}' has no command figure (README_COLUMNS)")
                continue
            source, column = README_COLUMNS[title]
            found = pick(bench, source, model)
            if found is None and source != RECORDED:
                report.problem(path, line, f"models table: `{typed(BENCH)}` printed no row for {model} on {source}")
                continue
            report.figure(path, line, f"models table, {label}, '{title}',", cell, BENCH, found, column)

    counts = re.search(r"`make bench`: ([\d,]+) recorded page turns and ([\d,]+) labelled synthetic gestures", readme)
    if not counts:
        report.problem(path, 0, "the sentence '`make bench`: N recorded page turns and M labelled synthetic gestures' is missing")
    else:
        for group, source in ((1, RECORDED), (2, SYNTHETIC)):
            count = traces(bench, source)
            report.figure(path, line_of(readme, counts.start(group)), f"the {source} gestures' count", counts.group(group),
                          BENCH, None if count is None else {}, None, count)
    total = re.search(r"over those ([\d,]+) gestures", readme)
    if total:
        recorded, synthetic = traces(bench, RECORDED), traces(bench, SYNTHETIC) or 0
        report.figure(path, line_of(readme, total.start(1)), "'over those N gestures'", total.group(1), BENCH,
                      None if recorded is None else {}, None, None if recorded is None else recorded + synthetic)

    sweep = re.search(r"`make sweep` evaluates .*?\(([\d,]+) rows\)", readme, re.S)
    if not sweep:
        report.problem(path, 0, "the default sweep's '(N rows)' is missing")
    else:
        report.figure(path, line_of(readme, sweep.start(1)), "the default sweep's row count", sweep.group(1), SWEEP, {}, None,
                      commands.get(SWEEP))


def check_behaviour(report, doc, commands, path="docs/behaviour.md"):
    bench = commands.get(BENCH)
    header, rows = table_after(doc, "Latest run", path)
    for line, row in rows:
        model, source = plain(row[0]), plain(row[1])
        found = pick(bench, source, model)
        if found is None and source != RECORDED:
            report.problem(path, line, f"Latest run: `{typed(BENCH)}` printed no row for {model} on {source}")
            continue
        for title, cell in zip(header[2:], row[2:]):
            column = BEHAVIOUR_COLUMNS.get(title)
            if column is None:
                report.problem(path, line, f"Latest run: column '{title}' has no command figure (BEHAVIOUR_COLUMNS)")
                continue
            if found is None:
                report.unchecked += 1
                continue
            report.figure(path, line, f"Latest run, {model} on {source}, '{title}',", cell, BENCH, found, column)
    header, rows = table_after(doc, "Intent match per synthetic family", path)
    for line, row in rows:
        family = re.sub(r"\s*\(.*", "", plain(row[0]))
        for model, cell in zip(header[1:], row[1:]):
            found = pick(bench, f"{SYNTHETIC}/{family}", plain(model))
            if found is None:
                report.problem(path, line, f"intent match per family: `{typed(BENCH)}` printed no row for {plain(model)} on {family}")
                continue
            report.figure(path, line, f"intent match per family, {family}, {plain(model)},", cell, BENCH, found, "intent_match_rate")


def sentence(report, path, pattern, text):
    """The match of a FIGURES entry's sentence in `text`; None, reported, when the text has none."""
    found = pattern.search(text)
    if found is None:
        report.problem(path, 0, f"no text matches {pattern.pattern[:120]!r}: the sentence changed; "
                                "change its entry in Tests/docs/figures.py (FIGURES) with it")
    return found


class Prose:
    """Figures in running text (a doc comment or an article): `pattern` (spaces match any white
    space and `///`) captures each figure as a group; `figures` gives, for each group in order,
    (what it is, command, source, model, {column: value} selecting the row, CSV column)."""

    def __init__(self, path, pattern, figures):
        self.path, self.pattern, self.figures = path, re.compile(flexible(pattern), re.S), figures

    def commands(self):
        return [figure[1] for figure in self.figures]

    def check(self, report, text, commands):
        found = sentence(report, self.path, self.pattern, text)
        if found is None:
            return
        for group, (what, command, source, model, where, column) in enumerate(self.figures, 1):
            rows = commands.get(command)
            line = line_of(text, found.start(group))
            if column in ("traces", "all traces"):
                count = traces(rows, source) if column == "traces" else None
                if column == "all traces" and traces(rows, RECORDED) is not None:
                    count = traces(rows, RECORDED) + (traces(rows, SYNTHETIC) or 0)
                report.figure(self.path, line, what, found.group(group), command, None if count is None else {}, None, count)
                continue
            row = pick(rows, source, model, **where)
            if row is None and source != RECORDED:
                report.problem(self.path, line, f"{what}: `{typed(command)}` printed no row for {model} {where} on {source}")
                continue
            report.figure(self.path, line, what, found.group(group), command, row, column, where=where)


class SpringTable:
    """"Choosing a spring"'s table: rows named 'response R s, ratio D', columns by source and
    metric, from its two commands."""

    COLUMNS = {
        "recorded: finished of intended": (RECORDED, "finished_of_intended_finish"),
        "recorded: median completion (s)": (RECORDED, "median_completion_time_s"),
        "recorded: median peak acceleration (travels/s²)": (RECORDED, "median_peak_acceleration_per_s2"),
        "synthetic: intent match": (SYNTHETIC, "intent_match_rate"),
        "synthetic: median completion (s)": (SYNTHETIC, "median_completion_time_s"),
        "synthetic: median peak acceleration (travels/s²)": (SYNTHETIC, "median_peak_acceleration_per_s2"),
        "synthetic: median overshoot (travel)": (SYNTHETIC, "median_overshoot"),
    }

    def __init__(self, path, marker, by_response, by_ratio=None, columns=None):
        self.path, self.marker, self.by_response, self.by_ratio = path, marker, by_response, by_ratio or by_response
        self.columns = columns or self.COLUMNS

    def commands(self):
        return [self.by_response, self.by_ratio]

    def check(self, report, text, commands):
        header, rows = table_after(text, self.marker, self.path)
        for line, row in rows:
            label = re.match(r"response ([\d.]+) s, ratio ([\d.]+)", plain(row[0]))
            if label is None and plain(row[0]).startswith("classic"):
                for title, cell in zip(header[1:], row[1:]):
                    source, column = self.columns[title]
                    found = pick(commands.get(self.by_response), source, "classic")
                    report.figure(self.path, line, f"row '{plain(row[0])}', '{title}',", cell, self.by_response, found, column)
                continue
            if label is None:
                report.problem(self.path, line, f"row '{plain(row[0])}' is not 'response R s, ratio D'")
                continue
            response, ratio = float(label.group(1)), float(label.group(2))
            command = self.by_ratio if ratio != 1 else self.by_response
            for title, cell in zip(header[1:], row[1:]):
                if title not in self.columns:
                    report.problem(self.path, line, f"column '{title}' has no command figure (SpringTable.columns)")
                    continue
                source, column = self.columns[title]
                found = pick(commands.get(command), source, "physics", response_s=response, damping_ratio=ratio)
                if found is None and source != RECORDED:
                    report.problem(self.path, line, f"`{typed(command)}` printed no row for response {response}, ratio {ratio}")
                    continue
                report.figure(self.path, line, f"row '{plain(row[0])}', '{title}',", cell, command, found, column,
                              where={"response_s": response, "damping_ratio": ratio})


class SeedTable:
    """A table of intent match in percent without the sign, one row per seed and model, one
    column per source (`synthetic`, then families): `behavior --synthetic 10000 --seed S`."""

    def __init__(self, path, marker):
        self.path, self.marker = path, marker

    @staticmethod
    def command(seed):
        return ("behavior", "--synthetic", "10000", "--seed", str(seed))

    def commands(self):
        return [self.command(seed) for seed in range(1, 6)]

    def check(self, report, text, commands):
        header, rows = table_after(text, self.marker, self.path)
        for line, row in rows:
            seed, model = int(plain(row[0])), plain(row[1])
            command = self.command(seed)
            for title, cell in zip(header[2:], row[2:]):
                source = SYNTHETIC if title == SYNTHETIC else f"{SYNTHETIC}/{title}"
                found = pick(commands.get(command), source, model)
                if found is None:
                    report.problem(self.path, line, f"`{typed(command)}` printed no row for {model} on {source}")
                    continue
                report.figure(self.path, line, f"seed {seed}, {model}, '{title}' (percent),", plain(cell) + "%", command, found,
                              "intent_match_rate")


class OneCommandSentence:
    """A sentence of a doc (`pattern`: spaces match any white space and `///`) read against one
    command's output."""

    def __init__(self, path, pattern, command):
        self.path, self.pattern, self.command = path, re.compile(flexible(pattern), re.S), command

    def commands(self):
        return [self.command]


class Warning_(OneCommandSentence):
    """A count in a doc that the bench prints in a warning on standard error: `pattern` captures
    the figure in the file, `printed` the count in the command's standard error (None when the
    recorded file is absent)."""

    def __init__(self, path, pattern, what, command, printed):
        OneCommandSentence.__init__(self, path, pattern, command)
        self.what, self.printed = what, re.compile(printed)

    def check(self, report, text, commands):
        found = sentence(report, self.path, self.pattern, text)
        if found is None:
            return
        rows = commands.get(self.command)
        printed = self.printed.search(commands.stderr(self.command))
        recorded = traces(rows, RECORDED) is not None
        value = int(printed.group(1)) if printed else (0 if recorded else None)
        report.figure(self.path, line_of(text, found.start(1)), self.what, found.group(1), self.command,
                      {} if recorded else None, None, value)


def markdown_tables(text):
    """Every Markdown table of a command's text output: [(header cells, [row cells])]."""
    tables, rows = [], []
    for line in text.split("\n") + [""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            tables.append((rows[0], rows[2:]))
            rows = []
    return tables


def printed_number(text):
    """A figure as a command prints it ("8.6%", "+10.6%", "0.983") as a number (a percentage
    as a fraction)."""
    text = plain(text).replace(",", "")
    return float(text[:-1]) / 100 if text.endswith("%") else float(text)


def field(rows, source, model, column, **where):
    """`column` of the bench row `pick` selects, as a number; None when the recorded file is
    absent (its rows missing); a missing synthetic row cannot be checked (Failure)."""
    row = pick(rows, source, model, **where)
    if row is None:
        if source == RECORDED:
            return None
        raise Failure(f"no bench row for {model} {where} on {source}")
    return number(row[column])


def variant(rows, source, **where):
    """The bench row of the physics variant (not the `physics` preset) with these parameters."""
    found = [row for row in rows if row["source"] == source and row["model"].startswith("physics(")
             and all(number(row[column]) == value for column, value in where.items())]
    if len(found) > 1:
        raise Failure(f"{len(found)} variant rows with {where} on {source}")
    return found[0] if found else None


class Computed(Prose):
    """Figures in running text computed from a command's output: as Prose, but `figures` gives,
    for each group in order, (what it is, command, a function of the command's output giving the
    figure's value, or None when it needs the recorded file and the bench found none)."""

    def check(self, report, text, commands):
        found = sentence(report, self.path, self.pattern, text)
        if found is None:
            return
        for group, (what, command, value) in enumerate(self.figures, 1):
            printed = value(commands.get(command))
            report.figure(self.path, line_of(text, found.start(group)), what, found.group(group), command,
                          None if printed is None else {}, None, printed)


class OutputTable:
    """A table of a doc that is a Markdown table a command prints (`index`: which of its tables),
    row by row (the first backticked text of a row names it; a doc's `.name` or `(arguments)`
    is `prefix` + it) and column by column (the same positions; a cell's figures separated by
    " / ", each against the printed one)."""

    def __init__(self, path, marker, command, index, prefix=""):
        self.path, self.marker, self.command, self.index, self.prefix = path, marker, command, index, prefix

    def commands(self):
        return [self.command]

    def key(self, cell):
        name = re.match(r"\s*(?:\*\*)?`([^`]+)`", cell)
        name = name.group(1) if name else plain(cell)
        return self.prefix + name if name[:1] in ".(" else name

    def check(self, report, text, commands):
        header, rows = table_after(text, self.marker, self.path)
        tables = markdown_tables(commands.get(self.command))
        if len(tables) <= self.index:
            if RECORDED in self.marker or self.index > 0:
                report.unchecked += sum(len(row) - 1 for _, row in rows)
                return
            raise Failure(f"`{typed(self.command)}` printed no table {self.index}")
        printed_header, printed_rows = tables[self.index]
        if len(printed_header) != len(header):
            report.problem(self.path, 0, f"table after {self.marker!r}: {len(header)} columns, `{typed(self.command)}` "
                                         f"prints {len(printed_header)}")
            return
        printed = {self.key(row[0]): row for row in printed_rows}
        for line, row in rows:
            name = self.key(row[0])
            if name not in printed:
                report.problem(self.path, line, f"row '{name}': `{typed(self.command)}` prints no such row")
                continue
            for column, (title, cell) in enumerate(zip(header, row)):
                if column == 0 or not all(re.fullmatch(r"[+-]?[\d,]*\d(?:\.\d+)?%?", part)
                                          for part in printed[name][column].split(" / ")):
                    continue
                shown, values = plain(cell).split(" / "), printed[name][column].split(" / ")
                if len(shown) != len(values):
                    report.problem(self.path, line, f"row '{name}', '{title}': {len(shown)} figures, the command prints "
                                                    f"{len(values)}")
                    continue
                for figure, value in zip(shown, values):
                    report.figure(self.path, line, f"row '{name}', '{title}',", figure, self.command, {}, None,
                                  printed_number(value))


def weakest_family(rows, model="physics"):
    """(intent match, family) of the model's weakest synthetic family."""
    families = [(number(row["intent_match_rate"]), row["source"].split("/", 1)[1]) for row in rows
                if row["source"].startswith(SYNTHETIC + "/") and row["model"] == model]
    if not families:
        raise Failure(f"no synthetic family rows for {model}")
    return min(families)


class ReplayTable:
    """behaviour.md's physics-under-each-estimator table: a row per replay (its backticked flags
    after `base`), the recorded finish rate, the synthetic intent match and the weakest family
    (its intent match and name)."""

    def __init__(self, path, marker, base):
        self.path, self.marker, self.base = path, marker, base

    def command(self, cell):
        return self.base + tuple(re.match(r"\s*`([^`]+)`", cell).group(1).split())

    def commands_in(self, text):
        return [self.command(row[0]) for _, row in table_after(text, self.marker, self.path)[1]]

    def commands(self):
        with open(self.path, encoding="utf-8") as file:
            return self.commands_in(file.read())

    def check(self, report, text, commands):
        header, rows = table_after(text, self.marker, self.path)
        for line, row in rows:
            if not re.match(r"\s*`[^`]+`", row[0]):
                report.problem(self.path, line, f"row '{row[0]}' names no replay flags in backticks")
                continue
            command = self.command(row[0])
            bench = commands.get(command)
            flags = " ".join(command[len(self.base):])
            report.figure(self.path, line, f"'{flags}', recorded finished,", row[1], command, pick(bench, RECORDED, "physics"),
                          "finished_of_intended_finish")
            report.figure(self.path, line, f"'{flags}', synthetic intent match,", row[2], command,
                          pick(bench, SYNTHETIC, "physics"), "intent_match_rate")
            weakest = re.match(r"\s*([\d.]+%) \((\w+)\)", plain(row[3]))
            rate, family = weakest_family(bench)
            if weakest is None or weakest.group(2) != family:
                report.problem(self.path, line, f"'{flags}': the weakest family shown is '{plain(row[3])}'; "
                                                f"`{typed(command)}` prints {family} at {rate}")
                continue
            report.figure(self.path, line, f"'{flags}', weakest family ({family}),", weakest.group(1), command, {}, None, rate)


class DetentTable:
    """behaviour.md's detent-policy table against the text table `--detent-policies` prints
    (source, policy, finish n, % at 1, 0.5, 0, cancel n, % at 0, 0.5, 1)."""

    SOURCES = {"recorded page turns": RECORDED, "synthetic": SYNTHETIC}

    def __init__(self, path, marker, command):
        self.path, self.marker, self.command = path, marker, command

    def commands(self):
        return [self.command]

    def check(self, report, text, commands):
        printed = {}
        for line in commands.get(self.command).split("\n"):
            cells = line.split()
            if len(cells) >= 10 and cells[-8].isdigit() and cells[-4].isdigit():
                printed[(cells[0], " ".join(cells[1:-8]))] = cells[-8:]
        header, rows = table_after(text, self.marker, self.path)
        source = None
        for line, row in rows:
            if plain(row[0]):
                label = re.match(r"(.*?) \(([\d,]+)\)", plain(row[0]))
                source = self.SOURCES.get(label.group(1)) if label else None
                if source is None:
                    report.problem(self.path, line, f"source '{plain(row[0])}' is none of {list(self.SOURCES)} with its count")
                    continue
                count = printed.get((source, "nearest"))
                if count is None and source == RECORDED:
                    report.unchecked += 1
                else:
                    report.figure(self.path, line, f"{source}'s gestures,", label.group(2), self.command, {} if count else None,
                                  None, int(count[0]) + int(count[4]) if count else None)
            policy = re.sub(r"\s*\(.*", "", plain(row[1]))
            found = printed.get((source, policy))
            if found is None:
                if source == RECORDED:
                    report.unchecked += len(row) - 2
                else:
                    report.problem(self.path, line, f"`{typed(self.command)}` prints no row for {policy} on {source}")
                continue
            percents = found[1:4] + found[5:8]
            for title, cell, value in zip(header[2:], row[2:], percents):
                if value == "-" or plain(cell) == "-":
                    report.checked += 1
                    if value != plain(cell):
                        report.problem(self.path, line, f"{source}, {policy}, '{title}', shows {plain(cell)}; "
                                                        f"`{typed(self.command)}` prints {value}")
                    continue
                report.figure(self.path, line, f"{source}, {policy}, '{title}',", cell, self.command, {}, None,
                              float(value) / 100)


class Excerpt:
    """A fenced block of a doc (the first after `marker`) that is part of a command's output, as
    printed (runs of white space read as one)."""

    def __init__(self, path, marker, command):
        self.path, self.marker, self.command = path, marker, command

    def commands(self):
        return [self.command]

    def check(self, report, text, commands):
        start = text.find(self.marker)
        block = re.search(r"```[^\n]*\n(.*?)```", text[start:], re.S) if start >= 0 else None
        if block is None:
            report.problem(self.path, 0, f"no fenced block after {self.marker!r}")
            return
        report.checked += 1
        if " ".join(block.group(1).split()) not in " ".join(commands.get(self.command).split()):
            report.problem(self.path, line_of(text, start + block.start(1)),
                           f"the block after {self.marker!r} is not what `{typed(self.command)}` prints")


PHYSICS = "Sources/TransitionPhysics"
SPRING_MODEL = f"{PHYSICS}/Release/ProjectedSpringModel.swift"
CHOOSING = f"{PHYSICS}/TransitionPhysics.docc/ChoosingASpring.md"
DEFAULT_SPRING = ("behavior", "--builtin", "classic", "--model", "physics", "--response", "0.15,0.2,0.25,0.3,0.35")
DECELERATION = ("behavior", "--synthetic", "10000", "--seed", "1", "--model", "physics", "--deceleration-rate", "0.995,0.998,0.999")
BY_RESPONSE = ("behavior", "--synthetic", "10000", "--seed", "1", "--model", "physics", "--response", "0.15,0.2,0.3,0.45")
RESPONSES = ("behavior", "--synthetic", "10000", "--seed", "1", "--builtin", "classic", "--model", "physics", "--response",
             "0.07,0.1,0.15,0.2,0.25,0.3,0.35")
BY_RATIO = ("behavior", "--synthetic", "10000", "--seed", "1", "--model", "physics", "--damping-ratio", "0.5,0.7,1")


def by_estimator(name):
    return ("behavior", "--builtin", "physics", "--estimator", name)


def spring_medians(what, column):
    return [(f"defaultSpring: median {what} at response {r} s", DEFAULT_SPRING, RECORDED, "physics", {"response_s": r}, column)
            for r in (0.15, 0.2, 0.25, 0.3, 0.35)]


FIGURES = [
    Prose(SPRING_MODEL, rf"Measured on the {N} recorded page turns", [
        ("defaultSpring: the recorded page turns", DEFAULT_SPRING, RECORDED, None, {}, "traces")]),
    Prose(SPRING_MODEL, rf"completion time \(median {N} / {N} / {N} / {N} / {N} s",
          spring_medians("completion time", "median_completion_time_s")),
    Prose(SPRING_MODEL, rf"peak acceleration \(median {N} / {N} / {N} / {N} / {N} travel",
          spring_medians("peak acceleration", "median_peak_acceleration_per_s2")),
    Prose(SPRING_MODEL, rf"classic 0.3 s easeInOut completion's \({N} travels per s²\)", [
        ("defaultSpring: classic's median peak acceleration", DEFAULT_SPRING, RECORDED, "classic", {},
         "median_peak_acceleration_per_s2")]),
    Prose(SPRING_MODEL, rf"intent match {N} at 0.995, {N} at 0.998 and {N} at 0.999",
          [(f"defaultDecelerationRate: intent match at {rate}", DECELERATION, SYNTHETIC, "physics",
            {"deceleration_rate_per_ms": rate}, "intent_match_rate") for rate in (0.995, 0.998, 0.999)]),
    Prose(SPRING_MODEL, rf"on the recorded page turns {N}, {N}, {N} finished",
          [(f"defaultDecelerationRate: recorded finished at {rate}", DECELERATION, RECORDED, "physics",
            {"deceleration_rate_per_ms": rate}, "finished_of_intended_finish") for rate in (0.995, 0.998, 0.999)]),
    Prose(f"{PHYSICS}/Velocity/LeastSquaresVelocityEstimator.swift",
          rf"`ProjectedSpringModel\(\)` finishes {N} of the recorded 60 Hz page turns with it \(`.dropTolerant` {N}, Android's "
          rf"impulse tracker {N}, Flutter's tracker {N}\)",
          [(f"recommended: recorded finished with {name}", by_estimator(name), RECORDED, "physics", {},
            "finished_of_intended_finish") for name in ("recommended", "dropTolerant", "impulse", "leastSquares")]),
    Prose(f"{PHYSICS}/Velocity/ImpulseVelocityEstimator.swift", rf"it finishes only {N} of the recorded",
          [("impulse: recorded finished", by_estimator("impulse"), RECORDED, "physics", {}, "finished_of_intended_finish")]),
    Prose(f"{PHYSICS}/TransitionPhysics.docc/GettingStarted.md", rf"the velocity jump is {N} travels/s", [
        ("the default model's median velocity jump", BENCH, SYNTHETIC, "physics", {}, "median_velocity_jump_per_s")]),
    SpringTable(CHOOSING, "| spring |", BY_RESPONSE, BY_RATIO),
    SeedTable("docs/behaviour.md", "Intent match with the reversal window and the lift-off model"),
    Warning_("Sources/TransitionTraces/TracePlausibility.swift", rf"or a sensor glitch \({N} of the 7,361 recorded swipes",
             "the recorded swipes released over 25 widths/s", BENCH, r"(\d+) traces released faster than a finger moves"),
    SpringTable("docs/behaviour.md", "| physics spring (recorded swipes) |", RESPONSES, columns={
        "median completion (s)": (RECORDED, "median_completion_time_s"),
        "median peak acceleration (widths/s²)": (RECORDED, "median_peak_acceleration_per_s2")}),
    Prose("docs/behaviour.md", rf"classic's on both corpora \({N} vs {N} recorded, {N} vs {N} synthetic; 0.25 s gives {N} on the "
                               rf"recorded swipes\)", [
        ("the default's recorded median peak acceleration", RESPONSES, RECORDED, "physics", {"response_s": 0.3},
         "median_peak_acceleration_per_s2"),
        ("classic's recorded median peak acceleration", RESPONSES, RECORDED, "classic", {}, "median_peak_acceleration_per_s2"),
        ("the default's synthetic median peak acceleration", RESPONSES, SYNTHETIC, "physics", {"response_s": 0.3},
         "median_peak_acceleration_per_s2"),
        ("classic's synthetic median peak acceleration", RESPONSES, SYNTHETIC, "classic", {}, "median_peak_acceleration_per_s2"),
        ("the recorded median peak acceleration at 0.25 s", RESPONSES, RECORDED, "physics", {"response_s": 0.25},
         "median_peak_acceleration_per_s2")]),
    Prose(CHOOSING, rf"Medians over the {N} recorded strokes .*? and the {N} synthetic gestures \(seed 1, {N} intended to "
                    rf"finish and {N} to cancel\)", [
        ("the recorded strokes", BY_RESPONSE, RECORDED, None, {}, "traces"),
        ("the synthetic gestures", BY_RESPONSE, SYNTHETIC, None, {}, "traces"),
        ("the synthetic gestures intended to finish", BY_RESPONSE, SYNTHETIC, "physics", {"response_s": 0.3}, "intended_finish"),
        ("the synthetic gestures intended to cancel", BY_RESPONSE, SYNTHETIC, "physics", {"response_s": 0.3}, "intended_cancel")]),
    Prose(CHOOSING, rf"Completion time grows .*? \({N} s to {N} s synthetic median, for 0.15 s to 0.45 s\), and peak "
                    rf"acceleration falls roughly with its square \({N} to {N} travels/s²\)", [
        ("synthetic median completion at 0.15 s", BY_RESPONSE, SYNTHETIC, "physics", {"response_s": 0.15}, "median_completion_time_s"),
        ("synthetic median completion at 0.45 s", BY_RESPONSE, SYNTHETIC, "physics", {"response_s": 0.45}, "median_completion_time_s"),
        ("synthetic median peak acceleration at 0.15 s", BY_RESPONSE, SYNTHETIC, "physics", {"response_s": 0.15},
         "median_peak_acceleration_per_s2"),
        ("synthetic median peak acceleration at 0.45 s", BY_RESPONSE, SYNTHETIC, "physics", {"response_s": 0.45},
         "median_peak_acceleration_per_s2")]),
    Prose(CHOOSING, rf"ratio 0.7 overshoots by a median {N} of the travel \({N} recorded\) .*? ratio 0.5 overshoots {N} "
                    rf"\({N} recorded\) and takes {N} s instead of {N} s", [
        ("synthetic median overshoot at ratio 0.7", BY_RATIO, SYNTHETIC, "physics", {"damping_ratio": 0.7}, "median_overshoot"),
        ("recorded median overshoot at ratio 0.7", BY_RATIO, RECORDED, "physics", {"damping_ratio": 0.7}, "median_overshoot"),
        ("synthetic median overshoot at ratio 0.5", BY_RATIO, SYNTHETIC, "physics", {"damping_ratio": 0.5}, "median_overshoot"),
        ("recorded median overshoot at ratio 0.5", BY_RATIO, RECORDED, "physics", {"damping_ratio": 0.5}, "median_overshoot"),
        ("synthetic median completion at ratio 0.5", BY_RATIO, SYNTHETIC, "physics", {"damping_ratio": 0.5},
         "median_completion_time_s"),
        ("synthetic median completion at ratio 1", BY_RATIO, SYNTHETIC, "physics", {"damping_ratio": 1}, "median_completion_time_s")]),
    Prose(CHOOSING, rf"rises on the recorded one \({N} to {N} travels/s²\)", [
        ("recorded median peak acceleration at ratio 1", BY_RATIO, RECORDED, "physics", {"damping_ratio": 1},
         "median_peak_acceleration_per_s2"),
        ("recorded median peak acceleration at ratio 0.5", BY_RATIO, RECORDED, "physics", {"damping_ratio": 0.5},
         "median_peak_acceleration_per_s2")]),
    Prose("Sources/TransitionBatch/TransitionBatch.docc/SimulatingMillionsOfReleases.md", rf"variants over {N} gestures", [
        ("the replayed gestures (recorded and synthetic)", BENCH, "all", None, {}, "all traces")]),
]


BENCH_PHYSICS = BENCH + ("--builtin", "physics")
ESTIMATORS = ("estimators",)
ESTIMATORS_NOISE = ("estimators", "--no-recorded", "--position-noise", "1")
DETENTS = (TEXT,) + BENCH_PHYSICS + ("--detent-policies",)
CLAMPED = BENCH_PHYSICS + ("--overshoot", "clamp", "--damping-ratio", "0.5")
TUNING = ("behavior", "--synthetic", "2000", "--seed", "7", "--builtin", "physics", "--model", "physics", "--response",
          "0.2,0.25,0.3,0.4", "--damping-ratio", "0.8,1", "--pareto")
TUNING_ANY_OVERSHOOT = TUNING + ("--max-overshoot", "1")
FROM_REST = ("classic", "cupertino", "compose-anchored", "android-pager")
TUNING_BUILTINS = ("behavior", "--synthetic", "2000", "--seed", "7", "--pareto") + tuple(
    flag for model in FROM_REST + ("physics", "physics-minimum-jerk") for flag in ("--builtin", model))
TUNING_ANY_JUMP = TUNING_BUILTINS + ("--max-velocity-jump", "1000")


def bench(source, model, column, **where):
    """A function of a bench run's rows: `column` of the row `pick` selects."""
    return lambda rows: field(rows, source, model, column, **where)


def cancelled(source, model):
    """The share of the recorded page turns a model cancels (1 - its finish rate)."""
    return lambda rows: None if field(rows, source, model, "finished_of_intended_finish") is None else \
        1 - field(rows, source, model, "finished_of_intended_finish")


def estimator_median(expression, rate, part=0):
    """The median error (`part` 1: the p90; 2: the bias) `estimators` prints for an estimator at
    the `rate`-th sampling rate; `rate` "ratio": the same flick's lowest-rate reading over its
    highest; "least" and "most": the least and the most of its medians over the rates."""
    def value(text):
        rows = {re.sub(r"`", "", row[0]): row for row in markdown_tables(text)[0][1]}
        if expression not in rows:
            raise Failure(f"`estimators` printed no row for {expression}")
        row = rows[expression]
        if rate == "ratio":
            return printed_number(row[-1])
        medians = [printed_number(cell.split(" / ")[0]) for cell in row[2:-1]]
        if rate in ("least", "most"):
            return min(medians) if rate == "least" else max(medians)
        return printed_number(row[2 + rate].split(" / ")[part])
    return value


def detent_share(source, policy, column):
    """A percentage of `--detent-policies`' text table (columns after the policy: finish n,
    % at 1, 0.5, 0, cancel n, % at 0, 0.5, 1)."""
    def value(text):
        for line in text.split("\n"):
            cells = line.split()
            if cells[:1] == [source] and " ".join(cells[1:-8]) == policy:
                return None if cells[-8 + column] == "-" else float(cells[-8 + column]) / 100
        if source == RECORDED:
            return None
        raise Failure(f"--detent-policies printed no row for {policy} on {source}")
    return value


def min_or_none(values):
    """The least of `values`; None when any is None (the recorded file absent)."""
    return None if any(v is None for v in values) else min(values)


def max_or_none(values):
    """The largest of `values`; None when any is None (the recorded file absent)."""
    return None if any(v is None for v in values) else max(values)


def variant_field(source, column, **where):
    def value(rows):
        row = variant(rows, source, **where)
        if row is None and source != RECORDED:
            raise Failure(f"no physics variant with {where} on {source}")
        return None if row is None else number(row[column])
    return value


def preset(rows, source, model="physics"):
    """The bench row of the preset `model` itself (not its variants) on `source`; None when none."""
    return next((row for row in rows if row["source"] == source and row["model"] == model), None)


def picked(source, **where):
    """1 when the row (the `physics` preset, or the variant with `where`) is its source's pick."""
    def value(rows):
        row = variant(rows, source, **where) if where else preset(rows, source)
        return None if row is None else float(row["pick"] == "true")
    return value


class Holds(OneCommandSentence):
    """A sentence of a doc that says something of a command's output without a figure (which
    row is the pick): `holds(output)` must be true while the sentence (`pattern`) is there."""

    def __init__(self, path, pattern, command, holds, what):
        OneCommandSentence.__init__(self, path, pattern, command)
        self.holds, self.what = holds, what

    def check(self, report, text, commands):
        found = sentence(report, self.path, self.pattern, text)
        if found is None:
            return
        report.checked += 1
        if not self.holds(commands.get(self.command)):
            report.problem(self.path, line_of(text, found.start()), f"the text says {self.what}; `{typed(self.command)}` "
                                                                   "prints otherwise")


class GridTable:
    """docs/tuning.md's table of one column of the example's variants: rows 'response R s',
    columns 'damping ratio D', each cell 'recorded / synthetic'."""

    def __init__(self, path, marker, command, column):
        self.path, self.marker, self.command, self.column = path, marker, command, column

    def commands(self):
        return [self.command]

    def check(self, report, text, commands):
        header, rows = table_after(text, self.marker, self.path)
        for line, row in rows:
            response = re.match(r"response ([\d.]+) s", plain(row[0]))
            for title, cell in zip(header[1:], row[1:]):
                ratio = re.match(r"damping ratio ([\d.]+)", plain(title))
                if response is None or ratio is None:
                    report.problem(self.path, line, f"row '{plain(row[0])}', column '{title}' is not 'response R s', 'damping ratio D'")
                    continue
                where = {"response_s": float(response.group(1)), "damping_ratio": float(ratio.group(1))}
                for figure, source in zip(plain(cell).split(" / "), (RECORDED, SYNTHETIC)):
                    value = variant_field(source, self.column, **where)(commands.get(self.command))
                    report.figure(self.path, line, f"{self.column} at {where} on {source},", figure, self.command,
                                  None if value is None else {}, None, value)


class SeedRuns:
    """The five seeds' bench runs (SeedTable's commands) for figures read across them; `bind`
    gives it the run's Commands."""

    commands = None

    def get(self, seed):
        return self.commands.get(SeedTable.command(seed))


BEHAVIOUR_SEEDS = SeedRuns()


def cupertino_lead(seed):
    """Cupertino's synthetic intent match minus physics', in percentage points, on `seed`."""
    rows = BEHAVIOUR_SEEDS.get(seed)
    return 100 * (field(rows, SYNTHETIC, "cupertino", "intent_match_rate") - field(rows, SYNTHETIC, "physics", "intent_match_rate"))


# Notebook 05's table (docs/behaviour.md, "Completion shapes"): the notebook's own source, run by
# the notebooks' Python (notebooks/.venv, `make venv`) on the two bench runs it reads, with its
# tables collected instead of displayed.
NOTEBOOK_PYTHON = os.path.join("notebooks", ".venv", "bin", "python")
NOTEBOOK_SUMMARY = ("behavior", "--synthetic", "2000", "--seed", "1")
NOTEBOOK_TRADEOFF = ("behavior", "--synthetic", "2000", "--seed", "1", "--model", "physics", "--completion-shape",
                     "spring,minimum-jerk,ease-in-out", "--completion-duration-rule", "peak-acceleration,duration", "--duration",
                     "0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.5,0.6,0.8", "--completion-peak-acceleration",
                     "20,30,45,60,80,100,120,150,200,300,450,700,1000", "--response", "0.1,0.125,0.15,0.2,0.25,0.3,0.35,0.4,0.5,0.6",
                     "--damping-ratio", "0.8,1")
NOTEBOOK_DRIVER = r'''
import contextlib, io, json, os, runpy, sys
from pathlib import Path
import matplotlib
matplotlib.use("Agg")
sys.path.insert(0, "notebooks")
import IPython.display
import pandas as pd
shown = []
IPython.display.display = lambda *objects, **_: shown.extend(objects)
import tp_notebook as tp
tp.DATA_DIR = Path(sys.argv[1])
tp.FIGURE_DIR = Path(sys.argv[1])
with contextlib.redirect_stdout(io.StringIO()):
    runpy.run_path(sys.argv[2], run_name="__main__")
tables, heading = {}, None
for item in shown:
    if isinstance(item, IPython.display.Markdown):
        heading = item.data.strip("*")
    elif isinstance(item, pd.DataFrame) and item.index.name == "completion":
        tables[heading] = {"columns": list(item.columns), "rows": {name: list(map(float, row)) for name, row in item.iterrows()}}
print(json.dumps(tables))
'''


def notebook_tables(commands, notebook="notebooks/05-completion-tradeoff.py"):
    """{source: {"columns": [...], "rows": {completion: [values]}}} as notebook 05 computes
    them from NOTEBOOK_SUMMARY and NOTEBOOK_TRADEOFF; None without the notebooks' Python."""
    if not os.path.exists(NOTEBOOK_PYTHON):
        return None
    if getattr(commands, "notebook_tables", None) is not None:
        return commands.notebook_tables
    with tempfile.TemporaryDirectory() as folder:
        for name, command in (("bench_summary.csv", NOTEBOOK_SUMMARY), ("bench_tradeoff.csv", NOTEBOOK_TRADEOFF)):
            rows = commands.get(command)
            with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as file:
                writer = csv.DictWriter(file, fieldnames=list(rows[0]), lineterminator="\n")
                writer.writeheader()
                writer.writerows(rows)
        with open(os.path.join(folder, "manifest.json"), "w", encoding="utf-8") as file:
            file.write("{}")
        result = subprocess.run([NOTEBOOK_PYTHON, "-c", NOTEBOOK_DRIVER, folder, notebook], capture_output=True, text=True,
                                env={**os.environ, "TP_FIGURE_DIR": folder})
    if result.returncode != 0:
        raise Failure(f"notebook 05 on the bench's output failed:\n{result.stderr[-2000:]}")
    commands.notebook_tables = json.loads(result.stdout)
    return commands.notebook_tables


def notebook_figure(source, completion, column):
    """A figure of notebook 05's table (`column`: 0 and 1 the median and p90 visual completion at
    the spring's peak acceleration, 2 and 3 at classic's, 4 the jump); None without the recorded
    file or the notebooks' Python (then reported by NotebookTable)."""
    def value(_):
        tables = notebook_tables(BEHAVIOUR_SEEDS.commands)
        table = None if tables is None else tables.get(source)
        return None if table is None else table["rows"][completion][column]
    return value


def bouncier_gains():
    """Per source, how much sooner (a fraction) the damping ratio 0.8 spring is visually done than
    the ratio 1 spring at the default spring's peak acceleration, in notebook 05's table."""
    tables = notebook_tables(BEHAVIOUR_SEEDS.commands) or {}
    return [1 - table["rows"]["spring, damping ratio 0.8"][0] / table["rows"]["spring, damping ratio 1"][0]
            for table in tables.values()]


def notebook_peak(source):
    """The spring's median peak acceleration notebook 05 interpolates at (its table's heading)."""
    def value(_):
        tables = notebook_tables(BEHAVIOUR_SEEDS.commands)
        table = None if tables is None else tables.get(source)
        return None if table is None else float(re.search(r"'s ([\d.]+) widths", table["columns"][0]).group(1))
    return value


class NotebookTable:
    """docs/behaviour.md's completion-shape table against notebook 05's: rows (source, completion),
    the header's peak accelerations (the spring's and classic's, recorded and synthetic), cells
    'median / p90' at each and the velocity jump."""

    SOURCES = {"recorded": RECORDED, "synthetic": SYNTHETIC}

    def __init__(self, path, marker):
        self.path, self.marker = path, marker

    def commands(self):
        return [NOTEBOOK_SUMMARY, NOTEBOOK_TRADEOFF]

    def check(self, report, text, commands):
        header, rows = table_after(text, self.marker, self.path)
        tables = notebook_tables(commands)
        if tables is None:
            report.unchecked += sum(len(row) - 2 for _, row in rows)
            report.problem(self.path, 0, f"the completion-shape table needs the notebooks' Python ({NOTEBOOK_PYTHON}: make venv)")
            return
        peaks = re.match(r"at the spring's peak \(([\d,]+) rec\., ([\d,]+) syn\. widths/s²\).*", plain(header[2]))
        classic = re.match(r"at classic's \(([\d,]+) rec\., ([\d,]+) syn\.\)", plain(header[3]))
        at = {}
        for source, group in ((RECORDED, 1), (SYNTHETIC, 2)):
            table = tables.get(source)
            if table is None:
                if source == RECORDED:
                    continue
                raise Failure(f"notebook 05 printed no table for {source}")
            targets = [float(re.search(r"'s ([\d.]+) widths", name).group(1)) for name in table["columns"] if "widths/s²" in name]
            at[source] = table
            for match, model, value in ((peaks, "physics", targets[0]), (classic, "classic", targets[1])):
                if match is None:
                    report.problem(self.path, line_of(text, text.find(self.marker)), "the header's peak accelerations are not "
                                   "'(R rec., S syn. widths/s²)'")
                    continue
                report.figure(self.path, rows[0][0] - 2, f"{model}'s median peak acceleration on {source} (notebook 05)",
                              match.group(group), NOTEBOOK_SUMMARY, {}, None, value)
        for line, row in rows:
            source = self.SOURCES.get(plain(row[0]))
            table = at.get(source)
            if table is None:
                report.unchecked += len(row) - 2
                continue
            values = table["rows"].get(plain(row[1]))
            if values is None:
                report.problem(self.path, line, f"notebook 05 has no row '{plain(row[1])}' on {source}")
                continue
            # The notebook's columns: median and p90 at the spring's peak, the same at classic's, the jump.
            for title, cell, printed in ((header[2], row[2], values[0:2]), (header[3], row[3], values[2:4]),
                                         (header[4], row[4], values[4:5])):
                for figure, value in zip(plain(cell).split(" / "), printed):
                    report.figure(self.path, line, f"{source}, {plain(row[1])}, '{plain(title)}',", figure, NOTEBOOK_TRADEOFF, {},
                                  None, value)


TWO_STROKES = (PER_TRACE, "behavior", "--no-recorded", "--traces", "docs/examples/two-strokes.csv", "--format", "csv")


def trace_row(rows, model, trace):
    """The per-trace row of `trace` under `model`."""
    found = next((row for row in rows if row["model"] == model and row["trace_id"] == trace), None)
    if found is None:
        raise Failure(f"no per-trace row for {trace} under {model}")
    return found


def finishes(model):
    """A figure: `model`'s share of the recorded page turns finished, from `make bench`."""
    return (f"{model}'s recorded finishes", BENCH, bench(RECORDED, model, "finished_of_intended_finish"))


def matches_intent(model, family=None):
    """A figure: `model`'s synthetic intent match (on one family's gestures when given), from `make bench`."""
    source = SYNTHETIC if family is None else f"{SYNTHETIC}/{family}"
    return (f"{model}'s intent match on {source}", BENCH, bench(source, model, "intent_match_rate"))


RECORDING = ("traces",)


def recording(pattern):
    """A figure `transition-bench traces` prints of the recorded file: the first group of
    `pattern` in its output (a percentage as a fraction); None when the bench found no recorded
    file. A recorded report without the line fails: the command's wording changed."""
    def value(text):
        if not text.startswith(f"{RECORDED}:"):
            return None
        found = re.search(pattern, text)
        if found is None:
            raise Failure(f"`transition-bench traces` printed no line matching {pattern!r}: change its entry in "
                          "Tests/docs/figures.py with the command")
        figure = found.group(1)
        return float(figure[:-1]) / 100 if figure.endswith("%") else float(figure)
    return value


VELOCITY = "docs/velocity.md"
BEHAVIOUR = "docs/behaviour.md"
TUNING_DOC = "docs/tuning.md"
MORE_FIGURES = [
    # docs/velocity.md
    OutputTable(VELOCITY, "| estimator | platform | 60 Hz |", ESTIMATORS, 0, prefix="LeastSquaresVelocityEstimator"),
    OutputTable(VELOCITY, "| estimator | recorded page turns finished |", ESTIMATORS, 1, prefix="LeastSquaresVelocityEstimator"),
    Computed(VELOCITY, rf"`\.recommended` and Android's impulse {N} / {N} / {N}, Flutter's tracker and Android's lsq2 {N} / {N} / "
                       rf"{N}, Flutter's iOS tracker {N} / {N} / {N}, `\.dropTolerant` {N} / {N} /\s+{N}\.",
             [(f"1 pt noise: {name}'s median at {hz} Hz", ESTIMATORS_NOISE, estimator_median(expression, rate))
              for name, expression in (("recommended", "LeastSquaresVelocityEstimator.recommended"),
                                       ("Flutter's tracker", "LeastSquaresVelocityEstimator()"),
                                       ("Flutter's iOS tracker", "WeightedVelocityEstimator()"),
                                       ("dropTolerant", "LeastSquaresVelocityEstimator.dropTolerant"))
              for rate, hz in enumerate((60, 90, 120))]),
    Computed(VELOCITY, rf"The {N} recorded BioIdent gallery swipes", [
        ("the recorded swipes", BENCH, lambda rows: traces(rows, RECORDED))]),
    Computed(VELOCITY, rf"physics finishes {N} of the recorded page turns \({N} with `--estimator dropTolerant`\) and matches "
                       rf"intent on {N} of the synthetic gestures \({N} with `--estimator dropTolerant`\).*?\(slowDragPastMiddle "
                       rf"{N}, hesitateBelowMiddle {N}, docs/behaviour.md\)\. The recorded median velocity jump of classic is "
                       rf"{N} widths/s, of Cupertino {N}, physics' median peak acceleration {N} widths/s²", [
        finishes("physics"),
        ("physics' recorded finish rate with dropTolerant", BENCH_PHYSICS + ("--estimator", "dropTolerant"),
         bench(RECORDED, "physics", "finished_of_intended_finish")),
        matches_intent("physics"),
        ("physics' synthetic intent match with dropTolerant", BENCH_PHYSICS + ("--estimator", "dropTolerant"),
         bench(SYNTHETIC, "physics", "intent_match_rate")),
        matches_intent("physics", "slowDragPastMiddle"),
        matches_intent("physics", "hesitateBelowMiddle"),
        ("classic's recorded median velocity jump", BENCH, bench(RECORDED, "classic", "median_velocity_jump_per_s")),
        ("Cupertino's recorded median velocity jump", BENCH, bench(RECORDED, "cupertino", "median_velocity_jump_per_s")),
        ("physics' recorded median peak acceleration", BENCH, bench(RECORDED, "physics", "median_peak_acceleration_per_s2"))]),
    # The estimators' doc comments
    Computed(f"{PHYSICS}/Velocity/LeastSquaresVelocityEstimator.swift",
             rf"median / p90 error at lift-off {N} / {N} at 60 Hz, {N} / {N} at 90 Hz and {N} / {N} at 120 Hz \(`\.dropTolerant` "
             rf"{N}, {N} and {N} median, Flutter's tracker {N} to {N}\); one flick reads at 60 Hz {N} of its 120 Hz value", [
                 *[(f"recommended: {what} at {hz} Hz", ESTIMATORS, estimator_median("LeastSquaresVelocityEstimator.recommended", rate, part))
                   for rate, hz in enumerate((60, 90, 120)) for part, what in enumerate(("median error", "p90 error"))],
                 *[(f"dropTolerant: median error at {hz} Hz", ESTIMATORS,
                    estimator_median("LeastSquaresVelocityEstimator.dropTolerant", rate)) for rate, hz in enumerate((60, 90, 120))],
                 ("Flutter's tracker: least median error", ESTIMATORS, estimator_median("LeastSquaresVelocityEstimator()", "least")),
                 ("Flutter's tracker: most median error", ESTIMATORS, estimator_median("LeastSquaresVelocityEstimator()", "most")),
                 ("recommended: the same flick at 60 Hz over 120 Hz", ESTIMATORS,
                  estimator_median("LeastSquaresVelocityEstimator.recommended", "ratio"))]),
    Computed(f"{PHYSICS}/Velocity/WeightedVelocityEstimator.swift", rf"median error {N} at 120 Hz and {N} at 60 Hz", [
        ("weighted: median error at 120 Hz", ESTIMATORS, estimator_median("WeightedVelocityEstimator()", 2)),
        ("weighted: median error at 60 Hz", ESTIMATORS, estimator_median("WeightedVelocityEstimator()", 0))]),
    Computed(f"{PHYSICS}/Velocity/ImpulseVelocityEstimator.swift", rf"\(median error {N} to {N} at 60 to 120 Hz", [
        ("impulse: least median error", ESTIMATORS, estimator_median("ImpulseVelocityEstimator()", "least")),
        ("impulse: most median error", ESTIMATORS, estimator_median("ImpulseVelocityEstimator()", "most"))]),
    # docs/traces.md
    Computed("docs/traces.md", rf"Classic cancels the swipe \(it ends at progress {N} < 0.5\); physics finishes it \({N} widths/s "
                               rf"coasts past the middle\)", [
        ("the hand-made swipe's release progress", TWO_STROKES, lambda rows: number(trace_row(rows, "classic", "swipe-1")["release_progress"])),
        ("the hand-made swipe's release velocity", TWO_STROKES,
         lambda rows: number(trace_row(rows, "physics", "swipe-1")["release_velocity_per_s"]))]),
    Holds("docs/traces.md", r"Classic cancels the swipe .*? physics finishes it .*? and cancels the pull", TWO_STROKES,
          lambda rows: [trace_row(rows, model, trace)["decision"] for model, trace in
                        (("classic", "swipe-1"), ("physics", "swipe-1"), ("physics", "pull-1"))] == ["cancel", "finish", "cancel"],
          "classic cancels swipe-1, physics finishes it and cancels pull-1"),
    Warning_("docs/traces.md", rf"The shared recording has {N} such strokes", "the recorded swipes released over 25 widths/s",
             BENCH, r"(\d+) traces released faster than a finger moves"),
    Computed("docs/traces.md", rf"a few tests read {N} real horizontal page turns", [
        ("the recorded page turns", BENCH, lambda rows: traces(rows, RECORDED))]),
    # docs/behaviour.md
    ReplayTable(BEHAVIOUR, "| replay | recorded finished |", BENCH_PHYSICS),
    DetentTable(BEHAVIOUR, "| source | policy or rule |", DETENTS),
    Computed(BEHAVIOUR, rf"median jump {N} widths/s on the recorded swipes\)", [
        ("classic's recorded median velocity jump", BENCH, bench(RECORDED, "classic", "median_velocity_jump_per_s"))]),
    Computed(BEHAVIOUR, rf"UIKit's rule cancels {N} of the recorded page turns \(only {N} travel past half the width\); physics "
                        rf"completes {N}\. On the synthetic corpus it matches intent {N} against classic's {N} and rarely finishes "
                        rf"the cancel families \(peek and return {N}, hesitation {N}, flick back {N}\)", [
        ("classic's recorded cancels", BENCH, cancelled(RECORDED, "classic")),
        finishes("classic"),
        finishes("physics"),
        matches_intent("physics"),
        matches_intent("classic"),
        matches_intent("physics", "peekAndReturn"),
        matches_intent("physics", "hesitateBelowMiddle"),
        matches_intent("physics", "pastMiddleThenFlickBack")]),
    Computed(BEHAVIOUR, rf"Physics settles within 0.1% of the travel in {N} s \(median\) against classic's {N} s", [
        ("physics' recorded median completion", BENCH, bench(RECORDED, "physics", "median_completion_time_s")),
        ("classic's recorded median completion", BENCH, bench(RECORDED, "classic", "median_completion_time_s"))]),
    Computed(BEHAVIOUR, rf"response near 0.07 s and {N} times the classic completion's peak acceleration", [
        ("the recorded peak acceleration at 0.07 s over classic's", RESPONSES,
         lambda rows: None if field(rows, RECORDED, "classic", "median_peak_acceleration_per_s2") is None else
         field(rows, RECORDED, "physics", "median_peak_acceleration_per_s2", response_s=0.07)
         / field(rows, RECORDED, "classic", "median_peak_acceleration_per_s2"))]),
    Computed(BEHAVIOUR, rf"`--overshoot clamp --damping-ratio 0.5`, recorded swipes: {N} s at {N} widths/s²", [
        ("the clamped ratio 0.5 spring's recorded median completion", CLAMPED,
         variant_field(RECORDED, "median_completion_time_s", damping_ratio=0.5)),
        ("the clamped ratio 0.5 spring's recorded median peak acceleration", CLAMPED,
         variant_field(RECORDED, "median_peak_acceleration_per_s2", damping_ratio=0.5))]),
    Computed(BEHAVIOUR, rf"Compose's velocity threshold honours {N} of the recorded page turns \({N} ours\) and {N} of synthetic "
                        rf"intents \({N}\)\..*?\({N} of that family dismissed, {N} ours\)", [
        finishes("compose-anchored"),
        finishes("physics"),
        matches_intent("compose-anchored"),
        matches_intent("physics"),
        matches_intent("android-sheet", "slowDragPastMiddle"),
        matches_intent("physics", "slowDragPastMiddle")]),
    Computed(BEHAVIOUR, rf"it overshoots by {N} of the travel \(median of the recorded swipes\) and settles in {N} s\..*?\(median "
                        rf"jump {N} widths/s\), gentler than every other \(peak acceleration {N} widths/s²\) and no faster to finish "
                        rf"\({N} s median\)", [
        ("floatingpanel's recorded median overshoot", BENCH, bench(RECORDED, "floatingpanel", "median_overshoot")),
        ("floatingpanel's recorded median visual completion", BENCH, bench(RECORDED, "floatingpanel", "median_visual_completion_s")),
        ("android-sheet's recorded median velocity jump", BENCH, bench(RECORDED, "android-sheet", "median_velocity_jump_per_s")),
        ("android-sheet's recorded median peak acceleration", BENCH, bench(RECORDED, "android-sheet",
                                                                           "median_peak_acceleration_per_s2")),
        ("android-sheet's recorded median visual completion", BENCH, bench(RECORDED, "android-sheet",
                                                                           "median_visual_completion_s"))]),
    Computed(BEHAVIOUR, rf"It completes {N} of them \({N} ours\) and matches {N} of synthetic intents, the most of any row \({N} "
                        rf"ours\), with every hesitation below the middle kept \({N}, {N} ours\) and {N} of the slow drags past it "
                        rf"turned \({N}\)\. Its settle starts at the quintic's own speed \(median jump {N} widths/s recorded, {N} "
                        rf"synthetic\) and, any velocity counting, most synthetic releases run the full 600 ms \({N} s visual\)", [
        finishes("android-pager"),
        finishes("physics"),
        matches_intent("android-pager"),
        matches_intent("physics"),
        matches_intent("android-pager", "hesitateBelowMiddle"),
        matches_intent("physics", "hesitateBelowMiddle"),
        matches_intent("android-pager", "slowDragPastMiddle"),
        matches_intent("physics", "slowDragPastMiddle"),
        ("android-pager's recorded median velocity jump", BENCH, bench(RECORDED, "android-pager", "median_velocity_jump_per_s")),
        ("android-pager's synthetic median velocity jump", BENCH, bench(SYNTHETIC, "android-pager",
                                                                        "median_velocity_jump_per_s")),
        ("android-pager's synthetic median visual completion", BENCH, bench(SYNTHETIC, "android-pager",
                                                                            "median_visual_completion_s"))]),
    Computed(BEHAVIOUR, rf"the nearest rule takes {N} of them to the last detent", [
        ("the recorded page turns the nearest rule takes to 1", DETENTS, detent_share(RECORDED, "nearest", 1))]),
    Computed(BEHAVIOUR, rf"makes opening easy \({N} of synthetic finishes reach the top\) at the price of cancels that should have "
                        rf"stayed closed \({N} do\)", [
        ("gap 0.25: synthetic finishes at 1", DETENTS, detent_share(SYNTHETIC, "gap 0.25", 1)),
        ("gap 0.25: synthetic cancels at 0", DETENTS, detent_share(SYNTHETIC, "gap 0.25", 5))]),
    Computed(BEHAVIOUR, rf"just under the default spring's median peak on the recorded page turns \({N}\) and classic's \({N}\)\. "
                        rf"There it is visually done in a median {N} s \(p90 {N} s\) on the recorded page turns against the "
                        rf"spring's {N} s", [
        ("physics' recorded median peak acceleration", BENCH, bench(RECORDED, "physics", "median_peak_acceleration_per_s2")),
        ("classic's recorded median peak acceleration", BENCH, bench(RECORDED, "classic", "median_peak_acceleration_per_s2")),
        ("physics-minimum-jerk's recorded median visual completion", BENCH,
         bench(RECORDED, "physics-minimum-jerk", "median_visual_completion_s")),
        ("physics-minimum-jerk's recorded p90 visual completion", BENCH,
         bench(RECORDED, "physics-minimum-jerk", "p90_visual_completion_s")),
        ("physics' recorded median visual completion", BENCH, bench(RECORDED, "physics", "median_visual_completion_s"))]),
    Computed(BEHAVIOUR, rf"For physics every family stays above {N} on every seed and the flick back is matched every time; on the "
                        rf"synthetic set Cupertino is {N} to {N} points ahead", [
        ("physics' weakest family over seeds 1 to 5", SeedTable.command(1),
         lambda _: min(weakest_family(BEHAVIOUR_SEEDS.get(seed))[0] for seed in range(1, 6))),
        ("the least lead of Cupertino's synthetic intent match over physics' over seeds 1 to 5 (points)", SeedTable.command(1),
         lambda _: min(cupertino_lead(seed) for seed in range(1, 6))),
        ("the most lead of Cupertino's synthetic intent match over physics' over seeds 1 to 5 (points)", SeedTable.command(1),
         lambda _: max(cupertino_lead(seed) for seed in range(1, 6)))]),
    Holds(BEHAVIOUR, r"the flick back is matched every time", SeedTable.command(1),
          lambda _: all(field(BEHAVIOUR_SEEDS.get(seed), f"{SYNTHETIC}/pastMiddleThenFlickBack", "physics", "intent_match_rate") == 1
                        for seed in range(1, 6)),
          "physics matches every pastMiddleThenFlickBack gesture of seeds 1 to 5"),
    NotebookTable(BEHAVIOUR, "| source | completion |"),
    Computed(BEHAVIOUR, rf"A bouncier spring \(damping ratio 0.8\) gains {N}-{N} and overshoots", [
        ("notebook 05: the least gain in median visual completion of ratio 0.8 over 1 at the spring's peak (percent)",
         NOTEBOOK_TRADEOFF, lambda _: None if not bouncier_gains() else 100 * min(bouncier_gains())),
        ("notebook 05: the most gain in median visual completion of ratio 0.8 over 1 at the spring's peak", NOTEBOOK_TRADEOFF,
         lambda _: None if not bouncier_gains() else max(bouncier_gains()))]),
    Computed(BEHAVIOUR, rf"The peak-acceleration rule holds the p90 \({N} s against {N} s recorded, {N} s against {N} s synthetic\)", [
        (f"notebook 05: p90 with the {rule} rule on {source}", NOTEBOOK_TRADEOFF,
         notebook_figure(source, f"minimum-jerk, {rule} rule", 1))
        for source in (RECORDED, SYNTHETIC) for rule in ("peak-acceleration", "duration")]),
    Computed(CHOOSING, rf"at the default spring's median peak acceleration on the recorded page turns \({N} travels/s²\) it is "
                       rf"visually done in a median {N} s against the spring's {N} s", [
        ("notebook 05: the spring's recorded median peak acceleration", NOTEBOOK_TRADEOFF, notebook_peak(RECORDED)),
        ("notebook 05: the minimum-jerk quintic's recorded median visual completion there", NOTEBOOK_TRADEOFF,
         notebook_figure(RECORDED, "minimum-jerk, peak-acceleration rule", 0)),
        ("notebook 05: the spring's recorded median visual completion there", NOTEBOOK_TRADEOFF,
         notebook_figure(RECORDED, "spring, damping ratio 1", 0))]),
    # docs/tuning.md
    GridTable(TUNING_DOC, "| spring | damping ratio 0.8 | damping ratio 1 |", TUNING, "p90_overshoot"),
    Holds(TUNING_DOC, r"the example picks `physics`, the shipped `ProjectedSpringModel\(\)` \(0.3 s, damping ratio 1\), on "
                      r"the recorded file and on `synthetic`", TUNING,
          lambda rows: picked(SYNTHETIC)(rows) == 1 and picked(RECORDED)(rows) in (1, None),
          "the `physics` row is the pick on synthetic and on the recorded file"),
    Holds(TUNING_DOC, r"`--max-overshoot 1` allows any overshoot: the example then picks `Spring\(response: 0.3, dampingRatio: "
                      r"0.8\)` on `synthetic`", TUNING_ANY_OVERSHOOT,
          lambda rows: picked(SYNTHETIC, response_s=0.3, damping_ratio=0.8)(rows) == 1,
          "the response 0.3 s, damping ratio 0.8 row is the pick on synthetic"),
    Computed(TUNING_DOC, rf"picks `Spring\(response: 0.3, dampingRatio: 0.8\)` on `synthetic`, faster by {N} ms of median visual "
                         rf"completion and carrying nine releases in ten up to {N} of the travel past the end", [
        ("how much sooner the pick's synthetic median visual completion is than physics' (ms)", TUNING_ANY_OVERSHOOT,
         lambda rows: 1000 * (number(preset(rows, SYNTHETIC)["median_visual_completion_s"])
                              - variant_field(SYNTHETIC, "median_visual_completion_s", response_s=0.3, damping_ratio=0.8)(rows))),
        ("its synthetic p90 overshoot", TUNING_ANY_OVERSHOOT,
         variant_field(SYNTHETIC, "p90_overshoot", response_s=0.3, damping_ratio=0.8))]),
    Excerpt(TUNING_DOC, "the example says:", (TEXT,) + TUNING),
    Computed(TUNING_DOC, rf"on the recorded page turns, the curves from rest jump by {N} to {N} travel/s in nine\s+releases of "
                         rf"ten, the springs by {N}\.", [
        ("the least recorded p90 velocity jump of the curves from rest", TUNING_BUILTINS,
         lambda rows: min_or_none([field(rows, RECORDED, m, "p90_velocity_jump_per_s") for m in FROM_REST])),
        ("the largest", TUNING_BUILTINS,
         lambda rows: max_or_none([field(rows, RECORDED, m, "p90_velocity_jump_per_s") for m in FROM_REST])),
        ("the springs' largest", TUNING_BUILTINS,
         lambda rows: max_or_none([field(rows, RECORDED, m, "p90_velocity_jump_per_s") for m in ("physics", "physics-minimum-jerk")]))]),
    Holds(TUNING_DOC, r"With the default limit the recorded file's pick is\s+`physics-minimum-jerk`", TUNING_BUILTINS,
          lambda rows: preset(rows, RECORDED) is None or preset(rows, RECORDED, "physics-minimum-jerk")["pick"] == "true",
          "physics-minimum-jerk is the recorded file's pick"),
    Holds(TUNING_DOC, r"`--max-velocity-jump 1000` allows any jump, and the pick is then\s+`compose-anchored`", TUNING_ANY_JUMP,
          lambda rows: preset(rows, RECORDED) is None or preset(rows, RECORDED, "compose-anchored")["pick"] == "true",
          "compose-anchored is the recorded file's pick without the limit"),
    Computed(TUNING_DOC, rf"Compose's curve from rest, ahead by {N} percentage point of intent match", [
        ("compose-anchored's recorded intent match over physics-minimum-jerk's, percentage points", TUNING_BUILTINS,
         lambda rows: None if preset(rows, RECORDED) is None else 100 * (
             field(rows, RECORDED, "compose-anchored", "intent_match_rate")
             - field(rows, RECORDED, "physics-minimum-jerk", "intent_match_rate")))]),
]

# The recording's statistics, as `transition-bench traces` prints them.
REFERENCES = "docs/references.md"
# The recording's statistics that several sentences quote.
UPS_NEW = ("the recording's ups at a new position", RECORDING, recording(r"lift-off at a new position: (\d+)"))
UPS = ("the recording's ups", RECORDING, recording(r"of (\d+) ups\)"))
NEW_GAP = ("the median gap before an up at a new position (ms)", RECORDING,
    recording(r"lift-off at a new position: .*?median ([\d.]+) ms"))
UPS_REPEATING = ("the recording's ups repeating a recent move", RECORDING, recording(r"lift-off repeating a sample at most 25 ms before: (\d+)"))
REPEAT_WINDOW = ("the repeat window (ms)", RECORDING, recording(r"lift-off repeating a sample at most ([\d.]+) ms"))
REPEAT_GAP = ("the median gap before an up repeating a recent move (ms)", RECORDING,
    recording(r"lift-off repeating a sample at most 25 ms before: \d+, median ([\d.]+) ms"))
UPS_RESTED = ("the recording's ups repeating an older sample", RECORDING, recording(r"lift-off repeating an older sample: (\d+)"))
NEW_SHARE = ("the share of new positions among moving lift-offs", RECORDING,
    recording(r"new position / \(new position \+ repeating\): ([\d.]+)"))
UPS_NEW_PERCENT = ("the recording's ups at a new position", RECORDING, recording(r"lift-off at a new position: \d+ \(([\d.]+%) of"))
LONG_INTERVALS = ("the recording's intervals over 40 ms", RECORDING, recording(r"intervals over 40 ms: ([\d.]+%) of all"))
SAME_MS_PAIRS = ("the recording's strokes with two samples in one ms", RECORDING,
    recording(r"two samples in one millisecond at different positions: (\d+)"))
PAST_HALF = ("the recording's strokes past half the width", RECORDING, recording(r"past half: ([\d.]+%)"))

RECORDING_FIGURES = [
    Computed(REFERENCES, rf"median interval {N} ms\. {N} of the intervals exceed {N} ms, most of them the first of a stroke, "
                         rf"from touch-down to the first move; of the later ones {N} do", [
        ("the recording's median sample interval (ms)", RECORDING, recording(r"sample interval, ms: median ([\d.]+)")),
        LONG_INTERVALS,
        ("the long interval (ms)", RECORDING, recording(r"intervals over ([\d.]+) ms")),
        ("the recording's intervals over 40 ms after each stroke's first", RECORDING,
         recording(r"intervals over 40 ms: [\d.]+% of all; ([\d.]+%) of those after the first"))]),
    Computed(REFERENCES, rf"{N} of the ups carry a new position \(docs/behaviour.md, \"The lift-off\"\)\. {N} strokes report two "
                         r"samples within one millisecond", [
        UPS_NEW_PERCENT,
        SAME_MS_PAIRS]),
    Computed(REFERENCES, rf"The median page turn is {N} ms long, travels {N} of the screen width from touch-down to lift-off and "
                         rf"is released at {N} screen widths per second .*?only {N} of these intended page turns pass half", [
        ("the recording's median stroke duration (ms)", RECORDING, recording(r"touch-down to lift-off, ms: median ([\d.]+)")),
        ("the recording's median travel", RECORDING, recording(r"fraction of the travel: median ([\d.]+)")),
        ("the recording's median release speed (widths/s)", RECORDING, recording(r"median speed ([\d.]+) travels/s")),
        PAST_HALF]),
    Computed(REFERENCES, rf"{N} of the strokes move to the left .*?\(device 7, 800 px wide\) gives {N} of the strokes", [
        ("the recording's strokes to the left", RECORDING, recording(r"toward lower x or y along their axis: ([\d.]+%)")),
        ("device 7's share of the recording", RECORDING, recording(r"largest device share: device 7, ([\d.]+%)"))]),
    Computed(BEHAVIOUR, rf"only {N} travel past half the width", [
        PAST_HALF]),
    Computed(BEHAVIOUR, rf"where {N} of the intervals exceed 40 ms \(most of them touch-down's\), that zeroes {N} of the strokes", [
        LONG_INTERVALS,
        ("the recording's strokes at velocity 0 under Flutter's tracker", RECORDING,
         recording(r"velocity 0 under LeastSquaresVelocityEstimator\(\) \(Flutter's tracker\): \d+ \(([\d.]+%)"))]),
    Computed(BEHAVIOUR, rf"is not adopted: {N} recorded strokes have at most 3 samples", [
        ("the recording's strokes of at most 3 samples", RECORDING, recording(r"at most 3 samples [^:]*: (\d+)"))]),
    Computed(BEHAVIOUR, rf"On the recorded file {N} of the {N} strokes release above the cap", [
        ("the recording's releases at the fling cap", RECORDING, recording(r"releases at the fling cap \(8000 points/s\): (\d+)")),
        ("the recorded strokes", RECORDING, recording(r"^\S+: (\d+) strokes"))]),
    Computed(BEHAVIOUR, rf"the shared recording has {N} strokes with such a pair", [
        SAME_MS_PAIRS]),
    Computed(BEHAVIOUR, rf"recording {N} of the {N} up samples carry a new position \(a median {N} ms after the last move\), and {N} "
                        rf"more repeat a move delivered at most {N} ms \(a median {N} ms\) before them; only {N} repeat a report.*?"
                        rf"with probability {N} \(= {N} / \({N} \+ {N}\)\).*?as the recording's {N}", [
        UPS_NEW,
        UPS,
        NEW_GAP,
        UPS_REPEATING,
        REPEAT_WINDOW,
        REPEAT_GAP,
        UPS_RESTED,
        NEW_SHARE,
        UPS_NEW,
        UPS_NEW,
        UPS_REPEATING,
        UPS_NEW_PERCENT]),
    Computed(BEHAVIOUR, rf"with ratio 1 \(Flutter, framer-motion\) refuses {N} of {N} \({N}\).*?ratio 2 \(Android's `ViewPager`\) "
                        rf"refuses {N} \({N}\)\..*?\({N} finished without a lock; {N} with ratio 1; {N} with ratio 2\)", [
        ("refused by a 10 px lock at ratio 1", RECORDING, recording(r"ratio 1: refused (\d+)")),
        ("the recorded strokes meant to finish", RECORDING, recording(r"meant to finish: (\d+)")),
        ("share refused at ratio 1", RECORDING, recording(r"ratio 1: refused \d+ \(([\d.]+%)")),
        ("refused by a 10 px lock at ratio 2", RECORDING, recording(r"ratio 2: refused (\d+)")),
        ("share refused at ratio 2", RECORDING, recording(r"ratio 2: refused \d+ \(([\d.]+%)")),
        ("finished without a lock", RECORDING, recording(r"finished without a lock: (\d+)")),
        ("finished with a lock at ratio 1", RECORDING, recording(r"ratio 1: refused .*?; finished (\d+)")),
        ("finished with a lock at ratio 2", RECORDING, recording(r"ratio 2: refused .*?; finished (\d+)"))]),
    # The same statistics in doc comments.
    Computed(f"{PHYSICS}/Velocity/LeastSquaresVelocityEstimator.swift", rf"\(60 Hz Android; {N} of intervals over 40 ms\)", [
        LONG_INTERVALS]),
    Computed(f"{PHYSICS}/Velocity/ReleaseSamples.swift", rf"in the BioIdent data {N} of {N} up samples carry a new position", [
        UPS_NEW,
        UPS]),
    Computed("Sources/TransitionLab/Synthetic/TouchSamplingModel.swift",
             rf"BioIdent: {N} up samples at a new position \(a median {N} ms after the last move\), {N} repeating a move at most "
             rf"{N} ms earlier \(a median {N} ms\), {N} repeating one more than {N} ms earlier \(a finger that rested\): {N} / "
             rf"\({N} \+ {N}\) = {N}\.", [
        UPS_NEW,
        NEW_GAP,
        UPS_REPEATING,
        REPEAT_WINDOW,
        REPEAT_GAP,
        UPS_RESTED,
        REPEAT_WINDOW,
        UPS_NEW,
        UPS_NEW,
        UPS_REPEATING,
        NEW_SHARE]),
]

FIGURES += MORE_FIGURES + RECORDING_FIGURES


# A before -> after pair of figures ("13.7 -> 0.22", "98.45% → 98.44%"): history, which belongs in
# CHANGELOG.md; the docs and doc comments state what is.
BEFORE_AFTER = re.compile(r"\d[%s]?\*{0,2}\s*(?:->|→)\s*\*{0,2}-?\d")
# The same history in words, on one line: "X before, Y after", "the same before and after", "was
# X, now Y", "the default before", "tried and not kept" / "Not kept:", "the estimator of the
# time". CONTRIBUTING.md, which tells how to measure before and after a change, is not scanned
# for these.
HISTORY_PROSE = re.compile(
    r"\bbefore and after\b"
    r"|\d[\d.,]*%?\*{0,2}\s*(?:\w+\s+){0,2}before\b[^.;]{0,40}?\d[\d.,]*%?\*{0,2}\s*(?:\w+\s+){0,2}after\b"
    r"|\bwas\s+[^.;:]{1,60}?,\s*now\b"
    r"|\bthe default before\b"
    r"|\btried and not kept\b|\bnot kept:"
    r"|\b(?:estimator|generator|version|build) of the time\b",
    re.I)


def check_history(report, root, paths=None):
    """Every tracked Markdown file but CHANGELOG.md, and every doc comment of the Swift sources
    (`paths`: the checkout's, from git), read under `root`, without a before -> after figure."""
    if paths is None:
        listed = subprocess.run(["git", "ls-files", "*.md", "*.swift"], capture_output=True, text=True)
        if listed.returncode != 0:
            raise Failure(f"git ls-files: {listed.stderr.strip()}")
        paths = listed.stdout.split()
    for path in paths:
        if path == "CHANGELOG.md" or (path.endswith(".swift") and "Sources/" not in path):
            continue
        if not os.path.exists(os.path.join(root, path)):
            continue
        with open(os.path.join(root, path), encoding="utf-8") as file:
            for number_, line in enumerate(file, 1):
                if path.endswith(".swift") and not line.lstrip().startswith("///"):
                    continue
                found = BEFORE_AFTER.search(line)
                if found:
                    report.problem(path, number_, f"a before -> after figure ('{found.group(0)}'): history goes to CHANGELOG.md, "
                                                  "the docs say what is")
                    continue
                found = HISTORY_PROSE.search(line) if path != "CONTRIBUTING.md" else None
                if found:
                    report.problem(path, number_, f"a before -> after in words ('{found.group(0)}'): history goes to "
                                                  "CHANGELOG.md, the docs say what is")


def check_all(root, commands):
    report = Report()
    BEHAVIOUR_SEEDS.commands = commands
    check_history(report, root)
    with open(os.path.join(root, "README.md"), encoding="utf-8") as readme:
        check_readme(report, readme.read(), commands)
    with open(os.path.join(root, "docs", "behaviour.md"), encoding="utf-8") as doc:
        check_behaviour(report, doc.read(), commands)
    for claim in FIGURES:
        with open(os.path.join(root, claim.path), encoding="utf-8") as file:
            claim.check(report, file.read(), commands)
    return report


def main(arguments):
    binaries = arguments[arguments.index("--bin") + 1] if "--bin" in arguments else os.path.join(".build", "release")
    commands = Commands(binaries, os.environ.get("FIGURES_CACHE"))
    try:
        commands.prefetch([BENCH, SWEEP] + [c for claim in FIGURES for c in claim.commands()])
        report = check_all(".", commands)
    except (Failure, OSError) as failure:
        print(f"figures: {failure}", file=sys.stderr)
        return 2
    if "--awaiting" in arguments:
        for entry in report.entries:
            print(f"    {entry!r},")
        return 1 if report.wrong else 0
    for line in report.wrong:
        print(line)
    for line in report.awaiting:
        print(f"figures: awaiting a fix (AWAITING_FIX): {line}")
    if report.unchecked:
        print(f"figures: {report.unchecked} figures of the recorded swipes not checked: the bench found no recorded file "
              "(docs/traces.md, \"The recorded swipes\")")
    print(f"figures: {report.checked} figures checked, {len(report.wrong)} differ from their commands, "
          f"{len(report.awaiting)} known wrong in files awaiting a fix", file=sys.stderr)
    return 1 if report.wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
