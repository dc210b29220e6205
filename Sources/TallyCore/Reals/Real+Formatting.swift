import TallyDiagnostics

/// Showing a real: its value rounded to the significant digits asked for, ties away from zero,
/// with every digit shown correct.
extension Real {
    /// The value to `significantDigits` digits, laid out as ``Number`` lays out rounded values.
    ///
    /// The lower and upper ends of an interval around the value are written as decimals rounded
    /// outward; when both round to the same `significantDigits` digits, so does every number
    /// between them, the value included. Otherwise the precision doubles. A value the budget
    /// cannot tell from zero shows as `0`; one whose digits the budget cannot settle (a true
    /// value exactly halfway between two roundings, say) shows the digits the bounds settle.
    func formatted(significantDigits: Int, within budget: Budget) -> FormattedNumber {
        if let last = shownDigits.withLock({ $0 }), last.significantDigits == significantDigits,
            last.budgetDigits == budget.digits
        {
            return last.shown
        }
        let startingBits = Budget.bits(forDigits: significantDigits)
        // Room for cancellation as for a decision (10^5000 + sin(1) - 10^5000), and for the digits.
        let limit = Swift.max(4 * startingBits + 2 * budget.bits + 256, limitBits(for: budget))
        var lastBounds: (lower: DecimalSignificand, upper: DecimalSignificand)?
        let shown: DecimalSignificand? = refine(startingBits: startingBits, limitBits: limit) { interval in
            guard interval.isFinite else { return .needsPrecision }
            guard interval.sign != nil else {
                if let width = interval.widthExponent, width >= -budget.bits { return .needsPrecision }
                return .decided(DecimalSignificand(isNegative: false, digits: [], exponent: 0))
            }
            // As many decimals as the precision carries: the rounded-outward bounds then tighten
            // as the precision grows, even next to a rounding boundary.
            let count = Swift.max(significantDigits + 2, interval.precision * 301 / 1000 + 2)
            let (lower, upper) = interval.decimalBounds(count: count)
            let roundedLower = lower.rounded(toSignificantDigits: significantDigits)
            if roundedLower == upper.rounded(toSignificantDigits: significantDigits) {
                return .decided(roundedLower)
            }
            lastBounds = (lower, upper)
            return .needsPrecision
        }
        if let shown {
            let layout = Number.layout(shown, significantDigits: significantDigits)
            shownDigits.withLock { $0 = (significantDigits, budget.digits, layout) }
            return layout
        }
        // The budget ran out next to a rounding boundary (the value is within 1e-1000 of a tie,
        // or exactly on one): a digit or two more settle a tie (2.5 at one digit shows as 2.5);
        // failing that, the most digits the bounds agree on below the number asked for.
        if let (lower, upper) = lastBounds, lower.isNegative == upper.isNegative {
            let shared =
                lower.exponent == upper.exponent ? zip(lower.digits, upper.digits).prefix { $0 == $1 }.count : 0
            let fewer = [shared, shared - 1, shared - 2].filter { $0 >= 1 && $0 < significantDigits }
            for count in [significantDigits + 1, significantDigits + 2, significantDigits + 3] + fewer {
                let candidate = lower.rounded(toSignificantDigits: count)
                if candidate == upper.rounded(toSignificantDigits: count) {
                    return Number.layout(candidate, significantDigits: Swift.max(count, significantDigits))
                }
            }
        }
        // Nothing settled: Ctrl-C stopped the loop (the caller shows nothing then), or bounds
        // around zero stayed wider than the budget. Not a digit is certain: say so.
        return FormattedNumber(text: "?", isRounded: true)
    }
}

extension DecimalSignificand {
    /// Rounded to `count` significant digits, ties away from zero, trailing zeros dropped.
    func rounded(toSignificantDigits count: Int) -> DecimalSignificand {
        guard digits.count > count else { return trimmed }
        var kept = Array(digits[..<count])
        var exponent = self.exponent
        if digits[count] >= 5 {
            // Away from zero: add one in the last kept place, carrying.
            var index = count - 1
            while index >= 0 && kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 {
                kept[index] += 1
            } else {
                kept.insert(1, at: 0)
                kept.removeLast()
                exponent += 1
            }
        }
        return DecimalSignificand(isNegative: isNegative, digits: kept, exponent: exponent).trimmed
    }

    /// Without trailing zeros (zero itself has no digits).
    private var trimmed: DecimalSignificand {
        var kept = digits
        while let last = kept.last, last == 0 { kept.removeLast() }
        if kept.isEmpty { return DecimalSignificand(isNegative: false, digits: [], exponent: 0) }
        return DecimalSignificand(isNegative: isNegative, digits: kept, exponent: exponent)
    }
}
