#!/usr/bin/env python3
"""Write the four notebooks (nbformat v4) from the Python source below, so they are reviewed as
code. Regenerate after editing, then execute them with `make notebooks`:

    python3 notebooks/build_notebooks.py          # writes notebooks/*.ipynb without outputs
    make notebooks                                # runs the CLIs, executes, keeps the outputs

`NOTEBOOKS` maps each notebook to the figures it must save (run_notebooks.py --check verifies
them).
"""

from __future__ import annotations

import sys
from pathlib import Path
from textwrap import dedent

NOTEBOOK_DIR = Path(__file__).resolve().parent

NOTEBOOKS = {
    "01-decision-map.ipynb": ["decision-map"],
    "02-completion-curves.ipynb": ["completion-curves", "spring-parameters"],
    "03-recorded-swipes.ipynb": ["recorded-release-distributions", "recorded-completion-rates",
                                 "synthetic-intent-match"],
    "04-performance.ipynb": ["throughput-vs-batch"],
}


def md(text: str) -> tuple[str, str]:
    return ("markdown", dedent(text).strip("\n"))


def code(text: str) -> tuple[str, str]:
    return ("code", dedent(text).strip("\n"))


SETUP = code("""
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
""")

# --------------------------------------------------------------------------------------------
DECISION_MAP = [
    md("""
        # 1. Decision map: where each model finishes or cancels

        When the finger lifts, a model sees two numbers: the **release progress** (0 = the old
        screen, 1 = the new one) and the **release velocity** (progress per second, that is
        screen widths per second, positive toward finishing). This map shows, for every such
        pair on a grid, whether each model **finishes** or **cancels** the transition.

        - **classic** (UIKit's `UIPercentDrivenInteractiveTransition` as commonly driven):
          finishes iff progress > 0.5, so its boundary is a vertical line: a fast flick that
          released before the middle is thrown away.
        - **cupertino** (Flutter's back swipe): the velocity's sign decides above a fling speed,
          progress decides below it.
        - **physics** (ours): projects where the released motion would coast and finishes when
          that point is past the middle: the boundary is a tilted line, so slow drags and quick
          flicks are both read as meant.

        All regions come from `transition-sweep` (`notebooks/data/sweep_decision.csv`); the
        boundary lines are contours of the finish indicator, so they sit within half a grid
        step of the true boundary. Recorded human swipes (per-trace output of
        `transition-bench behavior`) are overlaid as black dots when `../shared/data` is present.
    """),
    SETUP,
    code("""
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
    """),
    code("""
        def decision_grid(frame):
            \"\"\"Progress values, velocity values and the finish indicator (1 finish, 0 cancel).\"\"\"
            grid = (frame.assign(finish=(frame["decision"] == "finish").astype(float))
                         .pivot_table(index="release_velocity_per_s", columns="release_progress",
                                      values="finish", aggfunc="mean"))
            return grid.columns.to_numpy(), grid.index.to_numpy(), grid.to_numpy()

        grids = {m: decision_grid(sweep[sweep["model"] == m]) for m in models}

        # Share of the grid each model finishes, and where physics disagrees with the others.
        finish_share = {m: float(np.mean(grids[m][2])) for m in models}
        rows = []
        for m in models:
            row = {"model": m, "finish share of grid": finish_share[m]}
            if "physics" in grids and m != "physics":
                row["disagrees with physics"] = float(np.mean(grids[m][2] != grids["physics"][2]))
            rows.append(row)
        display(pd.DataFrame(rows).set_index("model").round(3))
    """),
    md("""
        The figure: one panel per model (green = finish, red = cancel, the model's boundary as
        a line) and a last panel with the three boundaries together. Recorded release points
        whose velocity lies outside the grid are drawn at its edge as open triangles (their count
        is in the legend).
    """),
    code("""
        vmin, vmax = velocity_range
        if have_recorded:
            rv = recorded["release_velocity_per_s"].to_numpy()
            rp = recorded["release_progress"].clip(*progress_range).to_numpy()
            inside = (rv >= vmin) & (rv <= vmax)
            rv_clipped = np.clip(rv, vmin, vmax)

        def overlay_recorded(ax, with_label):
            if not have_recorded:
                tp.note(ax, "Recorded swipes not shown:\\n../shared/data/bioident-gallery-swipes.csv\\n"
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
            ax.set_title(f"{tp.MODEL_LABELS.get(m, m)}: finishes {finish_share[m]:.0%} of the grid")
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
        for ax in axes.flat:
            ax.set_xlim(*progress_range)
            ax.set_ylim(vmin, vmax)
            ax.axhline(0, color="grey", lw=0.5)
        for ax in axes[-1]:
            ax.set_xlabel("release progress (fraction of the transition, 0 to 1)")
        for ax in axes[:, 0]:
            ax.set_ylabel("release velocity (progress per s)")
        fig.suptitle("Finish or cancel at release: classic, cupertino and physics models", fontsize="large")
        fig.tight_layout()
        tp.savefig(fig, "decision-map")
        plt.show()
    """),
    md("""
        **What to see.** Classic's boundary is vertical: every release left of the middle cancels,
        however fast the finger was moving toward finishing (the upper-left region), and every
        release right of it finishes even when the finger was flicking back (lower right). The
        physics boundary tilts: a fast flick finishes from early progress and a flick back
        cancels from late progress. Recorded swipes cluster at positive velocities and often
        before the middle, the region where classic cancels what people meant to finish.
    """),
    code("""
        if have_recorded:
            # Share of recorded release points (all intended to finish) in each model's finish region,
            # read from the benchmark's per-trace decisions.
            rec_all = per_trace[tp.recorded_mask(per_trace)]
            display(rec_all.assign(finished=rec_all["decision"] == "finish")
                           .groupby("model")["finished"].mean().rename("recorded swipes finished").round(3))
        else:
            display(Markdown("_Recorded swipes absent: no per-model completion shares._"))
    """),
]

# --------------------------------------------------------------------------------------------
COMPLETION_CURVES = [
    md("""
        # 2. Completion curves: what happens after the finger lifts

        The same gestures released under each model. Each trajectory from `transition-sweep
        --trajectories` starts at the release (t = 0 s). To show the moment of release, the
        plots **prepend the finger's approach** for the last fraction of a second before it:
        a straight line `progress(t) = release_progress + release_velocity * t` for t < 0 with
        constant velocity `release_velocity` (drawn grey and dashed; it is the same for every
        model, computed from the CSV's `release_progress` and `release_velocity_per_s`, not
        recorded).

        - **classic** plays the rest with easeInOut, whose slope at its start is zero: the
          velocity drops from the finger's value to 0 at release, the **dead stop**.
        - **cupertino** uses the velocity only to choose the direction, then animates at a speed
          set by the remaining distance.
        - **physics** starts its spring at the finger's velocity: no jump at t = 0.
    """),
    SETUP,
    code("""
        curves = tp.load("sweep_curves.csv")
        traj = tp.load("sweep_curves_trajectories.csv")
        gestures = manifest["curve_gestures"]
        models = tp.model_order(curves["model"].unique())
        APPROACH_S = 0.15  # how much of the finger's (extrapolated) approach to draw before release

        def select(frame, progress, velocity):
            return frame[np.isclose(frame["release_progress"], progress)
                         & np.isclose(frame["release_velocity_per_s"], velocity)]

        def with_approach(row, path):
            \"\"\"Time, progress and velocity with the finger's linear approach prepended (t < 0).\"\"\"
            p0, v0 = row["release_progress"], row["release_velocity_per_s"]
            path = path.sort_values("t_s")
            t_before = np.linspace(-APPROACH_S, 0, 16)
            return (t_before, p0 + v0 * t_before, np.full_like(t_before, v0),
                    path["t_s"].to_numpy(), path["progress"].to_numpy(), path["velocity_per_s"].to_numpy())

        columns = ["model", "release_progress", "release_velocity_per_s", "decision",
                   "completion_time_s", "velocity_jump_per_s", "overshoot", "peak_acceleration_per_s2"]
        chosen = pd.concat([select(curves, g["release_progress"], g["release_velocity_per_s"]) for g in gestures])
        display(chosen[columns].reset_index(drop=True))
    """),
    code("""
        fig, axes = plt.subplots(2, len(gestures), figsize=(5 * len(gestures), 8), sharex=True, squeeze=False)
        t_end = 0.0
        for j, g in enumerate(gestures):
            rows = select(curves, g["release_progress"], g["release_velocity_per_s"])
            top, bottom = axes[0, j], axes[1, j]
            for i, m in enumerate(models):
                row = rows[rows["model"] == m]
                if row.empty:
                    continue
                row = row.iloc[0]
                tb, pb, vb, ta, pa, va = with_approach(row, traj[traj["row"] == row["row"]])
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
    """),
    md("""
        **What to see.** In the lower row, classic's velocity falls straight from the finger's
        value to zero at t = 0 (the dotted vertical segment is the jump, its size in the legend)
        and then rises again as easeInOut speeds up: the screen stops under the finger before
        moving on. The physics curve leaves the release at the finger's velocity and decays
        smoothly to rest at the target, and for the flick from early progress it finishes where
        classic goes back.

        ## The physics model's parameters

        Extra sweeps of the physics model alone (`--model physics`), one release for the spring
        panels (the release is in `manifest.json`, `parameter_release`):

        - **response** (s): the period of the undamped spring; shorter is snappier.
        - **damping ratio**: 1 is critically damped (no overshoot), below 1 overshoots the target.
        - **deceleration rate** (velocity kept per ms while coasting): it does not change the
          curve, it changes the **decision**: a higher rate projects further, so the finish
          boundary tilts more. The right panel draws the boundary for each rate over the same
          progress by velocity grid as the decision map.
    """),
    code("""
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
    """),
    code("""
        fig = plt.figure(figsize=(16, 8))
        grid = fig.add_gridspec(2, 3)
        panels = [(response, response_traj, response_col, "response", "s", plt.cm.viridis),
                  (damping, damping_traj, damping_col, "damping ratio", "", plt.cm.plasma)]
        for k, (frame, paths, col, name, unit, cmap) in enumerate(panels):
            top, bottom = fig.add_subplot(grid[0, k]), fig.add_subplot(grid[1, k])
            values = sorted(frame[col].unique())
            for i, value in enumerate(values):
                row = frame[frame[col] == value].iloc[0]
                tb, pb, vb, ta, pa, va = with_approach(row, paths[paths["row"] == row["row"]])
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
    """),
    md("""
        **What to see.** A shorter response settles sooner with a higher peak acceleration; a
        damping ratio below 1 carries progress past 1 before it settles (overshoot in the
        legend), which is why the default is critically damped. Every curve leaves t = 0 at the
        finger's velocity. A slower deceleration rate (smaller value) projects less far, so the
        boundary approaches classic's vertical line; a rate closer to 1 lets slower flicks finish.
    """),
]

# --------------------------------------------------------------------------------------------
RECORDED = [
    md("""
        # 3. Recorded swipes: what people actually do, and how each model answers

        Human horizontal swipes from the BioIdent gallery task (`../shared/data/`, never copied
        into this repository), replayed sample by sample by `transition-bench behavior` as an
        app would see them: the decision uses only what was known at release. Every recorded
        swipe was made to change the image (`intent = finish`), so a model's **completion rate**
        here is the share of swipes it did not wrongly cancel. The same run scores 2,000
        synthetic labelled gestures (`--synthetic 2000 --seed 1`), which include intended
        cancels ("peek and return").

        Data: Antal M., Bokor Z., Szabo L. Z., "Information revealed from scrolling interactions
        on mobile devices", Pattern Recognition Letters 56 (2015) 7-13.
    """),
    SETUP,
    code("""
        summary = tp.load("bench_summary.csv")
        per_trace = tp.load("bench_per_trace.csv")
        display(Markdown("**Summary table** (`transition-bench behavior --format csv`)"))
        display(summary)
        bench_run = next(r for r in manifest["runs"] if r["name"] == "bench_behavior")
        bench_notes = "\\n".join(bench_run.get("notes", []) + ([bench_run["stderr"]] if bench_run["stderr"] else []))
        if bench_notes:
            display(Markdown("**Notes printed by the benchmark:**\\n\\n```\\n" + bench_notes + "\\n```"))

        recorded = tp.with_user_and_device(per_trace[tp.recorded_mask(per_trace)])
        have_recorded = len(recorded) > 0
        models = tp.model_order(per_trace["model"].unique())
        releases = recorded.drop_duplicates("trace_id")
        print(f"recorded rows: {len(recorded):,} ({len(releases):,} swipes x {recorded['model'].nunique()} models)")
    """),
    md("""
        ## Where people release

        Release progress is how far the screen had moved when the finger lifted; release velocity
        is the tracker's estimate at that moment (screen widths per second, positive toward
        finishing). Velocity is binned between its 1st and 99th percentiles; the few strokes with
        very few samples give extreme finite-difference velocities (see the data README), and
        their count is given in the title.
    """),
    code("""
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
                tp.note(ax, "Recorded swipes absent:\\n../shared/data/bioident-gallery-swipes.csv not found")
            ax_p.set_title("Release progress"); ax_v.set_title("Release velocity")
        ax_p.set_xlabel("release progress (fraction of the transition)")
        ax_v.set_xlabel("release velocity (progress per s)")
        for ax in (ax_p, ax_v):
            ax.set_ylabel("swipes (count)")
        fig.suptitle("Recorded swipes (BioIdent gallery task): where and how fast the finger lifts", fontsize="large")
        fig.tight_layout()
        tp.savefig(fig, "recorded-release-distributions")
        plt.show()
    """),
    md("""
        ## Completion rate per user and per device

        The share of each user's (top) and each device's (bottom) recorded swipes that each model
        finished. Every swipe was intended to finish, so a bar below 1 counts wrongly cancelled
        page turns. Numbers above the device bars are the swipe counts: one tablet holds about
        two thirds of the strokes, so per-device rates weigh very different amounts of data.
    """),
    code("""
        def rates_by(key):
            frame = recorded.assign(finished=recorded["decision"] == "finish")
            table = frame.groupby([key, "model"])["finished"].mean().unstack("model")
            counts = frame.drop_duplicates("trace_id").groupby(key).size()
            return table.reindex(columns=[m for m in models if m in table.columns]), counts

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
            by_user, user_counts = rates_by("user_id")
            by_device, device_counts = rates_by("device_id")
            grouped_bars(ax_u, by_user, user_counts, "user (BioIdent user id)", annotate=False)
            grouped_bars(ax_d, by_device, device_counts, "device (BioIdent device id)", annotate=True)
            ax_u.set_title(f"Completion rate per user ({len(by_user)} users)")
            ax_d.set_title(f"Completion rate per device ({len(by_device)} devices)")
            display(by_device.assign(swipes=device_counts).round(3))
        else:
            for ax in (ax_u, ax_d):
                tp.note(ax, "Recorded swipes (or their user and device ids) absent:\\n"
                            "../shared/data/bioident-gallery-swipes.csv not found")
                ax.set_ylabel("completion rate (fraction finished)")
            ax_u.set_xlabel("user"); ax_d.set_xlabel("device")
            ax_u.set_title("Completion rate per user"); ax_d.set_title("Completion rate per device")
        fig.suptitle("Recorded swipes finished by each model (all were intended to finish)", fontsize="large")
        fig.tight_layout()
        tp.savefig(fig, "recorded-completion-rates")
        plt.show()
    """),
    md("""
        **What to see.** Classic's rate depends on how far each person tends to drag before
        lifting: users who flick early lose many page turns. Physics reads the flick and stays
        near 1 for every user and device.

        ## Synthetic gestures: intent matched per family

        Recorded swipes contain no intended cancels, so a model that always finished would look
        perfect above. The synthetic corpus labels each gesture finish or cancel by construction;
        this panel shows the share of each family whose decision matched its intent.
    """),
    code("""
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
    """),
]

# --------------------------------------------------------------------------------------------
PERFORMANCE = [
    md("""
        # 4. Performance: the batch integrator against the machine's limits

        `transition-bench throughput --format csv` (release build) measures lane-steps per
        second (one release advanced one frame) for each backend (scalar reference, portable
        SIMD on one core and on all cores, BLAS), the trajectory output rate against a
        write-bandwidth probe run in the same process, numpy evaluating the same releases'
        closed form, and the classic curve's cost. `run_notebooks.py` runs it once per batch
        size (`--lanes`), largest first, within a time budget; the notes below say what was
        measured. Numbers depend on the machine: they are this machine's, from this run.
    """),
    SETUP,
    code("""
        tput = tp.load("throughput.csv")
        info = manifest["throughput"]
        notes = list(info.get("notes", []))
        display(Markdown("**Notes from the throughput runs:**\\n\\n" + "\\n".join(f"- {n}" for n in notes)
                         if notes else "_No notes._"))
        # x axis: the batch size the runner reports, else the one it was asked for
        tput["batch"] = tput["lanes"].where(tput["lanes"].notna(), tput["requested_lanes"])
        def series_name(row):
            if pd.isna(row["threads"]) or row["backend"] == "numpy":
                return str(row["backend"])
            threads = int(row["threads"])
            return f"{row['backend']} ({threads} thread{'s' if threads != 1 else ''})"
        tput["series"] = tput.apply(series_name, axis=1)
        display(tput.drop(columns=["series"]))
    """),
    md("""
        Left: lane-steps per second against batch size, one line per backend and thread count,
        numpy (same unit) beside them as a dashed line. Middle: trajectory output in bytes per
        second against batch size, the write-bandwidth probe as a black line: the ceiling any
        trajectory writer can reach with ordinary stores. Right: each measurement's ratio to the
        scalar reference at the largest batch size measured.
    """),
    code("""
        def unit_of(frame):
            units = frame["unit"].dropna().unique()
            return units[0] if len(units) else "?"

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
        step_unit = unit_of(steps)
        k = draw(ax_t, steps, "-", 0)
        if len(numpy_rows):
            if unit_of(numpy_rows) == step_unit:
                draw(ax_t, numpy_rows.assign(series=np.where(numpy_rows["series"] == "numpy", "numpy",
                                                             "numpy: " + numpy_rows["series"])), "--", k)
            else:
                tp.note(ax_t, f"numpy measured in {unit_of(numpy_rows)}, see the table", y=0.1)
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
                                 label=f"{label} ({part['value'].median():.3g} {unit_of(probe)})")
        else:
            tp.note(ax_b, "no bandwidth_probe row in the throughput CSV")
        ax_b.set_xscale("log")
        ax_b.set_ylim(bottom=0)
        ax_b.set_xlabel("batch size (lanes)")
        ax_b.set_ylabel(f"write rate ({unit_of(traj_rows) if len(traj_rows) else unit_of(probe)})")
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
    """),
    md("""
        **What to see.** Scalar throughput is flat in batch size; SIMD on all cores rises until the
        batch fills every core and then levels off; the trajectory writer approaches the probe's
        line, which is the limit set by memory, not arithmetic. numpy pays for temporaries and
        libm calls, so it sits below the SIMD lines.
    """),
]

CONTENT = {
    "01-decision-map.ipynb": DECISION_MAP,
    "02-completion-curves.ipynb": COMPLETION_CURVES,
    "03-recorded-swipes.ipynb": RECORDED,
    "04-performance.ipynb": PERFORMANCE,
}


def build(name: str):
    import nbformat
    from nbformat import v4

    cells = []
    for kind, source in CONTENT[name]:
        cells.append(v4.new_markdown_cell(source) if kind == "markdown" else v4.new_code_cell(source))
    nb = v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    # Stable cell ids so regenerating does not rewrite every id.
    for index, cell in enumerate(nb.cells):
        cell["id"] = f"{Path(name).stem}-{index:02d}"
    nbformat.validate(nb)
    return nb


def main() -> int:
    import nbformat

    assert set(CONTENT) == set(NOTEBOOKS)
    for name in NOTEBOOKS:
        nbformat.write(build(name), NOTEBOOK_DIR / name)
        print(f"wrote notebooks/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
