# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 4. Performance: the batch integrator against the machine's limits
#
# `transition-bench throughput --format csv` (release build) measures lane-steps per
# second (one release advanced one frame) for each backend (scalar reference, portable
# SIMD on one core and on all cores, BLAS), the trajectory output rate against a
# write-bandwidth probe run in the same process, numpy evaluating the same releases'
# closed form, and the classic curve's cost. `run_notebooks.py` runs it once per batch
# size (`--lanes`), largest first, within a time budget; the notes below say what was
# measured. Numbers depend on the machine: they are this machine's, from this run.

# %%
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from matplotlib.colors import ListedColormap
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from IPython.display import display, Markdown

import tp_notebook as tp

tp.setup()
manifest = tp.manifest()

# %%
tput = tp.load("throughput.csv")
info = manifest["throughput"]
notes = list(info.get("notes", []))
display(Markdown("**Notes from the throughput runs:**\n\n" + "\n".join(f"- {n}" for n in notes)
                 if notes else "_No notes._"))
# x axis: the batch size the runner reports, else the one it was asked for
tput["batch"] = tput["lanes"].where(tput["lanes"].notna(), tput["requested_lanes"])
tput["series"] = tput.apply(tp.throughput_series, axis=1)
display(tput.drop(columns=["series"]))


# %% [markdown]
# Left: lane-steps per second against batch size, one line per backend and thread count,
# numpy (same unit) beside them as a dashed line. Middle: trajectory output in bytes per
# second against batch size, the write-bandwidth probe as a black line: the ceiling any
# trajectory writer can reach with ordinary stores. Right: each measurement's ratio to the
# scalar reference at the largest batch size measured.

# %%
def draw(ax, frame, style, color_index):
    for k, (name, part) in enumerate(frame.groupby("series", sort=True)):
        # one point per batch size (the median if a size was measured more than once)
        part = part.groupby("batch", dropna=False)["value"].median().reset_index().sort_values("batch")
        ax.plot(part["batch"], part["value"], marker="o", ls=style, label=name,
                color=plt.cm.tab10((color_index + k) % 10))
    return color_index + frame["series"].nunique()

fig, (ax_t, ax_b, ax_r) = plt.subplots(1, 3, figsize=(19, 6), layout="constrained",
                                       gridspec_kw={"width_ratios": [1.2, 1, 1]})
steps = tput[tput["measurement"] == "lane_steps"]
numpy_rows = tput[tput["measurement"] == "numpy"]
step_unit = tp.unit_of(steps)
k = draw(ax_t, steps, "-", 0)
if len(numpy_rows):
    if tp.unit_of(numpy_rows) == step_unit:
        draw(ax_t, numpy_rows.assign(series=np.where(numpy_rows["series"] == "numpy", "numpy",
                                                     "numpy: " + numpy_rows["series"])), "--", k)
    else:
        tp.note(ax_t, f"numpy measured in {tp.unit_of(numpy_rows)}, see the table", y=0.1)
else:
    tp.note(ax_t, "numpy was not measured (python3 without numpy?)", y=0.1)
ax_t.set_xscale("log"); ax_t.set_yscale("log")
ax_t.set_xlabel("batch size (lanes)")
ax_t.set_ylabel(f"throughput ({step_unit})")
ax_t.set_title("Lane-steps per second by backend")
if not info["lanes_flag"]:
    tp.note(ax_t, "one batch size only (the runner's default): see the notes above", y=0.95)
ax_t.legend(loc="best")

traj_rows = tput[tput["measurement"] == "trajectory_bandwidth"]
probe = tput[tput["measurement"] == "bandwidth_probe"]
draw(ax_b, traj_rows, "-", 0)
if len(probe):
    # One black line per probe kind (store type and thread count): joining them would zigzag.
    styles = ["-", "--", ":", "-."]
    for i, ((kind, threads), part) in enumerate(probe.groupby(["backend", "threads"], sort=True)):
        label = f"probe: {kind} stores, {threads} thread{'s' if threads != 1 else ''}"
        style = styles[i % len(styles)]
        if part["batch"].notna().any() and part["batch"].nunique() > 1:
            part = part.sort_values("batch")
            ax_b.plot(part["batch"], part["value"], color="black", lw=1.5, ls=style, label=label)
        else:
            ax_b.axhline(part["value"].median(), color="black", lw=1.5, ls=style,
                         label=f"{label} ({part['value'].median():.3g} {tp.unit_of(probe)})")
else:
    tp.note(ax_b, "no bandwidth_probe row in the throughput CSV")
ax_b.set_xscale("log")
ax_b.set_ylim(bottom=0)
ax_b.set_xlabel("batch size (lanes)")
ax_b.set_ylabel(f"write rate ({tp.unit_of(traj_rows) if len(traj_rows) else tp.unit_of(probe)})")
ax_b.set_title("Trajectory output against the measured write bandwidth")
ax_b.legend(loc="best")

largest = tput[tput["batch"] == tput["batch"].max()] if tput["batch"].notna().any() else tput
ratios = largest.dropna(subset=["ratio_to_scalar"])
labels = ratios["measurement"] + ": " + ratios["series"]
ax_r.barh(labels, ratios["ratio_to_scalar"], color="#5c6bc0")
ax_r.axvline(1, color="black", lw=0.8)
ax_r.set_xscale("log")
ax_r.set_xlabel("ratio to the scalar reference (x, log scale)")
batch_text = f"{int(largest['batch'].max()):,} lanes" if largest["batch"].notna().any() else "default batch"
ax_r.set_title(f"Speed-up over scalar at {batch_text}")
fig.suptitle("Batch integrator throughput on this machine (transition-bench throughput)", fontsize="large")
tp.savefig(fig, "throughput-vs-batch")
plt.show()

# %% [markdown]
# **What to see.** Scalar throughput is flat in batch size; SIMD on all cores rises until the
# batch fills every core and then levels off; the trajectory writer approaches the probe's
# line, which is the limit set by memory, not arithmetic. numpy pays for temporaries and
# libm calls, so it sits below the SIMD lines.
