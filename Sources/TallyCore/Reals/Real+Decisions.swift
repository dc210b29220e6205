import TallyDiagnostics

/// Questions about a real that evaluation must decide — its sign, its floor, its digits — and
/// the loop that decides them: evaluate to an interval, and if the interval does not settle the
/// question, evaluate again at twice the precision (Ziv's strategy), until it does or the
/// budget runs out. Running out is an answer too ("cannot decide"), never a guess.
extension Real {
    /// How far a decision may look: a value within 10^-`digits` of the boundary it is compared
    /// with (zero for a sign, an integer for a floor) cannot be told from it.
    struct Budget: Sendable {
        var digits: Int

        /// Bits beyond a value's magnitude that `digits` decimal digits take.
        var bits: Int { Budget.bits(forDigits: digits) }

        /// Binary precision that carries `digits` decimal digits, with a margin.
        static func bits(forDigits digits: Int) -> Int { digits * 3322 / 1000 + 64 }
    }

    /// One step of a decision: the answer, or more precision, or give up now.
    enum Step<Answer> {
        case decided(Answer)
        case needsPrecision
        case undecidable
    }

    /// Evaluates at `startingBits` and doubles the precision until `step` decides or the
    /// precision passes `limitBits`; nil when it could not decide. Each evaluation is charged to
    /// the line's work budget before it starts; Ctrl-C or the budget stops it (nil).
    func refine<Answer>(startingBits: Int, limitBits: Int, _ step: (Interval) -> Step<Answer>) -> Answer? {
        Interval.prepareExponentRange()
        var precision = Swift.max(startingBits, 64)
        while true {
            if !LineWork.charge(evaluationCost(precision: precision)) { return nil }
            switch step(interval(precision: precision)) {
            case .decided(let answer): return answer
            case .undecidable: return nil
            case .needsPrecision: break
            }
            if precision >= limitBits || LineWork.mustStop { return nil }
            precision = Swift.min(precision * 2, Swift.max(limitBits, startingBits))
        }
    }

    /// What evaluating the value at `precision` bits costs in work steps: nothing when it has
    /// been evaluated so far already.
    func evaluationCost(precision: Int) -> Double {
        if let cached = cache.withLock({ $0?.precision }), cached >= precision { return 0 }
        return weight * WorkCost.multiplication(digits: Double(precision) * 0.30103) + reductionCost
    }

    /// The most precision a decision about this value may use: its magnitude plus the budget,
    /// twice over for cancellation. The magnitude counts up to four budgets (about 4,000
    /// digits): deciding the floor of a number of ten thousand digits, or the sign of the
    /// difference of two such numbers, is refused rather than computed for minutes.
    func limitBits(for budget: Budget, largestMagnitudeBits: Int? = nil) -> Int {
        Interval.prepareExponentRange()
        let magnitude = interval(precision: 64).magnitudeExponent
        let largest = largestMagnitudeBits ?? 4 * budget.bits
        let magnitudeBits = magnitude == Int.min ? 0 : Swift.min(Swift.abs(magnitude), largest)
        return 2 * (budget.bits + magnitudeBits) + 256
    }

    /// Whether an interval is so narrow around the boundary it straddles that the budget cannot
    /// tell the value from it.
    private func isWithinBudget(_ interval: Interval, _ budget: Budget) -> Bool {
        guard let width = interval.widthExponent else { return true }
        return width < -budget.bits
    }

    /// -1, 1 (the value is never known to be zero: an exact zero is a rational, not a real), or
    /// nil when the value is within the budget of zero.
    func sign(within budget: Budget) -> Int? {
        if let known = knownSign { return known }
        return refine(startingBits: 64, limitBits: limitBits(for: budget)) { interval in
            if let sign = interval.sign { return .decided(sign) }
            if interval.isFinite && isWithinBudget(interval, budget) { return .undecidable }
            return .needsPrecision
        }
    }

    /// How `self` compares with the exact `number`: -1, 1, or nil within the budget.
    func compare(with number: Number, within budget: Budget) -> Int? {
        (self - Real(number)).sign(within: budget)
    }

    /// The largest integer not above the value, or nil when the value is within the budget of
    /// an integer. `largestDigits` is the most digits the integer may have (its size was
    /// checked against `maxdigits`): the precision may cover that many.
    func floor(within budget: Budget, largestDigits: Int? = nil) -> BigInteger? {
        let limit = limitBits(for: budget, largestMagnitudeBits: largestDigits.map(Budget.bits(forDigits:)))
        return refine(startingBits: integerDigitBits(limit: limit), limitBits: limit) { interval in
            guard interval.isFinite else { return .needsPrecision }
            let (lower, upper) = interval.floors
            if lower == upper { return .decided(lower) }
            return isWithinBudget(interval, budget) ? .undecidable : .needsPrecision
        }
    }

    /// The precision that carries the value's integer part (at most `limit`): where a floor's
    /// decision starts, so that one too costly for the work budget (a floor of a million
    /// digits of `sin(1) * 10^999998`) is refused before any work, not after the doublings
    /// below it.
    private func integerDigitBits(limit: Int) -> Int {
        let magnitude = interval(precision: 64).magnitudeExponent
        guard magnitude > 64 else { return 64 }
        return Swift.min(magnitude + 64, limit)
    }

    /// The integer nearest the value (every interval endpoint's floor agrees), used to name the
    /// boundary a decision could not separate the value from.
    func nearestInteger() -> BigInteger {
        Interval.prepareExponentRange()
        // At the precision the decision reached, so that a long integer part comes out whole.
        let precision = Swift.max(256, (cache.withLock { $0?.precision } ?? 0) + 64)
        let (_, upper) = (self + Real(Number(numerator: 1, denominator: 2))).interval(precision: precision).floors
        return upper
    }

    /// The binary exponent of the width of the most precise interval computed for the value so
    /// far (width < 2^exponent); nil when none was, or it was a single point.
    var computedWidthExponent: Int? {
        cache.withLock { $0?.widthExponent }
    }

    /// Whether the value is an integer, decided: false when the interval holds none; nil when
    /// it holds one and the budget cannot separate the value from it.
    func isInteger(within budget: Budget) -> Bool? {
        if combination != nil { return false }  // an exact irrational is never an integer
        let limit = limitBits(for: budget)
        let answer: Bool? = refine(startingBits: integerDigitBits(limit: limit), limitBits: limit) { interval in
            guard interval.isFinite else { return .needsPrecision }
            let (lower, upper) = interval.floors
            // No integer inside when both endpoints share a floor and the lower one is not it.
            if lower == upper, interval.compare(with: Number(lower)) == 1 { return .decided(false) }
            return isWithinBudget(interval, budget) ? .undecidable : .needsPrecision
        }
        return answer
    }
}

extension Real {
    /// Whether the value is within the range of floating-point numbers (an exponential of a huge
    /// number is not). An infinite bound at a low precision may only be a pole the interval
    /// could not yet exclude (`tan(10^51)` needs 170 bits to place its argument), so the
    /// precision rises within the budget before the value is called too large.
    func isRepresentable(within budget: Budget) -> Bool {
        let answer: Bool? = refine(startingBits: 64, limitBits: 2 * budget.bits) { interval in
            interval.isInfinite ? .needsPrecision : .decided(true)
        }
        return answer ?? false
    }
}
