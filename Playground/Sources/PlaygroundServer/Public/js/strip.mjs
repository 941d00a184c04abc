// The strip: progress (solid, 0..1) and velocity (dashed) against time, or a note instead of a
// chart (state.strip says which). The scales are strip-scale.mjs'.
import { $ } from "./dom.mjs";
import { COLORS, MODELS } from "./models.mjs";
import { state } from "./state.mjs";
import { stripScale, stripSeries } from "./strip-scale.mjs";

// The canvas at the device pixel ratio, cleared; its context and size in CSS pixels.
function prepare(resizeAlways) {
  const canvas = $("strip"), ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth, height = canvas.clientHeight;
  if (resizeAlways || canvas.width !== Math.round(width * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  return { g, width, height };
}

// The answer `result` as a chart, with a cursor at `cursor` seconds after the release.
export function drawStrip(result, cursor) {
  state.strip = "chart";
  const { g, width, height } = prepare(false);
  const series = stripSeries(result, MODELS);
  const { t0, t1, vMax, pad, x, yp, yv } = stripScale(series, width, height);
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

// The strip with a few centred lines of text instead of a chart.
export function drawStripNote(lines) {
  state.strip = lines.join(" ");
  const { g, width, height } = prepare(true);
  g.fillStyle = "#666";
  g.font = "13px system-ui, sans-serif";
  g.textAlign = "center";
  for (const [i, line] of lines.entries()) {
    g.fillText(line, width / 2, height / 2 - 9 * (lines.length - 1) + 18 * i);
  }
  g.textAlign = "start";
}
