#!/usr/bin/env bash
# Where the SIMD metrics-only batch spends its time (docs/throughput.md, "Where the time goes"):
# records the throughput runner's metrics-only SIMD figure alone (`--only simd-metrics`, on every
# core, the runner's default size) with perf (call graphs), keeps the samples taken inside
# `BatchIntegrator.run(_:into:)` (not the setup), and prints the share of each function they were
# in, most first. Release build: `make release`; needs perf (linux-perf).
#   BIN=.build/release SAMPLES=201 TOP=15 Benchmarks/Scripts/profile-simd-metrics.sh
set -euo pipefail
BIN=${BIN:-.build/release}
TOP=${TOP:-15}
SAMPLES=${SAMPLES:-201}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
perf record -q -g -o "$OUT/perf.data" "$BIN/transition-bench" throughput --only simd-metrics \
  --samples "$SAMPLES" --skip-numpy --skip-numba --skip-memory >"$OUT/runner.txt" 2>&1
grep -E '^(machine|simd-metrics)' "$OUT/runner.txt" || true
perf script -i "$OUT/perf.data" -F ip,sym 2>/dev/null | python3 -c '
import collections, subprocess, sys
top = int(sys.argv[1])
counts, total = collections.Counter(), 0
for sample in sys.stdin.read().split("\n\n"):
    frames = [line.strip().split(" ", 1)[-1] for line in sample.strip().splitlines() if line.strip()]
    stack = " ".join(frames)
    # run(_:into:) of BatchIntegrator, mangled.
    if not frames or "B10IntegratorV3run_4into" not in stack:
        continue
    total += 1
    counts[frames[0]] += 1
if total == 0:
    sys.exit("profile-simd-metrics: no sample inside BatchIntegrator.run(_:into:)")
names = [name for name, _ in counts.most_common(top)]
demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                           capture_output=True, text=True).stdout.splitlines()
print(f"{total} samples inside BatchIntegrator.run(_:into:); share per function:")
for (name, count), readable in zip(counts.most_common(top), demangled or names):
    print(f"{100 * count / total:5.1f}%  {readable[:150]}")
' "$TOP"
