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

    /// The slope at the newest sample of the least-squares polynomial of `degree` through
    /// `samples` (time, position), in times relative to the newest sample's (<= 0 for past ones).
    /// No heap allocation: the columns live in one temporary buffer of 4 x count doubles, so a
    /// frame's estimate costs arithmetic only.
    ///
    /// - Parameters:
    ///   - samples: In time order; positions relative to any fixed origin.
    ///   - degree: 1 or 2; the caller guarantees `samples.count > degree`.
    /// - Returns: Position units per second, or nil when the fit is not determined.
    static func slopeAtZero(of samples: ArraySlice<AxisSample>, degree: Int) -> Double? {
        let m = samples.count
        let n = degree + 1
        precondition((1...2).contains(degree) && m >= n)
        let first = samples.startIndex
        let newestTime = samples[samples.endIndex - 1].time
        let newest = samples[samples.endIndex - 1].position

        var meanTime = 0.0
        for k in 0..<m { meanTime += samples[first + k].time - newestTime }
        meanTime /= Double(m)
        var scale = 0.0
        for k in 0..<m { scale = max(scale, abs((samples[first + k].time - newestTime) - meanTime)) }
        guard scale > 0 else { return nil }   // all samples at one time: no slope

        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * m + 12) { buffer -> Double? in
            // Columns of A = [1, v, v^2] (v the centred, scaled times), overwritten by Q
            // (modified Gram-Schmidt): column j at buffer[j * m ..< (j + 1) * m]; y, the
            // positions relative to the newest, as column 3; then R (3 x 3, row-major) and c.
            let base = buffer.baseAddress!
            let r = base + 4 * m, c = base + 4 * m + 9
            for h in 0..<m {
                let v = ((samples[first + h].time - newestTime) - meanTime) / scale
                base[h] = 1
                base[m + h] = v
                if n == 3 { base[2 * m + h] = v * v }
                base[3 * m + h] = samples[first + h].position - newest
            }
            func dot(_ a: Int, _ b: Int) -> Double {
                var sum = 0.0
                for h in 0..<m { sum += base[a * m + h] * base[b * m + h] }
                return sum
            }
            let dependentBelow = rankTolerance * Double(m).squareRoot()
            for j in 0..<n {
                for i in 0..<j {
                    let d = dot(i, j)
                    r[i * 3 + j] = d
                    for h in 0..<m { base[j * m + h] -= d * base[i * m + h] }
                }
                let norm = dot(j, j).squareRoot()
                guard norm > dependentBelow else { return nil }
                r[j * 3 + j] = norm
                for h in 0..<m { base[j * m + h] /= norm }
            }

            // R c = Q^T y, by back substitution.
            for i in stride(from: n - 1, through: 0, by: -1) {
                var sum = dot(i, 3)
                for j in (i + 1)..<n { sum -= r[i * 3 + j] * c[j] }
                c[i] = sum / r[i * 3 + i]
            }

            let v0 = -meanTime / scale
            let slopePerScaledTime = degree == 2 ? c[1] + 2 * c[2] * v0 : c[1]
            return slopePerScaledTime / scale
        }
    }

    /// The slope at the newest sample of the least-squares parabola with its vertex at the first
    /// sample: x(t) = x0 + a (t - t0)^2, a motion from rest at t0 (a turning point), so
    /// a = sum(y u^2) / sum(u^4) in u = (t - t0) / (tn - t0), y = x - x0, and the slope is
    /// 2 a / (tn - t0) per scaled unit.
    ///
    /// - Parameter samples: At least 2, in time order, the turning point first (times are taken
    ///   relative to the newest sample's).
    /// - Returns: Position units per second, or nil when every sample is at the first one's time.
    static func slopeFromRest(of samples: ArraySlice<AxisSample>) -> Double? {
        precondition(samples.count >= 2)
        let newestTime = samples[samples.endIndex - 1].time
        let t0 = samples[samples.startIndex].time - newestTime, x0 = samples[samples.startIndex].position
        let span = (samples[samples.endIndex - 1].time - newestTime) - t0
        guard span > 0 else { return nil }
        var numerator = 0.0, denominator = 0.0
        for sample in samples.dropFirst() {
            let u = ((sample.time - newestTime) - t0) / span
            let u2 = u * u
            numerator += (sample.position - x0) * u2
            denominator += u2 * u2
        }
        return 2 * (numerator / denominator) / span
    }
}
