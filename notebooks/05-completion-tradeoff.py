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
# # 5. Completion shapes: time against acceleration, with the decision held fixed
#
# Once a release is decided, the completion still has to move the page the rest of the way.
# A faster completion needs a larger acceleration, so shapes are compared as a trade-off:
# **median visual completion** (seconds from release until nothing moves by one physical
# pixel, the rule app frameworks use to call an animation done) against **median peak
# acceleration** (travel widths per s²), on the recorded page turns and the synthetic corpus.
#
# Every point uses the physics model's decisions (projection, threshold 0.5), so only the
# completion differs:
#
# - **spring**: from the release progress and velocity (responses 0.1 to 0.6 s, damping
#   ratios 0.8 and 1); velocity continuous at release, an exponential tail.
# - **minimum-jerk**: Flash and Hogan's quintic from the release progress and velocity to rest,
#   ending exactly at its duration; velocity continuous at release. Two duration rules: the
#   shortest within a peak acceleration, or classic's `duration x remaining distance`.
# - **ease-in-out**: UIKit's default completion curve from rest (classic's dead stop), by the
#   same two rules.
#
# The data is one `transition-bench behavior --model physics --completion-shape ...` run
# (`notebooks/data/bench_tradeoff.csv`); the parameters are read back from each variant's name.

# %%
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from IPython.display import display, Markdown

import tp_notebook as tp

tp.setup()
manifest = tp.manifest()

# %%
raw = tp.load("bench_tradeoff.csv")
summary = tp.load("bench_summary.csv")
# Whole sources only (the synthetic family rows are left out here).
raw = raw[~raw["source"].str.contains("/")]
params = raw["model"].map(tp.variant_parameters)
tradeoff = raw.assign(
    family=params.map(tp.completion_family),
    shape=params.map(lambda p: p.get("completion shape", "spring")),
    setting=params.map(lambda p: ", ".join(f"{k} {v:g}" for k, v in p.items()
                                            if k in ("response", "damping ratio", "duration", "completion peak acceleration"))),
)
sources = list(dict.fromkeys(tradeoff["source"]))
recorded_sources = [s for s in sources if s != "synthetic"]
print(f"{tradeoff['model'].nunique()} variants on {sources}; "
      f"families: {sorted(tradeoff['family'].unique())}")
if not recorded_sources:
    display(Markdown("_Recorded swipes absent (../shared/data): the synthetic corpus only._"))

# %% [markdown]
# The decision is the same in every variant (physics'): check it, so that the comparison is
# about the completion alone.

# %%
rates = tradeoff.groupby("source")["intent_match_rate"].agg(["min", "max"])
display(rates)
assert (rates["max"] - rates["min"]).abs().max() < 1e-12, "the decision changed with the completion shape"

# %%
X, Y = "median_peak_acceleration_per_s2", "median_visual_completion_s"
family_style = {
    "spring, damping ratio 1": ("#1f77b4", "-", "o"),
    "spring, damping ratio 0.8": ("#1f77b4", "--", "o"),
    "minimum-jerk, peak-acceleration rule": ("#2ca02c", "-", "s"),
    "minimum-jerk, duration rule": ("#2ca02c", "--", "s"),
    "ease-in-out, peak-acceleration rule": ("#d62728", "-", "^"),
    "ease-in-out, duration rule": ("#d62728", "--", "^"),
}
presets = summary[summary["source"].isin(sources) & summary["model"].isin(["classic", "physics", "physics-minimum-jerk"])]

fig, axes = plt.subplots(1, len(sources), figsize=(6.5 * len(sources), 5.2), squeeze=False)
fronts = {}
for ax, source in zip(axes[0], sources):
    here = tradeoff[tradeoff["source"] == source]
    for family, group in here.groupby("family"):
        color, style, marker = family_style.get(family, ("grey", ":", "."))
        front = tp.pareto_front(group, X, Y)
        fronts[(source, family)] = front
        ax.scatter(group[X], group[Y], s=10, color=color, alpha=0.25, marker=marker)
        ax.plot(front[X], front[Y], style, color=color, marker=marker, ms=4, label=family)
    for _, row in presets[presets["source"] == source].iterrows():
        ax.scatter(row[X], row[Y], s=90, facecolors="none", edgecolors="black", linewidths=1.4, zorder=5)
        label = row["model"] + (" (its own decisions)" if row["model"] == "classic" else " (shipped preset)")
        ax.annotate(label, (row[X], row[Y]), xytext=(6, 6), textcoords="offset points", fontsize="small")
    ax.set_xscale("log")
    ax.set_xlabel("median peak acceleration after release (travel widths per s², log)")
    ax.set_ylabel("median visual completion (s, until nothing moves by one pixel)")
    ax.set_title(f"{'recorded page turns' if source != 'synthetic' else 'synthetic corpus'} ({source})")
    ax.legend(loc="upper right")
fig.suptitle("Completion shapes with physics' decisions: the Pareto front of each (lower left is better)")
fig.tight_layout()
tp.savefig(fig, "completion-tradeoff")
plt.show()

# %% [markdown]
# ## At matched peak acceleration
#
# Each front interpolated (linear in log acceleration) at the median peak acceleration of the
# shipped spring (`physics`) and of the classic completion on the same source. The velocity
# jump at release is the median over the front's nearest variant: zero for the spring and the
# minimum-jerk quintic, the finger's speed for ease-in-out from rest.

# %%
def matched_table(source):
    targets = {m: float(presets[(presets["source"] == source) & (presets["model"] == m)][X].iloc[0])
               for m in ("physics", "classic") if ((presets["source"] == source) & (presets["model"] == m)).any()}
    rows = []
    for family in family_style:
        front = fronts.get((source, family))
        if front is None:
            continue
        row = {"completion": family}
        for name, at in targets.items():
            row[f"visual completion at {name}'s {at:.0f} widths/s² (s)"] = tp.interpolate_at(front, X, Y, at)
            row[f"p90 at {at:.0f} (s)"] = tp.interpolate_at(front, X, "p90_visual_completion_s", at)
        nearest = front.iloc[(np.log(front[X]) - np.log(targets.get("physics", front[X].median()))).abs().argmin()]
        row["median velocity jump (widths/s)"] = nearest["median_velocity_jump_per_s"]
        rows.append(row)
    return pd.DataFrame(rows).set_index("completion").round(3)

for source in sources:
    display(Markdown(f"**{source}**"))
    display(matched_table(source))

# %% [markdown]
# **What to see.** At the same median peak acceleration the spring is visually done about three
# times later than the timed shapes: its exponential tail creeps over the last pixels long after
# the page looks settled, while the quintic and the ease-in-out curve end exactly at their
# duration. Between the two timed shapes the minimum-jerk quintic is as fast or a little faster
# (about 10% on the recorded page turns, where releases are fast: it starts with the finger's
# velocity instead of re-accelerating from a dead stop), and it keeps velocity continuous at
# release (jump 0), which ease-in-out from rest does not (the finger's speed is lost). The
# peak-acceleration rule holds the p90 far better than the duration rule, since it bounds every
# release rather than the typical one. A bouncier spring moves along its own front (damping
# ratio 0.8 slightly below 1, at the price of overshoot) but never near the timed shapes' fronts.
# The `classic` marker uses classic's own decisions (it cancels most recorded page turns, short
# moves back), so it is not on the same footing; it is there for scale.

# %%
display(Markdown(tp.CITATION if recorded_sources else "_No recorded swipes in this run._"))
