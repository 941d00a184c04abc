"""The notebooks' helpers (notebooks/tp_notebook.py) on small frames: no CLI, no data folder.

    notebooks/.venv/bin/python -m pytest notebooks/tests     # part of make notebooks-test
"""

import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import tp_notebook as tp  # noqa: E402


def test_every_notebook_source_saves_at_least_one_figure():
    sources = tp.notebook_sources()
    assert [p.stem[:2] for p in sources] == sorted(p.stem[:2] for p in sources)
    assert len(sources) >= 4
    for source in sources:
        assert source.with_suffix(".ipynb").exists(), source.name
        assert tp.figures_saved(source.read_text()), source.name


def test_figures_saved_finds_literal_names_in_order_once_each():
    source = 'tp.savefig(fig, "b-plot")\nx = 1\ntp.savefig( fig2 , \'a-plot\')\ntp.savefig(fig, "b-plot")\n'
    assert tp.figures_saved(source) == ["b-plot", "a-plot"]
    assert tp.figures_saved("plt.savefig('x.png')") == []


def test_column_matches_exact_name_then_unit_suffix():
    df = pd.DataFrame(columns=["response_s", "response", "deceleration_rate_per_ms"])
    assert tp.column(df, "response") == "response"
    assert tp.column(df, "deceleration_rate") == "deceleration_rate_per_ms"
    with pytest.raises(KeyError):
        tp.column(df, "damping")
    assert tp.columns_present(df, "damping", "deceleration_rate") == ["deceleration_rate_per_ms"]


def test_model_order_puts_headline_models_first():
    assert tp.model_order(["zeta", "physics", "alpha", "classic", "physics"]) == [
        "classic", "physics", "alpha", "zeta"]
    assert tp.model_color("physics") == tp.MODEL_COLORS["physics"]
    assert tp.model_color("other", 0) != tp.model_color("other", 1)


def test_recorded_mask_by_user_id_else_by_source():
    with_users = pd.DataFrame({"user_id": [1, None, 2]})
    assert tp.recorded_mask(with_users).tolist() == [True, False, True]
    by_source = pd.DataFrame({"source": ["synthetic:fling", "recorded", "bioident-gallery-swipes.csv"]})
    assert tp.recorded_mask(by_source).tolist() == [False, True, True]
    assert not tp.recorded_mask(pd.DataFrame({"x": [1, 2]})).any()


def test_decision_grid_pivots_finish_by_velocity_and_progress():
    rows = pd.DataFrame({
        "release_progress": [0.2, 0.8, 0.2, 0.8],
        "release_velocity_per_s": [-1.0, -1.0, 1.0, 1.0],
        "decision": ["cancel", "finish", "finish", "finish"],
    })
    progress, velocity, finish = tp.decision_grid(rows)
    assert progress.tolist() == [0.2, 0.8]
    assert velocity.tolist() == [-1.0, 1.0]
    assert finish.tolist() == [[0.0, 1.0], [1.0, 1.0]]


def test_select_release_tolerates_float_rounding():
    rows = pd.DataFrame({"release_progress": [0.1 + 0.2, 0.3, 0.6],
                         "release_velocity_per_s": [1.5, -1.5, 1.5]})
    assert tp.select_release(rows, 0.3, 1.5).index.tolist() == [0]


def test_with_approach_prepends_the_linear_approach():
    row = {"release_progress": 0.4, "release_velocity_per_s": 2.0}
    path = pd.DataFrame({"t_s": [0.1, 0.0], "progress": [0.6, 0.4], "velocity_per_s": [1.0, 2.0]})
    tb, pb, vb, ta, pa, va = tp.with_approach(row, path, approach_s=0.1, points=3)
    assert tb.tolist() == pytest.approx([-0.1, -0.05, 0.0])
    assert pb.tolist() == pytest.approx([0.2, 0.3, 0.4])
    assert vb.tolist() == [2.0, 2.0, 2.0]
    assert ta.tolist() == [0.0, 0.1] and pa.tolist() == [0.4, 0.6] and va.tolist() == [2.0, 1.0]


def test_finish_rates_per_group_and_model_with_trace_counts():
    rows = pd.DataFrame({
        "trace_id": [1, 1, 2, 2, 3, 3],
        "user_id": ["a", "a", "a", "a", "b", "b"],
        "model": ["physics", "classic"] * 3,
        "decision": ["finish", "cancel", "finish", "finish", "cancel", "finish"],
    })
    table, counts = tp.finish_rates(rows, "user_id", ["classic", "cupertino", "physics"])
    assert list(table.columns) == ["classic", "physics"]
    assert table.loc["a"].tolist() == [0.5, 1.0]
    assert table.loc["b"].tolist() == [1.0, 0.0]
    assert counts.to_dict() == {"a": 2, "b": 1}


def test_throughput_series_and_unit():
    rows = pd.DataFrame({"backend": ["simd", "simd", "numpy", "scalar"],
                         "threads": [1, 8, 1, np.nan],
                         "unit": [None, "lane_steps_per_s", "lane_steps_per_s", None]})
    assert rows.apply(tp.throughput_series, axis=1).tolist() == [
        "simd (1 thread)", "simd (8 threads)", "numpy", "scalar"]
    assert tp.unit_of(rows) == "lane_steps_per_s"
    assert tp.unit_of(rows.iloc[:1]) == "?"


def test_savefig_writes_a_png(tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    monkeypatch.setattr(tp, "FIGURE_DIR", tmp_path / "figs")
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    path = tp.savefig(fig, "line")
    plt.close(fig)
    assert path == tmp_path / "figs" / "line.png"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_load_and_manifest_name_the_missing_file(tmp_path, monkeypatch):
    monkeypatch.setattr(tp, "DATA_DIR", tmp_path)
    with pytest.raises(FileNotFoundError, match="make notebooks"):
        tp.load("absent.csv")
    with pytest.raises(FileNotFoundError, match="manifest.json"):
        tp.manifest()
    (tmp_path / "x.csv").write_text("a,b\n1,2\n")
    assert tp.load("x.csv").to_dict("list") == {"a": [1], "b": [2]}


def test_variant_parameters_reads_numbers_units_and_names():
    name = ("physics(response 0.3 s, damping ratio 1.0, deceleration rate 0.998/ms, projection discrete, "
            "threshold 0.5, min fling velocity 0.0/s, overshoot allow, completion shape spring)")
    p = tp.variant_parameters(name)
    assert p["response"] == 0.3 and p["damping ratio"] == 1.0 and p["deceleration rate"] == 0.998
    assert p["projection"] == "discrete" and p["completion shape"] == "spring"
    jerk = tp.variant_parameters("physics(deceleration rate 0.998/ms, completion shape minimum-jerk, "
                                 "completion duration rule peak-acceleration, completion peak acceleration 15.0/s²)")
    assert jerk["completion peak acceleration"] == 15.0
    assert tp.completion_family(jerk) == "minimum-jerk, peak-acceleration rule"
    assert tp.completion_family(p) == "spring, damping ratio 1"
    assert tp.variant_parameters("physics") == {}


def test_pareto_front_keeps_only_undominated_points_and_interpolates_in_log_x():
    frame = pd.DataFrame({"a": [10, 20, 40, 30, 80], "t": [0.5, 0.3, 0.2, 0.35, 0.21]})
    front = tp.pareto_front(frame, "a", "t")
    assert front["a"].tolist() == [10, 20, 40]
    assert tp.interpolate_at(front, "a", "t", 20) == pytest.approx(0.3)
    assert tp.interpolate_at(front, "a", "t", np.sqrt(20 * 40)) == pytest.approx(0.25)
    assert np.isnan(tp.interpolate_at(front, "a", "t", 100))
