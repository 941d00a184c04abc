#!/bin/bash
# transition-sweep as a Slurm job array: each array task computes one contiguous slice of the
# grid. Submit (results/ must exist first: Slurm opens the --output log below before the script
# runs), then merge when every task has finished:
#
#   mkdir -p results && sbatch deploy/slurm-sweep.sh
#   sbatch --dependency=afterok:<jobid> --wrap 'transition-sweep merge --output results/sweep.csv results/sweep-*.csv'
#
# transition-sweep reads SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT
# itself (shard = ID - MIN + 1 of COUNT), so the array range below is all there is to change.
# {shard} in --output becomes the 1-based shard index, zero-padded (sweep-01.csv ...). Every
# file appears only once its task has written it completely; a failed task leaves no partial
# file and can be rerun alone in its array with `scontrol requeue <jobid>_<index>` (not a new
# `sbatch --array=<index>`: an array of one task is shard 1 of 1, the whole grid). The merge job
# above then never starts (afterok on an array with a failed task): cancel it and submit the merge
# with --dependency=afterok:<jobid>_<index>. Tests/cluster/slurm-test.sh runs all this on a real
# single-node cluster (make cluster-test).
#
#SBATCH --job-name=transition-sweep
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --time=01:00:00
#SBATCH --output=results/slurm-%A_%a.log

set -euo pipefail
mkdir -p results

# The release build of this repository, or transition-sweep on PATH. `make release` builds with
# -target-cpu native: that binary runs only on nodes with the build machine's CPU (elsewhere it
# dies with an illegal instruction). For a cluster of mixed nodes build it plainly
# (`make release TARGET_CPU=`, or `swift build -c release`), or pin the nodes with
# `#SBATCH --constraint=<the build node's CPU feature>`.
SWEEP=${SWEEP:-$(command -v transition-sweep || echo .build/release/transition-sweep)}

exec "$SWEEP" \
    --model classic,physics \
    --release-progress 0:1:0.001 \
    --release-velocity -5:5:0.002 \
    --response 0.2,0.3,0.4 \
    --damping-ratio 0.8,1 \
    --threads "${SLURM_CPUS_PER_TASK:-2}" \
    --output "results/sweep-{shard}.csv" \
    --summary --quiet
