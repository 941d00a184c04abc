// session.mjs: a record-mode session's prompts, its order, and how strokes, Redo and Skip move it.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  beginSession, clampRounds, currentPrompt, finishStroke, promptText, redoPrevious, sessionId, sessionPrompts, shuffled, skipPrompt,
} from "../../Sources/PlaygroundServer/Public/js/session.mjs";
import { initialState } from "../../Sources/PlaygroundServer/Public/js/state.mjs";

const FAMILIES = [{ name: "shortFastFlick", intent: "finish" }, { name: "peekAndReturn", intent: "cancel" },
  { name: "somethingNew", intent: "finish" }];

test("sessionPrompts: each family this page can explain, both directions, each round", () => {
  assert.deepEqual(sessionPrompts(FAMILIES, 1), [
    { family: "shortFastFlick", intent: "finish", direction: "left" }, { family: "shortFastFlick", intent: "finish", direction: "right" },
    { family: "peekAndReturn", intent: "cancel", direction: "left" }, { family: "peekAndReturn", intent: "cancel", direction: "right" },
  ]);
  assert.equal(sessionPrompts(FAMILIES, 3).length, 12);
  assert.deepEqual(sessionPrompts([], 2), []);
});

test("clampRounds: 1 to 10, rounded; 1 for anything not a number", () => {
  assert.deepEqual(["3", 2.6, 0, -4, 99, "", "abc", NaN, Infinity, -Infinity].map(clampRounds), [3, 3, 1, 1, 10, 1, 1, 1, 10, 1]);
});

test("shuffled: a permutation, the input untouched, the order the random source's", () => {
  const items = [1, 2, 3, 4];
  // random() 0 picks j = 0 at every step: i=3 swaps 0,3 -> [4,2,3,1]; i=2 swaps 0,2 -> [3,2,4,1]; i=1 swaps 0,1 -> [2,3,4,1].
  assert.deepEqual(shuffled(items, () => 0), [2, 3, 4, 1]);
  // random() just under 1 picks j = i: nothing moves.
  assert.deepEqual(shuffled(items, () => 0.999999), [1, 2, 3, 4]);
  assert.deepEqual(items, [1, 2, 3, 4]);
  assert.deepEqual(shuffled([], Math.random), []);
  assert.deepEqual(shuffled([7], Math.random), [7]);
});

test("sessionId: local date and time, then four hex digits", () => {
  assert.equal(sessionId(new Date(2026, 10, 5, 7, 3, 9), () => 0.5), "rec-20261105T070309-8000");
  assert.equal(sessionId(new Date(2026, 0, 1, 0, 0, 0), () => 0), "rec-20260101T000000-0000");
});

// A stroke as trace-file.mjs' newStroke makes it: touch-down then `moves` moves.
function stroke(prompt, moves) {
  const samples = [{ t_ms: 0, x_px: 0, y_px: 0, phase: "began" }];
  for (let i = 1; i <= moves; i++) samples.push({ t_ms: 10 * i, x_px: 20 * i, y_px: 0, phase: "changed" });
  return { prompt, pointerType: "touch", pixelRatio: 3, travelCss: 360.1234, left: 0, top: 0, t0: 500, samples };
}
const lift = { timeStamp: 600, clientX: 100, clientY: 0 };

test("a session: strokes numbered, taps and cancelled touches asked again, done after the last", () => {
  const rec = initialState().record;
  beginSession(rec, FAMILIES.slice(0, 1), "1", new Date(2026, 0, 2, 3, 4, 5), () => 0);
  assert.equal(rec.prompts.length, 2);
  assert.equal(rec.sessionId, "rec-20260102T030405-0000");
  const first = currentPrompt(rec);
  assert.deepEqual(promptText(rec, first), {
    step: "Recording, gesture 1 of 2 (shortFastFlick)",
    instruction: "Turn the page with a quick flick to the right: let go before the card reaches the middle.",
    meaning: "you mean to turn the page (finish)",
  });
  assert.equal(finishStroke(rec, stroke(first, 0), { cancelled: false, user: "", end: lift }), "tap");
  assert.equal(finishStroke(rec, stroke(first, 3), { cancelled: true, user: "", end: lift }), "cancelled");
  assert.equal(rec.strokes.length, 0);
  assert.equal(rec.index, 0);
  assert.equal(finishStroke(rec, stroke(first, 3), { cancelled: false, user: "ana", end: lift }), "kept");
  const kept = rec.strokes[0];
  assert.equal(kept.id, "rec-20260102T030405-0000-01");
  assert.equal(kept.travel_px, 1080.37);  // 360.1234 * 3 = 1080.3702, to 3 decimals
  assert.deepEqual(kept.samples.at(-1), { t_ms: 100, x_px: 300, y_px: 0, phase: "ended" });
  assert.equal(rec.downloaded, false);
  assert.equal(finishStroke(rec, stroke(currentPrompt(rec), 2), { cancelled: false, user: "", end: lift }), "done");
  assert.equal(rec.strokes[1].id, "rec-20260102T030405-0000-02");
  assert.equal(rec.active, false);
  assert.equal(currentPrompt(rec), null);
  assert.equal(finishStroke(rec, stroke(first, 2), { cancelled: false, user: "", end: lift }), "ignored");
});

test("Redo drops the session's last stroke; Skip drops the prompt and ends after the last", () => {
  const rec = initialState().record;
  assert.equal(redoPrevious(rec), false);
  assert.equal(skipPrompt(rec), null);
  beginSession(rec, FAMILIES.slice(0, 2), 1, new Date(2026, 0, 1), () => 0.3);
  assert.equal(redoPrevious(rec), false, "nothing to redo before the first stroke");
  const asked = currentPrompt(rec);
  finishStroke(rec, stroke(asked, 2), { cancelled: false, user: "", end: lift });
  assert.equal(redoPrevious(rec), true);
  assert.equal(rec.strokes.length, 0);
  assert.deepEqual(currentPrompt(rec), asked);
  assert.equal(rec.lastNote, "The previous one again.");
  assert.equal(skipPrompt(rec), "next");
  assert.equal(rec.prompts.length, 3);
  assert.equal(skipPrompt(rec), "next");
  assert.equal(skipPrompt(rec), "next");
  assert.equal(skipPrompt(rec), "ended");
  assert.equal(rec.prompts.length, 0);
});
