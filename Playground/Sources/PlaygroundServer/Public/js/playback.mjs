// Playing an answer: every model's frames in sync on the cards and the strip, one animation
// frame at a time (the clock in work.playback, the stepping in frames.mjs).
import { place } from "./cards.mjs";
import { modelAt, playbackSpan, playbackStep } from "./frames.mjs";
import { MODELS } from "./models.mjs";
import { state, work } from "./state.mjs";
import { drawStrip } from "./strip.mjs";

export function stopPlayback() {
  if (work.playback) cancelAnimationFrame(work.playback.frame);
  work.playback = null;
  state.playing = false;
}

// Plays `result` from the release (t = 0), or from the start of the drag when `withDrag` (a
// replayed flick). The first frame shown after the release is t = 0 exactly.
export function play(result, withDrag) {
  stopPlayback();
  const span = playbackSpan(result, MODELS, withDrag);
  state.shownAtRelease = {};
  const playback = work.playback = { result, from: span.from, to: span.to, startedAt: performance.now() };
  state.playing = true;
  const frame = () => {
    if (work.playback !== playback) return;
    const step = playbackStep(span, performance.now() - playback.startedAt, Object.keys(state.shownAtRelease).length > 0);
    showTime(result, step.time, step.releaseFrame);
    drawStrip(result, step.time);
    if (step.done) {
      work.playback = null;
      state.playing = false;
      state.playbackCount += 1;
      return;
    }
    playback.frame = requestAnimationFrame(frame);
  };
  if (span.from === 0) {
    showTime(result, 0, true);  // the release frame, at once
    drawStrip(result, 0);
  }
  playback.frame = requestAnimationFrame(frame);
}

// Shows every model at time `t` (seconds since release); records the release frame.
export function showTime(result, t, isReleaseFrame) {
  for (const model of MODELS) {
    const r = result[model];
    const s = modelAt(r, t, isReleaseFrame);
    place(model, s.progress, s.velocity, r.direction);
    if (isReleaseFrame && t >= 0) state.shownAtRelease[model] = { progress: s.progress, velocity: s.velocity };
  }
}

// Shows the last answer at `t` seconds after the release (stopping any playback): what a person
// sees at that moment, for screenshots and the browser test (window.playground.showAt).
export function showAt(t) {
  if (!state.lastResult) return;
  stopPlayback();
  showTime(state.lastResult, t, false);
  drawStrip(state.lastResult, t);
}
