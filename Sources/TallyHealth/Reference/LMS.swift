import Glibc

/// The three parameters of a growth reference at one age (Cole's LMS method): the Box-Cox power
/// `l`, the median `m` and the coefficient of variation `s`.
///
/// Published to four or five decimals and used for a z-score shown to two, so `Double` is ample
/// and keeps the standard C library's `pow` doing the one non-integer power.
struct LMS: Sendable, Equatable {
    let l: Double
    let m: Double
    let s: Double

    /// The measurement at `z` standard deviations: `M (1 + L S z)^(1/L)`.
    func measurement(atZ z: Double) -> Double {
        l == 0 ? m * exp(s * z) : m * pow(1 + l * s * z, 1 / l)
    }

    /// The z-score of `value` as WHO computes it for BMI-for-age: the LMS formula within ±3 SD,
    /// and beyond that a linear continuation whose step is the distance between the 2 and 3 SD
    /// curves, because the LMS curves are not trusted that far out ("Computation of centiles and
    /// z-scores", WHO growth reference 5–19 years).
    func zScore(of value: Double) -> Double {
        let z = plainZScore(of: value)
        if z > 3 {
            let sd3 = measurement(atZ: 3)
            return 3 + (value - sd3) / (sd3 - measurement(atZ: 2))
        }
        if z < -3 {
            let sd3 = measurement(atZ: -3)
            return -3 + (value - sd3) / (measurement(atZ: -2) - sd3)
        }
        return z
    }

    /// The z-score of `value` by the LMS formula alone, `((value/M)^L − 1) / (L·S)`, as the CDC
    /// computes it below the 95th percentile.
    func plainZScore(of value: Double) -> Double {
        l == 0 ? log(value / m) / s : (pow(value / m, l) - 1) / (l * s)
    }
}
