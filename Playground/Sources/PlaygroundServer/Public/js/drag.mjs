// Dragging a card (Pointer Events): the samples of a drag (work.drag), every coalesced event with
// its own timeStamp; at lift-off the flick goes to the library, or in record mode the stroke to
// record.mjs.
import { place, showDrag } from "./cards.mjs";
import { $, laneWidth } from "./dom.mjs";
import { fingerVelocity } from "./frames.mjs";
import { MODELS } from "./models.mjs";
import { stopPlayback } from "./playback.mjs";
import { addRecordedSample, finishRecordedStroke, startRecordedStroke } from "./record.mjs";
import { release } from "./release.mjs";
import { state, work } from "./state.mjs";

function onPointerDown(event) {
  if (work.drag || !state.ready) return;
  stopPlayback();
  event.currentTarget.setPointerCapture(event.pointerId);
  const drag = work.drag = { pointerId: event.pointerId, t0: event.timeStamp, x0: event.clientX, samples: [] };
  drag.samples.push({ t: 0, x: event.clientX, phase: "began" });
  if (state.record.active) drag.record = startRecordedStroke(event);
  showDrag(0);
  event.preventDefault();
}

function onPointerMove(event) {
  const drag = work.drag;
  if (!drag || event.pointerId !== drag.pointerId) return;
  const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const e of (moves.length ? moves : [event])) {
    drag.samples.push({ t: Math.max(0, (e.timeStamp - drag.t0) / 1000), x: e.clientX, phase: "changed" });
    if (drag.record) addRecordedSample(drag.record, e);
  }
  showDrag(event.clientX - drag.x0);
}

function onPointerUp(event) {
  const drag = work.drag;
  if (!drag || event.pointerId !== drag.pointerId) return;
  work.drag = null;
  if (drag.record) {
    finishRecordedStroke(drag.record, event);
    return;
  }
  const phase = event.type === "pointercancel" ? "cancelled" : "ended";
  const last = drag.samples[drag.samples.length - 1];
  drag.samples.push({ t: Math.max(last.t, (event.timeStamp - drag.t0) / 1000), x: event.clientX, phase });
  const travel = laneWidth();
  state.fingerVelocity = fingerVelocity(drag.samples, travel);
  work.lastFlick = { samples: drag.samples, travel, replayDrag: false };
  $("replay").disabled = false;
  release(work.lastFlick);
}

// Both cards take pointers; both start at rest.
export function wireCards() {
  for (const model of MODELS) {
    const card = $("card-" + model);
    card.addEventListener("pointerdown", onPointerDown);
    card.addEventListener("pointermove", onPointerMove);
    card.addEventListener("pointerup", onPointerUp);
    card.addEventListener("pointercancel", onPointerUp);
    place(model, 0, 0, 1);
  }
}
