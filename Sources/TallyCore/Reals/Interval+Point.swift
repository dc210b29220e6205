import CMPFI

/// A function of a single number or of a narrow interval through one MPFR evaluation, widened
/// by what MPFR documents about its accuracy, where MPFI's interval function takes two (one per
/// endpoint); and MPFR's cached constants.
extension Interval {
    /// One correctly rounded MPFR function of one number (`mpfr_sin`).
    typealias NumberFunction =
        @convention(c) (
            UnsafeMutablePointer<__mpfr_struct>?, UnsafePointer<__mpfr_struct>?, mpfr_rnd_t
        ) -> Int32

    /// One MPFR function of two numbers (`mpfr_atan2`).
    typealias NumberFunction2 =
        @convention(c) (
            UnsafeMutablePointer<__mpfr_struct>?, UnsafePointer<__mpfr_struct>?, UnsafePointer<__mpfr_struct>?,
            mpfr_rnd_t
        ) -> Int32

    /// Whether the interval is a single number (an exactly representable argument, such as 1).
    var isPoint: Bool {
        mpfr_equal_p(tally_mpfi_left(pointer), tally_mpfi_right(pointer)) != 0
    }

    /// The function of ``PointRule`` at this interval: of a single number, one MPFR evaluation;
    /// of a narrow interval, one evaluation at its midpoint widened by the radius times a bound
    /// on the slope (the mean value theorem); of a wide one, MPFI's endpoint by endpoint.
    func applying(_ rule: PointRule, precision: Int) -> Interval {
        if isPoint { return mapPoint(precision: precision, rule.number, accuracy: rule.accuracy) }
        return aroundMidpoint(rule, precision: precision) ?? map(precision: precision, rule.interval)
    }

    /// `function` of the single number this interval holds, within what `accuracy` allows.
    func mapPoint(precision: Int, _ function: NumberFunction, accuracy: PointAccuracy) -> Interval {
        Interval.make(precision: precision) { result in
            let left = tally_mpfi_left(result)!
            let ternary = withExtendedLifetime(self) {
                Interval.rounded(into: left, job: Interval.mapJob(function, tally_mpfi_left(pointer))) {
                    function(left, tally_mpfi_left(pointer), MPFR_RNDN)
                }
            }
            Interval.enclose(result, ternary: ternary, accuracy: accuracy)
        }
    }

    /// `function` of two single numbers, which must be correctly rounded (`mpfr_atan2`,
    /// `mpfr_pow`); nil when
    /// either interval is not one, or the precision is one a child process should compute at
    /// (``Offload`` forks one-argument functions only).
    func mapPoint(_ other: Interval, precision: Int, _ function: NumberFunction2) -> Interval? {
        guard isPoint, other.isPoint, precision <= Offload.realPrecisionBits else { return nil }
        return Interval.make(precision: precision) { result in
            let ternary = withExtendedLifetime((self, other)) {
                function(tally_mpfi_left(result), tally_mpfi_left(pointer), tally_mpfi_left(other.pointer), MPFR_RNDN)
            }
            Interval.enclose(result, ternary: ternary, accuracy: .correctlyRounded)
        }
    }

    /// A constant, or the logarithm of a machine word, from MPFR (``tally_value_kind``): one
    /// correctly rounded value. MPFR keeps its constants per precision, so π asked again at the
    /// same precision or below costs a rounding.
    static func value(_ kind: tally_value_kind, word: UInt = 0, precision: Int) -> Interval {
        Interval.make(precision: precision) { result in
            let left = tally_mpfi_left(result)!
            var job = tally_job()
            job.kind = Int32(TALLY_JOB_MPFR_VALUE.rawValue)
            job.v = UInt(kind.rawValue)
            job.u = word
            let ternary = rounded(into: left, job: job) { tally_mpfr_value(left, Int32(kind.rawValue), word) }
            enclose(result, ternary: ternary, accuracy: .correctlyRounded)
        }
    }

    static func pi(precision: Int) -> Interval { value(TALLY_VALUE_PI, precision: precision) }

    /// Euler's constant γ = 0.5772….
    static func euler(precision: Int) -> Interval { value(TALLY_VALUE_EULER, precision: precision) }

    /// e^x: of a narrow interval around x, by one exponential of its midpoint (as ball
    /// arithmetic does), where MPFI's exp takes one exponential per endpoint.
    func exponential(precision: Int) -> Interval {
        applying(RealFunction.exp.pointRule!, precision: precision)
    }

    // MARK: Enclosures

    /// Makes `result`, whose left endpoint holds a value rounded to nearest with `ternary`, an
    /// interval that holds the true value.
    private static func enclose(
        _ result: UnsafeMutablePointer<__mpfi_struct>, ternary: Int32, accuracy: PointAccuracy
    ) {
        let left = tally_mpfi_left(result)!
        let right = tally_mpfi_right(result)!
        _ = mpfr_set4(right, left, MPFR_RNDN, tally_mpfr_sgn(left) < 0 ? -1 : 1)
        switch accuracy {
        case .correctlyRounded:
            // Within half an ulp, on the side the ternary value names: a result rounded up
            // (ternary > 0) has the true value between it and the number below it.
            if ternary > 0 { mpfr_nextbelow(left) }
            if ternary < 0 { mpfr_nextabove(right) }
        case .withinUnits(let units):
            guard tally_mpfr_zero_p(left) == 0, tally_mpfr_nan_p(left) == 0, tally_mpfr_inf_p(left) == 0 else {
                // No unit to widen by: say nothing about the value (its decisions go on).
                mpfr_set_inf(left, -1)
                mpfr_set_inf(right, 1)
                return
            }
            // Units of the true value's last place, which may be twice the result's (just
            // across a power of two): 2·units of the result's, outward.
            let unit = Scratch(bits: 64)
            defer { unit.release() }
            let exponent = tally_mpfr_get_exp(left) - Int(mpfr_get_prec(left))
            _ = mpfr_set_ui_2exp(unit.pointer, UInt(2 * units), exponent, MPFR_RNDU)
            _ = mpfr_sub(left, left, unit.pointer, MPFR_RNDD)
            _ = mpfr_add(right, right, unit.pointer, MPFR_RNDU)
        }
    }

    /// The function of a narrow interval by one evaluation at its midpoint m: for x inside,
    /// |f(x) − f(m)| ≤ radius · sup|f′| over the interval. Nil for an interval that is not
    /// finite, wider than 2^-32 of its magnitude (MPFI's endpoints give a tighter answer), or on
    /// which the slope's bound is not finite (a pole or the edge of the domain inside).
    private func aroundMidpoint(_ rule: PointRule, precision: Int) -> Interval? {
        guard isFinite, let width = widthExponent, magnitudeExponent != Int.min,
            width < magnitudeExponent - 32
        else { return nil }
        let slope = Scratch(bits: 64)
        defer { slope.release() }
        switch rule.slope {
        case .atMostOne:
            _ = mpfr_set_ui_2exp(slope.pointer, 1, 0, MPFR_RNDU)
        case .bound(let derivative):
            let bound = derivative(map(precision: 64, mpfi_set))
            guard bound.isFinite else { return nil }
            // The largest magnitude inside, rounded up.
            _ = mpfi_mag(slope.pointer, bound.pointer)
        }
        let middle = Scratch(bits: Swift.max(precision, self.precision) + 2)
        let radius = Scratch(bits: 64)
        let other = Scratch(bits: 64)
        defer { [middle, radius, other].forEach { $0.release() } }
        // mid ≈ (left + right)/2, and a radius that reaches both ends from it, each rounded up.
        _ = mpfr_add(middle.pointer, tally_mpfi_left(pointer), tally_mpfi_right(pointer), MPFR_RNDN)
        _ = mpfr_div_2ui(middle.pointer, middle.pointer, 1, MPFR_RNDN)
        _ = mpfr_sub(radius.pointer, tally_mpfi_right(pointer), middle.pointer, MPFR_RNDU)
        _ = mpfr_sub(other.pointer, middle.pointer, tally_mpfi_left(pointer), MPFR_RNDU)
        _ = mpfr_max(radius.pointer, radius.pointer, other.pointer, MPFR_RNDU)
        _ = mpfr_mul(radius.pointer, radius.pointer, slope.pointer, MPFR_RNDU)
        let function = rule.number
        return Interval.make(precision: precision) { result in
            let left = tally_mpfi_left(result)!
            let ternary = Interval.rounded(into: left, job: Interval.mapJob(function, middle.pointer)) {
                function(left, middle.pointer, MPFR_RNDN)
            }
            Interval.enclose(result, ternary: ternary, accuracy: rule.accuracy)
            _ = mpfr_sub(left, left, radius.pointer, MPFR_RNDD)
            _ = mpfr_add(tally_mpfi_right(result), tally_mpfi_right(result), radius.pointer, MPFR_RNDU)
        }
    }

    // MARK: One MPFR call, in a child process when long

    /// The job that computes `function` of `argument` in a child (``Offload``).
    private static func mapJob(_ function: NumberFunction, _ argument: UnsafePointer<__mpfr_struct>) -> tally_job {
        var job = tally_job()
        job.kind = Int32(TALLY_JOB_MPFR_MAP.rawValue)
        job.number_function = function
        job.number = argument
        return job
    }

    /// A value rounded to nearest into `result`: by `job` in a child process when the
    /// precision is high (``Offload``), by `inProcess` otherwise; the ternary value.
    private static func rounded(
        into result: UnsafeMutablePointer<__mpfr_struct>, job: tally_job, inProcess: () -> Int32
    ) -> Int32 {
        let precision = Int(mpfr_get_prec(result))
        if precision > Offload.realPrecisionBits {
            var job = job
            job.precision = mpfr_prec_t(precision)
            let outcome = Offload.run(job) { pipe -> Int32? in
                guard let ternary = pipe.words(1)?[0], pipe.real(into: result) else { return nil }
                return Int32(clamping: ternary)
            }
            switch outcome {
            case .finished(let ternary): return ternary
            case .interrupted:
                mpfr_set_zero(result, 1)
                return 0
            case .unavailable: break
            }
        }
        return inProcess()
    }
}

/// One MPFR number of a given precision, for the steps of a computation; released by its user.
private struct Scratch {
    let pointer: UnsafeMutablePointer<__mpfr_struct>

    init(bits: Int) {
        pointer = .allocate(capacity: 1)
        mpfr_init2(pointer, mpfr_prec_t(bits))
    }

    func release() {
        mpfr_clear(pointer)
        pointer.deallocate()
    }
}
