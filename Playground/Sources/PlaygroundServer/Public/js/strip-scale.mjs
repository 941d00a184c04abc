// The strip's axes: which points it draws and where (canvas CSS pixels). No DOM access.

export const STRIP_PAD = { left: 34, right: 40, top: 10, bottom: 22 };

// Each model's points, the drag (tracking) then the completion (frames).
export function stripSeries(result, models) {
  return models.map((model) => ({ model, points: result[model].tracking.concat(result[model].frames) }));
}

// The scales for `series` on a `width` x `height` strip: time from at most 0.5 s before the
// release to the last point (at least 0.05 s wide), progress over at least 0..1, velocity
// symmetric over at least +-0.5 widths/s. Points with a non-finite number are left out.
export function stripScale(series, width, height, pad = STRIP_PAD) {
  let tMin = Infinity, tMax = -Infinity, pMin = 0, pMax = 1, vMax = 0.5;
  for (const s of series) {
    for (const p of s.points) {
      if (!Number.isFinite(p.t) || !Number.isFinite(p.progress) || !Number.isFinite(p.velocity)) continue;
      tMin = Math.min(tMin, p.t); tMax = Math.max(tMax, p.t);
      pMin = Math.min(pMin, p.progress); pMax = Math.max(pMax, p.progress);
      vMax = Math.max(vMax, Math.abs(p.velocity));
    }
  }
  const t0 = tMin === Infinity ? 0 : Math.max(-0.5, tMin);
  const t1 = Math.max(0.05, t0 + 0.05, tMax);
  const innerWidth = width - pad.left - pad.right, innerHeight = height - pad.top - pad.bottom;
  return {
    t0, t1, pMin, pMax, vMax, pad,
    x: (t) => pad.left + (t - t0) / (t1 - t0) * innerWidth,
    yp: (p) => pad.top + (pMax - p) / (pMax - pMin) * innerHeight,
    yv: (v) => pad.top + (vMax - v) / (2 * vMax) * innerHeight,
  };
}
