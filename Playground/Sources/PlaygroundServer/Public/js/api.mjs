// The server's API (PlaygroundApp.swift): every fetch the page makes. No DOM access. Each call
// answers {ok, answer}: the server's JSON, or for a network error (or an answer that is not JSON)
// ok false and {error: "the server did not answer: ...", field: ""}. `fetchImpl` is for tests.

async function exchange(url, init, fetchImpl) {
  try {
    const response = await fetchImpl(url, init);
    return { ok: response.ok, answer: await response.json() };
  } catch (error) {
    return { ok: false, answer: { error: "the server did not answer: " + error, field: "" } };
  }
}

// GET /api/parameters: the parameter table, models, transition defaults, caps, trace format.
export const getParameters = (fetchImpl = globalThis.fetch) => exchange("/api/parameters", undefined, fetchImpl);

// GET /api/recorded-swipe: a recorded swipe {id, travel, count, samples}, or 404 with why not.
export const getRecordedSwipe = (fetchImpl = globalThis.fetch) => exchange("/api/recorded-swipe", undefined, fetchImpl);

// POST /api/release: a drag's samples in (request.mjs' body), each model's answer out.
export const postRelease = (body, fetchImpl = globalThis.fetch) =>
  exchange("/api/release", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, fetchImpl);

// POST /api/traces?name=: a trace file (a Blob) in, its strokes out, or the reader's refusal.
export const postTraceFile = (blob, name, fetchImpl = globalThis.fetch) =>
  exchange("/api/traces?name=" + encodeURIComponent(name), { method: "POST", headers: { "Content-Type": "text/csv" }, body: blob }, fetchImpl);
