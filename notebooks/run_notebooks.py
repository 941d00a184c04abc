#!/usr/bin/env python3
"""Regenerate the notebooks' data with the project's CLIs, then execute every notebook headless.

    notebooks/.venv/bin/python notebooks/run_notebooks.py --check   # make test
    notebooks/.venv/bin/python notebooks/run_notebooks.py --write   # make notebooks

Both modes first run `transition-sweep` and `transition-bench` (release build, from
`swift build -c release --show-bin-path`, or --bin-dir) into notebooks/data/ (ignored by git),
then execute each notebook with nbclient.

The notebooks' source is the percent-format `NN-name.py` beside each `NN-name.ipynb` (jupytext).
--write  builds each .ipynb from its .py, executes it and keeps the outputs in the committed
         file, and the figures in notebooks/figures/.
--check  verifies the committed notebooks' cells match their .py, executes notebooks built from
         the .py files (the committed notebooks and figures are left untouched), writes the
         figures into a scratch folder and verifies every figure the source saves was produced.

A cell error fails the run with exit status 1, naming the notebook and the cell.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tp_notebook import (  # noqa: E402  (the paths are defined once, in the helper module)
    DATA_DIR, DEFAULT_FIGURE_DIR, FIGURE_DIR_ENV, NOTEBOOK_DIR, REPO_DIR, SHARED_TRACES,
    figures_saved, notebook_sources,
)

# The gestures of the completion-curve notebook: (release progress, release velocity per s).
# A fling from early progress, a slow drag past the middle, a flick back from late progress.
CURVE_GESTURES = [(0.3, 1.5), (0.6, 0.3), (0.7, -1.5)]
# One release for the spring-parameter panels: physics finishes it whatever the spring.
PARAMETER_RELEASE = (0.4, 1.0)
RESPONSES_S = [0.15, 0.3, 0.6]
DAMPING_RATIOS = [0.4, 0.7, 1.0]
DECELERATION_RATES = [0.99, 0.995, 0.998, 0.999]
# The completion-shape trade-off (notebook 05): durations of a full travel (timed shapes, the
# duration rule), peak accelerations in travel widths per s² (the peak-acceleration rule), spring
# responses in seconds and damping ratios.
TRADEOFF_DURATIONS_S = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8]
TRADEOFF_PEAK_ACCELERATIONS = [20, 30, 45, 60, 80, 100, 120, 150, 200, 300, 450, 700, 1000]
TRADEOFF_RESPONSES_S = [0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6]
TRADEOFF_DAMPING_RATIOS = [0.8, 1.0]
# The tuning grid (notebook 06): response x damping ratio x deceleration rate x completion shape,
# the timed shapes by their peak acceleration (travel widths per s²); about 2,300 variants.
TUNING_RESPONSES_S = [round(0.12 + 0.04 * i, 2) for i in range(13)]
TUNING_DAMPING_RATIOS = [0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2]
TUNING_DECELERATION_RATES = [0.99, 0.992, 0.994, 0.995, 0.996, 0.9965, 0.997, 0.9975, 0.998, 0.9982,
                             0.9985, 0.9988, 0.999, 0.9992, 0.9994, 0.9995, 0.9996, 0.9997, 0.9998, 0.9999]
TUNING_PEAK_ACCELERATIONS = [40, 60, 80, 100, 120, 150, 180, 220, 270, 330, 400, 500]
# The decision map's velocity axis: 0.05 per s steps within this many per s, geometric beyond.
DECISION_LINEAR_VELOCITY = 4.0
THROUGHPUT_LANES = [100_000, 10_000, 1_000]
THROUGHPUT_BUDGET_S = 90.0  # skip further batch sizes once the throughput runs took this long
THROUGHPUT_TIMEOUT_S = 180.0
CLI_TIMEOUT_S = 120.0
CELL_TIMEOUT_S = 300


class RunError(Exception):
    pass


def fmt(values) -> str:
    """A CLI list value: `0.3,0.6,-1.5` (shortest form of each number)."""
    return ",".join(format(float(v), "g") for v in values)


def decision_velocities(limit: float) -> list[float]:
    """Release velocities for the decision map, per s: -4:4 in 0.05 steps, then steps of 8% out
    to the first value at or beyond `limit` on both sides (none beyond 4 when `limit` <= 4)."""
    inner = [round(-DECISION_LINEAR_VELOCITY + 0.05 * i, 2) for i in range(int(2 * DECISION_LINEAR_VELOCITY / 0.05) + 1)]
    outer, v = [], DECISION_LINEAR_VELOCITY
    while v < limit:
        v = float(format(v * 1.08, ".4g"))
        outer.append(v)
    return sorted([-x for x in outer] + inner + outer)


def recorded_speed_limit() -> float:
    """The fastest recorded release in the behaviour run's per-trace CSV, per s (absolute); the
    linear range when there are no recorded traces."""
    path = DATA_DIR / "bench_per_trace.csv"
    fastest = 0.0
    if path.exists():
        with path.open(newline="") as f:
            for row in csv.DictReader(f):
                if row["source"] != "synthetic" and row["release_velocity_per_s"]:
                    fastest = max(fastest, abs(float(row["release_velocity_per_s"])))
    return max(fastest, DECISION_LINEAR_VELOCITY)


def resolve_bin_dir(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit).resolve()
    try:
        out = subprocess.run(
            ["swift", "build", "-c", "release", "--show-bin-path"],
            cwd=REPO_DIR, capture_output=True, text=True, timeout=120,
        )
        if out.returncode == 0 and out.stdout.strip():
            return Path(out.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired):
        pass
    return REPO_DIR / ".build" / "release"


def find_binaries(bin_dir: Path) -> dict[str, Path]:
    tools = {name: bin_dir / name for name in ("transition-sweep", "transition-bench")}
    missing = [str(p) for p in tools.values() if not (p.is_file() and os.access(p, os.X_OK))]
    if missing:
        raise RunError(
            "missing CLI binaries: " + ", ".join(missing)
            + "\nBuild them first with `make release` (the notebooks run the release build), "
            "or point at them with --bin-dir DIR."
        )
    return tools


class DataGenerator:
    """Runs the CLIs into notebooks/data/ and records what it ran in manifest.json."""

    def __init__(self, tools: dict[str, Path], lanes: list[int]):
        self.tools = tools
        self.lanes = lanes
        self.runs: list[dict] = []

    def run(self, name: str, args: list[str], stdout_file: Path | None = None,
            timeout: float = CLI_TIMEOUT_S) -> subprocess.CompletedProcess:
        cmd = [str(a) for a in args]
        shown = " ".join(shlex.quote(c) for c in cmd).replace(str(REPO_DIR) + "/", "")
        print(f"  [{name}] {shown}", flush=True)
        start = time.monotonic()
        try:
            out = subprocess.run(cmd, cwd=REPO_DIR, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RunError(f"{name}: `{shown}` did not finish within {timeout:.0f} s")
        seconds = time.monotonic() - start
        if out.returncode != 0:
            raise RunError(
                f"{name}: `{shown}` exited with status {out.returncode}\n"
                f"stderr:\n{out.stderr.strip()[-3000:]}"
            )
        if stdout_file is not None:
            stdout_file.write_text(out.stdout)
        self.runs.append({
            "name": name, "command": shown, "seconds": round(seconds, 3),
            "stderr": out.stderr.strip()[-2000:],
        })
        return out

    def sweep(self, name: str, *flags: str, trajectories: bool = False) -> None:
        args = [self.tools["transition-sweep"], *flags, f"--output={DATA_DIR / (name + '.csv')}"]
        if trajectories:
            args.append(f"--trajectories={DATA_DIR / (name + '_trajectories.csv')}")
        args.append("--quiet")
        self.run(name, args)

    def generate(self) -> dict:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        # Behaviour on recorded (default file, when present) and synthetic gestures; first, so
        # that the decision map's velocity axis can cover every recorded release.
        self.run("bench_behavior", [
            self.tools["transition-bench"], "behavior", "--synthetic", "2000", "--seed", "1",
            "--format", "csv", "--per-trace", DATA_DIR / "bench_per_trace.csv",
        ], stdout_file=DATA_DIR / "bench_summary.csv")
        self.runs[-1]["notes"] = strip_to_header(DATA_DIR / "bench_summary.csv", "model,")

        # Decision map: every model over the release grid, 0.05 per s steps within 4 per s and
        # geometric steps beyond it to the fastest recorded release.
        self.sweep("sweep_decision", "--model=classic,cupertino,physics",
                   "--release-progress=0:1:0.01",
                   f"--release-velocity={fmt(decision_velocities(recorded_speed_limit()))}")

        # The completion shapes with the decision held fixed (physics'): a grid of durations,
        # peak accelerations, responses and damping ratios (notebook 05).
        self.run("bench_tradeoff", [
            self.tools["transition-bench"], "behavior", "--synthetic", "2000", "--seed", "1", "--format", "csv",
            "--model", "physics", "--completion-shape", "spring,minimum-jerk,ease-in-out",
            "--completion-duration-rule", "peak-acceleration,duration", f"--duration={fmt(TRADEOFF_DURATIONS_S)}",
            f"--completion-peak-acceleration={fmt(TRADEOFF_PEAK_ACCELERATIONS)}",
            f"--response={fmt(TRADEOFF_RESPONSES_S)}", f"--damping-ratio={fmt(TRADEOFF_DAMPING_RATIOS)}",
        ], stdout_file=DATA_DIR / "bench_tradeoff.csv")
        self.runs[-1]["notes"] = strip_to_header(DATA_DIR / "bench_tradeoff.csv", "model,")
        # Tuning: the Pareto front over a grid of physics variants, with the built-ins beside them
        # (notebook 06).
        self.run("bench_tuning", [
            self.tools["transition-bench"], "behavior", "--synthetic", "2000", "--seed", "1", "--format", "csv",
            "--pareto", "--builtin", "classic", "--builtin", "cupertino", "--builtin", "physics",
            "--model", "physics", f"--response={fmt(TUNING_RESPONSES_S)}", f"--damping-ratio={fmt(TUNING_DAMPING_RATIOS)}",
            f"--deceleration-rate={fmt(TUNING_DECELERATION_RATES)}", "--completion-shape", "spring,minimum-jerk,ease-in-out",
            f"--completion-peak-acceleration={fmt(TUNING_PEAK_ACCELERATIONS)}",
        ], stdout_file=DATA_DIR / "bench_tuning.csv")
        self.runs[-1]["notes"] = strip_to_header(DATA_DIR / "bench_tuning.csv", "model,")
        # Completion curves: the product of the gestures' progress and velocity values (the
        # notebook picks the listed pairs), every model, with trajectories.
        self.sweep("sweep_curves", "--model=classic,cupertino,physics",
                   f"--release-progress={fmt(sorted({p for p, _ in CURVE_GESTURES}))}",
                   f"--release-velocity={fmt(sorted({v for _, v in CURVE_GESTURES}))}",
                   trajectories=True)
        p, v = PARAMETER_RELEASE
        self.sweep("sweep_response", "--model=physics", f"--release-progress={fmt([p])}",
                   f"--release-velocity={fmt([v])}", f"--response={fmt(RESPONSES_S)}",
                   "--damping-ratio=1", trajectories=True)
        self.sweep("sweep_damping", "--model=physics", f"--release-progress={fmt([p])}",
                   f"--release-velocity={fmt([v])}", "--response=0.3",
                   f"--damping-ratio={fmt(DAMPING_RATIOS)}", trajectories=True)
        self.sweep("sweep_deceleration", "--model=physics", "--release-progress=0:1:0.01",
                   "--release-velocity=-4:4:0.05", f"--deceleration-rate={fmt(DECELERATION_RATES)}")

        throughput = self.throughput()
        return {
            "bin_dir": str(self.tools["transition-sweep"].parent),
            "runs": self.runs,
            "curve_gestures": [{"release_progress": p, "release_velocity_per_s": v} for p, v in CURVE_GESTURES],
            "parameter_release": {"release_progress": PARAMETER_RELEASE[0],
                                  "release_velocity_per_s": PARAMETER_RELEASE[1]},
            "recorded_traces_file": str(SHARED_TRACES) if SHARED_TRACES.exists() else None,
            "throughput": throughput,
        }

    def throughput(self) -> dict:
        bench = self.tools["transition-bench"]
        help_text = subprocess.run([str(bench), "throughput", "--help"], cwd=REPO_DIR,
                                   capture_output=True, text=True, timeout=60)
        has_lanes = "--lanes" in (help_text.stdout + help_text.stderr)
        frames, notes, sizes = [], [], []
        header = None
        if has_lanes:
            spent = 0.0
            for n in self.lanes:
                if spent > THROUGHPUT_BUDGET_S:
                    notes.append(f"skipped batch size {n}: the throughput runs had already taken "
                                 f"{spent:.0f} s (budget {THROUGHPUT_BUDGET_S:.0f} s)")
                    continue
                try:
                    out = self.run(f"bench_throughput_{n}", [bench, "throughput", "--format", "csv",
                                                            "--lanes", str(n)], timeout=THROUGHPUT_TIMEOUT_S)
                except RunError as error:
                    if sizes or "exited with status 64" not in str(error):
                        raise
                    # the flag is listed but refuses a single size: measure the default only
                    has_lanes = False
                    notes.append(f"transition-bench throughput refused `--lanes {n}` (exit 64): "
                                 "only its default batch size was measured")
                    break
                spent += self.runs[-1]["seconds"]
                header, rows, comments = split_csv(out.stdout, "measurement,")
                frames += [f"{r},{n}" for r in rows]
                notes += comments
                sizes.append(n)
        if not has_lanes:
            out = self.run("bench_throughput", [bench, "throughput", "--format", "csv"],
                           timeout=THROUGHPUT_TIMEOUT_S)
            header, rows, comments = split_csv(out.stdout, "measurement,")
            frames += [f"{r}," for r in rows]
            notes += comments
            if not sizes and "--lanes" not in help_text.stdout + help_text.stderr:
                notes.append("transition-bench throughput has no --lanes flag in this build: "
                             "only its default batch size was measured")
        if header is None:
            raise RunError("transition-bench throughput printed no CSV header starting with 'measurement,'")
        (DATA_DIR / "throughput.csv").write_text("\n".join([header + ",requested_lanes", *frames]) + "\n")
        return {"lanes_flag": has_lanes, "requested_lanes": sizes, "notes": list(dict.fromkeys(notes))}


def split_csv(text: str, header_prefix: str) -> tuple[str | None, list[str], list[str]]:
    """Header, data rows and other lines (comments such as build flags) of a CLI's CSV output."""
    header, rows, other = None, [], []
    for line in text.splitlines():
        if header is None and line.startswith(header_prefix):
            header = line
        elif header is not None and line.strip() and not line.startswith("#"):
            rows.append(line)
        elif line.strip():
            other.append(line.lstrip("# ").rstrip())
    return header, rows, other


def strip_to_header(path: Path, header_prefix: str) -> list[str]:
    """Keep only the CSV in a captured standard output; return the other lines (notes)."""
    header, rows, other = split_csv(path.read_text(), header_prefix)
    if header is None:
        raise RunError(f"{path.name}: no CSV header starting with {header_prefix!r}")
    path.write_text("\n".join([header, *rows]) + "\n")
    return other


def failing_cell(nb) -> tuple[int, str] | None:
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                return index, f"{output.get('ename')}: {output.get('evalue')}"
    return None


def pin_kernel(folder: Path) -> None:
    """Make the kernel named python3 this interpreter (the venv with the pinned packages), even
    when a user-wide Jupyter install defines its own python3 kernel: JUPYTER_PATH is searched
    before the user and system folders."""
    spec = folder / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (notebooks/.venv)", "language": "python",
    }))
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [str(folder)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p])


def cell_sources(nb) -> list[tuple[str, str]]:
    return [(cell.cell_type, cell.source) for cell in nb.cells]


def from_source(source: Path):
    """The notebook (no outputs) that the percent-format source describes, with stable cell ids
    (so regenerating does not rewrite every id) and the pairing kept in its metadata."""
    import jupytext
    import nbformat

    nb = jupytext.read(source, fmt="py:percent")
    nb.metadata["jupytext"] = {"formats": "ipynb,py:percent"}
    nb.metadata["language_info"] = {"name": "python"}
    for index, cell in enumerate(nb.cells):
        cell["id"] = f"{source.stem}-{index:02d}"
        cell.metadata = {}
    nbformat.validate(nb)
    return nb


def execute(source: Path, write: bool, figure_dir: Path) -> None:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    path = source.with_suffix(".ipynb")
    work = from_source(source)
    if not write:
        if not path.exists():
            raise RunError(f"{path.name} is missing: run `make notebooks` to build it from {source.name}")
        committed = nbformat.read(path, as_version=4)
        if cell_sources(committed) != cell_sources(work):
            raise RunError(f"{path.name} differs from {source.name}: the .py is the source; run "
                           "`make notebooks` to rebuild and execute the .ipynb")
    os.environ[FIGURE_DIR_ENV] = str(figure_dir)
    client = NotebookClient(work, timeout=CELL_TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK_DIR)}},
                            record_timing=False)
    start = time.monotonic()
    try:
        client.execute()
    except CellExecutionError as error:
        where = failing_cell(work)
        cell = f"cell {where[0] + 1} of {len(work.cells)} ({where[1]})" if where else "a cell"
        detail = re.sub(r"\x1b\[[0-9;]*m", "", str(error))  # drop the traceback's colours
        raise RunError(f"{source.name}: {cell} failed\n{detail[-3000:]}\n{source.name}: {cell} failed")
    except Exception as error:  # kernel death, timeout
        raise RunError(f"{source.name}: execution failed: {type(error).__name__}: {error}")
    print(f"  executed {path.name} in {time.monotonic() - start:.1f} s", flush=True)
    if write:
        nbformat.write(work, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true",
                      help="execute copies; verify every expected figure is produced")
    mode.add_argument("--write", action="store_true",
                      help="execute in place, keeping outputs in the .ipynb and PNGs in figures/")
    parser.add_argument("--bin-dir", help="folder holding transition-sweep and transition-bench "
                        "(default: `swift build -c release --show-bin-path`, else .build/release)")
    parser.add_argument("--lanes", default=",".join(map(str, THROUGHPUT_LANES)),
                        help="batch sizes for the throughput runs, comma-separated (default %(default)s)")
    parser.add_argument("--skip-data", action="store_true",
                        help="reuse notebooks/data/ from the previous run instead of running the CLIs")
    parser.add_argument("--figure-dir", help="with --check: keep the figures in this folder "
                        "(default: a scratch folder removed afterwards)")
    parser.add_argument("notebooks", nargs="*", help="only these notebooks (default: all)")
    args = parser.parse_args(argv)

    started = time.monotonic()
    try:
        if args.skip_data:
            if not (DATA_DIR / "manifest.json").exists():
                raise RunError("--skip-data: notebooks/data/manifest.json is missing; run without it first")
        else:
            bin_dir = resolve_bin_dir(args.bin_dir)
            tools = find_binaries(bin_dir)
            print(f"Generating data with the CLIs in {bin_dir}", flush=True)
            lanes = [int(x) for x in args.lanes.split(",") if x.strip()]
            info = DataGenerator(tools, lanes).generate()
            (DATA_DIR / "manifest.json").write_text(json.dumps(info, indent=2) + "\n")

        sources = {p.stem: p for p in notebook_sources(NOTEBOOK_DIR)}
        names = [Path(n).stem for n in args.notebooks] or list(sources)
        unknown = [n for n in names if n not in sources]
        if unknown:
            raise RunError(f"unknown notebooks: {unknown}; known: {list(sources)}")
        kernel_dir = tempfile.TemporaryDirectory(prefix="tp-kernel-")
        pin_kernel(Path(kernel_dir.name))
        scratch = None
        if args.write:
            figure_dir = DEFAULT_FIGURE_DIR
        elif args.figure_dir:
            figure_dir = Path(args.figure_dir).resolve()
            figure_dir.mkdir(parents=True, exist_ok=True)
        else:
            scratch = tempfile.TemporaryDirectory(prefix="tp-figures-")
            figure_dir = Path(scratch.name)
        try:
            for name in names:
                source = sources[name]
                figures = figures_saved(source.read_text())
                before = time.time()
                execute(source, args.write, figure_dir)
                missing = []
                for figure in figures:
                    png = figure_dir / f"{figure}.png"
                    ok = (png.exists() and png.stat().st_mtime >= before - 1
                          and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n")
                    if not ok:
                        missing.append(png.name)
                if missing:
                    raise RunError(f"{name}: expected figures not produced: {', '.join(missing)}")
                print(f"  {name}: figures {', '.join(figures) or '(none)'} ok", flush=True)
        finally:
            kernel_dir.cleanup()
            if scratch is not None:
                scratch.cleanup()
    except RunError as error:
        print(f"run_notebooks: error: {error}", file=sys.stderr)
        return 1
    print(f"run_notebooks: {'wrote' if args.write else 'checked'} {len(names)} notebooks "
          f"in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
