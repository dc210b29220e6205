import CMPFI

/// The special functions a ``Real`` may apply (``RealFunction/special(_:)``), each one's
/// interval from `Interval+Special.swift` and `Interval+LambertW.swift`.
enum SpecialFunction: Sendable, Equatable {
    case gamma, logGamma, digamma, zeta, erf, erfc, exponentialIntegral, dilogarithm, lambertW
    /// Jₙ and Yₙ of an integer order n.
    case besselJ(Int), besselY(Int)

    /// About how many products one evaluation costs: MPFR's special functions take some
    /// hundreds of products' time, and an interval needs two to four of them.
    var weight: Double {
        switch self {
        case .erf, .erfc: return 600
        case .exponentialIntegral, .dilogarithm, .lambertW, .digamma: return 1_000
        case .gamma, .logGamma, .zeta, .besselJ, .besselY: return 2_000
        }
    }

    func interval(of x: Interval, precision: Int) -> Interval {
        switch self {
        case .gamma: return x.gamma(logarithm: false, precision: precision)
        case .logGamma: return x.gamma(logarithm: true, precision: precision)
        case .digamma: return x.digamma(precision: precision)
        case .zeta: return x.zeta(precision: precision)
        case .erf: return x.monotonic({ mpfr_erf($0, $1, $2) }, increasing: true, precision: precision)
        case .erfc: return x.monotonic({ mpfr_erfc($0, $1, $2) }, increasing: false, precision: precision)
        case .exponentialIntegral:
            // Ei′(x) = eˣ/x: increasing for x > 0, decreasing for x < 0, a pole at 0.
            guard let sign = x.sign else { return Interval.unknown(precision: precision) }
            return x.monotonic({ mpfr_eint($0, $1, $2) }, increasing: sign > 0, precision: precision)
        case .dilogarithm:
            // Li₂′(x) = −ln(1 − x)/x > 0 for x < 1.
            guard x.isFinite, mpfr_cmp_ui(x.upper, 1) <= 0 else { return Interval.unknown(precision: precision) }
            return x.monotonic({ mpfr_li2($0, $1, $2) }, increasing: true, precision: precision)
        case .lambertW: return x.lambertW(precision: precision)
        case .besselJ(let n): return x.bessel(order: n, second: false, precision: precision)
        case .besselY(let n): return x.bessel(order: n, second: true, precision: precision)
        }
    }
}
