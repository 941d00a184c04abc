// The trace file the page writes (docs/traces.md) and reads back: a recorded stroke's samples,
// the CSV, and the strokes of POST /api/traces' answer. No DOM access.
// A recorded sample is {t_ms, x_px, y_px, phase}: milliseconds since touch-down and physical
// pixels (CSS pixels times the device pixel ratio) from the lane's top left, to 3 decimals.

// Rounded as written (3 decimals), -0 written as 0.
export const round3 = (v) => Math.round(v * 1000) / 1000 + 0;

// A user_id or device_id as the format takes it: no control characters, no padding, 40 at most.
export function cleanIdentifier(text) {
  return String(text).replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 40);
}

// The device_id column: pointer type and device pixel ratio.
export const deviceId = (pointerType, pixelRatio) => "browser-" + cleanIdentifier(pointerType) + "-" + pixelRatio + "x";

// A CSV field, quoted when it holds a quote, a comma or a line break.
export function csvField(v) {
  const t = String(v);
  return /[",\r\n]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t;
}

// A stroke under way: what its samples share ({prompt, pointerType, pixelRatio, travelCss, left,
// top} of the lane at touch-down) and touch-down's sample from `down` ({timeStamp, clientX,
// clientY}, a pointer event).
export function newStroke(shared, down) {
  const stroke = Object.assign({}, shared, { t0: down.timeStamp, samples: [] });
  appendSample(stroke, down, "began");
  return stroke;
}

// Appends the sample of pointer event `e` to `stroke`, its phase a TouchPhase name (began,
// changed, ended; the file says the format's token for it). Times never decrease (an event
// stamped before the previous sample is held at its time); a sample with a non-finite number is
// dropped, and so is a move repeating the previous sample exactly (the same report twice).
// Returns whether it was kept.
export function appendSample(stroke, e, phase) {
  const previous = stroke.samples[stroke.samples.length - 1];
  const sample = {
    t_ms: Math.max(previous ? previous.t_ms : 0, round3(e.timeStamp - stroke.t0)),
    x_px: round3((e.clientX - stroke.left) * stroke.pixelRatio),
    y_px: round3((e.clientY - stroke.top) * stroke.pixelRatio),
    phase,
  };
  if (![sample.t_ms, sample.x_px, sample.y_px].every(Number.isFinite)) return false;
  if (phase === "changed" && previous && previous.t_ms === sample.t_ms && previous.x_px === sample.x_px &&
      previous.y_px === sample.y_px) return false;
  stroke.samples.push(sample);
  return true;
}

// The strokes as a trace CSV: the columns in the library's order (`format.columns`, served as
// traceFormat), each row a sample, its phase the format's token (`format.phases`). Throws when
// the format names a column this page does not write, or on a non-finite number.
export function recordingsCSV(strokes, format) {
  const number = (v) => { if (!Number.isFinite(v)) throw new Error("a non-finite number in a recording"); return String(v); };
  const lines = [format.columns.join(",")];
  for (const stroke of strokes) {
    for (const s of stroke.samples) {
      const row = {
        trace_id: stroke.id, user_id: stroke.user, device_id: deviceId(stroke.pointerType, stroke.pixelRatio),
        t_ms: number(s.t_ms), x_px: number(s.x_px), y_px: number(s.y_px), phase: format.phases[s.phase],
        travel_px: number(stroke.travel_px), intent: stroke.intent, family: stroke.family, axis: "x",
        pixels_per_point: number(stroke.pixelRatio),
      };
      lines.push(format.columns.map((c) => {
        if (!(c in row)) throw new Error("the trace format has a column this page does not write: " + c);
        return csvField(row[c]);
      }).join(","));
    }
  }
  return lines.join("\n") + "\n";
}

// The download's name: the session of its first stroke.
export const recordingsFileName = (strokes) => "gestures-" + strokes[0].sessionId + ".csv";

// An open trace file from POST /api/traces' answer {name, strokes, warnings}, at its first stroke.
export function openedTraceFile(answer) {
  return { name: answer.name, strokes: answer.strokes, index: 0, warnings: answer.warnings || [] };
}

// What window.playground says of the open file at its current stroke (not the samples).
export function traceFileView(file) {
  const stroke = file.strokes[file.index];
  return {
    name: file.name, count: file.strokes.length, index: file.index, warnings: file.warnings,
    stroke: { id: stroke.id, intent: stroke.intent, family: stroke.family, deviceID: stroke.deviceID, samples: stroke.samples.length },
  };
}

// A stroke of the answer as a flick to replay: its positions are physical pixels already (one
// pixel per point as the driver sees them), its own pixels per point for the fling cap.
export function strokeFlick(stroke) {
  return { samples: stroke.samples, travel: stroke.travel, replayDrag: true, id: stroke.id, pixelsPerPoint: 1,
    unitsPerPoint: stroke.unitsPerPoint, stroke };
}
