// request.mjs, text.mjs and api.mjs: the release request's body, what the page writes, and the
// fetch calls (with a fetch of the test's own).
import assert from "node:assert/strict";
import { test } from "node:test";
import { getParameters, postRelease, postTraceFile } from "../../Sources/PlaygroundServer/Public/js/api.mjs";
import { parseDetents, releaseBody, settingsFrom } from "../../Sources/PlaygroundServer/Public/js/request.mjs";
import { describeStroke, fmt, recordCountText, resultCells, strokeVerdict, summary, tracePositionText, traceWarningText } from "../../Sources/PlaygroundServer/Public/js/text.mjs";

test("parseDetents: comma-separated numbers, blanks ignored, a word kept as NaN for the server to refuse", () => {
  assert.deepEqual(parseDetents("0, 0.5 ,1"), [0, 0.5, 1]);
  assert.deepEqual(parseDetents(" , ,"), []);
  assert.deepEqual(parseDetents(""), []);
  const word = parseDetents("0, half");
  assert.equal(word[0], 0);
  assert.ok(Number.isNaN(word[1]));
  assert.equal(JSON.stringify(word), "[0,null]");
});

test("settingsFrom: only what differs from the table's default, the frame-rate row as frameRate", () => {
  const fields = [
    { flag: "frame-rate", kind: "number", default: "120", value: "" },
    { flag: "response", kind: "number", default: "0.3", value: " 0.6 " },
    { flag: "damping-ratio", kind: "number", default: "1", value: "1" },
    { flag: "completion-curve", kind: "choice", default: "easeOut", value: "linear" },
    { flag: "overshoot", kind: "number", default: "", value: "" },
  ];
  const s = settingsFrom(fields, { detents: "0, 1", reduceMotion: true, pixelsPerPoint: "2" });
  assert.deepEqual(s, { parameters: { response: 0.6, "completion-curve": "linear" }, frameRate: 120, detents: [0, 1], reduceMotion: true, pixelsPerPoint: 2 });
  assert.equal(settingsFrom([{ flag: "frame-rate", kind: "number", default: "120", value: "60" }], { detents: "", reduceMotion: false, pixelsPerPoint: "1" }).frameRate, 60);
  // No frame-rate row: 240 Hz.
  assert.equal(settingsFrom([], { detents: "", reduceMotion: false, pixelsPerPoint: "" }).frameRate, 240);
});

test("releaseBody: a trace's own pixels per point and units per point, else the controls'", () => {
  const settings = { parameters: {}, frameRate: 120, detents: [0, 1], reduceMotion: false, pixelsPerPoint: 3 };
  const drag = releaseBody({ samples: [], travel: 360 }, settings, ["classic"]);
  assert.equal(drag.pixelsPerPoint, 3);
  assert.equal(drag.unitsPerPoint, 1);
  assert.deepEqual(drag.models, ["classic"]);
  const stroke = releaseBody({ samples: [], travel: 1080, pixelsPerPoint: 1, unitsPerPoint: 3 }, settings, ["classic"]);
  assert.equal(stroke.pixelsPerPoint, 1);
  assert.equal(stroke.unitsPerPoint, 3);
  assert.equal(stroke.travel, 1080);
});

const answer = {
  classic: { decision: "cancel", projectedProgress: null, releaseVelocity: 2.4567, velocityJump: -2.4567, completionTime: 0.25, framesTruncated: false, releaseProgress: 0.27 },
  physics: { decision: "finish", projectedProgress: 1.2345, releaseVelocity: 2.4567, velocityJump: 0, completionTime: 0.5, framesTruncated: true, releaseProgress: 0.2712 },
};

test("text: numbers, the status line, the results cells", () => {
  assert.equal(fmt(1.23456), "1.235");
  assert.equal(fmt(2, 1), "2.0");
  assert.deepEqual([null, undefined, NaN, Infinity, -Infinity].map((x) => fmt(x)), Array(5).fill("\u2013"));
  assert.equal(summary(answer, ["classic", "physics"]), "classic cancels, physics finishes (release at progress 0.27, 2.46 widths/s)");
  assert.deepEqual(resultCells(answer.classic), ["cancel", "\u2013", "2.457", "-2.457", "0.250"]);
  assert.equal(resultCells(answer.physics)[4], "0.500 (frames cut at the cap)");
});

test("text: a stroke, its verdict, the record count, the trace position and warnings", () => {
  const stroke = { id: "s-01", intent: "finish", family: "peekAndReturn", samples: [1, 2, 3], axis: "x", travel: 1080, deviceID: "browser-touch-3x" };
  assert.equal(describeStroke(stroke), "s-01: intent finish (peekAndReturn), 3 samples along x, travel 1080 px, browser-touch-3x");
  assert.equal(describeStroke({ id: "t", intent: null, family: null, samples: [], axis: "y", travel: 10, deviceID: null }),
    "t: intent unknown, 0 samples along y, travel 10 px");
  assert.equal(strokeVerdict(stroke, answer, ["classic", "physics"]),
    describeStroke(stroke) + ". classic cancels \u2717 intended finish; physics finishes \u2713 as intended.");
  assert.equal(recordCountText({ strokes: [], downloaded: true }), "");
  assert.equal(recordCountText({ strokes: [1], downloaded: false }), "1 stroke recorded (not downloaded yet)");
  assert.equal(recordCountText({ strokes: [1, 2], downloaded: true }), "2 strokes recorded (downloaded)");
  assert.equal(tracePositionText(null), "");
  assert.equal(tracePositionText({ name: "f.csv", index: 1, strokes: [1, 2, 3] }), "f.csv: stroke 2 of 3");
  assert.equal(traceWarningText({ warnings: [] }), "");
  assert.equal(traceWarningText({ warnings: ["a.", "b."] }), "Warning: a. b.");
});

test("api: the requests it sends, the answers it passes on, a network error as an error", async () => {
  const sent = [];
  const fake = (status, body) => async (url, init) => { sent.push({ url, init }); return { ok: status < 300, json: async () => body }; };
  assert.deepEqual(await postRelease({ travel: 1 }, fake(200, { classic: {} })), { ok: true, answer: { classic: {} } });
  assert.equal(sent[0].url, "/api/release");
  assert.equal(sent[0].init.method, "POST");
  assert.equal(sent[0].init.headers["Content-Type"], "application/json");
  assert.deepEqual(JSON.parse(sent[0].init.body), { travel: 1 });
  const refused = await postTraceFile("csv", "my file,1.csv", fake(400, { error: "bad", field: "line 3" }));
  assert.deepEqual(refused, { ok: false, answer: { error: "bad", field: "line 3" } });
  assert.equal(sent[1].url, "/api/traces?name=my%20file%2C1.csv");
  assert.equal(sent[1].init.headers["Content-Type"], "text/csv");
  const down = await getParameters(async () => { throw new TypeError("Failed to fetch"); });
  assert.deepEqual(down, { ok: false, answer: { error: "the server did not answer: TypeError: Failed to fetch", field: "" } });
  const notJSON = await getParameters(async () => ({ ok: true, json: async () => { throw new SyntaxError("Unexpected token"); } }));
  assert.equal(notJSON.ok, false);
  assert.match(notJSON.answer.error, /^the server did not answer: SyntaxError/);
});
