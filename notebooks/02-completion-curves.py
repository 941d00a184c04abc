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
# # 2. Completion curves: what happens after the finger lifts
#
# The same gestures released under each model. Each trajectory from `transition-sweep
# --trajectories` starts at the release (t = 0 s). To show the moment of release, the
# plots **prepend the finger's approach** for the last fraction of a second before it:
# a straight line `progress(t) = release_progress + release_velocity * t` for t < 0 with
# constant velocity `release_velocity` (drawn grey and dashed; it is the same for every
# model, computed from the CSV's `release_progress` and `release_velocity_per_s`, not
# recorded).
#
# - **classic** plays the rest with easeInOut, whose slope at its start is zero: the
#   velocity drops from the finger's value to 0 at release, the **dead stop**.
# - **cupertino** uses the velocity only to choose the direction, then animates at a speed
#   set by the remaining distance.
# - **physics** starts its spring at the finger's velocity: no jump at t = 0.

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
curves = tp.load("sweep_curves.csv")
traj = tp.load("sweep_curves_trajectories.csv")
gestures = manifest["curve_gestures"]
models = tp.model_order(curves["model"].unique())
APPROACH_S = 0.15  # how much of the finger's (extrapolated) approach to draw before release

columns = ["model", "release_progress", "release_velocity_per_s", "decision",
           "completion_time_s", "velocity_jump_per_s", "overshoot", "peak_acceleration_per_s2"]
chosen = pd.concat([tp.select_release(curves, g["release_progress"], g["release_velocity_per_s"]) for g in gestures])
display(chosen[columns].reset_index(drop=True))

# %%
fig, axes = plt.subplots(2, len(gestures), figsize=(5 * len(gestures), 8), sharex=True, squeeze=False)
t_end = 0.0
for j, g in enumerate(gestures):
    rows = tp.select_release(curves, g["release_progress"], g["release_velocity_per_s"])
    top, bottom = axes[0, j], axes[1, j]
    for i, m in enumerate(models):
        row = rows[rows["model"] == m]
        if row.empty:
            continue
        row = row.iloc[0]
        tb, pb, vb, ta, pa, va = tp.with_approach(row, traj[traj["row"] == row["row"]], APPROACH_S)
        if i == 0:
            top.plot(tb, pb, color="grey", ls="--", lw=1.5, label="finger before release")
            bottom.plot(tb, vb, color="grey", ls="--", lw=1.5, label="finger before release")
        label = (f"{m}: {row['decision']} in {row['completion_time_s']:.2f} s, "
                 f"jump {row['velocity_jump_per_s']:.2f}/s")
        color = tp.model_color(m, i)
        top.plot(ta, pa, color=color, lw=2, label=label)
        bottom.plot(ta, va, color=color, lw=2, label=label)
        # the velocity jump at release: finger's velocity to the model's first velocity
        bottom.plot([0, 0], [vb[-1], va[0]], color=color, lw=1, ls=":")
        if len(ta):
            t_end = max(t_end, float(ta[-1]))
    title = (f"release at progress {g['release_progress']:g}, "
             f"velocity {g['release_velocity_per_s']:+g}/s")
    top.set_title(title)
    for ax in (top, bottom):
        ax.axvline(0, color="black", lw=0.8)
    top.set_ylabel("progress (fraction of the transition)")
    bottom.set_ylabel("progress velocity (progress per s)")
    bottom.set_xlabel("time since release (s)")
    top.legend(loc="best")
for ax in axes.flat:
    ax.set_xlim(-APPROACH_S, t_end * 1.02 if t_end > 0 else None)
fig.suptitle("Progress and velocity around the release: classic's dead stop, physics's continuous velocity",
             fontsize="large")
fig.tight_layout()
tp.savefig(fig, "completion-curves")
plt.show()

# %% [markdown]
# **What to see.** In the lower row, classic's velocity falls straight from the finger's
# value to zero at t = 0 (the dotted vertical segment is the jump, its size in the legend)
# and then rises again as easeInOut speeds up: the screen stops under the finger before
# moving on. The physics curve leaves the release at the finger's velocity and decays
# smoothly to rest at the target, and for the flick from early progress it finishes where
# classic goes back.
#
# ## The physics model's parameters
#
# Extra sweeps of the physics model alone (`--model physics`), one release for the spring
# panels (the release is in `manifest.json`, `parameter_release`):
#
# - **response** (s): the period of the undamped spring; shorter is snappier.
# - **damping ratio**: 1 is critically damped (no overshoot), below 1 overshoots the target.
# - **deceleration rate** (velocity kept per ms while coasting): it does not change the
#   curve, it changes the **decision**: a higher rate projects further, so the finish
#   boundary tilts more. The right panel draws the boundary for each rate over the same
#   progress by velocity grid as the decision map.

# %%
response = tp.load("sweep_response.csv")
response_traj = tp.load("sweep_response_trajectories.csv")
damping = tp.load("sweep_damping.csv")
damping_traj = tp.load("sweep_damping_trajectories.csv")
deceleration = tp.load("sweep_deceleration.csv")
response_col = tp.column(response, "response")
damping_col = tp.column(damping, "damping_ratio")
rate_col = tp.column(deceleration, "deceleration_rate")

summary_cols = ["decision", "completion_time_s", "velocity_jump_per_s", "overshoot", "peak_acceleration_per_s2"]
display(Markdown("**Response** (damping ratio fixed)"))
display(response[tp.columns_present(response, "response", "damping_ratio") + summary_cols])
display(Markdown("**Damping ratio** (response fixed)"))
display(damping[tp.columns_present(damping, "response", "damping_ratio") + summary_cols])

# %%
fig = plt.figure(figsize=(16, 8))
grid = fig.add_gridspec(2, 3)
panels = [(response, response_traj, response_col, "response", "s", plt.cm.viridis),
          (damping, damping_traj, damping_col, "damping ratio", "", plt.cm.plasma)]
for k, (frame, paths, col, name, unit, cmap) in enumerate(panels):
    top, bottom = fig.add_subplot(grid[0, k]), fig.add_subplot(grid[1, k])
    values = sorted(frame[col].unique())
    for i, value in enumerate(values):
        row = frame[frame[col] == value].iloc[0]
        tb, pb, vb, ta, pa, va = tp.with_approach(row, paths[paths["row"] == row["row"]], APPROACH_S)
        color = cmap(0.15 + 0.7 * i / max(len(values) - 1, 1))
        if i == 0:
            top.plot(tb, pb, color="grey", ls="--", label="finger before release")
            bottom.plot(tb, vb, color="grey", ls="--", label="finger before release")
        label = (f"{name} {value:g}{(' ' + unit) if unit else ''}: settles in "
                 f"{row['completion_time_s']:.2f} s, overshoot {row['overshoot']:.3f}")
        top.plot(ta, pa, color=color, lw=2, label=label)
        bottom.plot(ta, va, color=color, lw=2, label=label)
    release = frame.iloc[0]
    top.set_title(f"Effect of {name} (release at {release['release_progress']:g}, "
                  f"{release['release_velocity_per_s']:+g}/s)")
    top.set_ylabel("progress (fraction of the transition)")
    bottom.set_ylabel("progress velocity (progress per s)")
    bottom.set_xlabel("time since release (s)")
    for ax in (top, bottom):
        ax.axvline(0, color="black", lw=0.8)
    top.legend(loc="lower right")

ax = fig.add_subplot(grid[:, 2])
rates = sorted(deceleration[rate_col].unique())
handles = []
for i, rate in enumerate(rates):
    part = deceleration[deceleration[rate_col] == rate]
    finish = (part.assign(f=(part["decision"] == "finish").astype(float))
                  .pivot_table(index="release_velocity_per_s", columns="release_progress", values="f"))
    color = plt.cm.cividis(0.1 + 0.8 * i / max(len(rates) - 1, 1))
    ax.contour(finish.columns, finish.index, finish.to_numpy(), levels=[0.5], colors=[color], linewidths=2)
    handles.append(Line2D([], [], color=color, lw=2,
                          label=f"rate {rate:g} per ms: finishes {finish.to_numpy().mean():.0%} of grid"))
ax.axhline(0, color="grey", lw=0.5)
ax.legend(handles=handles, loc="lower left", title="finish lies above / right")
ax.set_xlabel("release progress (fraction of the transition, 0 to 1)")
ax.set_ylabel("release velocity (progress per s)")
ax.set_title("Effect of deceleration rate on the physics decision boundary")
fig.suptitle("Physics model: response, damping ratio and deceleration rate", fontsize="large")
fig.tight_layout()
tp.savefig(fig, "spring-parameters")
plt.show()

# %% [markdown]
# **What to see.** A shorter response settles sooner with a higher peak acceleration; a
# damping ratio below 1 carries progress past 1 before it settles (overshoot in the
# legend), which is why the default is critically damped. Every curve leaves t = 0 at the
# finger's velocity. A slower deceleration rate (smaller value) projects less far, so the
# boundary approaches classic's vertical line; a rate closer to 1 lets slower flicks finish.
