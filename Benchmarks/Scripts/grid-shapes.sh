#!/usr/bin/env bash
# The behaviour benchmark's grid shapes (docs/behaviour.md, "Tuning at the batch's speed"): each
# grid run with `--evaluator batch` and `--evaluator scalar` in turn, ROUNDS times, on the shared
# recording (plus the synthetic corpus where the grid says so); prints wall and user seconds of
# every run and whether the two evaluators wrote the same bytes. Release build: `make release`.
#   BIN=.build/release ROUNDS=2 Benchmarks/Scripts/grid-shapes.sh [shape ...]
set -euo pipefail
BIN=${BIN:-.build/release}
ROUNDS=${ROUNDS:-2}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
declare -A GRID=(
  [shared]="--synthetic 10000 --seed 1 --model physics --response 0.2,0.3 --damping-ratio 0.8,1 --deceleration-rate 0.99,0.995,0.998,0.999,0.9995"
  [distinct]="--synthetic 10000 --seed 1 --model physics --response 0.1:0.595:0.055 --damping-ratio 0.05:1.04:0.11"
  [lightly-damped]="--model physics --stiffness 100,400 --damping 0,5,40 --mass 1,2 --overshoot allow,clamp,rubberBand"
  [undamped]="--model physics --damping-ratio 0,0.2,1 --overshoot allow,clamp,rubberBand --completion-shape spring,minimum-jerk --estimator weighted --settle-tolerance 0.0001"
  [every-shape]="--synthetic 10000 --seed 1 --model classic,cupertino,physics --damping-ratio 0,0.3,1 --overshoot allow,clamp,rubberBand --completion-shape spring,minimum-jerk,ease-in-out"
)
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(shared distinct lightly-damped undamped every-shape)
printf '%-15s %-7s %5s %12s %12s %s\n' shape evaluator round wall_s user_s same_bytes
for shape in "${shapes[@]}"; do
  for round in $(seq 1 "$ROUNDS"); do
    for evaluator in batch scalar; do
      # shellcheck disable=SC2086
      /usr/bin/time -f '%e %U' -o "$OUT/time" "$BIN/transition-bench" behavior ${GRID[$shape]} --format csv \
        --evaluator "$evaluator" >"$OUT/$evaluator.csv" 2>/dev/null
      read -r wall user <"$OUT/time"
      same=-
      [ "$evaluator" = scalar ] && { cmp -s "$OUT/batch.csv" "$OUT/scalar.csv" && same=yes || same=NO; }
      printf '%-15s %-7s %5s %12s %12s %s\n' "$shape" "$evaluator" "$round" "$wall" "$user" "$same"
    done
  done
done
