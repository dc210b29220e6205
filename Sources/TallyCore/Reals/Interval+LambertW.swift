import CMPFI
import Glibc

/// The principal branch W₀ of the Lambert W function, which neither MPFR nor MPFI has: W(x) is
/// the w ≥ −1 with w·eʷ = x, for x ≥ −1/e. Newton's method finds a w in floating point; the
/// bound is then proven, not trusted: w·eʷ increases for w ≥ −1, so a w with w·eʷ ≤ x (computed
/// in interval arithmetic) is below W(x), and one with w·eʷ ≥ x above it.
extension Interval {
    /// W₀ of every value inside, x ≥ −1/e (the caller checks the domain): increasing, so the
    /// bounds are a proven lower bound at the lower endpoint and an upper one at the upper.
    func lambertW(precision: Int) -> Interval {
        guard isFinite else { return Interval.unknown(precision: precision) }
        let working = precision + 24
        guard let low = Interval.lambertBound(at: lower, below: true, precision: working),
            let high = Interval.lambertBound(at: upper, below: false, precision: working)
        else { return Interval.unknown(precision: precision) }
        return Interval.make(precision: precision) { result in
            _ = mpfr_set(tally_mpfi_left(result), low.lower, MPFR_RNDD)
            _ = mpfr_set(tally_mpfi_right(result), high.upper, MPFR_RNDU)
        }
    }

    /// A proven bound of W₀(x) from below (`below`) or above, as a single-number interval; nil
    /// when x < −1/e or the proof failed.
    private static func lambertBound(at x: UnsafePointer<__mpfr_struct>, below: Bool, precision: Int) -> Interval? {
        if tally_mpfr_zero_p(x) != 0 { return Interval(Number(0), precision: precision) }
        // −1/e, enclosed: below it there is no W; within its rounding, −1 bounds W from below.
        let branch = Interval(Number(-1), precision: precision).exponential(precision: precision)
            .map(precision: precision, mpfi_neg)
        if mpfr_cmp(x, branch.lower) < 0 { return nil }
        if below && mpfr_cmp(x, branch.upper) <= 0 { return Interval(Number(-1), precision: precision) }
        let w = newton(at: x, precision: precision)
        let exponent = tally_mpfr_zero_p(w.lower) != 0 ? -precision : tally_mpfr_get_exp(w.lower)
        var shift = exponent - precision + 4
        for _ in 0..<6 {
            let candidate = Interval.make(precision: precision) { result in
                let left = tally_mpfi_left(result)!
                _ = mpfr_set(left, w.lower, MPFR_RNDN)
                let step = Interval(Number(1), precision: 64)
                _ = mpfr_mul_2si(tally_mpfi_left(step.pointer), step.lower, shift, MPFR_RNDN)
                _ = (below ? mpfr_sub : mpfr_add)(left, left, step.lower, below ? MPFR_RNDD : MPFR_RNDU)
                if below && mpfr_cmp_si(left, -1) < 0 { _ = mpfr_set_si(left, -1, MPFR_RNDN) }
                _ = mpfr_set(tally_mpfi_right(result), left, MPFR_RNDN)
            }
            // w·eʷ, enclosed.
            let product = candidate.combine(
                candidate.exponential(precision: precision), precision: precision, mpfi_mul)
            if below ? mpfr_cmp(product.upper, x) <= 0 : mpfr_cmp(product.lower, x) >= 0 { return candidate }
            if below && mpfr_cmp_si(candidate.lower, -1) == 0 { return candidate }
            shift += 8
        }
        return nil
    }

    /// An approximation of W₀(x) at `precision` bits, as a single number (not a proof).
    private static func newton(at x: UnsafePointer<__mpfr_struct>, precision: Int) -> Interval {
        var guess = mpfr_get_d(x, MPFR_RNDN)
        if guess.isInfinite {
            // Beyond doubles: W(x) ≈ L₁ − L₂ + L₂/L₁ with L₁ = ln x, L₂ = ln L₁.
            let logarithm = Interval.point(x).map(precision: 64, mpfi_log)
            let l1 = mpfr_get_d(logarithm.lower, MPFR_RNDN)
            guess = l1 - Glibc.log(l1) + Glibc.log(l1) / l1
        } else if guess != 0 {
            if guess < -0.32 {
                guess = -1 + (2 * (1 + M_E * guess)).squareRoot().nanToZero
            } else if guess < 3 {
                guess = Glibc.log1p(guess)
            } else {
                let l1 = Glibc.log(guess)
                guess = l1 - Glibc.log(l1) + Glibc.log(l1) / l1
            }
            // Halley's iteration in doubles for a start of some 50 bits.
            for _ in 0..<8 {
                let ew = Glibc.exp(guess)
                let f = guess * ew - mpfr_get_d(x, MPFR_RNDN)
                let denominator = ew * (guess + 1) - (guess + 2) * f / (2 * guess + 2)
                guard denominator.isFinite, denominator != 0 else { break }
                guess -= f / denominator
            }
        }
        var w = Interval.make(precision: precision) { result in
            if guess == 0 || !guess.isFinite {
                _ = mpfr_set(tally_mpfi_left(result), x, MPFR_RNDN)
            } else {
                _ = mpfr_set_d(tally_mpfi_left(result), guess, MPFR_RNDN)
            }
            _ = mpfr_set(tally_mpfi_right(result), tally_mpfi_left(result), MPFR_RNDN)
        }
        // Newton's steps at doubling precision, w ← w − (w·eʷ − x)/(eʷ·(w + 1)), then a few more.
        var bits = 48
        var extra = 4
        while extra > 0 {
            bits = Swift.min(precision, bits * 2)
            if bits == precision { extra -= 1 }
            w = Interval.make(precision: bits) { result in
                let next = tally_mpfi_left(result)!
                _ = mpfr_set(next, w.lower, MPFR_RNDN)
                let e = Interval.make(precision: bits) { _ = mpfr_exp(tally_mpfi_left($0), next, MPFR_RNDN) }
                let ew = tally_mpfi_left(e.pointer)!
                let numerator = tally_mpfi_right(e.pointer)!
                _ = mpfr_mul(numerator, next, ew, MPFR_RNDN)
                _ = mpfr_sub(numerator, numerator, x, MPFR_RNDN)
                _ = mpfr_add_ui(tally_mpfi_right(result), next, 1, MPFR_RNDN)
                _ = mpfr_mul(ew, ew, tally_mpfi_right(result), MPFR_RNDN)
                if tally_mpfr_zero_p(ew) == 0 {
                    _ = mpfr_div(numerator, numerator, ew, MPFR_RNDN)
                    _ = mpfr_sub(next, next, numerator, MPFR_RNDN)
                }
                _ = mpfr_set(tally_mpfi_right(result), next, MPFR_RNDN)
            }
        }
        return w
    }
}

extension Double {
    /// Zero for NaN (a square root of a rounding below zero).
    fileprivate var nanToZero: Double { isNaN ? 0 : self }
}
