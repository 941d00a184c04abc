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
# # 1. Decision map: where each model finishes or cancels
#
# When the finger lifts, a model sees two numbers: the **release progress** (0 = the old
# screen, 1 = the new one) and the **release velocity** (progress per second, that is
# screen widths per second, positive toward finishing). This map shows, for every such
# pair on a grid, whether each model **finishes** or **cancels** the transition.
#
# - **classic** (UIKit's `UIPercentDrivenInteractiveTransition` as commonly driven):
#   finishes iff progress > 0.5, so its boundary is a vertical line: a fast flick that
#   released before the middle is thrown away.
# - **cupertino** (Flutter's back swipe): the velocity's sign decides above a fling speed,
#   progress decides below it.
# - **physics** (ours): projects where the released motion would coast and finishes when
#   that point is past the middle: the boundary is a tilted line, so slow drags and quick
#   flicks are both read as meant.
#
# All regions come from `transition-sweep` (`notebooks/data/sweep_decision.csv`); the
# boundary lines are contours of the finish indicator, so they sit within half a grid
# step of the true boundary. Recorded human swipes (per-trace output of
# `transition-bench behavior`) are overlaid as black dots when `../shared/data` is present.
# The velocity grid reaches the fastest recorded release (0.05 steps within ±4 widths per
# second, 8% steps beyond), so every recorded release is drawn where it is; the axis is linear
# within ±1 width per second and logarithmic beyond.

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
sweep = tp.load("sweep_decision.csv")
per_trace = tp.load("bench_per_trace.csv")
models = tp.model_order(sweep["model"].unique())
progress_range = (float(sweep["release_progress"].min()), float(sweep["release_progress"].max()))
velocity_range = (float(sweep["release_velocity_per_s"].min()), float(sweep["release_velocity_per_s"].max()))
print(f"{len(sweep):,} grid rows: models {models}, progress {progress_range}, "
      f"velocity {velocity_range} per s")

recorded = per_trace[tp.recorded_mask(per_trace)].drop_duplicates("trace_id")
have_recorded = len(recorded) > 0
print(f"recorded swipes in the per-trace CSV: {len(recorded):,}")


# %%
grids = {m: tp.decision_grid(sweep[sweep["model"] == m]) for m in models}

# Share of the grid each model finishes, and where physics disagrees with the others.
finish_share = {m: float(np.mean(grids[m][2])) for m in models}
rows = []
for m in models:
    row = {"model": m, "finish share of grid points": finish_share[m]}
    if "physics" in grids and m != "physics":
        row["disagrees with physics"] = float(np.mean(grids[m][2] != grids["physics"][2]))
    rows.append(row)
display(pd.DataFrame(rows).set_index("model").round(3))

# %% [markdown]
# The figure: one panel per model (green = finish, red = cancel, the model's boundary as
# a line) and a last panel with the three boundaries together. The grid covers every
# recorded release; a point outside it (none when the grid comes from the same run) would be
# drawn at its edge as an open triangle, its count in the legend.

# %%
vmin, vmax = velocity_range
if have_recorded:
    rv = recorded["release_velocity_per_s"].to_numpy()
    rp = recorded["release_progress"].clip(*progress_range).to_numpy()
    inside = (rv >= vmin) & (rv <= vmax)
    rv_clipped = np.clip(rv, vmin, vmax)

def overlay_recorded(ax, with_label):
    if not have_recorded:
        tp.note(ax, "Recorded swipes not shown:\n../shared/data/bioident-gallery-swipes.csv\n"
                    "is absent (no recorded rows in the per-trace CSV)", y=0.12)
        return
    ax.scatter(rp[inside], rv_clipped[inside], s=5, c="black", alpha=0.35, linewidths=0,
               label=f"recorded release ({inside.sum():,})" if with_label else None)
    for beyond, marker in ((rv > vmax, "^"), (rv < vmin, "v")):
        if beyond.any():
            ax.scatter(rp[beyond], rv_clipped[beyond], s=14, marker=marker, facecolors="none",
                       edgecolors="black", alpha=0.5, linewidths=0.6, clip_on=False,
                       label=(f"recorded, {'above' if marker == '^' else 'below'} the grid "
                              f"({beyond.sum():,}, drawn at its edge)") if with_label else None)

cmap = ListedColormap(["#f4c7c3", "#c8e6c9"])
fig, axes = plt.subplots(2, 2, figsize=(12, 9.5), sharex=True, sharey=True)
for ax, m in zip(axes.flat, models):
    p, v, finish = grids[m]
    ax.pcolormesh(p, v, finish, cmap=cmap, vmin=0, vmax=1, shading="nearest", rasterized=True)
    ax.contour(p, v, finish, levels=[0.5], colors=[tp.model_color(m)], linewidths=2)
    overlay_recorded(ax, with_label=True)
    ax.set_title(tp.MODEL_LABELS.get(m, m))
    handles = [Patch(color=cmap(1), label="finish"), Patch(color=cmap(0), label="cancel"),
               Line2D([], [], color=tp.model_color(m), lw=2, label="boundary")]
    ax.legend(handles=handles + ax.get_legend_handles_labels()[0], loc="lower left")

ax = axes.flat[len(models)] if len(models) < 4 else None
if ax is not None:
    for m in models:
        p, v, finish = grids[m]
        ax.contour(p, v, finish, levels=[0.5], colors=[tp.model_color(m)], linewidths=2)
    overlay_recorded(ax, with_label=True)
    handles = [Line2D([], [], color=tp.model_color(m), lw=2, label=f"{m} boundary") for m in models]
    ax.legend(handles=handles + ax.get_legend_handles_labels()[0], loc="lower left")
    ax.set_title("All boundaries: finish lies above / right of each line")
linear_limit = 1.0
for ax in axes.flat:
    ax.set_xlim(*progress_range)
    ax.set_ylim(vmin, vmax)
    if vmax > 4:
        # Linear within ±1 width per second, logarithmic beyond: the slow drags and the fastest
        # flicks both stay readable.
        ax.set_yscale("symlog", linthresh=linear_limit, linscale=0.8)
        ticks = [t for t in (-1000, -100, -10, -3, -1, 0, 1, 3, 10, 100, 1000) if vmin <= t <= vmax]
        ax.set_yticks(ticks, [f"{t:g}" for t in ticks])
        ax.minorticks_off()
    ax.axhline(0, color="grey", lw=0.5)
for ax in axes[-1]:
    ax.set_xlabel("release progress (fraction of the transition, 0 to 1)")
for ax in axes[:, 0]:
    ax.set_ylabel("release velocity (progress per s; log beyond ±1)")
fig.suptitle("Finish or cancel at release: classic, cupertino and physics models", fontsize="large")
fig.tight_layout()
tp.savefig(fig, "decision-map")
plt.show()

# %% [markdown]
# **What to see.** Classic's boundary is vertical: every release left of the middle cancels,
# however fast the finger was moving toward finishing (the upper-left region), and every
# release right of it finishes even when the finger was flicking back (lower right). The
# physics boundary tilts: a fast flick finishes from early progress and a flick back
# cancels from late progress. Recorded swipes cluster at positive velocities and often
# before the middle, the region where classic cancels what people meant to finish.

# %%
if have_recorded:
    print(f"recorded releases inside the grid: {int(inside.sum()):,} of {len(rv):,} "
          f"(velocity {rv.min():.1f} to {rv.max():.1f} per s; grid {vmin:g} to {vmax:g})")

# %%
if have_recorded:
    # Share of recorded release points (all intended to finish) in each model's finish region,
    # read from the benchmark's per-trace decisions.
    rec_all = per_trace[tp.recorded_mask(per_trace)]
    display(rec_all.assign(finished=rec_all["decision"] == "finish")
                   .groupby("model")["finished"].mean().rename("recorded swipes finished").round(3))
else:
    display(Markdown("_Recorded swipes absent: no per-model completion shares._"))
