// What the page writes: numbers, the status line, the results table's cells, a stroke's
// description and verdict. No DOM access.

// `x` to `digits` decimals; a dash for a missing or non-finite number.
export function fmt(x, digits = 3) {
  return x === null || x === undefined || !Number.isFinite(Number(x)) ? "\u2013" : Number(x).toFixed(digits);
}

export const decisionVerb = (decision) => (decision === "finish" ? "finishes" : "cancels");

// The status line after an answer: each model's decision, then the release (physics').
export function summary(result, models) {
  return models.map((m) => m + " " + decisionVerb(result[m].decision)).join(", ") +
    " (release at progress " + result.physics.releaseProgress.toFixed(2) + ", " +
    result.physics.releaseVelocity.toFixed(2) + " widths/s)";
}

// A card's readout.
export const readoutText = (progress, velocity) =>
  "progress " + progress.toFixed(3) + "\nvelocity " + velocity.toFixed(2) + " widths/s";

// One model's row of the results table, after its name.
export function resultCells(r) {
  return [r.decision, fmt(r.projectedProgress), fmt(r.releaseVelocity), fmt(r.velocityJump),
    fmt(r.completionTime) + (r.framesTruncated ? " (frames cut at the cap)" : "")];
}

// A stroke of a trace file (POST /api/traces' answer), in a line.
export function describeStroke(stroke) {
  return stroke.id + ": intent " + (stroke.intent || "unknown") + (stroke.family ? " (" + stroke.family + ")" : "") +
    ", " + stroke.samples.length + " samples along " + stroke.axis + ", travel " + stroke.travel + " px" +
    (stroke.deviceID ? ", " + stroke.deviceID : "");
}

// Under a replayed stroke: what each model did, against what the stroke meant.
export function strokeVerdict(stroke, answer, models) {
  const verdict = models.map((m) => {
    const d = answer[m].decision;
    const mark = stroke.intent ? (d === stroke.intent ? " \u2713 as intended" : " \u2717 intended " + stroke.intent) : "";
    return m + " " + decisionVerb(d) + mark;
  });
  return describeStroke(stroke) + ". " + verdict.join("; ") + ".";
}

// How many strokes the page holds and whether they were downloaded; empty when none.
export function recordCountText(rec) {
  const n = rec.strokes.length;
  if (n === 0) return "";
  return n + (n === 1 ? " stroke" : " strokes") + " recorded" + (rec.downloaded ? " (downloaded)" : " (not downloaded yet)");
}

// The open trace file's name and stroke number; empty when none is open.
export const tracePositionText = (file) =>
  file ? file.name + ": stroke " + (file.index + 1) + " of " + file.strokes.length : "";

// The bench's unit-mistake warnings (TracePlausibility) for the open file; empty when none.
export const traceWarningText = (file) =>
  file && file.warnings.length ? "Warning: " + file.warnings.join(" ") : "";
