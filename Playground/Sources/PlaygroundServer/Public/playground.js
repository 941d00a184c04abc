// The playground page: plain JavaScript, no build step, nothing loaded from outside the machine.
// The controls come from GET /api/parameters (the library's ReleaseParameter.table); a drag's
// samples go to POST /api/release; both cards then play the frames the library computed.
// Units: t in seconds, x and travel in CSS pixels, progress a fraction of the travel, velocity
// travel widths per second. window.playground exposes what a person sees, for the browser test.
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
  showDrag(0);
  event.preventDefault();
}

function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const e of (moves.length ? moves : [event])) {
    drag.samples.push({ t: Math.max(0, (e.timeStamp - drag.t0) / 1000), x: e.clientX, phase: "changed" });
  }
  showDrag(event.clientX - drag.x0);
}

function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
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
    pixelsPerPoint: settings.pixelsPerPoint,
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
  setStatus(summary(answer) + (flick.id ? " (recorded swipe " + flick.id + ")" : ""));
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
  if (lastFlick && !drag) release(Object.assign({}, lastFlick, { replayDrag: true }));
}

async function replayRecorded() {
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
  lastFlick = { samples: answer.samples, travel: answer.travel, replayDrag: true, id: answer.id };
  $("replay").disabled = false;
  release(lastFlick);
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
  try {
    const response = await fetch("/api/parameters");
    state.table = await response.json();
  } catch (error) {
    setStatus("could not load the parameter table: " + error, true);
    return;
  }
  buildControls(state.table);
  state.ready = true;
  setStatus("Flick a card left or right (estimator: " + state.table.estimator + ").");
}

start();
