"""The runner's pure parts (notebooks/run_notebooks.py): building a notebook from its source and
reading the CLIs' CSV output. No CLI is run here.

    notebooks/.venv/bin/python -m pytest notebooks/tests     # part of make notebooks-test
"""

import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import run_notebooks as rn  # noqa: E402
import tp_notebook as tp  # noqa: E402


def test_committed_notebooks_have_the_cells_of_their_sources():
    for source in tp.notebook_sources():
        committed = nbformat.read(source.with_suffix(".ipynb"), as_version=4)
        assert rn.cell_sources(committed) == rn.cell_sources(rn.from_source(source)), source.name


def test_from_source_reads_percent_cells_with_stable_ids(tmp_path):
    source = tmp_path / "07-example.py"
    source.write_text('# %% [markdown]\n# # Title\n#\n# Some *text*.\n\n# %%\nx = 1\nprint(x)\n')
    nb = rn.from_source(source)
    assert [(c.cell_type, c.source) for c in nb.cells] == [
        ("markdown", "# Title\n\nSome *text*."), ("code", "x = 1\nprint(x)")]
    assert [c["id"] for c in nb.cells] == ["07-example-00", "07-example-01"]
    assert nb.metadata["jupytext"] == {"formats": "ipynb,py:percent"}


def test_fmt_writes_a_cli_list():
    assert rn.fmt([0.3, 1, -1.5]) == "0.3,1,-1.5"


def test_split_csv_separates_header_rows_and_notes():
    text = "# built with -O\nmeasurement,value\nsimd,1.5\n\n# numpy skipped\nscalar,0.5\n"
    header, rows, notes = rn.split_csv(text, "measurement,")
    assert header == "measurement,value"
    assert rows == ["simd,1.5", "scalar,0.5"]
    assert notes == ["built with -O", "numpy skipped"]
