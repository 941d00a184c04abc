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
# # 3. Recorded swipes: what people actually do, and how each model answers
#
# Human horizontal swipes from the BioIdent gallery task (`../shared/data/`, never copied
# into this repository), replayed sample by sample by `transition-bench behavior` as an
# app would see them: the decision uses only what was known at release. Every recorded
# swipe was made to change the image (`intent = finish`), so a model's **completion rate**
# here is the share of swipes it did not wrongly cancel. The same run scores 2,000
# synthetic labelled gestures (`--synthetic 2000 --seed 1`), which include intended
# cancels ("peek and return").
#
# Data: Antal M., Bokor Z., Szabo L. Z., "Information revealed from scrolling interactions
# on mobile devices", Pattern Recognition Letters 56 (2015) 7-13.

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
summary = tp.load("bench_summary.csv")
per_trace = tp.load("bench_per_trace.csv")
display(Markdown("**Summary table** (`transition-bench behavior --format csv`)"))
display(summary)
bench_run = next(r for r in manifest["runs"] if r["name"] == "bench_behavior")
bench_notes = "\n".join(bench_run.get("notes", []) + ([bench_run["stderr"]] if bench_run["stderr"] else []))
if bench_notes:
    display(Markdown("**Notes printed by the benchmark:**\n\n```\n" + bench_notes + "\n```"))

recorded = tp.with_user_and_device(per_trace[tp.recorded_mask(per_trace)])
have_recorded = len(recorded) > 0
models = tp.model_order(per_trace["model"].unique())
releases = recorded.drop_duplicates("trace_id")
print(f"recorded rows: {len(recorded):,} ({len(releases):,} swipes x {recorded['model'].nunique()} models)")

# %% [markdown]
# ## Where people release
#
# Release progress is how far the screen had moved when the finger lifted; release velocity
# is the tracker's estimate at that moment (screen widths per second, positive toward
# finishing). Velocity is binned between its 1st and 99th percentiles; the few strokes with
# very few samples give extreme finite-difference velocities (see the data README), and
# their count is given in the title.

# %%
fig, (ax_p, ax_v) = plt.subplots(1, 2, figsize=(13, 4.5))
if have_recorded:
    rp = releases["release_progress"]
    rv = releases["release_velocity_per_s"]
    ax_p.hist(rp, bins=40, color="#607d8b")
    ax_p.axvline(rp.median(), color="black", ls="--", label=f"median {rp.median():.2f}")
    lo, hi = rv.quantile([0.01, 0.99])
    outside = int(((rv < lo) | (rv > hi)).sum())
    ax_v.hist(rv[(rv >= lo) & (rv <= hi)], bins=40, color="#607d8b")
    ax_v.axvline(rv.median(), color="black", ls="--", label=f"median {rv.median():.2f}/s")
    ax_v.set_title(f"Release velocity ({len(rv):,} swipes; {outside} outside 1st-99th percentile not drawn)")
    ax_p.set_title(f"Release progress ({len(rp):,} swipes)")
    ax_p.legend(); ax_v.legend()
else:
    for ax in (ax_p, ax_v):
        tp.note(ax, "Recorded swipes absent:\n../shared/data/bioident-gallery-swipes.csv not found")
    ax_p.set_title("Release progress"); ax_v.set_title("Release velocity")
ax_p.set_xlabel("release progress (fraction of the transition)")
ax_v.set_xlabel("release velocity (progress per s)")
for ax in (ax_p, ax_v):
    ax.set_ylabel("swipes (count)")
fig.suptitle("Recorded swipes (BioIdent gallery task): where and how fast the finger lifts", fontsize="large")
fig.tight_layout()
tp.savefig(fig, "recorded-release-distributions")
plt.show()


# %% [markdown]
# ## Completion rate per user and per device
#
# The share of each user's (top) and each device's (bottom) recorded swipes that each model
# finished. Every swipe was intended to finish, so a bar below 1 counts wrongly cancelled
# page turns. Numbers above the device bars are the swipe counts: one tablet holds about
# two thirds of the strokes, so per-device rates weigh very different amounts of data.

# %%
def grouped_bars(ax, table, counts, key_label, annotate):
    keys = list(table.index)
    width = 0.8 / max(len(table.columns), 1)
    x = np.arange(len(keys))
    for i, m in enumerate(table.columns):
        ax.bar(x + (i - (len(table.columns) - 1) / 2) * width, table[m].to_numpy(), width,
               color=tp.model_color(m, i), label=m)
    ax.set_xticks(x)
    ax.set_xticklabels([f"{k:g}" if isinstance(k, float) else str(k) for k in keys],
                       rotation=90 if len(keys) > 20 else 0, fontsize="small")
    ax.set_xlabel(key_label)
    ax.set_ylabel("completion rate (fraction finished)")
    ax.set_ylim(0, 1.12)
    if annotate:
        for xi, k in zip(x, keys):
            ax.text(xi, 1.02, f"n={counts[k]}", ha="center", fontsize="x-small")
    ax.legend(loc="upper left", bbox_to_anchor=(1.005, 1), title="model")

fig, (ax_u, ax_d) = plt.subplots(2, 1, figsize=(14, 9))
if have_recorded and recorded["user_id"].notna().any():
    by_user, user_counts = tp.finish_rates(recorded, "user_id", models)
    by_device, device_counts = tp.finish_rates(recorded, "device_id", models)
    grouped_bars(ax_u, by_user, user_counts, "user (BioIdent user id)", annotate=False)
    grouped_bars(ax_d, by_device, device_counts, "device (BioIdent device id)", annotate=True)
    ax_u.set_title(f"Completion rate per user ({len(by_user)} users)")
    ax_d.set_title(f"Completion rate per device ({len(by_device)} devices)")
    display(by_device.assign(swipes=device_counts).round(3))
else:
    for ax in (ax_u, ax_d):
        tp.note(ax, "Recorded swipes (or their user and device ids) absent:\n"
                    "../shared/data/bioident-gallery-swipes.csv not found")
        ax.set_ylabel("completion rate (fraction finished)")
    ax_u.set_xlabel("user"); ax_d.set_xlabel("device")
    ax_u.set_title("Completion rate per user"); ax_d.set_title("Completion rate per device")
fig.suptitle("Recorded swipes finished by each model (all were intended to finish)", fontsize="large")
fig.tight_layout()
tp.savefig(fig, "recorded-completion-rates")
plt.show()

# %% [markdown]
# **What to see.** Classic's rate depends on how far each person tends to drag before
# lifting: users who flick early lose many page turns. Physics reads the flick and stays
# near 1 for every user and device.
#
# ## Synthetic gestures: intent matched per family
#
# Recorded swipes contain no intended cancels, so a model that always finished would look
# perfect above. The synthetic corpus labels each gesture finish or cancel by construction;
# this panel shows the share of each family whose decision matched its intent.

# %%
synthetic = per_trace[~tp.recorded_mask(per_trace)]
family_col = "family" if "family" in synthetic.columns else tp.source_column(synthetic)
fig, ax = plt.subplots(figsize=(14, 5))
if len(synthetic) and family_col is not None:
    match = (synthetic.assign(match=synthetic["decision"] == synthetic["intent"])
                      .groupby([family_col, "model"])["match"].mean().unstack("model"))
    match = match.reindex(columns=[m for m in models if m in match.columns])
    counts = synthetic.drop_duplicates("trace_id").groupby(family_col).size()
    grouped_bars(ax, match, counts, f"synthetic family ({family_col} column)", annotate=True)
    ax.set_ylabel("intent match rate (fraction)")
    ax.set_title(f"Synthetic gestures ({synthetic['trace_id'].nunique():,}): decision equals intent, per family")
    display(match.round(3))
else:
    tp.note(ax, "No synthetic rows with a family or source column in the per-trace CSV")
    ax.set_xlabel("synthetic family"); ax.set_ylabel("intent match rate (fraction)")
    ax.set_title("Synthetic gestures: intent match per family")
fig.tight_layout()
tp.savefig(fig, "synthetic-intent-match")
plt.show()
