import Glibc
import TallyDiagnostics

/// Exact roots, and the floating-point estimates that size checks use.
extension Number {
    /// The exact `n`th root when numerator and denominator are both perfect `n`th powers.
    /// `self` must be non-negative, or `n` odd.
    public func exactRoot(_ n: Int) -> Number? {
        let negative = signum < 0
        let (top, topExact) = numerator.magnitude.root(UInt(n))
        guard topExact else { return nil }
        let (bottom, bottomExact) = denominator.root(UInt(n))
        guard bottomExact else { return nil }
        return Number(numerator: negative ? -top : top, denominator: bottom)
    }

    /// A machine floating-point approximation, for estimates only (it may overflow to ±∞).
    public var approximateDouble: Double {
        switch storage {
        case .small(let value): return Double(value)
        case .smallFraction(let numerator, let denominator): return Double(numerator) / Double(denominator)
        default:
            if isZero { return 0 }
            let magnitude = Glibc.pow(10, log10Magnitude)
            return signum < 0 ? -magnitude : magnitude
        }
    }
}
