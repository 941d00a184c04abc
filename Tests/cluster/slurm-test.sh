#!/usr/bin/env bash
# deploy/slurm-sweep.sh and deploy/slurm-bench.sh under a real single-node Slurm cluster
# (make cluster-test; CI runs it after make test). As root it installs slurm-wlm and munge when missing, starts munged,
# slurmctld and slurmd with a throwaway configuration in a temporary folder (own key, socket,
# state and spool folders, free ports, this host's name), and then:
#
#   1. submits the unchanged deploy script as a 4-task job array, merges with a dependent job as
#      the script's header says, and checks the merged file equals the unsharded run byte for
#      byte (and that merge refuses the set without shard 2);
#   2. submits it again on a larger grid (10,000 frames per second through the scalar evaluator:
#      the same bytes as the batch, about 3 s per task), kills the
#      last array task while it is writing, checks it left no partial file, requeues that index
#      alone (scontrol requeue: a new `sbatch --array=3` would be an array of one task, so
#      SLURM_ARRAY_TASK_MIN=3 and COUNT=1 make it shard 1 of 1, the whole grid into sweep-1.csv)
#      and checks the dependent merge equals the unsharded run byte for byte;
#   3. submits deploy/slurm-bench.sh (transition-bench behavior) as a 4-task job array on a small
#      grid, merges with a dependent `transition-bench merge` job and checks the merged table
#      equals the unsharded run byte for byte, and that merge refuses (exit 65, nothing written)
#      the set without shard 2 and a set with a shard of another run;
#   4. merges two shards of a 10,000-variant grid (70,000 rows) in a job that asks for 200 MB and
#      checks its peak RSS stays within it, byte for byte the unsharded run.
#
# The grid: the deploy script's flags are kept; SWEEP (the script's own knob for the binary)
# points at a two-line wrapper that appends the test's flags from TEST_GRID (--release-progress
# and --release-velocity; the later flag wins), so the array stays small. Every daemon started
# here is stopped by its pid on exit. A daemon that cannot start is a failure, with its log
# printed: the test never passes without having run the jobs.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/.build/release}
START=$(date +%s)

say() { echo "cluster-test: $*"; }
ok() { echo "[ok] $*"; }

if [ "$(id -u)" != 0 ]; then
    echo "cluster-test: FAIL: must run as root (it installs packages and starts munged, slurmctld and slurmd)" >&2
    exit 1
fi

# --- Packages -------------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null \
    || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
for tool in slurmctld slurmd sbatch squeue scontrol scancel munged python3; do
    command -v "$tool" >/dev/null || { echo "cluster-test: FAIL: $tool not found after installing" >&2; exit 1; }
done

# --- Release binaries -------------------------------------------------------------------------
if [ ! -x "$BIN/transition-sweep" ]; then
    say "building the release binaries (make release)"
    make -C "$ROOT" release >/dev/null
fi
[ -x "$BIN/transition-sweep" ] || { echo "cluster-test: FAIL: no $BIN/transition-sweep" >&2; exit 1; }
[ -x "$BIN/transition-bench" ] || { echo "cluster-test: FAIL: no $BIN/transition-bench" >&2; exit 1; }

# --- The throwaway cluster ------------------------------------------------------------------
T=$(mktemp -d /tmp/slurm-test.XXXXXX)
chmod 755 "$T"
export SLURM_CONF=$T/etc/slurm.conf
PIDFILES=("$T/run/slurmd.pid" "$T/run/slurmctld.pid" "$T/munge/munged.pid")
FAILED=1

dump_logs() {
    for log in "$T"/munge/munged.log "$T"/log/slurmctld.log "$T"/log/slurmd.log "$T"/work/results/*.log; do
        [ -f "$log" ] || continue
        echo "----- $log (last 40 lines)"
        tail -n 40 "$log"
    done
}

stop_all() {
    local status=$?
    set +e
    if [ -f "$T/run/slurmctld.pid" ]; then
        scancel --quiet "--user=$(id -un)" 2>/dev/null
        for _ in $(seq 50); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.2; done
    fi
    for pidfile in "${PIDFILES[@]}"; do
        [ -f "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
    done
    if [ "$FAILED" = 1 ]; then
        echo "cluster-test: FAIL (status $status); the daemons' and jobs' logs:" >&2
        dump_logs >&2
    fi
    if [ -n "${KEEP_CLUSTER_TEST:-}" ]; then echo "cluster-test: kept $T"; else rm -rf "$T"; fi
    say "daemons stopped; $(( $(date +%s) - START )) s in all"
    [ "$FAILED" = 1 ] && exit 1
    exit "$status"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

fail() { echo "cluster-test: FAIL: $*" >&2; exit 1; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

mkdir -p "$T"/{etc,munge,state,spool,log,run,work,ref,bin}
HOST=$(hostname -s)
CTLD_PORT=$(free_port)
SLURMD_PORT=$(free_port)
while [ "$SLURMD_PORT" = "$CTLD_PORT" ]; do SLURMD_PORT=$(free_port); done
# This node as slurmd sees it (CPUs, sockets, memory), addressed over the loopback.
NODE=$(slurmd -C | head -n 1)
case "$NODE" in NodeName=*) ;; *) fail "slurmd -C did not describe this node: $NODE" ;; esac

dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 755 "$T/munge"
chmod 400 "$T/munge/munge.key"
cat >"$SLURM_CONF" <<EOF
ClusterName=transitiontest
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/run/slurmctld.pid
SlurmdPidFile=$T/run/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
KillWait=5
MinJobAge=600
$NODE NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF

say "starting munged, slurmctld and slurmd in $T (ports $CTLD_PORT, $SLURMD_PORT; node $HOST)"
munged --force --socket="$T/munge/munge.socket" --key-file="$T/munge/munge.key" \
    --pid-file="$T/munge/munged.pid" --log-file="$T/munge/munged.log" --seed-file="$T/munge/munged.seed" \
    || fail "munged did not start"
for _ in $(seq 50); do [ -S "$T/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$T/munge/munge.socket" ] || fail "munged did not open its socket"
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
IDLE=
for _ in $(seq 150); do
    STATE=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1)
    case "$STATE" in idle*) IDLE=1; break ;; esac
    sleep 0.2
done
[ -n "$IDLE" ] || fail "the node did not become idle within 30 s (sinfo: '${STATE:-no answer}')"
for pidfile in "${PIDFILES[@]}"; do
    [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null || fail "no running daemon for $pidfile"
done
ok "cluster up: munged, slurmctld, slurmd (pids $(cat "${PIDFILES[2]}"), $(cat "${PIDFILES[1]}"), $(cat "${PIDFILES[0]}")); node $HOST idle"

# --- The job --------------------------------------------------------------------------------
# The deploy script's transition-sweep, with the test's axes appended (the later flag wins).
cat >"$T/bin/transition-sweep-test-grid" <<EOF
#!/bin/sh
exec "$BIN/transition-sweep" "\$@" \$TEST_GRID
EOF
chmod +x "$T/bin/transition-sweep-test-grid"
export SWEEP=$T/bin/transition-sweep-test-grid
export PATH=$BIN:$PATH   # the merge job runs the header's `transition-sweep merge ...`
SMALL_GRID="--release-progress 0:1:0.05 --release-velocity -2:2:0.1"
# The larger grid: rows of the same kind at 10,000 frames per second, evaluated row by row (the
# scalar evaluator writes the same bytes as the batch): about 3 s per task, long enough to catch.
LARGE_GRID="--release-progress 0:1:0.01 --release-velocity -5:5:0.02 --frame-rate 10000 --evaluator scalar"
WORK=$T/work
cd "$WORK"

# The unsharded reference: the same script and grid, outside Slurm (shard 1 of 1).
reference() {
    rm -rf "$T/ref" && mkdir -p "$T/ref"
    (cd "$T/ref" && env -u SLURM_ARRAY_TASK_ID TEST_GRID="$1" bash "$ROOT/deploy/slurm-sweep.sh" >/dev/null)
    [ -s "$T/ref/results/sweep-1.csv" ] || fail "the unsharded reference run wrote nothing"
}

# Waits until no task of job $1 is pending or running (at most $2 seconds).
wait_job() {
    local deadline=$(( $(date +%s) + $2 ))
    while [ -n "$(squeue -h -j "$1" -t PENDING,RUNNING,CONFIGURING,COMPLETING 2>/dev/null)" ]; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "job $1 still queued or running after $2 s: $(squeue -j "$1" 2>&1)"
        sleep 0.5
    done
}

# The states of job $1's tasks, one "index state exit" line each.
task_states() {
    scontrol -o show job "$1" | sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\) .*ExitCode=\([0-9:]*\).*/\1 \2 \3/p' | sort -n
}

submit() {  # prints the job id
    sbatch --parsable "$@" | cut -d';' -f1
}

merge_job() {  # $1: the dependency (afterok:...); prints the merge job's id
    submit --dependency="$1" --chdir="$WORK" --output="$WORK/results/merge-%j.log" \
        --wrap 'transition-sweep merge --output results/sweep.csv results/sweep-*.csv'
}

# Prints job $1's task states; checks that $2 of them completed with exit 0.
check_tasks() {
    local states
    states=$(task_states "$1")
    echo "$states" | sed 's/^/    task /'
    [ "$(echo "$states" | grep -c ' COMPLETED 0:0$')" = "$2" ] || fail "job $1: not $2 tasks completed"
}

# Waits for array $1 (every task completed) and its merge job $2, then compares the merged file
# with the unsharded run of the grid $3 byte for byte.
check_merged() {
    wait_job "$1" 180
    check_tasks "$1" 4
    wait_job "$2" 60
    scontrol -o show job "$2" | grep -q 'JobState=COMPLETED' || fail "the merge job did not complete: $(cat results/merge-*.log)"
    reference "$3"
    cmp results/sweep.csv "$T/ref/results/sweep-1.csv" || fail "the merged file differs from the unsharded run"
}

# 1. The whole array, merged by a dependent job.
say "1. sbatch --array (4 tasks) of deploy/slurm-sweep.sh, small grid"
mkdir -p results   # as the header says: Slurm opens the tasks' logs in it before the script runs
JOB=$(TEST_GRID=$SMALL_GRID submit --array=0-3 --chdir="$WORK" "$ROOT/deploy/slurm-sweep.sh")
MERGE=$(merge_job "afterok:$JOB")
check_merged "$JOB" "$MERGE" "$SMALL_GRID"
ok "4 array tasks completed: $(cd results && ls sweep-?.csv | tr '\n' ' ')"
ok "dependent merge job equals the unsharded run byte for byte ($(( $(wc -l <results/sweep.csv) - 1 )) rows, $(wc -c <results/sweep.csv) bytes)"
set +e
transition-sweep merge --output "$T/gap.csv" results/sweep-1.csv results/sweep-3.csv results/sweep-4.csv 2>"$T/gap.err"
STATUS=$?
set -e
[ "$STATUS" = 65 ] && [ ! -e "$T/gap.csv" ] || fail "merge without shard 2 exited $STATUS (expected 65, nothing written)"
ok "merge refuses the set without shard 2 (exit 65: $(head -n 1 "$T/gap.err"))"

# 2. Kill the last task mid-run, then requeue that index alone.
rm -f results/*
say "2. the array again on a larger grid; kill task 3 while it writes"
JOB=$(TEST_GRID=$LARGE_GRID submit --array=0-3 --chdir="$WORK" "$ROOT/deploy/slurm-sweep.sh")
DEADLINE=$(( $(date +%s) + 240 ))
until ls results/.sweep-4.csv.partial-* >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$DEADLINE" ] || fail "task 3 never started writing"
    [ -e results/sweep-4.csv ] && fail "task 3 finished before it could be killed; make LARGE_GRID larger"
    sleep 0.05
done
scancel "${JOB}_3"
wait_job "$JOB" 60
check_tasks "$JOB" 3
task_states "$JOB" | grep -q '^3 CANCELLED' || fail "task 3 was not cancelled"
LEFT=$(ls -A results | grep -v '\.log$' | tr '\n' ' ')
[ ! -e results/sweep-4.csv ] && ! ls -A results | grep -q partial || fail "the killed task left a file: $LEFT"
ok "task 3 killed while writing; it left no partial file (results: $LEFT)"
set +e
transition-sweep merge --output "$T/short.csv" results/sweep-*.csv 2>"$T/short.err"
STATUS=$?
set -e
if [ "$STATUS" = 65 ]; then
    ok "merge refuses the set without its last shard (exit 65: $(head -n 1 "$T/short.err"))"
elif [ "$STATUS" = 0 ]; then
    # Issue 17 part 2: each shard will record which K of N it is, and merge will refuse an
    # incomplete set with exit 65, naming the missing shard. Until then a set missing its LAST
    # shard merges silently; CLUSTER_TEST_STRICT_MERGE=1 makes this a failure.
    [ -z "${CLUSTER_TEST_STRICT_MERGE:-}" ] || fail "merge accepted the set without its last shard (exit 0)"
    echo "[known gap] merge accepted the set without its last shard (exit 0): merge does not check completeness"
    rm -f "$T/short.csv"
else
    fail "merge of the incomplete set exited $STATUS"
fi
scontrol requeue "${JOB}_3" || fail "scontrol requeue ${JOB}_3 failed"
scontrol update "JobId=${JOB}_3" StartTime=now >/dev/null 2>&1 || true
# afterok on the whole array never fires once one of its tasks has failed, even after a requeue
# (Slurm keeps the array's worst exit); so the merge depends on the four tasks by name.
MERGE=$(merge_job "afterok:${JOB}_0:${JOB}_1:${JOB}_2:${JOB}_3")
check_merged "$JOB" "$MERGE" "$LARGE_GRID"
ok "index 3 requeued alone completed the set; the dependent merge equals the unsharded run byte for byte ($(( $(wc -l <results/sweep.csv) - 1 )) rows)"

# 3. The behaviour benchmark as an array: 4 tasks, each a slice of the models.
rm -f results/*
say "3. sbatch --array (4 tasks) of deploy/slurm-bench.sh, small grid"
printf '#!/bin/sh\nexec "%s" "$@" $TEST_GRID\n' "$BIN/transition-bench" >"$T/bin/transition-bench-test-grid"
chmod +x "$T/bin/transition-bench-test-grid"
export BENCH=$T/bin/transition-bench-test-grid
# The deploy script's flags with a small grid appended (the later flag wins): 5 x 3 variants
# over 400 synthetic gestures, no recorded file.
BENCH_GRID="--no-recorded --synthetic 400 --seed 3 --response 0.2:0.4:0.05 --damping-ratio 0.8:1:0.1 --threshold 0.5 --deceleration-rate 0.998"
JOB=$(TEST_GRID=$BENCH_GRID submit --array=0-3 --chdir="$WORK" "$ROOT/deploy/slurm-bench.sh")
MERGE=$(submit --dependency="afterok:$JOB" --chdir="$WORK" --output="$WORK/results/merge-%j.log" \
    --wrap 'transition-bench merge --output results/bench.csv results/bench-*.csv')
wait_job "$JOB" 300
check_tasks "$JOB" 4
wait_job "$MERGE" 60
scontrol -o show job "$MERGE" | grep -q 'JobState=COMPLETED' || fail "the bench merge job did not complete: $(cat results/merge-*.log)"
rm -rf "$T/ref" && mkdir -p "$T/ref"
(cd "$T/ref" && env -u SLURM_ARRAY_TASK_ID TEST_GRID="$BENCH_GRID" bash "$ROOT/deploy/slurm-bench.sh" 2>/dev/null)
[ -s "$T/ref/results/bench-1.csv" ] || fail "the unsharded bench reference run wrote nothing"
[ ! -e "$T/ref/results/bench-1.csv.shard" ] || fail "the unsharded bench run wrote a shard record"
cmp results/bench.csv "$T/ref/results/bench-1.csv" || fail "the merged bench table differs from the unsharded run"
grep -q ',true,' results/bench.csv || fail "the merged bench table has no front"
ok "4 bench array tasks completed: $(cd results && ls bench-?.csv | tr '\n' ' ')"
ok "dependent transition-bench merge equals the unsharded run byte for byte ($(( $(wc -l <results/bench.csv) - 1 )) rows, $(wc -c <results/bench.csv) bytes)"
set +e
transition-bench merge --output "$T/bench-gap.csv" results/bench-1.csv results/bench-3.csv results/bench-4.csv 2>"$T/bench-gap.err"
STATUS=$?
set -e
[ "$STATUS" = 65 ] && [ ! -e "$T/bench-gap.csv" ] || fail "bench merge without shard 2 exited $STATUS (expected 65, nothing written)"
ok "bench merge refuses the set without shard 2 (exit 65: $(head -n 1 "$T/bench-gap.err"))"
# Shard 2 of another run (another seed: other gestures).
mkdir -p "$T/other"
# shellcheck disable=SC2086
"$BIN/transition-bench" behavior $BENCH_GRID --model physics --pareto --format csv --seed 4 --shard 2/4 --output "$T/other/bench-2.csv" \
    2>/dev/null || fail "the other run's shard 2 failed"
set +e
transition-bench merge --output "$T/bench-mixed.csv" results/bench-1.csv "$T/other/bench-2.csv" results/bench-3.csv \
    results/bench-4.csv 2>"$T/bench-mixed.err"
STATUS=$?
set -e
[ "$STATUS" = 65 ] && [ ! -e "$T/bench-mixed.csv" ] || fail "bench merge of a mixed set exited $STATUS (expected 65, nothing written)"
ok "bench merge refuses a shard of another run (exit 65: $(head -n 1 "$T/bench-mixed.err"))"

# 4. A merge under a memory limit: two shards of a 10,000-variant grid (70,000 rows), merged by a
# job that asks for 200 MB and must stay within it (peak RSS from /usr/bin/time; this cluster has
# no cgroups to enforce --mem, so the test does). Holding every row, the merge peaked at 293 MB
# on this grid; streaming, at about 120 MB.
rm -f results/*
say "4. a bench merge of 70,000 rows under a 200 MB limit"
LIMIT_KB=200000
MEM_GRID="--model physics --response 0.1:0.595:0.005 --damping-ratio 0.05:1.04:0.01 --no-recorded --synthetic 100 --seed 1 --pareto --format csv"
for k in 1 2; do
    # shellcheck disable=SC2086
    env -u SLURM_ARRAY_TASK_ID "$BIN/transition-bench" behavior $MEM_GRID --shard $k/2 --output "results/mem-{shard}.csv" 2>/dev/null \
        || fail "memory-limit shard $k failed"
done
MERGE=$(submit --mem=200M --chdir="$WORK" --output="$WORK/results/merge-%j.log" \
    --wrap "/usr/bin/time -f %M -o results/merge-rss.txt transition-bench merge --output results/mem.csv results/mem-1.csv results/mem-2.csv")
wait_job "$MERGE" 120
scontrol -o show job "$MERGE" | grep -q 'JobState=COMPLETED' || fail "the memory-limit merge job did not complete: $(cat results/merge-*.log)"
RSS_KB=$(tail -n 1 results/merge-rss.txt)
[ "$RSS_KB" -le "$LIMIT_KB" ] || fail "the merge of 70,000 rows peaked at $RSS_KB KB, over the job's $LIMIT_KB KB"
# shellcheck disable=SC2086
env -u SLURM_ARRAY_TASK_ID "$BIN/transition-bench" behavior $MEM_GRID --output "$T/mem-all.csv" 2>/dev/null || fail "the unsharded run failed"
cmp results/mem.csv "$T/mem-all.csv" || fail "the memory-limited merge differs from the unsharded run"
ok "merge of 70,000 rows within its job's 200 MB (peak RSS $RSS_KB KB), byte for byte the unsharded run"

FAILED=0
echo "cluster-test: PASS in $(( $(date +%s) - START )) s"
