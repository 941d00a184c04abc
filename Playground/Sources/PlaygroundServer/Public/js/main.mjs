// The playground page's entry (index.html loads it as a module; no build step, nothing loaded
// from outside the machine). The controls come from GET /api/parameters (the library's
// ReleaseParameter.table); a drag's samples go to POST /api/release; both cards then play the
// frames the library computed. window.playground is state.mjs' state: what a person sees, for
// the browser test and for people in the console (showAt(t) shows the last answer at t).
// docs/playground.md lists the modules.
import { getParameters, getRecordedSwipe } from "./api.mjs";
import { buildControls } from "./controls.mjs";
import { $, setStatus } from "./dom.mjs";
import { wireCards } from "./drag.mjs";
import { showAt } from "./playback.mjs";
import { discardRecordings, downloadRecordings, redo, replayRecordings, showRecordState, skip, startSession, stopSession } from "./record.mjs";
import { replayLast, replayRecorded } from "./release.mjs";
import { state } from "./state.mjs";
import { wireTraceFile } from "./trace-replay.mjs";

window.playground = state;
state.showAt = showAt;

async function start() {
  wireCards();
  $("replay").addEventListener("click", replayLast);
  $("recorded").addEventListener("click", replayRecorded);
  $("record-start").addEventListener("click", startSession);
  $("record-stop").addEventListener("click", stopSession);
  $("record-redo").addEventListener("click", redo);
  $("record-skip").addEventListener("click", skip);
  $("record-download").addEventListener("click", downloadRecordings);
  $("record-replay").addEventListener("click", replayRecordings);
  $("record-discard").addEventListener("click", discardRecordings);
  wireTraceFile();
  window.addEventListener("beforeunload", (e) => {
    if (!state.record.downloaded) { e.preventDefault(); e.returnValue = ""; }
  });
  const parameters = await getParameters();
  if (!parameters.ok) {
    setStatus("could not load the parameter table: " + parameters.answer.error, true);
    return;
  }
  state.table = parameters.answer;
  buildControls(state.table, () => replayLast());
  // Whether the server has the recorded swipes: "Replay a recorded swipe" is disabled, its
  // tooltip saying why, when it has none.
  const probe = await getRecordedSwipe();
  if (!probe.ok) state.recordedAbsent = probe.answer.error || "no recorded swipes on the server";
  if (state.recordedAbsent !== null) $("recorded").title = state.recordedAbsent;
  state.ready = true;
  showRecordState();
  setStatus("Flick a card left or right (estimator: " + state.table.estimator + ").");
}

start();
