/// Showing a real: its value rounded to the significant digits asked for, ties away from zero,
/// with every digit shown correct.
extension Real {
    /// The value to `significantDigits` digits, laid out as ``Number`` lays out rounded values.
    ///
    /// The lower and upper ends of an interval around the value are written as decimals rounded
    /// outward; when both round to the same `significantDigits` digits, so does every number
    /// between them, the value included. Otherwise the precision doubles. A value the budget
    /// cannot tell from zero shows as `0`; one whose digits the budget cannot settle (a true
    /// value exactly halfway between two roundings, say) shows the digits that are settled.
    func formatted(significantDigits: Int, within budget: Budget) -> FormattedNumber {
        let startingBits = significantDigits * 3322 / 1000 + 64
        let limit = 4 * startingBits + 2 * budget.bits + 256
        var settled: (DecimalSignificand, Int)?
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
            // Keep the longest prefix settled so far, for when the budget runs out: the digits
            // the two ends share, less one or two for a carry.
            if lower.exponent == upper.exponent, lower.isNegative == upper.isNegative {
                let shared = zip(lower.digits, upper.digits).prefix { $0 == $1 }.count
                for count in stride(from: Swift.min(shared, significantDigits - 1), through: Swift.max(shared - 2, 1), by: -1) {
                    let candidate = lower.rounded(toSignificantDigits: count)
                    if candidate == upper.rounded(toSignificantDigits: count) {
                        if count > (settled?.1 ?? 0) { settled = (candidate, count) }
                        break
                    }
                }
            }
            return .needsPrecision
        }
        let decimal = shown ?? settled?.0 ?? DecimalSignificand(isNegative: false, digits: [], exponent: 0)
        return Number.layout(decimal, significantDigits: significantDigits)
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
