#!/bin/bash
# transition-bench behavior as a Slurm job array: each array task replays every gesture under
# one contiguous slice of the models (the variants are split, not the gestures), then a merge
# job that depends on the whole array joins them. Submit both at once (outside a job):
#
#   bash deploy/slurm-bench.sh --submit     # prints the array's and the merge job's ids
#
# or by hand (results/ must exist first: Slurm opens the --output log below before the script
# runs):
#
#   mkdir -p results && sbatch deploy/slurm-bench.sh
#   sbatch --dependency=afterok:<jobid> --mem=1G --wrap 'transition-bench merge --output results/bench.csv results/bench-*.csv'
#
# Memory (docs/throughput.md, "Tuning grids and their merge"): a task builds only its slice of
# the models and writes its table as it renders it; one of 10,000 variants over the recorded
# swipes and 10,000 synthetic gestures peaked at 234 MB, so --mem=1G below leaves room. The
# merge streams the rows (CSV and JSON), keeping five figures a row and one shard's bytes: 38 MB
# for 70,000 rows, 140 MB for 1,600,000; a million variants' 8,000,000 rows (4.9 GB) merged in
# about 4 minutes at 502 MB, so its job asks for 1G.
#
# transition-bench reads SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT
# itself (shard = ID - MIN + 1 of COUNT, as transition-sweep does), so the array range below is
# all there is to change. {shard} in --output becomes the 1-based shard index, zero-padded
# (bench-01.csv ...); beside each file its task writes the shard record bench-01.csv.shard (the
# run: tool version, the trace files' CRC-32, replay, models; K of N), and the merge refuses
# shards of different runs or a missing shard (exit 65, nothing written), then writes the table
# one unsharded run writes, byte for byte, with the front and the pick recomputed over all
# models. A failed task leaves no file; requeue it alone with `scontrol requeue <jobid>_<index>`.
# Tests/cluster/slurm-test.sh runs all this on a real single-node cluster (make cluster-test).
#
# The traces: the recorded swipes when the default file is found (see `transition-bench behavior
# --help`), or --traces FILE (every node must read the same bytes: the record carries their
# CRC-32), and the synthetic gestures below (generated from the seed on each node).
#
#SBATCH --job-name=transition-bench
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=results/slurm-bench-%A_%a.log

set -euo pipefail
mkdir -p results

if [ "${1:-}" = --submit ]; then
    [ -z "${SLURM_JOB_ID:-}" ] || { echo "slurm-bench.sh: --submit submits the jobs; run it outside a job" >&2; exit 64; }
    ARRAY=$(sbatch --parsable "$0" | cut -d';' -f1)
    MERGE=$(sbatch --parsable --dependency="afterok:$ARRAY" --mem=1G --job-name=transition-bench-merge \
        --output=results/slurm-bench-merge-%j.log \
        --wrap 'transition-bench merge --output results/bench.csv results/bench-*.csv' | cut -d';' -f1)
    echo "array $ARRAY, merge $MERGE (after every task of $ARRAY): results/bench.csv"
    exit 0
fi

# The release build of this repository, or transition-bench on PATH (the -target-cpu native
# caveat of deploy/slurm-sweep.sh applies: build plainly for a cluster of mixed nodes).
BENCH=${BENCH:-$(command -v transition-bench || echo .build/release/transition-bench)}

exec "$BENCH" behavior \
    --synthetic 10000 --seed 1 \
    --model physics \
    --response 0.15:0.45:0.05 \
    --damping-ratio 0.7:1:0.1 \
    --deceleration-rate 0.99,0.995,0.998 \
    --threshold 0.4:0.6:0.1 \
    --pareto \
    --format csv \
    --output "results/bench-{shard}.csv"
