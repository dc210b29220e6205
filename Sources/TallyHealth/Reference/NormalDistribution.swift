import Glibc

/// The standard normal distribution: a z-score's percentile and back.
enum NormalDistribution {
    /// The share of the distribution below `z`, from 0 to 1.
    static func cumulative(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }

    /// The z whose cumulative share is `p` (0 < p < 1), found by bisection on ``cumulative(_:)``
    /// to the last bit a `Double` holds, so that the two are each other's inverse as closely as
    /// the C library's `erfc` allows.
    static func quantile(_ p: Double) -> Double {
        var low = -40.0
        var high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if cumulative(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
