// A record-mode session's rules: which gestures it asks for and in what order, what each prompt
// says, and how a stroke, Redo and Skip move it on. Each function reads or changes the `rec`
// object it is given (state.record); no DOM access.
//
// A session asks for each gesture family the library labels (GET /api/parameters: traceFormat.
// families, with the intent a person making it means) in both directions, `rounds` times, in
// random order.

import { appendSample, round3 } from "./trace-file.mjs";

// What to do for each family, by direction ("to the left": the finger moves right to left).
export const INSTRUCTIONS = {
  shortFastFlick: (d) => "Turn the page with a quick flick " + d + ": let go before the card reaches the middle.",
  dragThroughMiddle: (d) => "Drag the card " + d + " past the middle and let go while still moving.",
  slowDragPastMiddle: (d) => "Drag slowly " + d + " past the middle, stop there, then let go.",
  peekAndReturn: (d) => "Peek: drag " + d + " a little way, come back toward where you started, and let go.",
  hesitateBelowMiddle: (d) => "Hesitate: drag " + d + " less than halfway, hold still, then let go: you changed your mind.",
  pastMiddleThenFlickBack: (d) => "Drag " + d + " past the middle, then flick back toward the start and let go.",
};
export const MEANING = { finish: "you mean to turn the page (finish)", cancel: "you mean to stay on this page (cancel)" };
export const DIRECTIONS = { left: "to the left", right: "to the right" };

// A shuffled copy of `items` (Fisher-Yates; `random` returns [0, 1)).
export function shuffled(items, random = Math.random) {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

// The rounds control's value as a count: a whole number from 1 to 10 (1 for anything else).
export const clampRounds = (value) => Math.max(1, Math.min(10, Math.round(Number(value)) || 1));

// The prompts, in the order of the families (those this page has instructions for), both
// directions each, `rounds` times; not shuffled.
export function sessionPrompts(families, rounds) {
  const prompts = [];
  for (let r = 0; r < rounds; r++) {
    for (const f of families.filter((f) => INSTRUCTIONS[f.name])) {
      for (const direction of Object.keys(DIRECTIONS)) prompts.push({ family: f.name, intent: f.intent, direction });
    }
  }
  return prompts;
}

// The session's id: rec-<local date>T<time>-<4 random hex digits>.
export function sessionId(date, random = Math.random) {
  const two = (n) => String(n).padStart(2, "0");
  const stamp = date.getFullYear() + two(date.getMonth() + 1) + two(date.getDate()) + "T" +
    two(date.getHours()) + two(date.getMinutes()) + two(date.getSeconds());
  return "rec-" + stamp + "-" + Math.floor(random() * 0x10000).toString(16).padStart(4, "0");
}

// Starts a session in `rec`: the families' prompts `rounds` times, shuffled.
export function beginSession(rec, families, rounds, date, random = Math.random) {
  Object.assign(rec, {
    active: true, prompts: shuffled(sessionPrompts(families, clampRounds(rounds)), random), index: 0, lastNote: null,
    sessionId: sessionId(date, random),
  });
}

// The prompt being asked, or null when no session runs or it is through.
export function currentPrompt(rec) {
  return rec.active && rec.index < rec.prompts.length ? rec.prompts[rec.index] : null;
}

// What the prompt box says: the step, the instruction, the meaning.
export function promptText(rec, prompt) {
  return {
    step: "Recording, gesture " + (rec.index + 1) + " of " + rec.prompts.length + " (" + prompt.family + ")",
    instruction: INSTRUCTIONS[prompt.family](DIRECTIONS[prompt.direction]),
    meaning: MEANING[prompt.intent],
  };
}

// A stroke ends (`stroke` from trace-file.mjs' newStroke, its prompt the one asked at touch-down;
// `end` the lift-off's pointer event). A cancelled pointer or a tap is not kept and the prompt
// is asked again; otherwise the stroke gets its lift-off sample and the session's next number,
// and the session moves on. Returns "cancelled", "tap", "ignored" (no session), "kept", or
// "done" (kept, and it was the last prompt).
export function finishStroke(rec, stroke, { cancelled, user, end }) {
  if (cancelled) { rec.lastNote = "The browser took that touch (pointer cancelled); once more, please."; return "cancelled"; }
  if (!stroke.samples.some((s) => s.phase === "changed")) { rec.lastNote = "That was a tap; drag the card, please."; return "tap"; }
  if (!stroke.prompt || !rec.active) return "ignored";
  appendSample(stroke, end, "ended");
  const number = String(rec.strokes.filter((s) => s.sessionId === rec.sessionId).length + 1).padStart(2, "0");
  rec.strokes.push({
    id: rec.sessionId + "-" + number, sessionId: rec.sessionId, user,
    family: stroke.prompt.family, intent: stroke.prompt.intent, direction: stroke.prompt.direction,
    pointerType: stroke.pointerType, pixelRatio: stroke.pixelRatio, travelCss: stroke.travelCss, downTimeStamp: stroke.t0,
    travel_px: round3(stroke.travelCss * stroke.pixelRatio),
    samples: stroke.samples,
  });
  rec.downloaded = false;
  rec.lastNote = null;
  rec.index += 1;
  if (rec.index >= rec.prompts.length) { rec.active = false; return "done"; }
  return "kept";
}

// Redo: drops the session's last stroke and asks its prompt again. Returns whether it did.
export function redoPrevious(rec) {
  if (!rec.active || rec.index === 0) return false;
  const last = rec.strokes[rec.strokes.length - 1];
  if (!last || last.sessionId !== rec.sessionId) return false;
  rec.strokes.pop();
  rec.index -= 1;
  rec.lastNote = "The previous one again.";
  return true;
}

// Skip: drops the prompt being asked. Returns null (no session), "next", or "ended" (it was the
// last: the caller stops the session).
export function skipPrompt(rec) {
  if (!rec.active) return null;
  rec.prompts.splice(rec.index, 1);
  rec.lastNote = null;
  return rec.index >= rec.prompts.length ? "ended" : "next";
}
