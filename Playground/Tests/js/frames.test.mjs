// frames.mjs and strip-scale.mjs: interpolation, the playback's clock, the finger-speed check,
// the dragged card, the strip's scales. Expected values are worked out by hand in the comments.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dragPlacement, fingerVelocity, modelAt, playbackSpan, playbackStep, sampleAt } from "../../Sources/PlaygroundServer/Public/js/frames.mjs";
import { stripScale, stripSeries } from "../../Sources/PlaygroundServer/Public/js/strip-scale.mjs";

const frames = [
  { t: 0, progress: 0.2, velocity: 2 },
  { t: 0.1, progress: 0.6, velocity: 1 },
  { t: 0.3, progress: 1, velocity: 0 },
];

test("sampleAt interpolates between frames and holds at the ends", () => {
  // A quarter of the way from t 0.1 to 0.3: progress 0.6 + 0.25 * 0.4, velocity 1 - 0.25.
  const s = sampleAt(frames, 0.15);
  assert.ok(Math.abs(s.progress - 0.7) < 1e-12, String(s.progress));
  assert.ok(Math.abs(s.velocity - 0.75) < 1e-12, String(s.velocity));
  assert.equal(s.t, 0.15);
  assert.deepEqual(sampleAt(frames, 0.1), frames[1]);
  assert.deepEqual(sampleAt(frames, -1), frames[0]);
  assert.deepEqual(sampleAt(frames, 5), frames[2]);
});

test("sampleAt: no frames is rest; one frame everywhere; NaN and infinities held at the ends", () => {
  assert.deepEqual(sampleAt([], 0.5), { progress: 0, velocity: 0 });
  const one = [{ t: 0, progress: 0.4, velocity: 1 }];
  assert.deepEqual(sampleAt(one, -3), one[0]);
  assert.deepEqual(sampleAt(one, 3), one[0]);
  assert.deepEqual(sampleAt(frames, NaN), frames[0]);
  assert.deepEqual(sampleAt(frames, Infinity), frames[2]);
  assert.deepEqual(sampleAt(frames, -Infinity), frames[0]);
});

test("modelAt: the drag before the release, the completion's first frame at the release frame", () => {
  const answer = { tracking: [{ t: -0.2, progress: 0, velocity: 0 }, { t: 0, progress: 0.2, velocity: 2 }], frames };
  assert.equal(modelAt(answer, -0.1, false).progress, 0.1);
  assert.deepEqual(modelAt(answer, 0.05, true), frames[0]);
  assert.ok(Math.abs(modelAt(answer, 0.05, false).progress - 0.4) < 1e-12);
});

test("playbackSpan: from the drag's first sample when replaying with it, to the last model's end", () => {
  const result = {
    classic: { tracking: [{ t: -0.25 }], frames: [{ t: 0 }, { t: 0.4 }] },
    physics: { tracking: [{ t: -0.1 }], frames: [{ t: 0 }, { t: 0.7 }] },
  };
  assert.deepEqual(playbackSpan(result, ["classic", "physics"], true), { from: -0.25, to: 0.7 });
  assert.deepEqual(playbackSpan(result, ["classic", "physics"], false), { from: 0, to: 0.7 });
  const empty = { classic: { tracking: [], frames: [] } };
  assert.deepEqual(playbackSpan(empty, ["classic"], true), { from: 0, to: 0 });
});

test("playbackStep: the clock, the release frame once, done at the end", () => {
  const span = { from: -0.2, to: 0.5 };
  assert.deepEqual(playbackStep(span, 100, false), { time: -0.1, releaseFrame: false, done: false });
  const atRelease = playbackStep(span, 250, false);
  assert.ok(Math.abs(atRelease.time - 0.05) < 1e-12 && atRelease.releaseFrame && !atRelease.done);
  assert.equal(playbackStep(span, 250, true).releaseFrame, false);
  assert.deepEqual(playbackStep(span, 2000, true), { time: 0.5, releaseFrame: false, done: true });
  // An empty answer: done at once, at the release.
  assert.deepEqual(playbackStep({ from: 0, to: 0 }, 0, false), { time: 0, releaseFrame: true, done: true });
});

test("fingerVelocity: displacement over the last 100 ms of moves, in travel widths per second", () => {
  // Moves every 20 ms, 6 px each (300 px/s), on a 300 px travel, then the lift-off.
  const samples = [];
  for (let i = 0; i <= 10; i++) samples.push({ t: i * 0.02, x: 100 + 6 * i, phase: i ? "changed" : "began" });
  samples.push({ t: 0.21, x: 160, phase: "ended" });
  // Last move t 0.2, x 160; the first within 100 ms t 0.1, x 130: 30 px / 0.1 s / 300 px = 1.
  assert.ok(Math.abs(fingerVelocity(samples, 300) - 1) < 1e-9, String(fingerVelocity(samples, 300)));
  // A move to the left is a speed too.
  const left = samples.map((s) => ({ ...s, x: -s.x }));
  assert.ok(Math.abs(fingerVelocity(left, 300) - 1) < 1e-9);
});

test("fingerVelocity: empty, one sample, no travel and non-finite input are 0", () => {
  assert.equal(fingerVelocity([], 300), 0);
  assert.equal(fingerVelocity([{ t: 0, x: 5, phase: "began" }], 300), 0);
  assert.equal(fingerVelocity([{ t: 0, x: 5, phase: "began" }, { t: 0.1, x: 5, phase: "ended" }], 300), 0);
  const two = [{ t: 0, x: 0, phase: "began" }, { t: 0.05, x: 30, phase: "changed" }];
  assert.ok(Math.abs(fingerVelocity(two, 300) - 2) < 1e-9);
  assert.equal(fingerVelocity(two, 0), 0);
  assert.equal(fingerVelocity(two, NaN), 0);
  assert.equal(fingerVelocity(two, Infinity), 0);
  assert.equal(fingerVelocity([{ t: 0, x: 0, phase: "began" }, { t: 0.05, x: Infinity, phase: "changed" }], 300), 0);
});

test("dragPlacement: the card under the finger, clamped to one travel, direction 1 at rest", () => {
  assert.deepEqual(dragPlacement(90, 360), { progress: 0.25, direction: 1 });
  assert.deepEqual(dragPlacement(-180, 360), { progress: 0.5, direction: -1 });
  assert.deepEqual(dragPlacement(-1000, 360), { progress: 1, direction: -1 });
  assert.deepEqual(dragPlacement(Infinity, 360), { progress: 1, direction: 1 });
  assert.deepEqual(dragPlacement(0, 360), { progress: 0, direction: 1 });
  assert.deepEqual(dragPlacement(NaN, 360), { progress: 0, direction: 1 });
  assert.deepEqual(dragPlacement(50, 0), { progress: 0, direction: 1 });
});

test("stripScale: axes from the points, the release's x, non-finite points left out", () => {
  const result = {
    classic: { tracking: [{ t: -0.9, progress: 0, velocity: 0 }], frames: [{ t: 0, progress: 0.3, velocity: 0 }, { t: 0.45, progress: 0, velocity: -0.2 }] },
    physics: { tracking: [], frames: [{ t: 0, progress: 0.3, velocity: 3 }, { t: 0.25, progress: 1.1, velocity: NaN }, { t: 0.3, progress: 1, velocity: 0 }] },
  };
  const series = stripSeries(result, ["classic", "physics"]);
  assert.equal(series[0].points.length, 3);
  const pad = { left: 10, right: 10, top: 10, bottom: 10 };
  const s = stripScale(series, 120, 110, pad);
  // t0 clamped at -0.5, t1 the last point 0.45; progress 0..1 (the 1.1 frame has a NaN);
  // velocity +-3.
  assert.deepEqual([s.t0, s.t1, s.pMin, s.pMax, s.vMax], [-0.5, 0.45, 0, 1, 3]);
  // 100 px wide for 0.95 s: the release at 10 + 0.5 / 0.95 * 100.
  assert.ok(Math.abs(s.x(0) - (10 + 50 / 0.95)) < 1e-9);
  assert.equal(s.yp(1), 10);
  assert.equal(s.yp(0), 100);
  assert.equal(s.yv(0), 55);
  assert.equal(s.yv(-3), 100);
});

test("stripScale: no points and one point still give finite axes", () => {
  const none = stripScale([{ model: "classic", points: [] }], 100, 100);
  assert.deepEqual([none.t0, none.t1, none.pMin, none.pMax, none.vMax], [0, 0.05, 0, 1, 0.5]);
  assert.ok(Number.isFinite(none.x(0)) && Number.isFinite(none.yp(0.5)) && Number.isFinite(none.yv(0)));
  const one = stripScale([{ model: "classic", points: [{ t: 2, progress: 0.5, velocity: 0 }] }], 100, 100);
  assert.equal(one.t0, 2);
  assert.ok(one.t1 > one.t0 && Number.isFinite(one.x(2)));
});
