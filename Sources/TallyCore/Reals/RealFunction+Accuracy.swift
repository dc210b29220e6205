import CMPFI

/// How accurately an MPFR function computes its value at a single number, as MPFR's manual
/// documents it: what one evaluation must be widened by to hold the true value.
enum PointAccuracy {
    /// Correctly rounded: the result rounded to nearest is within half a unit in the last place,
    /// on the side its ternary value names. MPFR rounds every function correctly unless its
    /// manual says otherwise.
    case correctlyRounded
    /// Within this many units in the last place, either way (a function whose manual entry
    /// gives a bound instead of correct rounding).
    case withinUnits(Int)
}

/// A bound on |f′| over an interval, for the enclosure of f around the interval's midpoint.
enum Slope {
    /// |f′| ≤ 1 everywhere.
    case atMostOne
    /// An interval that holds f′ over the given one, computed at 64 bits (whose magnitude bounds
    /// |f′|); not finite where f′ is unbounded, which sends the evaluation to MPFI.
    case bound((Interval) -> Interval)
}

/// How a function of one real is evaluated at a single number or a narrow interval: one MPFR
/// call, widened by the function's documented accuracy (and, around a midpoint, by the slope
/// times the radius); MPFI's function for a wide interval.
struct PointRule {
    /// MPFR's function at a single number.
    let number: Interval.NumberFunction
    let accuracy: PointAccuracy
    let slope: Slope
    /// MPFI's function of an interval.
    let interval: Interval.IntervalFunction
}

extension PointRule {
    /// A function MPFR rounds correctly.
    static func correctlyRounded(
        _ number: Interval.NumberFunction, _ interval: Interval.IntervalFunction, slope: Slope
    ) -> PointRule {
        PointRule(number: number, accuracy: .correctlyRounded, slope: slope, interval: interval)
    }
}

/// The accuracy table: each function of one argument that MPFR computes, with the accuracy its
/// manual (MPFR 4.2, "Rounding" and each function's entry) documents. A new function is a new
/// row. (The functions of two single numbers, `mpfr_pow`, `mpfr_atan2` and `mpfr_hypot`, are
/// correctly rounded too: ``RealFunction/interval(of:precision:)`` calls them.)
extension RealFunction {
    /// How the function of one argument is evaluated at a point (nil: by MPFI, or exactly).
    var pointRule: PointRule? {
        switch self {
        case .exp: return .correctlyRounded(mpfr_exp, mpfi_exp, slope: .bound { $0.low(mpfi_exp) })
        case .log: return .correctlyRounded(mpfr_log, mpfi_log, slope: .bound { $0.low(mpfi_inv) })
        case .sin: return .correctlyRounded(mpfr_sin, mpfi_sin, slope: .atMostOne)
        case .cos: return .correctlyRounded(mpfr_cos, mpfi_cos, slope: .atMostOne)
        case .tan:
            // tan′ = 1 + tan²
            return .correctlyRounded(mpfr_tan, mpfi_tan, slope: .bound { $0.low(mpfi_tan).low(mpfi_sqr).adding(1) })
        case .asin:
            // asin′ = 1/√(1 − x²), and acos′ its negative
            return .correctlyRounded(mpfr_asin, mpfi_asin, slope: .bound(\.inverseRootOfOneMinusSquare))
        case .acos: return .correctlyRounded(mpfr_acos, mpfi_acos, slope: .bound(\.inverseRootOfOneMinusSquare))
        case .atan: return .correctlyRounded(mpfr_atan, mpfi_atan, slope: .atMostOne)
        case .sinh:
            // sinh′ = cosh, and cosh′ = sinh, whose magnitude cosh bounds
            return .correctlyRounded(mpfr_sinh, mpfi_sinh, slope: .bound { $0.low(mpfi_cosh) })
        case .cosh: return .correctlyRounded(mpfr_cosh, mpfi_cosh, slope: .bound { $0.low(mpfi_cosh) })
        case .tanh: return .correctlyRounded(mpfr_tanh, mpfi_tanh, slope: .atMostOne)
        case .asinh: return .correctlyRounded(mpfr_asinh, mpfi_asinh, slope: .atMostOne)
        case .acosh:
            // acosh′ = 1/√(x² − 1)
            return .correctlyRounded(
                mpfr_acosh, mpfi_acosh, slope: .bound { $0.low(mpfi_sqr).adding(-1).low(mpfi_sqrt).low(mpfi_inv) })
        case .atanh:
            // atanh′ = 1/(1 − x²)
            return .correctlyRounded(
                mpfr_atanh, mpfi_atanh, slope: .bound { $0.low(mpfi_sqr).subtracted(from: 1).low(mpfi_inv) })
        case .root(2):
            // √′ = 1/(2√x), bounded by 1/√x
            return .correctlyRounded(mpfr_sqrt, mpfi_sqrt, slope: .bound { $0.low(mpfi_sqrt).low(mpfi_inv) })
        case .root(3):
            // ∛′ = 1/(3∛x²), bounded by 1/∛x²
            return .correctlyRounded(
                mpfr_cbrt, mpfi_cbrt, slope: .bound { $0.low(mpfi_cbrt).low(mpfi_sqr).low(mpfi_inv) })
        case .root, .add, .multiply, .divide, .negate, .power, .integerPower, .atan2, .hypot, .abs, .minimum, .maximum:
            return nil
        case .special:
            // Γ, ζ, erf, … bound their own enclosures, at a point and over monotonic pieces
            // (SpecialFunction), from MPFR's correctly rounded calls.
            return nil
        }
    }
}

/// The steps of the slopes' bounds, at 64 bits.
extension Interval {
    fileprivate func low(_ function: IntervalFunction) -> Interval { map(precision: 64, function) }

    fileprivate func adding(_ n: Int) -> Interval {
        Interval.make(precision: 64) { _ = mpfi_add_si($0, pointer, n) }
    }

    fileprivate func subtracted(from n: Int) -> Interval {
        Interval.make(precision: 64) { _ = mpfi_si_sub($0, n, pointer) }
    }

    /// 1/√(1 − x²).
    fileprivate var inverseRootOfOneMinusSquare: Interval {
        low(mpfi_sqr).subtracted(from: 1).low(mpfi_sqrt).low(mpfi_inv)
    }
}
