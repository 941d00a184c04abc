// Asking the library: a flick goes to POST /api/release with the controls' settings, its answer
// fills the results table and plays. Also the two replays (the last flick, a recorded swipe).
import { getRecordedSwipe, postRelease } from "./api.mjs";
import { readSettings } from "./controls.mjs";
import { $, setStatus } from "./dom.mjs";
import { MODELS } from "./models.mjs";
import { play } from "./playback.mjs";
import { releaseBody } from "./request.mjs";
import { state, work } from "./state.mjs";
import { resultCells, summary } from "./text.mjs";

// Posts `flick` and plays the answer; returns the answer, or null when refused (the status line
// says why).
export async function release(flick) {
  const body = releaseBody(flick, readSettings(), MODELS);
  state.lastRequest = body;
  setStatus("asking the library\u2026");
  const { ok, answer } = await postRelease(body);
  state.requests += 1;
  if (!ok) {
    state.lastError = answer;
    setStatus("refused: " + answer.field + ": " + answer.error, true);
    return null;
  }
  state.lastError = null;
  state.lastResult = answer;
  showResults(answer);
  setStatus(summary(answer, MODELS) + (flick.id && !flick.stroke ? " (recorded swipe " + flick.id + ")" : ""));
  if (flick.onAnswer) flick.onAnswer(answer);
  play(answer, flick.replayDrag);
  return answer;
}

function showResults(result) {
  const body = document.querySelector("#results tbody");
  body.textContent = "";
  for (const model of MODELS) {
    const tr = document.createElement("tr");
    tr.innerHTML = "<th class='" + model + "-label'>" + model + "</th>";
    for (const cell of resultCells(result[model])) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

// The last flick again, with the drag (a control changed, or the Replay button).
export function replayLast() {
  if (work.lastFlick && !work.drag && !state.record.active) release(Object.assign({}, work.lastFlick, { replayDrag: true }));
}

// A recorded swipe from the server (--recorded-swipes), replayed as a drag.
export async function replayRecorded() {
  if (state.record.active) return;
  const { ok, answer } = await getRecordedSwipe();
  if (!ok) {
    state.recorded = null;
    setStatus(answer.error, true);
    return;
  }
  state.recorded = { id: answer.id, travel: answer.travel, count: answer.count };
  work.lastFlick = { samples: answer.samples, travel: answer.travel, replayDrag: true, id: answer.id, pixelsPerPoint: 1 };
  $("replay").disabled = false;
  release(work.lastFlick);
}
