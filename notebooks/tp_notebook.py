"""Shared helpers for the TransitionPhysics notebooks: where the data and figures live, loading
the CSV written by `run_notebooks.py`, and a few plotting conventions.

The notebooks read only what `run_notebooks.py` produced in `notebooks/data/` by running the
project's own CLIs (`transition-sweep`, `transition-bench`); no number in a figure is typed in.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd

NOTEBOOK_DIR = Path(__file__).resolve().parent
REPO_DIR = NOTEBOOK_DIR.parent
DATA_DIR = NOTEBOOK_DIR / "data"
DEFAULT_FIGURE_DIR = NOTEBOOK_DIR / "figures"
# run_notebooks.py --check points this at a scratch folder so a test run leaves the committed
# PNGs alone; otherwise figures go to notebooks/figures/.
FIGURE_DIR_ENV = "TP_FIGURE_DIR"
FIGURE_DIR = Path(os.environ.get(FIGURE_DIR_ENV, DEFAULT_FIGURE_DIR))
# The recorded swipes are never copied into the repository: they are read from the sibling
# shared folder when it exists (docs/traces.md, "The recorded swipes": the citation and where to
# get them).
SHARED_TRACES = REPO_DIR.parent / "shared" / "data" / "bioident-gallery-swipes.csv"

MODELS = ["classic", "cupertino", "physics"]
MODEL_COLORS = {"classic": "#d62728", "cupertino": "#ff7f0e", "physics": "#1f77b4"}
MODEL_LABELS = {
    "classic": "classic (UIKit percent-driven)",
    "cupertino": "cupertino (Flutter back swipe)",
    "physics": "physics (projected spring)",
}
CITATION = (
    "Recorded swipes: BioIdent gallery task; Antal, Bokor, Szabo, \"Information revealed from "
    "scrolling interactions on mobile devices\", Pattern Recognition Letters 56 (2015) 7-13."
)


def setup() -> None:
    """Plot defaults: small inline images (they are stored in the notebooks), sharper PNGs."""
    matplotlib.rcParams.update({
        "figure.dpi": 72,
        "savefig.dpi": 130,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "legend.fontsize": "small",
        "axes.titlesize": "medium",
    })


def manifest() -> dict:
    """What run_notebooks.py ran to produce the data (commands, timings, notes)."""
    path = DATA_DIR / "manifest.json"
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: generate the data with `make notebooks` "
            "(or notebooks/.venv/bin/python notebooks/run_notebooks.py --write)."
        )
    return json.loads(path.read_text())


def load(name: str) -> pd.DataFrame:
    """Read one CSV written by run_notebooks.py into a DataFrame."""
    path = DATA_DIR / name
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: generate the data with `make notebooks` "
            "(or notebooks/.venv/bin/python notebooks/run_notebooks.py --write)."
        )
    return pd.read_csv(path, low_memory=False)  # one dtype per column, not one per chunk


def column(df: pd.DataFrame, prefix: str) -> str:
    """The column whose name is `prefix` or starts with it (parameter columns carry a unit
    suffix, e.g. response_s, deceleration_rate_per_ms)."""
    if prefix in df.columns:
        return prefix
    matches = [c for c in df.columns if c.startswith(prefix)]
    if not matches:
        raise KeyError(f"no column starting with {prefix!r}; columns: {list(df.columns)}")
    return matches[0]


def columns_present(df: pd.DataFrame, *prefixes: str) -> list[str]:
    """The columns matching each prefix that exist (for tables that show what is there)."""
    found = []
    for prefix in prefixes:
        try:
            found.append(column(df, prefix))
        except KeyError:
            pass
    return found


def source_column(df: pd.DataFrame) -> str | None:
    for name in ("source", "family"):
        if name in df.columns:
            return name
    return None


def recorded_mask(per_trace: pd.DataFrame) -> pd.Series:
    """Rows of the per-trace benchmark CSV that come from recorded swipes (not synthetic)."""
    if "user_id" in per_trace.columns and per_trace["user_id"].notna().any():
        return per_trace["user_id"].notna()
    src = source_column(per_trace)
    if src is None:
        return pd.Series(False, index=per_trace.index)
    text = per_trace[src].astype(str).str.lower()
    return ~text.str.startswith("synthetic") & (
        text.str.contains("record") | text.str.contains("bioident") | text.str.endswith(".csv")
    )


def with_user_and_device(recorded: pd.DataFrame) -> pd.DataFrame:
    """Recorded per-trace rows with user_id and device_id: taken from the per-trace CSV when the
    benchmark wrote them, else joined by trace_id from the shared trace file (read in place)."""
    if {"user_id", "device_id"} <= set(recorded.columns) and recorded["user_id"].notna().all():
        return recorded
    if not SHARED_TRACES.exists():
        return recorded.assign(user_id=pd.NA, device_id=pd.NA)
    ids = (
        pd.read_csv(SHARED_TRACES, usecols=["trace_id", "user_id", "device_id"])
        .drop_duplicates("trace_id")
    )
    base = recorded.drop(columns=[c for c in ("user_id", "device_id") if c in recorded.columns])
    return base.merge(ids, on="trace_id", how="left")


def note(ax, text: str, x: float = 0.5, y: float = 0.5, **kwargs) -> None:
    """A visible boxed note inside an axes (used when data is absent or a fallback was taken);
    x and y are axes fractions."""
    style = dict(ha="center", va="center", fontsize="small", wrap=True, zorder=10,
                 bbox=dict(boxstyle="round", facecolor="#fff3cd", edgecolor="#c69500"))
    style.update(kwargs)
    ax.text(x, y, text, transform=ax.transAxes, **style)


def model_order(names) -> list[str]:
    """The three headline models first, then any other variant the benchmark ran."""
    names = list(dict.fromkeys(names))
    return [m for m in MODELS if m in names] + sorted(m for m in names if m not in MODELS)


def model_color(name: str, index: int = 0) -> str:
    extra = ["#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"]
    return MODEL_COLORS.get(name, extra[index % len(extra)])


def savefig(fig, name: str) -> Path:
    """Write the figure as notebooks/figures/<name>.png (or TP_FIGURE_DIR) and return the path."""
    FIGURE_DIR.mkdir(parents=True, exist_ok=True)
    path = FIGURE_DIR / f"{name}.png"
    fig.savefig(path, bbox_inches="tight", metadata={"Software": None})
    return path


# --- The notebooks' sources ------------------------------------------------------------------

_SAVEFIG = re.compile(r"""tp\.savefig\(\s*\w+\s*,\s*(["'])([^"']+)\1""")


def notebook_sources(folder: Path = NOTEBOOK_DIR) -> list[Path]:
    """The notebooks' percent-format sources (`NN-name.py`), in order."""
    return sorted(folder.glob("[0-9][0-9]-*.py"))


def figures_saved(source: str) -> list[str]:
    """The figure names a notebook's source saves through `tp.savefig(fig, "name")`, in order,
    once each: what run_notebooks.py expects each run to write."""
    return list(dict.fromkeys(m.group(2) for m in _SAVEFIG.finditer(source)))


# --- Data shaping the notebooks share -------------------------------------------------------

def decision_grid(frame: pd.DataFrame):
    """Progress values, velocity values (per s) and the finish indicator (1 finish, 0 cancel,
    rows by velocity, columns by progress) of one model's sweep rows."""
    grid = (frame.assign(finish=(frame["decision"] == "finish").astype(float))
                 .pivot_table(index="release_velocity_per_s", columns="release_progress",
                              values="finish", aggfunc="mean"))
    return grid.columns.to_numpy(), grid.index.to_numpy(), grid.to_numpy()


def select_release(frame: pd.DataFrame, progress: float, velocity_per_s: float) -> pd.DataFrame:
    """The rows of one release (progress, velocity per s), compared with a float tolerance."""
    return frame[np.isclose(frame["release_progress"], progress)
                 & np.isclose(frame["release_velocity_per_s"], velocity_per_s)]


def with_approach(row, path: pd.DataFrame, approach_s: float, points: int = 16):
    """Time (s), progress and velocity (per s) before and after a release: the finger's linear
    approach over `approach_s` seconds before it (t < 0), then the trajectory rows `path`."""
    p0, v0 = row["release_progress"], row["release_velocity_per_s"]
    path = path.sort_values("t_s")
    t_before = np.linspace(-approach_s, 0, points)
    return (t_before, p0 + v0 * t_before, np.full_like(t_before, v0),
            path["t_s"].to_numpy(), path["progress"].to_numpy(), path["velocity_per_s"].to_numpy())


def finish_rates(recorded: pd.DataFrame, key: str, models) -> tuple[pd.DataFrame, pd.Series]:
    """Share of the per-trace rows each model finished, grouped by `key` (rows) and model
    (columns, in `models` order), and the number of distinct traces per group."""
    frame = recorded.assign(finished=recorded["decision"] == "finish")
    table = frame.groupby([key, "model"])["finished"].mean().unstack("model")
    counts = frame.drop_duplicates("trace_id").groupby(key).size()
    return table.reindex(columns=[m for m in models if m in table.columns]), counts


def throughput_series(row) -> str:
    """A throughput row's series label: the backend, with its thread count when it has one."""
    if pd.isna(row["threads"]) or row["backend"] == "numpy":
        return str(row["backend"])
    threads = int(row["threads"])
    return f"{row['backend']} ({threads} thread{'s' if threads != 1 else ''})"


def unit_of(frame: pd.DataFrame) -> str:
    """The unit of a set of measurement rows (the first listed; "?" when none is)."""
    units = frame["unit"].dropna().unique()
    return units[0] if len(units) else "?"


# --- Completion shapes (notebook 05) --------------------------------------------------------

_VARIANT_FIELD = re.compile(r"([a-z][a-z ]*?) (-?[0-9][0-9.e+-]*|[A-Za-z][A-Za-z-]*)(?:\s*(s|/s²|/ms|/s))?$")


def variant_parameters(name: str) -> dict:
    """The parameters in a benchmark variant's model name, `physics(response 0.3 s, damping
    ratio 1.0, ..., completion shape spring)`, as {parameter: number or name}; {} for a preset
    name without parentheses."""
    if "(" not in name or not name.endswith(")"):
        return {}
    out = {}
    for part in name[name.index("(") + 1:-1].split(", "):
        match = _VARIANT_FIELD.match(part.strip())
        if not match:
            continue
        key, value = match.group(1), match.group(2)
        try:
            out[key] = float(value)
        except ValueError:
            out[key] = value
    return out


def completion_family(params: dict) -> str:
    """The trade-off family of a physics variant: `spring` (with its damping ratio),
    `minimum-jerk` or `ease-in-out` with its duration rule."""
    shape = params.get("completion shape", "spring")
    if shape == "spring":
        ratio = params.get("damping ratio")
        return "spring" if ratio is None else f"spring, damping ratio {ratio:g}"
    return f"{shape}, {params.get('completion duration rule', 'peak-acceleration')} rule"


def pareto_front(frame: pd.DataFrame, x: str, y: str) -> pd.DataFrame:
    """The rows no other row beats on both `x` and `y` (smaller is better on both), by `x`."""
    ordered = frame.sort_values([x, y])
    keep, best = [], np.inf
    for index, value in zip(ordered.index, ordered[y]):
        if value < best:
            keep.append(index)
            best = value
    return ordered.loc[keep]


def interpolate_at(front: pd.DataFrame, x: str, y: str, at: float) -> float:
    """`y` on a front at `x == at`, linear in log x between its points; NaN outside it."""
    xs, ys = np.log(front[x].to_numpy(float)), front[y].to_numpy(float)
    if len(xs) == 0 or not (xs.min() <= np.log(at) <= xs.max()):
        return float("nan")
    return float(np.interp(np.log(at), xs, ys))
