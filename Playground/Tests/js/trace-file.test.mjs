// trace-file.mjs: a recorded stroke's samples and the CSV the page downloads (docs/traces.md),
// read back here with a CSV reader of the test's own.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  appendSample, cleanIdentifier, csvField, newStroke, openedTraceFile, recordingsCSV, round3, strokeFlick, traceFileView,
} from "../../Sources/PlaygroundServer/Public/js/trace-file.mjs";

const FORMAT = {
  columns: ["trace_id", "user_id", "device_id", "t_ms", "x_px", "y_px", "phase", "travel_px", "intent", "family", "axis", "pixels_per_point"],
  phases: { began: "down", changed: "move", ended: "up", cancelled: "cancel" },
};

// RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks.
function readCSV(text) {
  const rows = [[]];
  let field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { rows[rows.length - 1].push(field); field = ""; }
    else if (c === "\n") { rows[rows.length - 1].push(field); field = ""; rows.push([]); }
    else field += c;
  }
  assert.equal(field, "", "the file ends with a line break");
  rows.pop();
  return rows;
}

test("round3: three decimals, -0 written as 0, non-finite passed through", () => {
  assert.equal(round3(2.3456), 2.346);
  assert.equal(round3(12.0004), 12);
  assert.ok(Object.is(round3(-0.0004), 0));
  assert.ok(Number.isNaN(round3(NaN)));
  assert.equal(round3(Infinity), Infinity);
});

test("cleanIdentifier and csvField", () => {
  assert.equal(cleanIdentifier("  ana\u0007\n "), "ana");
  assert.equal(cleanIdentifier("x".repeat(50)).length, 40);
  assert.equal(csvField("plain"), "plain");
  assert.equal(csvField('a "b", c'), '"a ""b"", c"');
  assert.equal(csvField("two\nlines"), '"two\nlines"');
});

// A stroke on a lane whose top left is (100, 50), at device pixel ratio 2, touched down at 1000 ms.
function stroke() {
  return newStroke({ prompt: null, pointerType: "touch", pixelRatio: 2, travelCss: 360, left: 100, top: 50 },
    { timeStamp: 1000, clientX: 120, clientY: 60 });
}

test("appendSample: physical pixels from the lane, milliseconds from touch-down, never decreasing", () => {
  const s = stroke();
  assert.deepEqual(s.samples, [{ t_ms: 0, x_px: 40, y_px: 20, phase: "began" }]);
  assert.equal(appendSample(s, { timeStamp: 1016.66666, clientX: 130.1234, clientY: 60 }, "changed"), true);
  assert.deepEqual(s.samples[1], { t_ms: 16.667, x_px: 60.247, y_px: 20, phase: "changed" });
  // Stamped before the previous sample: held at its time.
  appendSample(s, { timeStamp: 1010, clientX: 131, clientY: 60 }, "changed");
  assert.equal(s.samples[2].t_ms, 16.667);
  // The same report twice: not kept; a lift-off repeating it is.
  assert.equal(appendSample(s, { timeStamp: 1010, clientX: 131, clientY: 60 }, "changed"), false);
  assert.equal(appendSample(s, { timeStamp: 1010, clientX: 131, clientY: 60 }, "ended"), true);
  assert.equal(s.samples.length, 4);
});

test("appendSample: a sample with NaN or an infinity is dropped", () => {
  const s = stroke();
  assert.equal(appendSample(s, { timeStamp: NaN, clientX: 130, clientY: 60 }, "changed"), false);
  assert.equal(appendSample(s, { timeStamp: 1020, clientX: Infinity, clientY: 60 }, "changed"), false);
  assert.equal(appendSample(s, { timeStamp: 1020, clientX: 130, clientY: -Infinity }, "changed"), false);
  assert.equal(s.samples.length, 1);
});

function recorded(samples, extra = {}) {
  return Object.assign({ id: "rec-1-01", sessionId: "rec-1", user: "ana", pointerType: "touch", pixelRatio: 2, travel_px: 720,
    intent: "finish", family: "shortFastFlick", samples }, extra);
}

test("recordingsCSV: the header is the format's, one row per sample, phases as tokens", () => {
  const text = recordingsCSV([recorded([
    { t_ms: 0, x_px: 40, y_px: 20, phase: "began" }, { t_ms: 8.5, x_px: 64.25, y_px: 20, phase: "changed" },
    { t_ms: 9, x_px: 64.25, y_px: 20, phase: "ended" },
  ])], FORMAT);
  assert.equal(text.split("\n")[1], "rec-1-01,ana,browser-touch-2x,0,40,20,down,720,finish,shortFastFlick,x,2");
  const rows = readCSV(text);
  assert.deepEqual(rows[0], FORMAT.columns);
  assert.deepEqual(rows.slice(1).map((r) => r[6]), ["down", "move", "up"]);
  assert.deepEqual(rows.slice(1).map((r) => Number(r[3])), [0, 8.5, 9]);
  // The columns follow the format's order, whatever it is.
  const reversed = { columns: FORMAT.columns.slice().reverse(), phases: FORMAT.phases };
  assert.deepEqual(readCSV(recordingsCSV([recorded([{ t_ms: 0, x_px: 1, y_px: 2, phase: "began" }])], reversed))[1],
    ["2", "x", "shortFastFlick", "finish", "720", "down", "2", "1", "0", "browser-touch-2x", "ana", "rec-1-01"]);
});

test("recordingsCSV: no strokes is the header alone; a user with a comma and a quote reads back", () => {
  assert.equal(recordingsCSV([], FORMAT), FORMAT.columns.join(",") + "\n");
  const rows = readCSV(recordingsCSV([recorded([{ t_ms: 0, x_px: 1, y_px: 2, phase: "began" }], { user: 'Ana "A", B' })], FORMAT));
  assert.equal(rows[1][1], 'Ana "A", B');
  assert.equal(rows[1].length, FORMAT.columns.length);
});

test("recordingsCSV refuses a non-finite number and a column it does not write", () => {
  assert.throws(() => recordingsCSV([recorded([{ t_ms: NaN, x_px: 1, y_px: 2, phase: "began" }])], FORMAT), /non-finite/);
  assert.throws(() => recordingsCSV([recorded([{ t_ms: 0, x_px: 1, y_px: 2, phase: "began" }], { travel_px: Infinity })], FORMAT), /non-finite/);
  assert.throws(() => recordingsCSV([recorded([{ t_ms: 0, x_px: 1, y_px: 2, phase: "began" }])],
    { columns: [...FORMAT.columns, "pressure"], phases: FORMAT.phases }), /pressure/);
});

test("an uploaded file's answer: its first stroke, its view, its flick", () => {
  const answer = { name: "f.csv", strokes: [
    { id: "a", intent: "finish", family: "peekAndReturn", deviceID: "d", samples: [{ t: 0, x: 1, phase: "began" }], travel: 720, unitsPerPoint: 2 },
    { id: "b", intent: null, family: null, deviceID: null, samples: [], travel: 720, unitsPerPoint: 1 },
  ] };
  const file = openedTraceFile(answer);
  assert.deepEqual(file.warnings, []);
  assert.equal(file.index, 0);
  assert.deepEqual(traceFileView(file), { name: "f.csv", count: 2, index: 0, warnings: [],
    stroke: { id: "a", intent: "finish", family: "peekAndReturn", deviceID: "d", samples: 1 } });
  file.index = 1;
  assert.equal(traceFileView(file).stroke.samples, 0);
  const flick = strokeFlick(answer.strokes[0]);
  assert.equal(flick.pixelsPerPoint, 1);
  assert.equal(flick.unitsPerPoint, 2);
  assert.equal(flick.replayDrag, true);
});
