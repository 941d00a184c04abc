// The playground page: plain JavaScript, no build step, nothing loaded from outside the machine.
// The controls come from GET /api/parameters (the library's ReleaseParameter.table); a drag's
// samples go to POST /api/release; both cards then play the frames the library computed.
// Units: t in seconds, x and travel in CSS pixels, progress a fraction of the travel, velocity
// travel widths per second. window.playground exposes what a person sees, for the browser test.
// Record mode keeps a person's labelled strokes in this page only (nothing is sent while
// recording) and writes them as a trace CSV whose columns, phase tokens, intents and gesture
// families come from GET /api/parameters (the library's TraceFormat and SyntheticFamily): in
// physical pixels, CSS pixels times window.devicePixelRatio. A trace file (a download, the shared
// recording) is read by the server's TraceReader (POST /api/traces) and replayed stroke by stroke
// through POST /api/release, as a drag.
"use strict";

const MODELS = ["classic", "physics"];
const COLORS = { classic: "#d9822b", physics: "#2b6fd9" };

// What the page shows, readable by tests (Selenium) and by people in the console.
const state = window.playground = {
  ready: false,
  table: null,              // GET /api/parameters
  lastRequest: null,        // the body of the last POST /api/release
  lastResult: null,         // its answer, keyed by model name
  lastError: null,          // the last refusal {error, field} or network error
  requests: 0,              // answers received (ok or not)
  playing: false,           // a playback is running
  playbackCount: 0,         // playbacks finished
  cards: {                  // what each card shows now
    classic: { progress: 0, velocity: 0, offsetPx: 0 },
    physics: { progress: 0, velocity: 0, offsetPx: 0 },
  },
  shownAtRelease: {},       // per model, the state shown on the first frame after the release
  fingerVelocity: null,     // the page's own estimate at lift-off (last 50 ms), widths/s
  recorded: null,           // the last recorded swipe {id, travel, count} or null
  recordedAbsent: null,     // why the server has no recorded swipes (its error), or null
  strip: "",                // what the strip shows: "chart", or its note's text
  record: {                 // record mode (see "Record mode" below)
    active: false,          // a session is asking for gestures
    sessionId: null,
    prompts: [],            // the session's prompts {family, intent, direction} in the order asked
    index: 0,               // the prompt being asked
    strokes: [],            // every stroke recorded since the last download or discard
    downloaded: true,       // no recording is waiting to be downloaded
    lastNote: null,         // why the last stroke was not kept, or null
    fileName: null,         // the name of the last download
  },
  traceFile: null,          // the trace file being replayed {name, count, index, stroke} or null
};

const $ = (id) => document.getElementById(id);
const laneWidth = () => $("lane-classic").clientWidth;

function setStatus(text, isError = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}

// ---- Controls, built from the parameter table -------------------------------------------------

function buildControls(table) {
  const form = $("controls");
  form.textContent = "";
  // One fieldset per set of models a row applies to (classic, physics, classic and physics,
  // every model), in the table's order within each.
  const groups = new Map();
  for (const row of table.parameters.filter((row) => row.models.some((m) => MODELS.includes(m)))) {
    const title = row.models.length === table.models.length ? "every model" : row.models.join(" and ");
    if (!groups.has(title)) groups.set(title, []);
    groups.get(title).push(row);
  }
  for (const [title, rows] of groups) {
    const set = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = title;
    set.appendChild(legend);
    for (const row of rows) set.appendChild(controlFor(row));
    form.appendChild(set);
  }
  const transition = document.createElement("fieldset");
  transition.innerHTML = "<legend>InteractiveTransition</legend>";
  transition.appendChild(plainControl("detents", "detents (progress, ascending, comma-separated)", "text",
    table.transition.detents.join(", ")));
  transition.appendChild(plainControl("reduceMotion", "reduce motion", "checkbox", table.transition.reduceMotion));
  transition.appendChild(plainControl("pixelsPerPoint", "pixels per point (device pixel ratio)", "number",
    String(window.devicePixelRatio || table.transition.pixelsPerPoint)));
  form.appendChild(transition);
  form.addEventListener("change", () => replayLast());
}

function controlFor(row) {
  const id = "param-" + row.flag;
  const div = document.createElement("div");
  div.className = "control";
  div.title = row.help;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = row.flag + (row.unit ? " (" + row.unit + ")" : "");
  let input;
  if (row.kind === "choice") {
    input = document.createElement("select");
    for (const name of row.choices) {
      const option = document.createElement("option");
      option.value = option.textContent = name;
      input.appendChild(option);
    }
    if (row.default !== null) input.value = row.default;
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.step = "any";
    if (row.default !== null) input.value = row.default; else input.placeholder = "none";
  }
  input.id = id;
  input.dataset.flag = row.flag;
  input.dataset.kind = row.kind;
  input.dataset.default = row.default === null ? "" : String(row.default);
  div.appendChild(label);
  div.appendChild(input);
  return div;
}

function plainControl(name, text, type, value) {
  const div = document.createElement("div");
  div.className = "control";
  const label = document.createElement("label");
  label.htmlFor = "transition-" + name;
  label.textContent = text;
  const input = document.createElement("input");
  input.type = type;
  input.id = "transition-" + name;
  if (type === "checkbox") input.checked = value; else input.value = value;
  if (type === "number") input.step = "any";
  div.appendChild(label);
  div.appendChild(input);
  return div;
}

// The request's parameters: every control whose value differs from the table's default (an
// empty optional field is absent). The frame-rate row is the request's frameRate.
function requestSettings() {
  const parameters = {};
  let frameRate = 240;
  for (const input of document.querySelectorAll("[data-flag]")) {
    const raw = input.value.trim();
    if (input.dataset.flag === "frame-rate") { frameRate = Number(raw || input.dataset.default); continue; }
    if (raw === "" || raw === input.dataset.default) continue;
    parameters[input.dataset.flag] = input.dataset.kind === "number" ? Number(raw) : raw;
  }
  const detents = $("transition-detents").value.split(",").map((s) => s.trim()).filter((s) => s !== "").map(Number);
  return {
    parameters, frameRate, detents,
    reduceMotion: $("transition-reduceMotion").checked,
    pixelsPerPoint: Number($("transition-pixelsPerPoint").value),
  };
}

// ---- Dragging (Pointer Events) ------------------------------------------------------------------

let drag = null;       // {pointerId, t0, x0, samples}
let lastFlick = null;  // {samples, travel} of the last release, replayed when a control changes

function onPointerDown(event) {
  if (drag || !state.ready) return;
  stopPlayback();
  event.currentTarget.setPointerCapture(event.pointerId);
  drag = { pointerId: event.pointerId, t0: event.timeStamp, x0: event.clientX, samples: [] };
  drag.samples.push({ t: 0, x: event.clientX, phase: "began" });
  if (state.record.active) drag.record = startRecordedStroke(event);
  showDrag(0);
  event.preventDefault();
}

function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const e of (moves.length ? moves : [event])) {
    drag.samples.push({ t: Math.max(0, (e.timeStamp - drag.t0) / 1000), x: e.clientX, phase: "changed" });
    if (drag.record) addRecordedSample(drag.record, e, "changed");
  }
  showDrag(event.clientX - drag.x0);
}

function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  if (drag.record) {
    const stroke = drag.record;
    drag = null;
    finishRecordedStroke(stroke, event);
    return;
  }
  const phase = event.type === "pointercancel" ? "cancelled" : "ended";
  const last = drag.samples[drag.samples.length - 1];
  drag.samples.push({ t: Math.max(last.t, (event.timeStamp - drag.t0) / 1000), x: event.clientX, phase });
  const travel = laneWidth();
  state.fingerVelocity = fingerVelocity(drag.samples, travel);
  lastFlick = { samples: drag.samples, travel, replayDrag: false };
  drag = null;
  $("replay").disabled = false;
  release(lastFlick);
}

// The page's own estimate of the finger's speed at lift-off: displacement over the 100 ms up to
// the last move (the lift-off repeats that position), in travel widths per second. A check on
// the library's estimator for the browser test, used by no model.
function fingerVelocity(samples, travel) {
  const moves = samples.filter((s) => s.phase !== "ended" && s.phase !== "cancelled");
  const end = moves[moves.length - 1];
  let first = end;
  for (let i = moves.length - 1; i >= 0 && end.t - moves[i].t <= 0.1; i--) first = moves[i];
  const dt = end.t - first.t;
  return dt > 0 ? Math.abs(end.x - first.x) / dt / travel : 0;
}

// While the finger is down both cards follow it (clamped to one travel either way).
function showDrag(dx) {
  const travel = laneWidth();
  const offset = Math.max(-travel, Math.min(travel, dx));
  for (const model of MODELS) place(model, Math.abs(offset) / travel, 0, Math.sign(offset) || 1);
}

// ---- Asking the library and playing its answer -----------------------------------------------

async function release(flick) {
  const settings = requestSettings();
  const body = {
    samples: flick.samples, travel: flick.travel, models: MODELS, frameRate: settings.frameRate,
    parameters: settings.parameters, detents: settings.detents, reduceMotion: settings.reduceMotion,
    // A trace's positions are physical pixels already: one of them is one pixel, and its
    // pixels_per_point of them make a point (the fling cap is in points).
    pixelsPerPoint: flick.pixelsPerPoint || settings.pixelsPerPoint,
    unitsPerPoint: flick.unitsPerPoint || 1,
  };
  state.lastRequest = body;
  setStatus("asking the library\u2026");
  let answer, ok;
  try {
    const response = await fetch("/api/release", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    ok = response.ok;
    answer = await response.json();
  } catch (error) {
    ok = false;
    answer = { error: "the server did not answer: " + error, field: "" };
  }
  state.requests += 1;
  if (!ok) {
    state.lastError = answer;
    setStatus("refused: " + answer.field + ": " + answer.error, true);
    return;
  }
  state.lastError = null;
  state.lastResult = answer;
  showResults(answer);
  setStatus(summary(answer) + (flick.id && !flick.stroke ? " (recorded swipe " + flick.id + ")" : ""));
  if (flick.stroke) showStrokeOutcome(flick.stroke, answer);
  play(answer, flick.replayDrag);
}

function summary(result) {
  return MODELS.map((m) => m + " " + (result[m].decision === "finish" ? "finishes" : "cancels")).join(", ") +
    " (release at progress " + result.physics.releaseProgress.toFixed(2) + ", " +
    result.physics.releaseVelocity.toFixed(2) + " widths/s)";
}

function fmt(x, digits = 3) { return x === null || x === undefined ? "\u2013" : Number(x).toFixed(digits); }

function showResults(result) {
  const body = document.querySelector("#results tbody");
  body.textContent = "";
  for (const model of MODELS) {
    const r = result[model];
    const tr = document.createElement("tr");
    tr.innerHTML = "<th class='" + model + "-label'>" + model + "</th>";
    for (const cell of [r.decision, fmt(r.projectedProgress), fmt(r.releaseVelocity), fmt(r.velocityJump),
                        fmt(r.completionTime) + (r.framesTruncated ? " (frames cut at the cap)" : "")]) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

let playback = null;  // {result, start (ms), from (s), to (s), frame}

function stopPlayback() {
  if (playback) cancelAnimationFrame(playback.frame);
  playback = null;
  state.playing = false;
}

// Plays every model's frames in sync from the release (t = 0), or from the start of the drag
// when `withDrag` (a replayed flick). The first frame shown after the release is t = 0 exactly.
function play(result, withDrag) {
  stopPlayback();
  const from = withDrag ? Math.min(0, ...MODELS.map((m) => result[m].tracking.length ? result[m].tracking[0].t : 0)) : 0;
  const to = Math.max(...MODELS.map((m) => result[m].frames[result[m].frames.length - 1].t));
  state.shownAtRelease = {};
  playback = { result, from, to, startedAt: performance.now() };
  state.playing = true;
  const step = () => {
    if (!playback) return;
    const t = playback.from + (performance.now() - playback.startedAt) / 1000;
    const time = Math.min(t, playback.to);
    showTime(result, time, t >= 0 && Object.keys(state.shownAtRelease).length === 0);
    drawStrip(result, time);
    if (t >= playback.to) {
      playback = null;
      state.playing = false;
      state.playbackCount += 1;
      return;
    }
    playback.frame = requestAnimationFrame(step);
  };
  if (from === 0) {
    showTime(result, 0, true);  // the release frame, at once
    drawStrip(result, 0);
  }
  playback.frame = requestAnimationFrame(step);
}

// Shows every model at time `t` (seconds since release); records the release frame.
function showTime(result, t, isReleaseFrame) {
  for (const model of MODELS) {
    const r = result[model];
    const s = t < 0 ? sampleAt(r.tracking, t) : sampleAt(r.frames, isReleaseFrame ? 0 : t);
    place(model, s.progress, s.velocity, r.direction);
    if (isReleaseFrame && t >= 0) state.shownAtRelease[model] = { progress: s.progress, velocity: s.velocity };
  }
}

// Linear interpolation between frames (held at the ends).
function sampleAt(frames, t) {
  if (frames.length === 0) return { progress: 0, velocity: 0 };
  if (t <= frames[0].t) return frames[0];
  const last = frames[frames.length - 1];
  if (t >= last.t) return last;
  let lo = 0, hi = frames.length - 1;
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (frames[mid].t <= t) lo = mid; else hi = mid; }
  const a = frames[lo], b = frames[hi], u = (t - a.t) / (b.t - a.t);
  return { t, progress: a.progress + u * (b.progress - a.progress), velocity: a.velocity + u * (b.velocity - a.velocity) };
}

// Moves a card: progress 1 is the card one travel to the side it was dragged to.
function place(model, progress, velocity, direction) {
  const offset = direction * progress * laneWidth();
  $("card-" + model).style.transform = "translateX(" + offset.toFixed(2) + "px)";
  $("readout-" + model).textContent = "progress " + progress.toFixed(3) + "\nvelocity " + velocity.toFixed(2) + " widths/s";
  state.cards[model] = { progress, velocity, offsetPx: offset };
}

// ---- The strip: progress (solid, 0..1) and velocity (dashed) against time -----------------------

function drawStrip(result, cursor) {
  state.strip = "chart";
  const canvas = $("strip");
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) { canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio); }
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  const pad = { left: 34, right: 40, top: 10, bottom: 22 };
  const series = MODELS.map((m) => ({ model: m, points: result[m].tracking.concat(result[m].frames) }));
  const all = series.flatMap((s) => s.points);
  const t0 = Math.max(-0.5, Math.min(...all.map((p) => p.t))), t1 = Math.max(0.05, ...all.map((p) => p.t));
  const pMin = Math.min(0, ...all.map((p) => p.progress)), pMax = Math.max(1, ...all.map((p) => p.progress));
  const vMax = Math.max(0.5, ...all.map((p) => Math.abs(p.velocity)));
  const x = (t) => pad.left + (t - t0) / (t1 - t0) * (width - pad.left - pad.right);
  const yp = (p) => pad.top + (pMax - p) / (pMax - pMin) * (height - pad.top - pad.bottom);
  const yv = (v) => pad.top + (vMax - v) / (2 * vMax) * (height - pad.top - pad.bottom);
  g.font = "10px system-ui, sans-serif";
  g.strokeStyle = "#ddd"; g.fillStyle = "#666"; g.lineWidth = 1;
  for (const p of [0, 0.5, 1]) { g.beginPath(); g.moveTo(pad.left, yp(p)); g.lineTo(width - pad.right, yp(p)); g.stroke(); g.fillText(p.toFixed(1), 4, yp(p) + 3); }
  g.fillText("+" + vMax.toFixed(1) + "/s", width - pad.right + 2, yv(vMax) + 8);
  g.fillText("\u2212" + vMax.toFixed(1) + "/s", width - pad.right + 2, yv(-vMax));
  g.fillText("0/s", width - pad.right + 2, yv(0) + 3);
  g.fillText(t0.toFixed(2) + " s", pad.left, height - 6);
  g.fillText(t1.toFixed(2) + " s", width - pad.right - 30, height - 6);
  // The release.
  g.strokeStyle = "#000"; g.setLineDash([]);
  g.beginPath(); g.moveTo(x(0), pad.top); g.lineTo(x(0), height - pad.bottom); g.stroke();
  g.fillStyle = "#000"; g.fillText("release", x(0) + 3, height - pad.bottom - 4);
  for (const s of series) {
    const points = s.points.filter((p) => p.t >= t0);
    g.strokeStyle = COLORS[s.model]; g.lineWidth = 2; g.setLineDash([]);
    g.beginPath(); points.forEach((p, i) => (i ? g.lineTo(x(p.t), yp(p.progress)) : g.moveTo(x(p.t), yp(p.progress)))); g.stroke();
    g.lineWidth = 1.2; g.setLineDash([4, 3]);
    g.beginPath(); points.forEach((p, i) => (i ? g.lineTo(x(p.t), yv(p.velocity)) : g.moveTo(x(p.t), yv(p.velocity)))); g.stroke();
  }
  g.setLineDash([]);
  if (cursor !== undefined) {
    g.strokeStyle = "rgba(0,0,0,0.35)";
    g.beginPath(); g.moveTo(x(cursor), pad.top); g.lineTo(x(cursor), height - pad.bottom); g.stroke();
  }
}

// Shows the last answer at `t` seconds after the release (stopping any playback): what a person
// sees at that moment, for screenshots and the browser test.
state.showAt = (t) => {
  if (!state.lastResult) return;
  stopPlayback();
  showTime(state.lastResult, t, false);
  drawStrip(state.lastResult, t);
};

// ---- Replays ----------------------------------------------------------------------------------

function replayLast() {
  if (lastFlick && !drag && !state.record.active) release(Object.assign({}, lastFlick, { replayDrag: true }));
}

async function replayRecorded() {
  if (state.record.active) return;
  let answer, ok;
  try {
    const response = await fetch("/api/recorded-swipe");
    ok = response.ok;
    answer = await response.json();
  } catch (error) {
    ok = false;
    answer = { error: "the server did not answer: " + error };
  }
  if (!ok) {
    state.recorded = null;
    setStatus(answer.error, true);
    return;
  }
  state.recorded = { id: answer.id, travel: answer.travel, count: answer.count };
  lastFlick = { samples: answer.samples, travel: answer.travel, replayDrag: true, id: answer.id, pixelsPerPoint: 1 };
  $("replay").disabled = false;
  release(lastFlick);
}

// ---- Record mode ------------------------------------------------------------------------------
// A session asks for each gesture family the library labels (GET /api/parameters: traceFormat.
// families, with the intent a person making it means) in both directions, `rounds` times, in
// random order. Each stroke keeps every pointer sample (the coalesced events at the browser's
// full rate) with its own timeStamp, in physical pixels relative to the lane (CSS pixels times
// the device pixel ratio at touch-down), so that one unit is one pixel as the trace format
// wants (docs/traces.md). Nothing is sent anywhere until the person asks.

// What to do for each family, by direction ("to the left": the finger moves right to left).
const INSTRUCTIONS = {
  shortFastFlick: (d) => "Turn the page with a quick flick " + d + ": let go before the card reaches the middle.",
  dragThroughMiddle: (d) => "Drag the card " + d + " past the middle and let go while still moving.",
  slowDragPastMiddle: (d) => "Drag slowly " + d + " past the middle, stop there, then let go.",
  peekAndReturn: (d) => "Peek: drag " + d + " a little way, come back toward where you started, and let go.",
  hesitateBelowMiddle: (d) => "Hesitate: drag " + d + " less than halfway, hold still, then let go: you changed your mind.",
  pastMiddleThenFlickBack: (d) => "Drag " + d + " past the middle, then flick back toward the start and let go.",
};
const MEANING = { finish: "you mean to turn the page (finish)", cancel: "you mean to stay on this page (cancel)" };
const DIRECTIONS = { left: "to the left", right: "to the right" };

function shuffled(items) {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

function sessionStamp() {
  const d = new Date(), two = (n) => String(n).padStart(2, "0");
  return d.getFullYear() + two(d.getMonth() + 1) + two(d.getDate()) + "T" + two(d.getHours()) + two(d.getMinutes()) + two(d.getSeconds());
}

function startSession() {
  if (!state.ready || state.record.active) return;
  const families = state.table.traceFormat.families.filter((f) => INSTRUCTIONS[f.name]);
  const rounds = Math.max(1, Math.min(10, Math.round(Number($("record-rounds").value) || 1)));
  const prompts = [];
  for (let r = 0; r < rounds; r++) {
    for (const f of families) for (const direction of Object.keys(DIRECTIONS)) prompts.push({ family: f.name, intent: f.intent, direction });
  }
  stopPlayback();
  const rec = state.record;
  Object.assign(rec, {
    active: true, prompts: shuffled(prompts), index: 0, lastNote: null,
    sessionId: "rec-" + sessionStamp() + "-" + Math.floor(Math.random() * 0x10000).toString(16).padStart(4, "0"),
  });
  for (const model of MODELS) place(model, 0, 0, 1);
  // The previous flick's figures are not this session's: the table is empty while recording.
  document.querySelector("#results tbody").textContent = "";
  drawRecordingNote();
  showRecordState();
}

// The strip while recording: no completion is computed (nothing is sent), so it says so.
function drawRecordingNote() {
  drawStripNote(["Recording: each stroke stays in this page.", "Nothing is sent, so nothing is replayed yet:",
    "download the CSV, or replay the recordings", "after the session."]);
}

// The strip with a few centred lines of text instead of a chart (`state.strip` says which, for
// the browser test).
function drawStripNote(lines) {
  state.strip = lines.join(" ");
  const canvas = $("strip"), ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  g.fillStyle = "#666";
  g.font = "13px system-ui, sans-serif";
  g.textAlign = "center";
  for (const [i, line] of lines.entries()) {
    g.fillText(line, width / 2, height / 2 - 9 * (lines.length - 1) + 18 * i);
  }
  g.textAlign = "start";
}

function stopSession() {
  if (!state.record.active) {
    setStatus("No session is running: Record a session starts one.");
    return;
  }
  state.record.active = false;
  state.record.lastNote = null;
  showRecordState();
  // The strip no longer records: say what the session left.
  drawStripNote(["Session stopped: " + state.record.strokes.length + " strokes kept in this page.",
    "Download the CSV, or replay the recordings."]);
  setStatus("Session stopped: " + state.record.strokes.length + " strokes kept in this page; download them as CSV.");
}

function currentPrompt() {
  const rec = state.record;
  return rec.active && rec.index < rec.prompts.length ? rec.prompts[rec.index] : null;
}

// A stroke under way: touch-down's sample, and what every sample of the stroke shares.
function startRecordedStroke(event) {
  const lane = event.currentTarget.parentElement.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  const stroke = {
    prompt: currentPrompt(), pointerType: event.pointerType || "unknown", pixelRatio: ratio,
    travelCss: laneWidth(), left: lane.left, top: lane.top, t0: event.timeStamp, samples: [],
  };
  addRecordedSample(stroke, event, "began");
  return stroke;
}

// Rounded as written (milliseconds and pixels to 3 decimals), so that the checks below see what
// the file will say.
const round3 = (v) => Math.round(v * 1000) / 1000 + 0;

// Appends a sample in physical pixels relative to the lane, its phase a TouchPhase name (began,
// changed, ended; the file says the format's token for it, traceFormat.phases). Times never decrease (a coalesced
// event stamped before the previous sample is held at its time), and a move that repeats the
// previous sample exactly (same time and position: the same report twice) is not kept.
function addRecordedSample(stroke, e, phase) {
  const previous = stroke.samples[stroke.samples.length - 1];
  const sample = {
    t_ms: Math.max(previous ? previous.t_ms : 0, round3(e.timeStamp - stroke.t0)),
    x_px: round3((e.clientX - stroke.left) * stroke.pixelRatio),
    y_px: round3((e.clientY - stroke.top) * stroke.pixelRatio),
    phase,
  };
  if (![sample.t_ms, sample.x_px, sample.y_px].every(Number.isFinite)) return;
  if (phase === "changed" && previous && previous.t_ms === sample.t_ms && previous.x_px === sample.x_px && previous.y_px === sample.y_px) return;
  stroke.samples.push(sample);
}

function finishRecordedStroke(stroke, event) {
  const rec = state.record;
  for (const model of MODELS) place(model, 0, 0, 1);
  if (event.type === "pointercancel") {
    rec.lastNote = "The browser took that touch (pointer cancelled); once more, please.";
  } else if (!stroke.samples.some((s) => s.phase === "changed")) {
    rec.lastNote = "That was a tap; drag the card, please.";
  } else if (stroke.prompt && rec.active) {
    addRecordedSample(stroke, event, "ended");
    const number = String(rec.strokes.filter((s) => s.sessionId === rec.sessionId).length + 1).padStart(2, "0");
    rec.strokes.push({
      id: rec.sessionId + "-" + number, sessionId: rec.sessionId, user: cleanIdentifier($("record-user").value),
      family: stroke.prompt.family, intent: stroke.prompt.intent, direction: stroke.prompt.direction,
      pointerType: stroke.pointerType, pixelRatio: stroke.pixelRatio, travelCss: stroke.travelCss, downTimeStamp: stroke.t0,
      travel_px: round3(stroke.travelCss * stroke.pixelRatio),
      samples: stroke.samples,
    });
    rec.downloaded = false;
    rec.lastNote = null;
    rec.index += 1;
    if (rec.index >= rec.prompts.length) {
      rec.active = false;
      setStatus("Session done: " + rec.strokes.length + " strokes kept in this page. Download them as CSV, or replay them.");
    }
  }
  showRecordState();
}

// A user_id or device_id as the format takes it: no control characters, no padding.
function cleanIdentifier(text) { return String(text).replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 40); }

function redoPrevious() {
  const rec = state.record;
  if (!rec.active || rec.index === 0) return;
  const last = rec.strokes[rec.strokes.length - 1];
  if (!last || last.sessionId !== rec.sessionId) return;
  rec.strokes.pop();
  rec.index -= 1;
  rec.lastNote = "The previous one again.";
  showRecordState();
}

function skipPrompt() {
  const rec = state.record;
  if (!rec.active) return;
  rec.prompts.splice(rec.index, 1);
  rec.lastNote = null;
  if (rec.index >= rec.prompts.length) { stopSession(); return; }
  showRecordState();
}

function showRecordState() {
  const rec = state.record, prompt = currentPrompt();
  const box = $("record-prompt");
  box.hidden = !prompt;
  box.textContent = "";
  if (prompt) {
    const step = document.createElement("div");
    step.className = "step";
    step.textContent = "Recording, gesture " + (rec.index + 1) + " of " + rec.prompts.length + " (" + prompt.family + ")";
    const text = document.createElement("div");
    text.textContent = INSTRUCTIONS[prompt.family](DIRECTIONS[prompt.direction]);
    const intent = document.createElement("span");
    intent.className = "intent " + prompt.intent;
    intent.textContent = MEANING[prompt.intent];
    box.append(step, text, intent);
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
    $("replay").disabled = !lastFlick;
    showTracePosition();
  }
  $("record-count").textContent = have
    ? rec.strokes.length + (rec.strokes.length === 1 ? " stroke" : " strokes") + " recorded" +
      (rec.downloaded ? " (downloaded)" : " (not downloaded yet)") : "";
}

// The recordings as a trace CSV: the columns in the library's order (traceFormat.columns), each
// row a sample. Throws when the server names a column this page does not write.
function recordingsCSV(strokes) {
  const format = state.table.traceFormat;
  const field = (v) => { const t = String(v); return /[",\r\n]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t; };
  const number = (v) => { if (!Number.isFinite(v)) throw new Error("a non-finite number in a recording"); return String(v); };
  const lines = [format.columns.join(",")];
  for (const stroke of strokes) {
    for (const s of stroke.samples) {
      const row = {
        trace_id: stroke.id, user_id: stroke.user, device_id: "browser-" + cleanIdentifier(stroke.pointerType) + "-" + stroke.pixelRatio + "x",
        t_ms: number(s.t_ms), x_px: number(s.x_px), y_px: number(s.y_px), phase: format.phases[s.phase], travel_px: number(stroke.travel_px),
        intent: stroke.intent, family: stroke.family, axis: "x", pixels_per_point: number(stroke.pixelRatio),
      };
      lines.push(format.columns.map((c) => {
        if (!(c in row)) throw new Error("the trace format has a column this page does not write: " + c);
        return field(row[c]);
      }).join(","));
    }
  }
  return lines.join("\n") + "\n";
}

function downloadRecordings() {
  const rec = state.record;
  if (!rec.strokes.length) return;
  let text;
  try { text = recordingsCSV(rec.strokes); } catch (error) { setStatus(String(error.message || error), true); return; }
  const name = "gestures-" + rec.strokes[0].sessionId + ".csv";
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

function discardRecordings() {
  const rec = state.record;
  if (rec.active || !rec.strokes.length) return;
  if (!rec.downloaded && !window.confirm("Discard " + rec.strokes.length + " strokes that were not downloaded?")) return;
  rec.strokes = [];
  rec.downloaded = true;
  showRecordState();
  setStatus("Recordings discarded.");
}

// ---- Replaying a trace file ---------------------------------------------------------------------
// The file goes to POST /api/traces (TraceReader, on the server: a bad file is refused naming the
// line and the reason); each stroke then goes to POST /api/release like a drag, classic and
// physics side by side, with its intent shown.

let traceFile = null;  // {name, strokes, index, warnings}

async function openTraceFile(blob, name) {
  if (state.record.active) return;
  const cap = state.table.limits.maximumTraceFileBytes;
  const shown = $("trace-stroke");
  if (blob.size > cap) {
    traceFile = null;
    state.traceFile = null;
    state.lastError = { field: "body", error: name + " is " + blob.size + " bytes, over the server's cap of " + cap + " bytes" };
    shown.textContent = state.lastError.error;
    shown.classList.add("error");
    setStatus(state.lastError.error, true);
    showTracePosition();
    return;
  }
  setStatus("reading " + name + "\u2026");
  let answer, ok;
  try {
    const response = await fetch("/api/traces?name=" + encodeURIComponent(name), {
      method: "POST", headers: { "Content-Type": "text/csv" }, body: blob,
    });
    ok = response.ok;
    answer = await response.json();
  } catch (error) {
    ok = false;
    answer = { error: "the server did not answer: " + error, field: "" };
  }
  if (!ok) {
    traceFile = null;
    state.traceFile = null;
    state.lastError = answer;
    state.requests += 1;
    shown.textContent = "Not replayed: " + answer.error;
    shown.classList.add("error");
    setStatus("refused: " + answer.error, true);
    showTracePosition();
    return;
  }
  traceFile = { name: answer.name, strokes: answer.strokes, index: 0, warnings: answer.warnings || [] };
  replayStroke(0);
}

function replayStroke(index) {
  if (!traceFile || state.record.active || index < 0 || index >= traceFile.strokes.length) return;
  traceFile.index = index;
  const stroke = traceFile.strokes[index];
  state.traceFile = {
    name: traceFile.name, count: traceFile.strokes.length, index, warnings: traceFile.warnings,
    stroke: { id: stroke.id, intent: stroke.intent, family: stroke.family, deviceID: stroke.deviceID, samples: stroke.samples.length },
  };
  showTracePosition();
  const shown = $("trace-stroke");
  shown.classList.remove("error");
  shown.textContent = describeStroke(stroke) + "; replaying\u2026";
  lastFlick = { samples: stroke.samples, travel: stroke.travel, replayDrag: true, id: stroke.id, pixelsPerPoint: 1, unitsPerPoint: stroke.unitsPerPoint, stroke };
  $("replay").disabled = false;
  release(lastFlick);
}

function describeStroke(stroke) {
  return stroke.id + ": intent " + (stroke.intent || "unknown") + (stroke.family ? " (" + stroke.family + ")" : "") +
    ", " + stroke.samples.length + " samples along " + stroke.axis + ", travel " + stroke.travel + " px" +
    (stroke.deviceID ? ", " + stroke.deviceID : "");
}

// Under the stroke: what it meant and what each model did.
function showStrokeOutcome(stroke, answer) {
  const verdict = MODELS.map((m) => {
    const d = answer[m].decision;
    const mark = stroke.intent ? (d === stroke.intent ? " \u2713 as intended" : " \u2717 intended " + stroke.intent) : "";
    return m + " " + (d === "finish" ? "finishes" : "cancels") + mark;
  });
  $("trace-stroke").textContent = describeStroke(stroke) + ". " + verdict.join("; ") + ".";
}

function showTracePosition() {
  const busy = state.record.active;
  $("trace-previous").disabled = busy || !traceFile || traceFile.index === 0;
  $("trace-next").disabled = busy || !traceFile || traceFile.index >= traceFile.strokes.length - 1;
  $("trace-position").textContent = traceFile ? traceFile.name + ": stroke " + (traceFile.index + 1) + " of " + traceFile.strokes.length : "";
  // The bench's unit-mistake warnings (TracePlausibility), beside the file for as long as it is open.
  const warning = $("trace-warning");
  warning.textContent = traceFile && traceFile.warnings.length ? "Warning: " + traceFile.warnings.join(" ") : "";
  warning.hidden = !warning.textContent;
}

function replayRecordings() {
  const rec = state.record;
  if (rec.active || !rec.strokes.length) return;
  let text;
  try { text = recordingsCSV(rec.strokes); } catch (error) { setStatus(String(error.message || error), true); return; }
  openTraceFile(new Blob([text], { type: "text/csv" }), "gestures-" + rec.strokes[0].sessionId + ".csv");
}

function wireTraceFile() {
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
  $("trace-previous").addEventListener("click", () => traceFile && replayStroke(traceFile.index - 1));
  $("trace-next").addEventListener("click", () => traceFile && replayStroke(traceFile.index + 1));
}

// ---- Start -----------------------------------------------------------------------------------

async function start() {
  for (const model of MODELS) {
    const card = $("card-" + model);
    card.addEventListener("pointerdown", onPointerDown);
    card.addEventListener("pointermove", onPointerMove);
    card.addEventListener("pointerup", onPointerUp);
    card.addEventListener("pointercancel", onPointerUp);
    place(model, 0, 0, 1);
  }
  $("replay").addEventListener("click", replayLast);
  $("recorded").addEventListener("click", replayRecorded);
  $("record-start").addEventListener("click", startSession);
  $("record-stop").addEventListener("click", stopSession);
  $("record-redo").addEventListener("click", redoPrevious);
  $("record-skip").addEventListener("click", skipPrompt);
  $("record-download").addEventListener("click", downloadRecordings);
  $("record-replay").addEventListener("click", replayRecordings);
  $("record-discard").addEventListener("click", discardRecordings);
  wireTraceFile();
  window.addEventListener("beforeunload", (e) => {
    if (!state.record.downloaded) { e.preventDefault(); e.returnValue = ""; }
  });
  try {
    const response = await fetch("/api/parameters");
    state.table = await response.json();
  } catch (error) {
    setStatus("could not load the parameter table: " + error, true);
    return;
  }
  buildControls(state.table);
  // Whether the server has the recorded swipes: "Replay a recorded swipe" is disabled, its
  // tooltip saying why, when it has none.
  try {
    const probe = await fetch("/api/recorded-swipe");
    if (!probe.ok) state.recordedAbsent = (await probe.json()).error || "no recorded swipes on the server";
  } catch (error) {
    state.recordedAbsent = "the server did not answer: " + error;
  }
  if (state.recordedAbsent !== null) $("recorded").title = state.recordedAbsent;
  state.ready = true;
  showRecordState();
  setStatus("Flick a card left or right (estimator: " + state.table.estimator + ").");
}

start();
