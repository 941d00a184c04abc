/// Least-squares polynomial fit of positions against times, used by
/// `LeastSquaresVelocityEstimator`. Internal: the estimator is the API.
///
// Numerics. Flutter (`lsq_solver.dart`) and Android (`solveLeastSquares`) both build the
// Vandermonde matrix on times relative to the newest sample and factor it with classical
// Gram-Schmidt, Android in single precision. We keep the QR approach (never the normal
// equations, which square the condition number) but:
//   1. use modified Gram-Schmidt in double precision;
//   2. center and scale the times: v = (tau - mean(tau)) / s with s = max |tau - mean(tau)|, so
//      every column of [1, v, v^2] has entries in [-1, 1] whatever the time unit or sampling rate
//      (tau in seconds over 100 ms would otherwise give a v^2 column of about 1e-2 to 1e-6);
//   3. subtract the newest position from the positions, so a motionless pointer gives exactly 0
//      and large screen coordinates do not cost digits.
// The derivative at the newest sample (tau = 0, v0 = -mean(tau) / s) is then
// (c1 + 2 c2 v0) / s.
enum PolynomialFit {
    /// A column whose part orthogonal to the previous ones is shorter than this fraction of the
    /// longest possible column (sqrt(m), entries in [-1, 1]) counts as dependent: the samples do
    /// not determine that degree (for example three samples at only two distinct times).
    static let rankTolerance = 1e-10

    /// The slope at time 0 of the least-squares polynomial of `degree` through `(times, positions)`.
    ///
    /// - Parameters:
    ///   - times: Seconds relative to the newest sample (<= 0 for past samples).
    ///   - positions: Positions relative to any fixed origin, same count as `times`.
    ///   - degree: 1 or 2; the caller guarantees `times.count > degree`.
    /// - Returns: Position units per second, or nil when the fit is not determined.
    static func slopeAtZero(times: [Double], positions: [Double], degree: Int) -> Double? {
        let m = times.count
        let n = degree + 1
        precondition(m == positions.count && (1...2).contains(degree) && m >= n)

        var meanTime = 0.0
        for t in times { meanTime += t }
        meanTime /= Double(m)
        var scale = 0.0
        for t in times { scale = max(scale, abs(t - meanTime)) }
        guard scale > 0 else { return nil }   // all samples at one time: no slope
        let v = times.map { ($0 - meanTime) / scale }

        // Columns of A = [1, v, v^2], overwritten by Q (modified Gram-Schmidt); R row-major.
        var q: [[Double]] = (0..<n).map { j in v.map { vi in j == 0 ? 1 : (j == 1 ? vi : vi * vi) } }
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        let dependentBelow = rankTolerance * Double(m).squareRoot()
        for j in 0..<n {
            for i in 0..<j {
                let dot = Self.dot(q[i], q[j])
                r[i][j] = dot
                for h in 0..<m { q[j][h] -= dot * q[i][h] }
            }
            let norm = Self.dot(q[j], q[j]).squareRoot()
            guard norm > dependentBelow else { return nil }
            r[j][j] = norm
            for h in 0..<m { q[j][h] /= norm }
        }

        // R c = Q^T y, by back substitution.
        let newest = positions[m - 1]
        let y = positions.map { $0 - newest }
        var c = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = Self.dot(q[i], y)
            for j in (i + 1)..<n { sum -= r[i][j] * c[j] }
            c[i] = sum / r[i][i]
        }

        let v0 = -meanTime / scale
        let slopePerScaledTime = degree == 2 ? c[1] + 2 * c[2] * v0 : c[1]
        return slopePerScaledTime / scale
    }

    /// The slope at the newest sample of the least-squares parabola with its vertex at the first
    /// sample: x(t) = x0 + a (t - t0)^2, a motion from rest at t0 (a turning point), so
    /// a = sum(y u^2) / sum(u^4) in u = (t - t0) / (tn - t0), y = x - x0, and the slope is
    /// 2 a / (tn - t0) per scaled unit.
    ///
    /// - Parameters:
    ///   - times: Seconds, non-decreasing, the turning point first.
    ///   - positions: Same count as `times`, at least 2.
    /// - Returns: Position units per second, or nil when every sample is at the first one's time.
    static func slopeFromRest(times: [Double], positions: [Double]) -> Double? {
        precondition(times.count == positions.count && times.count >= 2)
        let t0 = times[0], x0 = positions[0]
        let span = times[times.count - 1] - t0
        guard span > 0 else { return nil }
        var numerator = 0.0, denominator = 0.0
        for i in 1..<times.count {
            let u = (times[i] - t0) / span
            let u2 = u * u
            numerator += (positions[i] - x0) * u2
            denominator += u2 * u2
        }
        return 2 * (numerator / denominator) / span
    }

    private static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for i in a.indices { sum += a[i] * b[i] }
        return sum
    }
}
