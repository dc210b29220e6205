import TallyDiagnostics

/// The decisions and checks that operators and built-in functions share for real values.
extension EvaluationSettings {
    /// The operand as an exact integer, decided from its bounds when it is a real: an error
    /// that names `purpose` when it is not one, or when the budget cannot tell.
    func integer(_ value: Value, at span: SourceSpan, purpose: @autoclosure () -> String) throws(Diagnostic) -> Number {
        switch value.kind {
        case .number(let number):
            guard number.isInteger else {
                throw Diagnostic.notAnInteger(purpose(), got: briefly(value), at: span)
            }
            return number
        case .real(let real):
            // Sized before any decision: deciding builds the integers the bounds hold, and
            // `sinh(10^14)` would have 43 trillion digits.
            try checkIntegerSize(of: real, scaledBy: 0, at: span)
            if real.isInteger(within: budget) == false {
                throw Diagnostic.notAnInteger(purpose(), got: briefly(value), at: span)
            }
            throw Diagnostic.undecidableInteger(
                purpose(), shown: briefly(value), nearness: nearness(of: real), at: span)
        case .quantity(let quantity):
            throw Diagnostic.expectedPlainNumber(quantity, at: span, purpose: purpose())
        case .truth:
            throw Diagnostic.expectedNumber(at: span)
        case .calendar(let calendar):
            throw Value.expectedNumber(at: span, found: calendar)
        }
    }

    /// A real result as a value, after the checks every real result passes: not so deep that
    /// evaluating it would recurse too far, and not beyond the largest floating-point numbers.
    func checked(_ value: Value, at span: SourceSpan) throws(Diagnostic) -> Value {
        guard case .real(let real) = value.kind else {
            // Exact arithmetic on reals can come out rational (√2·10^k times itself): such a
            // result is held to `maxdigits` as any exact one is.
            if let number = value.number { try checkSize(Double(number.decimalSize), at: span) }
            return value
        }
        if real.depth > Real.largestDepth {
            throw Diagnostic.formulaTooDeep(at: span)
        }
        if let combination = real.combination {
            // An exact combination's coefficients are exact rationals: `maxdigits` holds them.
            try checkSize(Double(combination.largestCoefficientSize), at: span)
        }
        if !real.isRepresentable(within: budget) {
            throw Diagnostic.notRepresentable(at: span)
        }
        return value
    }

    /// Where an undecided value lies, as its bounds show it: "within 1e-1000 of 1234…5678 (901
    /// digits)" when the bounds narrowed to the budget, or, when the decision ran out of
    /// precision first (a value of thousands of digits), the wider distance the bounds prove.
    func nearness(of real: Real) -> String {
        let nearest = real.nearestInteger().abbreviatedDescription
        let distance = distanceText(.real(real))
        return "within \(distance) of \(nearest)" + (distance == budgetText ? "" : " (its bounds are no closer)")
    }

    /// "1e-1000": how close to a boundary a decision gives up.
    var budgetText: String { "1e-\(budget.digits)" }

    /// How close the bounds of `value` put it to the boundary a decision could not separate it
    /// from: the budget (`1e-1000`) when they narrowed that far, else only as close as they got
    /// (`1e9730`, when the precision a decision may use ran out first), so that a message never
    /// claims more than the bounds show.
    func distanceText(_ value: Value) -> String {
        switch value.kind {
        case .real(let real):
            if let width = real.computedWidthExponent, width >= -budget.bits {
                // |x - boundary| is at most the width when the bounds straddle the boundary.
                return "1e\(Int((Double(width) * 0.30103).rounded(.up)))"
            }
            return budgetText
        case .quantity(let quantity): return distanceText(quantity.magnitude)
        case .number, .truth, .calendar: return budgetText
        }
    }

    /// The sign of `value` (-1, 0 or 1), decided from its bounds when it is a real; an error
    /// about `question` when the budget cannot tell it from zero.
    func sign(of value: Value, at span: SourceSpan, question: String) throws(Diagnostic) -> Int {
        guard let sign = value.kind.sign(within: budget) else {
            throw Diagnostic.undecidable(question, itIsWithin: distanceText(value), at: span)
        }
        return sign
    }

    /// How `value` compares with `number` (-1, 0 or 1), decided from its bounds when it is a
    /// real; an error about `question` when the budget cannot tell them apart.
    func compare(_ value: Value, with number: Number, at span: SourceSpan, question: String) throws(Diagnostic)
        -> Int
    {
        switch value.kind {
        case .number(let exact):
            return Number.compare(exact, number)
        case .real(let real):
            guard let order = real.compare(with: number, within: budget) else {
                throw Diagnostic.undecidable(
                    question, itIsWithin: distanceText(value), of: briefly(.number(number)), at: span)
            }
            return order
        case .quantity(let quantity):
            throw Diagnostic.expectedPlainNumber(quantity, at: span)
        case .truth:
            throw Diagnostic.expectedNumber(at: span)
        case .calendar(let calendar):
            throw Value.expectedNumber(at: span, found: calendar)
        }
    }

    /// Fails when the integer nearest `real × 10^places` would have more than `maxdigits`
    /// digits: checked from a rough interval before any decision computes it.
    func checkIntegerSize(of real: Real, scaledBy places: Int, at span: SourceSpan) throws(Diagnostic) {
        Interval.prepareExponentRange()
        // From the bound's decimal logarithm, not its binary exponent: a count one too high
        // would refuse `floor(sin(1) * 10^999999)`, which has 999,999 digits.
        guard let digits = real.interval(precision: 64).integerDigitCount(scaledBy: places) else { return }
        if digits > maxDigits {
            throw sizeError(counted: grouped(digits), at: span)
        }
        try chargeWork(Double(Swift.max(1, digits)), at: span)
    }
}

extension EvaluationSettings {
    /// `x` rounded to the nearest multiple of 10^-places, ties away from zero, decided from its
    /// bounds: `round(x, places)` and `to N places` of an approximate value.
    func rounded(_ x: Real, toPlaces places: Int, at span: SourceSpan) throws(Diagnostic) -> Number {
        try checkIntegerSize(of: x, scaledBy: places, at: span)
        // Ties away from zero: the floor of |x|·10^places + 1/2, with x's sign. A value
        // too close to zero for its sign to be known rounds to zero.
        guard let sign = x.sign(within: budget), places < budget.digits else {
            if places < budget.digits { return Number(0) }
            throw Diagnostic.undecidable("round", the: "value", is: "within \(distanceText(.real(x))) of 0", at: span)
        }
        let scale = Number(BigInteger.power(10, UInt(places.magnitude)))
        let scaled = (sign < 0 ? -x : x) * Real(places >= 0 ? scale : scale.reciprocal)
        let shifted = scaled + Real(Number(numerator: 1, denominator: 2))
        guard let floor = shifted.floor(within: budget, largestDigits: maxDigits) else {
            throw Diagnostic.undecidable(
                "round", the: "value", is: "within \(distanceText(.real(shifted))) of a halfway point", at: span)
        }
        let magnitude = Number(floor) * (places >= 0 ? scale.reciprocal : scale)
        return sign < 0 ? -magnitude : magnitude
    }
}
