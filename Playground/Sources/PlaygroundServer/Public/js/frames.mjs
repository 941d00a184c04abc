// Frames and samples: reading the library's frames at a time, the playback's clock, the page's
// own finger-speed check and where a dragged card is. No DOM access.
// Units: t in seconds, x and travel in CSS pixels, progress a fraction of the travel, velocity
// travel widths per second.

// `frames` ({t, progress, velocity}, ascending t) at time `t`: linear interpolation between
// frames, held at the ends (NaN is the first frame); no frames is progress 0 at rest.
export function sampleAt(frames, t) {
  if (frames.length === 0) return { progress: 0, velocity: 0 };
  if (Number.isNaN(t) || t <= frames[0].t) return frames[0];
  const last = frames[frames.length - 1];
  if (t >= last.t) return last;
  let lo = 0, hi = frames.length - 1;
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (frames[mid].t <= t) lo = mid; else hi = mid; }
  const a = frames[lo], b = frames[hi], u = (t - a.t) / (b.t - a.t);
  return { t, progress: a.progress + u * (b.progress - a.progress), velocity: a.velocity + u * (b.velocity - a.velocity) };
}

// One model's answer ({tracking, frames}) at `t` seconds after the release: before it the drag
// (tracking), from it the completion; the release frame is the completion's first frame exactly.
export function modelAt(answer, t, isReleaseFrame) {
  return t < 0 ? sampleAt(answer.tracking, t) : sampleAt(answer.frames, isReleaseFrame ? 0 : t);
}

// The span a playback of `result` (keyed by model) covers, in seconds from the release: from the
// release (or the start of the drag when `withDrag`) to the last model's last frame.
export function playbackSpan(result, models, withDrag) {
  let from = 0, to = 0;
  for (const m of models) {
    const { tracking, frames } = result[m];
    if (withDrag && tracking.length && tracking[0].t < from) from = tracking[0].t;
    if (frames.length && frames[frames.length - 1].t > to) to = frames[frames.length - 1].t;
  }
  return { from, to };
}

// One animation frame of a playback over `span`, `elapsedMs` after it started: the time to show
// (held at the end), whether it is the release frame (the first one at or after t = 0, when no
// release frame was shown yet) and whether the playback is done.
export function playbackStep(span, elapsedMs, releaseShown) {
  const t = span.from + elapsedMs / 1000;
  return { time: Math.min(t, span.to), releaseFrame: t >= 0 && !releaseShown, done: t >= span.to };
}

// The page's own estimate of the finger's speed at lift-off: displacement over the 100 ms up to
// the last move (the lift-off repeats that position), in travel widths per second; 0 without two
// moves apart in time or without a positive travel. A check on the library's estimator for the
// browser test, used by no model.
export function fingerVelocity(samples, travel) {
  const moves = samples.filter((s) => s.phase !== "ended" && s.phase !== "cancelled");
  if (moves.length === 0 || !(travel > 0) || !Number.isFinite(travel)) return 0;
  const end = moves[moves.length - 1];
  let first = end;
  for (let i = moves.length - 1; i >= 0 && end.t - moves[i].t <= 0.1; i--) first = moves[i];
  const dt = end.t - first.t;
  const v = dt > 0 ? Math.abs(end.x - first.x) / dt / travel : 0;
  return Number.isFinite(v) ? v : 0;
}

// Where the cards are while the finger is down, `dx` CSS pixels from touch-down: clamped to one
// travel either way; progress the fraction of the travel, direction the side (1 at rest).
export function dragPlacement(dx, travel) {
  if (!(travel > 0) || !Number.isFinite(travel) || Number.isNaN(dx)) return { progress: 0, direction: 1 };
  const offset = Math.max(-travel, Math.min(travel, dx));
  return { progress: Math.abs(offset) / travel, direction: Math.sign(offset) || 1 };
}
