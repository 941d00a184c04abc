// The body of POST /api/release, from a flick and the controls' values. No DOM access.

// The detents control's text: comma-separated numbers, blanks ignored (a word stays NaN, which
// JSON writes as null and the server refuses by name).
export function parseDetents(text) {
  return text.split(",").map((s) => s.trim()).filter((s) => s !== "").map(Number);
}

// The request's settings from the controls' values: `fields` one {flag, kind, default, value} per
// parameter control (the table's rows), `transition` the InteractiveTransition controls {detents
// (text), reduceMotion, pixelsPerPoint (text)}. A parameter is sent only when it differs from the
// table's default (an empty optional field is absent); the frame-rate row is the frameRate.
export function settingsFrom(fields, transition) {
  const parameters = {};
  let frameRate = 240;
  for (const field of fields) {
    const raw = String(field.value).trim();
    if (field.flag === "frame-rate") { frameRate = Number(raw || field.default); continue; }
    if (raw === "" || raw === field.default) continue;
    parameters[field.flag] = field.kind === "number" ? Number(raw) : raw;
  }
  return {
    parameters, frameRate, detents: parseDetents(transition.detents),
    reduceMotion: transition.reduceMotion, pixelsPerPoint: Number(transition.pixelsPerPoint),
  };
}

// The body for `flick` ({samples, travel, pixelsPerPoint?, unitsPerPoint?}): a trace's positions
// are physical pixels already, so it brings its own pixels per point (1) and units per point (its
// pixels_per_point: the fling cap is in points); a drag on the page takes the control's.
export function releaseBody(flick, settings, models) {
  return {
    samples: flick.samples, travel: flick.travel, models, frameRate: settings.frameRate,
    parameters: settings.parameters, detents: settings.detents, reduceMotion: settings.reduceMotion,
    pixelsPerPoint: flick.pixelsPerPoint || settings.pixelsPerPoint,
    unitsPerPoint: flick.unitsPerPoint || 1,
  };
}
