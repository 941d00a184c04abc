#!/usr/bin/env bash
# The sweep at the disk's pace (docs/sweeps.md, "Big sweeps"): the 10 M-row sweep written to a
# file on disk, and `dd oflag=direct` writing the same bytes (the sweep's own output, read into
# the page cache first) to the same folder, alternated ROUNDS times in one run. Prints each
# round's seconds, the ratio sweep / dd, the sweep's peak memory, whether every file holds the
# bytes the sweep writes to standard output, and the medians. Release build first: `make release`.
#
#   BIN=.build/release DIR=results ROUNDS=3 Benchmarks/Scripts/sweep-vs-disk.sh
#
# DIR must be on the disk being measured (not tmpfs: O_DIRECT needs a block device). Optional
# THROTTLE_MB_PER_S=500 runs both writers in a cgroup whose writes to DIR's disk are capped at
# that many MB/s (root; cgroup v1 blkio or v2 io.max): a slower disk on this machine, to see
# whether the sweep keeps the disk's pace when the disk, not the CPU, is the limit.
set -euo pipefail
BIN=${BIN:-.build/release}
DIR=${DIR:-results}
ROUNDS=${ROUNDS:-3}
GRID=(--model classic,physics --release-progress 0:1:0.0002 --release-velocity -5:4.99:0.01)
mkdir -p "$DIR"
OUT=$(cd "$DIR" && pwd)
SWEEP="$OUT/.sweep-vs-disk.csv"
DD="$OUT/.sweep-vs-disk.dd"
TIMES=$(mktemp)
ROUNDS_FILE=$(mktemp)
CGROUP=""
cleanup() {
  rm -f "$SWEEP" "$DD" "$TIMES" "$ROUNDS_FILE"
  if [ -n "$CGROUP" ]; then rmdir "$CGROUP" 2>/dev/null || true; fi
}
trap cleanup EXIT

if [ "$(stat -f -c %T "$OUT")" = tmpfs ]; then
  echo "sweep-vs-disk: $OUT is tmpfs; DIR must be a folder on a disk" >&2
  exit 64
fi

# The bytes every file must hold: the sweep to standard output (ordinary writes, no O_DIRECT).
expected=$("$BIN/transition-sweep" "${GRID[@]}" --quiet | sha256sum | cut -d' ' -f1)

run=(env)
if [ -n "${THROTTLE_MB_PER_S:-}" ]; then
  device=$(stat -c '%d' "$OUT")
  majmin="$((device / 256)):$((device % 256))"
  # A partition's writes are throttled on its whole disk: use the parent device when there is one.
  parent=$(basename "$(readlink -f "/sys/dev/block/$majmin/..")")
  [ -e "/sys/block/$parent/dev" ] && majmin=$(cat "/sys/block/$parent/dev")
  bytes=$((THROTTLE_MB_PER_S * 1000000))
  if [ -d /sys/fs/cgroup/blkio ]; then
    CGROUP=/sys/fs/cgroup/blkio/sweep-vs-disk.$$
    mkdir "$CGROUP"
    echo "$majmin $bytes" >"$CGROUP/blkio.throttle.write_bps_device"
  elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    CGROUP=/sys/fs/cgroup/sweep-vs-disk.$$
    mkdir "$CGROUP"
    echo "$majmin wbps=$bytes" >"$CGROUP/io.max"
  else
    echo "sweep-vs-disk: THROTTLE_MB_PER_S needs cgroup v1 blkio or v2 io (root)" >&2
    exit 69
  fi
  run=(sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$CGROUP")
  echo "writes to $majmin capped at $THROTTLE_MB_PER_S MB/s ($CGROUP)"
fi

echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "disk: $(df --output=source "$OUT" | tail -1) ($OUT)"
printf '%5s %12s %10s %10s %8s %12s %s\n' round sweep_wall_s dd_wall_s ratio sweep_user_s peak_rss_mb same_bytes
for round in $(seq 1 "$ROUNDS"); do
  rm -f "$SWEEP" "$DD"
  sync
  "${run[@]}" /usr/bin/time -f '%e %U %M' -o "$TIMES" "$BIN/transition-sweep" "${GRID[@]}" --quiet --output "$SWEEP"
  read -r sweep_s user_s rss_kb <"$TIMES"
  same=NO
  [ "$(sha256sum "$SWEEP" | cut -d' ' -f1)" = "$expected" ] && same=yes
  size=$(stat -c %s "$SWEEP")
  cat "$SWEEP" >/dev/null  # dd's input in the page cache: the disk is what it measures
  sync
  # 1 MiB blocks as the sweep writes; the last partial block through the cache as the sweep does.
  "${run[@]}" /usr/bin/time -f '%e' -o "$TIMES" sh -c \
    'dd if="$0" of="$1" bs=1M oflag=direct count=$(($2 / 1048576)) status=none &&
     dd if="$0" of="$1" bs=1M skip=$(($2 / 1048576)) seek=$(($2 / 1048576)) conv=fsync status=none' \
    "$SWEEP" "$DD" "$size"
  read -r dd_s <"$TIMES"
  cmp -s "$SWEEP" "$DD" || { echo "sweep-vs-disk: dd's copy differs from the sweep's file" >&2; exit 70; }
  ratio=$(awk -v a="$sweep_s" -v b="$dd_s" 'BEGIN { printf "%.2f", a / b }')
  printf '%5s %12s %10s %10s %8s %12.1f %s\n' "$round" "$sweep_s" "$dd_s" "$ratio" "$user_s" "$(echo "$rss_kb / 1024" | bc -l)" "$same"
  echo "$sweep_s $dd_s $ratio" >>"$ROUNDS_FILE"
done
sort -n -k3 "$ROUNDS_FILE" | awk -v n="$ROUNDS" -v bytes="$size" '
  { s[NR] = $1; d[NR] = $2; r[NR] = $3 }
  END {
    m = int((n + 1) / 2)
    printf "median ratio %.2f (sweep %s s, dd %s s, %.2f GB)\n", r[m], s[m], d[m], bytes / 1e9
  }'
