"""The API check fails on a removed public declaration: run on the real symbol graph of
TransitionPhysics (`make docs` extracts it) with one public symbol taken out, as if its
declaration had been deleted from the source, it reports that declaration removed and exits 1;
on the graph as it is, it passes. Run by `make docs-test` (python3 -m unittest)."""
import contextlib
import copy
import io
import os
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api_listing  # noqa: E402


class APIListingTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.graphs = api_listing.read_graphs(os.path.join(".build", "symbolgraphs", api_listing.MODULE))
        if not cls.graphs:
            raise unittest.SkipTest("no symbol graph: run make docs first")

    def run_check(self, graphs):
        out, err = io.StringIO(), io.StringIO()
        with mock.patch.object(api_listing, "read_graphs", return_value=graphs), \
                mock.patch.dict(os.environ, {"REGENERATE_API_LISTING": ""}), \
                contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = api_listing.main()
        return status, out.getvalue()

    def test_the_code_matches_the_listing(self):
        status, out = self.run_check(self.graphs)
        self.assertEqual(status, 0, out)

    def test_a_removed_public_declaration_fails(self):
        graphs = copy.deepcopy(self.graphs)
        main_graph = max(graphs, key=lambda graph: len(graph["symbols"]))
        index, victim = next((i, s) for i, s in enumerate(main_graph["symbols"])
                             if s.get("accessLevel") == "public" and "location" in s
                             and s["kind"]["identifier"] == "swift.method")
        del main_graph["symbols"][index]
        status, out = self.run_check(graphs)
        self.assertEqual(status, 1)
        self.assertIn("removed: method " + ".".join(victim["pathComponents"]) + ":", out)

    def test_a_changed_declaration_fails(self):
        graphs = copy.deepcopy(self.graphs)
        main_graph = max(graphs, key=lambda graph: len(graph["symbols"]))
        symbol = next(s for s in main_graph["symbols"]
                      if s.get("accessLevel") == "public" and "location" in s and s.get("declarationFragments"))
        symbol["declarationFragments"].append({"kind": "text", "spelling": " throws"})
        status, out = self.run_check(graphs)
        self.assertEqual(status, 1)
        self.assertIn("removed: ", out)
        self.assertIn("added:   ", out)


if __name__ == "__main__":
    unittest.main()
