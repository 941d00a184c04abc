/// How the SIMD backend finds each lane's running maxima (with or without a trajectory).
public enum BatchMaxima: String, Hashable, Sendable, CaseIterable {
    /// Underdamped plain-policy lanes: only the frames around the first extremum of the
    /// displacement and of the force, found from the closed form's phase and evaluated from the
    /// closed form, with a proven bound for every other frame (`SIMDClosedFormMetrics.swift`);
    /// other lanes are stepped. A trajectory is stepped frame by frame either way. Overshoot and
    /// peak acceleration agree with the scalar reference to about 1e-14 relative (tests allow
    /// 1e-12); everything else, trajectories included, is the same bits. The default.
    case closedForm
    /// Every frame stepped until the maxima are provably final: bit for bit the scalar reference
    /// (the parameter-sweep CLI uses it, so that its two evaluators write the same bytes).
    case stepped
}
