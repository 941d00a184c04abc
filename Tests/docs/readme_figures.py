#!/usr/bin/env python3
"""The deterministic figures of README.md and docs/behaviour.md against the commands that print
them: each figure, as shown (its digits, a percent sign, thousands separators, bold), must be
the command's value rounded to the digits shown. Machine-dependent timings are not checked
here; they live in docs/throughput.md and docs/sweeps.md with their machine.

- README, "The claim, measured": the models table and its counts (recorded page turns,
  synthetic gestures, their sum), from `make bench`'s command,
  `transition-bench behavior --synthetic 10000 --seed 1` (read as `--format csv`).
- docs/behaviour.md, "Latest run": every cell of its table and of the intent match per
  synthetic family, from the same command.
- README, `make sweep`: the default sweep's row count, `transition-sweep --output FILE`.

The tools are the release build `make release` links into .build/release (`--bin DIR` for
another folder). The recorded swipes' figures need the recorded file, which the bench finds as
README says (`../shared/data/`, or `--traces`); without it they are reported as not checked.
Exit 0 when every figure matches, 1 naming each that does not, 2 when a command cannot run."""
import csv
import io
import os
import re
import subprocess
import sys
import tempfile

BENCH = ["behavior", "--synthetic", "10000", "--seed", "1", "--format", "csv"]
RECORDED = "bioident-gallery-swipes.csv"
SYNTHETIC = "synthetic"

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


class Failure(Exception):
    """A command could not run (exit 2)."""


def plain(cell):
    return cell.replace("**", "").strip()


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


def table_after(text, marker):
    """(header cells, rows of cells) of the first markdown table after the line containing
    `marker`; raises Failure when there is none."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if marker in line), None)
    if start is None:
        raise Failure(f"no line with {marker!r}")
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    if len(rows) < 2:
        raise Failure(f"no table after {marker!r}")
    return rows[0], rows[2:]


def number(cell):
    return None if cell == "" else float(cell)


def bench_table(csv_text):
    """{(model, source): row} of the bench's CSV."""
    return {(row["model"], row["source"]): row for row in csv.DictReader(io.StringIO(csv_text))}


def check_readme(readme, bench, sweep_rows):
    """Lines naming each README figure that differs from the commands' (bench: bench_table; its
    recorded rows absent when the recorded file was not there) and the figures checked."""
    wrong, checked, unchecked = [], 0, 0
    header, rows = table_after(readme, "## The claim, measured")
    for row in rows:
        label = re.sub(r"\s*\(.*", "", plain(row[0]))
        model = README_MODELS.get(label)
        if model is None:
            wrong.append(f"README, models table: row '{label}' is no bench model this check knows (README_MODELS)")
            continue
        for title, cell in zip(header[1:], row[1:]):
            if title not in README_COLUMNS:
                wrong.append(f"README, models table: column '{title}' has no command figure (README_COLUMNS)")
                continue
            source, column = README_COLUMNS[title]
            line = bench.get((model, source))
            if line is None and source == RECORDED:
                unchecked += 1
                continue
            if line is None:
                wrong.append(f"README, models table: the bench printed no row for {model} on {source}")
                continue
            checked += 1
            if not matches(cell, number(line[column])):
                wrong.append(f"README, models table, {label}, '{title}': shows {plain(cell)}, the bench prints {line[column]}")

    counts = re.search(r"`make bench`: ([\d,]+) recorded page turns and ([\d,]+) labelled synthetic gestures", readme)
    traces = {source: int(line["traces"]) for (model, source), line in bench.items()}
    if not counts:
        wrong.append("README: the sentence '`make bench`: N recorded page turns and M labelled synthetic gestures' is missing")
    else:
        for shown, source in ((counts.group(1), RECORDED), (counts.group(2), SYNTHETIC)):
            if source not in traces:
                unchecked += 1
            elif matches(shown, traces[source]):
                checked += 1
            else:
                wrong.append(f"README: {shown} {source} gestures, the bench read {traces[source]}")
    total = re.search(r"over those ([\d,]+) gestures", readme)
    if total and RECORDED in traces:
        checked += 1
        if not matches(total.group(1), traces[RECORDED] + traces.get(SYNTHETIC, 0)):
            wrong.append(f"README: 'over those {total.group(1)} gestures', the bench read {traces[RECORDED] + traces.get(SYNTHETIC, 0)}")
    elif total:
        unchecked += 1

    sweep = re.search(r"`make sweep` evaluates .*?\(([\d,]+) rows\)", readme, re.S)
    if not sweep:
        wrong.append("README: the default sweep's '(N rows)' is missing")
    elif sweep_rows is not None:
        checked += 1
        if not matches(sweep.group(1), sweep_rows):
            wrong.append(f"README: the default sweep has {sweep.group(1)} rows, transition-sweep wrote {sweep_rows}")
    return wrong, checked, unchecked


def check_behaviour(doc, bench):
    """As check_readme, for docs/behaviour.md's "Latest run" table."""
    wrong, checked, unchecked = [], 0, 0
    header, rows = table_after(doc, "Latest run")
    for row in rows:
        model, source = plain(row[0]), plain(row[1])
        line = bench.get((model, source))
        if line is None and source == RECORDED:
            unchecked += len(row) - 2
            continue
        if line is None:
            wrong.append(f"docs/behaviour.md, Latest run: the bench printed no row for {model} on {source}")
            continue
        for title, cell in zip(header[2:], row[2:]):
            column = BEHAVIOUR_COLUMNS.get(title)
            if column is None:
                wrong.append(f"docs/behaviour.md, Latest run: column '{title}' has no command figure (BEHAVIOUR_COLUMNS)")
                continue
            checked += 1
            if not matches(cell, number(line[column])):
                wrong.append(f"docs/behaviour.md, Latest run, {model} on {source}, '{title}': shows {plain(cell)}, "
                             f"the bench prints {line[column] or 'nothing'}")
    header, rows = table_after(doc, "Intent match per synthetic family")
    for row in rows:
        family = re.sub(r"\s*\(.*", "", plain(row[0]))
        for model, cell in zip(header[1:], row[1:]):
            line = bench.get((plain(model), f"{SYNTHETIC}/{family}"))
            if line is None:
                wrong.append(f"docs/behaviour.md, intent match per family: the bench printed no row for {model} on {family}")
                continue
            checked += 1
            if not matches(cell, number(line["intent_match_rate"])):
                wrong.append(f"docs/behaviour.md, intent match per family, {family}, {model}: shows {plain(cell)}, "
                             f"the bench prints {line['intent_match_rate']}")
    return wrong, checked, unchecked


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} exited {result.returncode}:\n{result.stderr}")
    return result.stdout


def main(arguments):
    binaries = arguments[arguments.index("--bin") + 1] if "--bin" in arguments else os.path.join(".build", "release")
    try:
        bench = bench_table(run([os.path.join(binaries, "transition-bench"), *BENCH]))
        with tempfile.TemporaryDirectory() as folder:
            output = os.path.join(folder, "sweep.csv")
            run([os.path.join(binaries, "transition-sweep"), "--output", output])
            with open(output, encoding="utf-8") as sweep:
                sweep_rows = sum(1 for _ in sweep) - 1
        with open("README.md", encoding="utf-8") as readme:
            wrong, checked, unchecked = check_readme(readme.read(), bench, sweep_rows)
        with open(os.path.join("docs", "behaviour.md"), encoding="utf-8") as doc:
            more = check_behaviour(doc.read(), bench)
    except (Failure, OSError) as failure:
        print(f"readme_figures: {failure}", file=sys.stderr)
        return 2
    wrong, checked, unchecked = wrong + more[0], checked + more[1], unchecked + more[2]
    for line in wrong:
        print(line)
    if unchecked:
        print(f"readme_figures: {unchecked} figures of the recorded swipes not checked: the bench found no recorded file "
              "(docs/traces.md, \"The recorded swipes\")")
    print(f"readme_figures: {checked} figures checked, {len(wrong)} differ from their commands", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
