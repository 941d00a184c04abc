// Record mode on the page: the prompt box, the session's buttons, the strokes recorded from the
// pointer (drag.mjs hands them here), the download. The session's rules are session.mjs', the
// samples and the CSV trace-file.mjs'. Nothing is sent anywhere until the person asks.
import { resetCards } from "./cards.mjs";
import { $, laneWidth, setStatus } from "./dom.mjs";
import { stopPlayback } from "./playback.mjs";
import { beginSession, currentPrompt, finishStroke, promptText, redoPrevious, skipPrompt } from "./session.mjs";
import { state, work } from "./state.mjs";
import { drawStripNote } from "./strip.mjs";
import { recordCountText } from "./text.mjs";
import { appendSample, cleanIdentifier, newStroke, recordingsCSV, recordingsFileName } from "./trace-file.mjs";
import { openTraceFile, showTracePosition } from "./trace-replay.mjs";

export function startSession() {
  if (!state.ready || state.record.active) return;
  stopPlayback();
  beginSession(state.record, state.table.traceFormat.families, $("record-rounds").value, new Date());
  resetCards();
  // The previous flick's figures are not this session's: the table is empty while recording.
  document.querySelector("#results tbody").textContent = "";
  // No completion is computed while recording (nothing is sent), so the strip says so.
  drawStripNote(["Recording: each stroke stays in this page.", "Nothing is sent, so nothing is replayed yet:",
    "download the CSV, or replay the recordings", "after the session."]);
  showRecordState();
}

export function stopSession() {
  const rec = state.record;
  if (!rec.active) {
    setStatus("No session is running: Record a session starts one.");
    return;
  }
  rec.active = false;
  rec.lastNote = null;
  showRecordState();
  // The strip no longer records: say what the session left.
  drawStripNote(["Session stopped: " + rec.strokes.length + " strokes kept in this page.",
    "Download the CSV, or replay the recordings."]);
  setStatus("Session stopped: " + rec.strokes.length + " strokes kept in this page; download them as CSV.");
}

export function redo() {
  if (redoPrevious(state.record)) showRecordState();
}

export function skip() {
  const outcome = skipPrompt(state.record);
  if (outcome === "ended") stopSession(); else if (outcome === "next") showRecordState();
}

// A stroke starts: touch-down on a card (`event`), in physical pixels relative to its lane.
export function startRecordedStroke(event) {
  const lane = event.currentTarget.parentElement.getBoundingClientRect();
  return newStroke({
    prompt: currentPrompt(state.record), pointerType: event.pointerType || "unknown", pixelRatio: window.devicePixelRatio || 1,
    travelCss: laneWidth(), left: lane.left, top: lane.top,
  }, event);
}

export const addRecordedSample = (stroke, event) => appendSample(stroke, event, "changed");

export function finishRecordedStroke(stroke, event) {
  resetCards();
  const outcome = finishStroke(state.record, stroke, {
    cancelled: event.type === "pointercancel", user: cleanIdentifier($("record-user").value), end: event,
  });
  if (outcome === "done") {
    setStatus("Session done: " + state.record.strokes.length + " strokes kept in this page. Download them as CSV, or replay them.");
  }
  showRecordState();
}

// The prompt box and every button's state.
export function showRecordState() {
  const rec = state.record, prompt = currentPrompt(rec);
  const box = $("record-prompt");
  box.hidden = !prompt;
  box.textContent = "";
  if (prompt) {
    const text = promptText(rec, prompt);
    const step = document.createElement("div");
    step.className = "step";
    step.textContent = text.step;
    const instruction = document.createElement("div");
    instruction.textContent = text.instruction;
    const intent = document.createElement("span");
    intent.className = "intent " + prompt.intent;
    intent.textContent = text.meaning;
    box.append(step, instruction, intent);
    if (rec.lastNote) {
      const note = document.createElement("div");
      note.className = "note";
      note.textContent = rec.lastNote;
      box.appendChild(note);
    }
    setStatus("Record mode: nothing is sent while recording.");
  }
  $("record-session-buttons").hidden = !rec.active;
  $("record-start").disabled = rec.active || !state.ready;
  $("record-redo").disabled = !rec.active || rec.index === 0;
  const have = rec.strokes.length > 0;
  for (const id of ["record-download", "record-replay", "record-discard"]) $(id).disabled = !have || rec.active;
  for (const id of ["replay", "recorded", "trace-input", "trace-previous", "trace-next"]) {
    if (rec.active) $(id).disabled = true;
  }
  if (!rec.active) {
    // Absent on the server (no --recorded-swipes, or the file is missing): nothing to replay.
    $("recorded").disabled = state.recordedAbsent !== null;
    $("trace-input").disabled = false;
    $("replay").disabled = !work.lastFlick;
    showTracePosition();
  }
  $("record-count").textContent = recordCountText(rec);
}

// The recordings as CSV, or null (the status line says why).
function recordingsText() {
  try { return recordingsCSV(state.record.strokes, state.table.traceFormat); } catch (error) { setStatus(String(error.message || error), true); return null; }
}

export function downloadRecordings() {
  const rec = state.record;
  if (!rec.strokes.length) return;
  const text = recordingsText();
  if (text === null) return;
  const name = recordingsFileName(rec.strokes);
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  rec.downloaded = true;
  rec.fileName = name;
  showRecordState();
  setStatus("Downloaded " + name + " (" + rec.strokes.length + " strokes). Bench it: transition-bench behavior --no-recorded --traces " + name);
}

export function discardRecordings() {
  const rec = state.record;
  if (rec.active || !rec.strokes.length) return;
  if (!rec.downloaded && !window.confirm("Discard " + rec.strokes.length + " strokes that were not downloaded?")) return;
  rec.strokes = [];
  rec.downloaded = true;
  showRecordState();
  setStatus("Recordings discarded.");
}

// The strokes still in the page, opened as the file they would download as.
export function replayRecordings() {
  const rec = state.record;
  if (rec.active || !rec.strokes.length) return;
  const text = recordingsText();
  if (text === null) return;
  openTraceFile(new Blob([text], { type: "text/csv" }), recordingsFileName(rec.strokes));
}
