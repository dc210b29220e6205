import CMPFI
import Glibc

/// Special functions of an interval through MPFR's correctly rounded ones: MPFI has none, and
/// MPFR's bound a function only at a point. Each function here is split into pieces on which
/// it is monotonic (its endpoints' values, rounded outward, bound it), is bounded by its
/// derivative (Bessel functions), or by convexity (Γ and ln|Γ| around their minima). Outside
/// its pieces — an interval around a pole — the result is NaN, which the caller reports as
/// undecidable; the callers check the domain first.
extension Interval {
    /// One MPFR function of one number with its rounding (`mpfr_gamma`).
    typealias RoundedFunction = (UnsafeMutablePointer<__mpfr_struct>, UnsafePointer<__mpfr_struct>, mpfr_rnd_t) ->
        Int32

    /// The lower and upper endpoints, to read.
    var lower: UnsafePointer<__mpfr_struct> { UnsafePointer(tally_mpfi_left(pointer)!) }
    var upper: UnsafePointer<__mpfr_struct> { UnsafePointer(tally_mpfi_right(pointer)!) }

    /// Whether an endpoint is NaN: no bound is known (``unknown(precision:)``).
    var isNaN: Bool { mpfi_nan_p(pointer) != 0 }

    /// An interval whose endpoints are NaN: "no bound known", which no decision accepts.
    static func unknown(precision: Int) -> Interval {
        make(precision: precision) { result in
            mpfr_set_nan(tally_mpfi_left(result))
            mpfr_set_nan(tally_mpfi_right(result))
        }
    }

    /// [f(a)↓, f(b)↑] for an increasing `function`, [f(b)↓, f(a)↑] for a decreasing one.
    func monotonic(_ function: RoundedFunction, increasing: Bool, precision: Int) -> Interval {
        withExtendedLifetime(self) {
            Interval.make(precision: precision) { result in
                _ = function(tally_mpfi_left(result)!, increasing ? lower : upper, MPFR_RNDD)
                _ = function(tally_mpfi_right(result)!, increasing ? upper : lower, MPFR_RNDU)
            }
        }
    }

    /// The enclosure of `function` at the single number `point`: rounded down and up.
    static func at(_ point: UnsafePointer<__mpfr_struct>, precision: Int, _ function: RoundedFunction) -> Interval {
        make(precision: precision) { result in
            _ = function(tally_mpfi_left(result)!, point, MPFR_RNDD)
            _ = function(tally_mpfi_right(result)!, point, MPFR_RNDU)
        }
    }

    /// The single number `point` as an interval of its own precision.
    static func point(_ point: UnsafePointer<__mpfr_struct>) -> Interval {
        make(precision: Int(mpfr_get_prec(point))) { _ = mpfi_set_fr($0, point) }
    }

    /// The endpoints as exact intervals (for arithmetic on them).
    var endpoints: (lower: Interval, upper: Interval) {
        withExtendedLifetime(self) { (Interval.point(lower), Interval.point(upper)) }
    }

    /// Whether the interval lies within one of the open pieces between the poles of Γ: all
    /// positive, or inside (−n−1, −n) for some n ≥ 0. Also the sign of Γ there.
    var gammaPiece: (inside: Bool, sign: Int) {
        guard isFinite else { return (false, 0) }
        if tally_mpfr_sgn(lower) > 0 { return (true, 1) }
        guard tally_mpfr_sgn(upper) < 0, mpfr_integer_p(lower) == 0, mpfr_integer_p(upper) == 0 else {
            return (false, 0)
        }
        // Far below zero the pieces are narrower than a machine word can count: undecided.
        guard mpfr_cmp_si(lower, -(1 << 62)) > 0 else { return (false, 0) }
        let low = mpfr_get_si(lower, MPFR_RNDD)
        guard low == mpfr_get_si(upper, MPFR_RNDD) else { return (false, 0) }
        // Γ is negative on (−1, 0), positive on (−2, −1), …: the sign of (−1)^(−⌊x⌋).
        return (true, low & 1 == 1 ? -1 : 1)
    }

    /// The interval `value + slope·(to − from)`: a tangent's value, for convexity bounds.
    private static func tangent(_ value: Interval, _ slope: Interval, over width: Interval, precision: Int) -> Interval
    {
        let rise = slope.combine(width, precision: precision, mpfi_mul)
        return value.combine(rise, precision: precision, mpfi_add)
    }

    /// ψ (digamma), increasing on each piece between poles.
    func digamma(precision: Int) -> Interval {
        guard gammaPiece.inside else { return Interval.unknown(precision: precision) }
        return monotonic({ mpfr_digamma($0, $1, $2) }, increasing: true, precision: precision)
    }

    /// Γ(x), or with `logarithm` ln|Γ(x)|. On each piece between poles ln|Γ| is convex (its
    /// second derivative, ψ′, is positive), so |Γ| is too: where ψ keeps a sign the function is
    /// monotonic; around the minimum, the maximum is at an endpoint and the minimum lies above
    /// the tangent at the lower endpoint.
    func gamma(logarithm: Bool, precision: Int) -> Interval {
        let (inside, sign) = gammaPiece
        guard inside else { return Interval.unknown(precision: precision) }
        let working = precision + 16
        let function: RoundedFunction =
            logarithm
            ? { result, x, rounding in
                var sign: Int32 = 0
                return mpfr_lgamma(result, &sign, x, rounding)
            } : { mpfr_gamma($0, $1, $2) }
        if isPoint { return Interval.at(lower, precision: precision, function) }
        let psiLower = Interval.at(lower, precision: working) { mpfr_digamma($0, $1, $2) }
        let psiUpper = Interval.at(upper, precision: working) { mpfr_digamma($0, $1, $2) }
        // The sign of ψ on the whole interval (ψ increases): the slope of ln|Γ|.
        let slope = psiLower.sign == 1 ? 1 : psiUpper.sign == -1 ? -1 : 0
        if slope != 0 {
            // Γ′ = Γ·ψ: Γ rises where its sign and ψ's agree.
            return monotonic(function, increasing: logarithm ? slope > 0 : slope * sign > 0, precision: precision)
        }
        // The minimum of ln|Γ| (of |Γ|) is inside: the tangent at the lower endpoint bounds it
        // below, the larger endpoint value above.
        let (a, b) = endpoints
        let width = b.combine(a, precision: working, mpfi_sub)
        let atLower = Interval.at(lower, precision: working, function)
        let atUpper = Interval.at(upper, precision: working, function)
        let slopeAtLower: Interval
        if logarithm {
            slopeAtLower = psiLower
        } else {
            // |Γ|′ = |Γ|·ψ.
            slopeAtLower = atLower.map(precision: working, mpfi_abs).combine(psiLower, precision: working, mpfi_mul)
        }
        let magnitudeAtLower = logarithm ? atLower : atLower.map(precision: working, mpfi_abs)
        let magnitudeAtUpper = logarithm ? atUpper : atUpper.map(precision: working, mpfi_abs)
        let floor = Interval.tangent(magnitudeAtLower, slopeAtLower, over: width, precision: working)
        return Interval.make(precision: precision) { result in
            let left = tally_mpfi_left(result)!
            let right = tally_mpfi_right(result)!
            _ = mpfr_set(left, floor.lower, MPFR_RNDD)
            if !logarithm && tally_mpfr_sgn(left) < 0 { mpfr_set_zero(left, 1) }
            _ = mpfr_max(right, magnitudeAtLower.upper, magnitudeAtUpper.upper, MPFR_RNDU)
            if !logarithm && sign < 0 {
                mpfr_swap(left, right)
                _ = mpfr_neg(left, left, MPFR_RNDD)
                _ = mpfr_neg(right, right, MPFR_RNDU)
            }
        }
    }

    /// ζ(x) for x ≠ 1: decreasing on (1, ∞) and on [−2, 1); below −2 by the functional
    /// equation ζ(x) = 2^x π^(x−1) sin(πx/2) Γ(1−x) ζ(1−x), in interval arithmetic.
    func zeta(precision: Int) -> Interval {
        guard isFinite else { return Interval.unknown(precision: precision) }
        if isPoint { return Interval.at(lower, precision: precision) { mpfr_zeta($0, $1, $2) } }
        if mpfr_cmp_ui(lower, 1) > 0 || (mpfr_cmp_si(lower, -2) >= 0 && mpfr_cmp_ui(upper, 1) < 0) {
            return monotonic({ mpfr_zeta($0, $1, $2) }, increasing: false, precision: precision)
        }
        guard mpfr_cmp_si(upper, -2) < 0 else { return Interval.unknown(precision: precision) }
        let working = precision + 32
        let one = Interval(Number(1), precision: working)
        let reflected = one.combine(self, precision: working, mpfi_sub)  // 1 − x > 3
        let power = map(precision: working, mpfi_exp2)
        let pi = Interval.pi(precision: working)
        let piPower = pi.map(precision: working, mpfi_log)
            .combine(combine(one, precision: working, mpfi_sub), precision: working, mpfi_mul)
            .map(precision: working, mpfi_exp)
        let sine = multiplied(by: Number(numerator: 1, denominator: 2), precision: working)
            .combine(pi, precision: working, mpfi_mul).map(precision: working, mpfi_sin)
        let factors = [
            piPower, sine, reflected.gamma(logarithm: false, precision: working), reflected.zeta(precision: working),
        ]
        return factors.reduce(power) { $0.combine($1, precision: precision, mpfi_mul) }
    }

    /// The Bessel function Jₙ (`second` false) or Yₙ (true, x > 0) of integer order. At a
    /// number, MPFR's value; on an interval, the value at the midpoint widened by the radius
    /// times a bound of the derivative: |Jₙ′| ≤ 1, and Yₙ′ = (Yₙ₋₁ − Yₙ₊₁)/2 where each
    /// |Y_k(x)| ≤ √(J_k(a)² + Y_k(a)²) for x ≥ a > 0 (Nicholson's formula makes J_k² + Y_k²
    /// decrease for x > 0).
    func bessel(order n: Int, second: Bool, precision: Int) -> Interval {
        guard isFinite, !second || tally_mpfr_sgn(lower) > 0 else { return Interval.unknown(precision: precision) }
        let function: RoundedFunction =
            second ? { mpfr_yn($0, n, $1, $2) } : { mpfr_jn($0, n, $1, $2) }
        if isPoint { return Interval.at(lower, precision: precision, function) }
        let working = precision + 16
        let (a, b) = endpoints
        let middle = a.combine(b, precision: working, mpfi_add).multiplied(
            by: Number(numerator: 1, denominator: 2), precision: working)
        // A number inside, exactly, and a radius that reaches both ends from it.
        let centre = Interval.make(precision: working) { _ = mpfi_set_fr($0, middle.lower) }
        let radius = b.combine(a, precision: working, mpfi_sub)
        var slope = Interval(Number(1), precision: working)
        if second {
            func envelope(_ k: Int) -> Interval {
                let j = Interval.at(lower, precision: working) { mpfr_jn($0, k, $1, $2) }
                let y = Interval.at(lower, precision: working) { mpfr_yn($0, k, $1, $2) }
                return j.map(precision: working, mpfi_sqr).combine(
                    y.map(precision: working, mpfi_sqr), precision: working, mpfi_add
                ).map(precision: working, mpfi_sqrt)
            }
            slope =
                n == 0
                ? envelope(1)
                : envelope(n - 1).combine(envelope(n + 1), precision: working, mpfi_add).multiplied(
                    by: Number(numerator: 1, denominator: 2), precision: working)
        }
        let value = Interval.at(centre.lower, precision: working, function)
        let reach = slope.combine(radius, precision: working, mpfi_mul)
        return Interval.make(precision: precision) { result in
            _ = mpfr_sub(tally_mpfi_left(result), value.lower, reach.upper, MPFR_RNDD)
            _ = mpfr_add(tally_mpfi_right(result), value.upper, reach.upper, MPFR_RNDU)
        }
    }
}
