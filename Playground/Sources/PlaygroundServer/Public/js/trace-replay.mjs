// Replaying a trace file: the file goes to POST /api/traces (TraceReader, on the server: a bad
// file is refused naming the line and the reason); each stroke then goes to POST /api/release
// like a drag, classic and physics side by side, with its intent shown. The open file is
// work.traceFile; state.traceFile says which stroke is shown.
import { postTraceFile } from "./api.mjs";
import { $, setStatus } from "./dom.mjs";
import { MODELS } from "./models.mjs";
import { release } from "./release.mjs";
import { state, work } from "./state.mjs";
import { describeStroke, strokeVerdict, tracePositionText, traceWarningText } from "./text.mjs";
import { openedTraceFile, strokeFlick, traceFileView } from "./trace-file.mjs";

// Opens `blob` (a File or the recordings' CSV) named `name` and replays its first stroke.
export async function openTraceFile(blob, name) {
  if (state.record.active) return;
  const cap = state.table.limits.maximumTraceFileBytes;
  const shown = $("trace-stroke");
  if (blob.size > cap) {
    refuse({ field: "body", error: name + " is " + blob.size + " bytes, over the server's cap of " + cap + " bytes" },
      (error) => error.error, (error) => error.error);
    return;
  }
  setStatus("reading " + name + "\u2026");
  const { ok, answer } = await postTraceFile(blob, name);
  if (!ok) {
    state.requests += 1;
    refuse(answer, (error) => "Not replayed: " + error.error, (error) => "refused: " + error.error);
    return;
  }
  shown.classList.remove("error");
  work.traceFile = openedTraceFile(answer);
  replayStroke(0);
}

function refuse(error, shownText, statusText) {
  work.traceFile = null;
  state.traceFile = null;
  state.lastError = error;
  const shown = $("trace-stroke");
  shown.textContent = shownText(error);
  shown.classList.add("error");
  setStatus(statusText(error), true);
  showTracePosition();
}

// Replays stroke `index` of the open file (nothing when out of range or recording).
export function replayStroke(index) {
  const file = work.traceFile;
  if (!file || state.record.active || index < 0 || index >= file.strokes.length) return;
  file.index = index;
  state.traceFile = traceFileView(file);
  showTracePosition();
  const stroke = file.strokes[index];
  const shown = $("trace-stroke");
  shown.classList.remove("error");
  shown.textContent = describeStroke(stroke) + "; replaying\u2026";
  work.lastFlick = Object.assign(strokeFlick(stroke), {
    onAnswer: (answer) => { $("trace-stroke").textContent = strokeVerdict(stroke, answer, MODELS); },
  });
  $("replay").disabled = false;
  release(work.lastFlick);
}

// The previous and next buttons, the file's name and stroke number, its warnings.
export function showTracePosition() {
  const busy = state.record.active, file = work.traceFile;
  $("trace-previous").disabled = busy || !file || file.index === 0;
  $("trace-next").disabled = busy || !file || file.index >= file.strokes.length - 1;
  $("trace-position").textContent = tracePositionText(file);
  const warning = $("trace-warning");
  warning.textContent = traceWarningText(file);
  warning.hidden = !warning.textContent;
}

// The file input, the drop zone, previous and next.
export function wireTraceFile() {
  const input = $("trace-input"), drop = $("drop");
  input.addEventListener("change", () => { if (input.files.length) openTraceFile(input.files[0], input.files[0].name); });
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file) openTraceFile(file, file.name);
  });
  $("trace-previous").addEventListener("click", () => work.traceFile && replayStroke(work.traceFile.index - 1));
  $("trace-next").addEventListener("click", () => work.traceFile && replayStroke(work.traceFile.index + 1));
}
