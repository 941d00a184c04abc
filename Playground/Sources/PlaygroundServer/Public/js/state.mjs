// The page's mutable state, owned here and nowhere else. No DOM access.
//
// `state` is what a person sees (main.mjs exposes it as window.playground, which the browser test
// reads as JSON); `work` is what the page works with and shows nobody (the drag under way, the
// playback's clock, the open trace file's strokes), kept out of `state` so that reading
// window.playground never copies a whole trace file.

// A fresh page state (what the page shows before anything happened).
export function initialState() {
  return {
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
    fingerVelocity: null,     // the page's own estimate at lift-off (last 100 ms), widths/s
    recorded: null,           // the last recorded swipe {id, travel, count} or null
    recordedAbsent: null,     // why the server has no recorded swipes (its error), or null
    strip: "",                // what the strip shows: "chart", or its note's text
    record: {                 // record mode (session.mjs, record.mjs)
      active: false,          // a session is asking for gestures
      sessionId: null,
      prompts: [],            // the session's prompts {family, intent, direction} in the order asked
      index: 0,               // the prompt being asked
      strokes: [],            // every stroke recorded since the last download or discard
      downloaded: true,       // no recording is waiting to be downloaded
      lastNote: null,         // why the last stroke was not kept, or null
      fileName: null,         // the name of the last download
    },
    traceFile: null,          // the trace file being replayed {name, count, index, warnings, stroke} or null
  };
}

// A fresh working state.
export function initialWork() {
  return {
    drag: null,       // the pointer down {pointerId, t0, x0, samples, record}
    lastFlick: null,  // {samples, travel, ...} of the last release, replayed when a control changes
    playback: null,   // {result, from, to, startedAt (ms), frame}
    traceFile: null,  // the open trace file {name, strokes, index, warnings}
  };
}

export const state = initialState();
export const work = initialWork();
