import TallyDiagnostics

/// The full decimal expansion of a rational: `1/12` is `0.08(3)`, the repeating part in
/// parentheses — what `to exact` prints and what a literal with a repeating part reads back.
public struct DecimalExpansion: Sendable, Equatable {
    public var isNegative: Bool
    /// The digits before the point, without leading zeros ("0" for none).
    public var integerDigits: String
    /// The digits after the point that do not repeat.
    public var fractionDigits: String
    /// The digits that repeat forever after them; empty for a terminating decimal.
    public var repeatingDigits: String

    /// `-0.08(3)`.
    public var text: String {
        var text = isNegative ? "-" : ""
        text += integerDigits
        if !fractionDigits.isEmpty || !repeatingDigits.isEmpty { text += "." + fractionDigits }
        if !repeatingDigits.isEmpty { text += "(" + repeatingDigits + ")" }
        return text
    }

    /// Scientific notation with one digit before the point, the repeating part marked:
    /// `123.4(56)` is `1.234(56)e2`, `0.0(12)` is `1.(21)e-2`, `1500` is `1.5e3`.
    public var scientific: String {
        let sign = isNegative ? "-" : ""
        let integer = integerDigits == "0" ? "" : integerDigits
        let fixed = Array((integer + fractionDigits).utf8)
        let repeating = Array(repeatingDigits.utf8)
        if let first = fixed.firstIndex(where: { $0 != UInt8(ascii: "0") }) {
            let exponent = integer.utf8.count - 1 - first
            var rest = Array(fixed[(first + 1)...])
            var period = repeating
            if period.isEmpty {
                while rest.last == UInt8(ascii: "0") { rest.removeLast() }
            }
            // Moving the point may leave digits before the repeating part that belong to it:
            // 4697.(5628…4777) becomes 4.69(75628…477)e3, the shortest form.
            while let last = rest.last, last == period.last {
                rest.removeLast()
                period.removeLast()
                period.insert(last, at: 0)
            }
            var mantissa = String(decoding: [fixed[first]], as: UTF8.self)
            if !rest.isEmpty || !period.isEmpty { mantissa += "." + String(decoding: rest, as: UTF8.self) }
            if !period.isEmpty { mantissa += "(" + String(decoding: period, as: UTF8.self) + ")" }
            return "\(sign)\(mantissa)e\(exponent)"
        }
        guard let first = repeating.firstIndex(where: { $0 != UInt8(ascii: "0") }) else { return "0" }
        // The first significant digit is inside the repeating part: the part rotates past it.
        let exponent = -(fixed.count + first + 1)
        let rotated = Array(repeating[(first + 1)...]) + Array(repeating[...first])
        let mantissa =
            String(decoding: [repeating[first]], as: UTF8.self) + ".(" + String(decoding: rotated, as: UTF8.self) + ")"
        return "\(sign)\(mantissa)e\(exponent)"
    }
}

extension Number {
    /// The value of a decimal literal with a repeating part, `0.08(3)`: `digits` are its integer,
    /// fraction and repeating digits in turn, the last `repeatingDigits` of them repeating, times
    /// `10^exponent`; nil when the digits are not decimal digits. It is all the digits less the
    /// ones before the repeating part, over 10^fraction × (10^repeating - 1): (083 - 08) / 900.
    public init?(repeating digits: String, fractionDigits: Int, repeatingDigits: Int, exponent: Int) {
        let count = digits.utf8.count
        guard repeatingDigits >= 1, repeatingDigits <= count, let all = BigInteger(digits) else { return nil }
        let leadingText = String(decoding: digits.utf8.prefix(count - repeatingDigits), as: UTF8.self)
        let leading = leadingText.isEmpty ? BigInteger(0) : BigInteger(leadingText)
        guard let leading else { return nil }
        let nines = BigInteger.power(10, UInt(repeatingDigits)) - BigInteger(1)
        let value = Number(numerator: all - leading, denominator: BigInteger.power(10, UInt(fractionDigits)) * nines)
        let scale = Number(BigInteger.power(10, UInt(exponent.magnitude)))
        self = exponent >= 0 ? value * scale : value / scale
    }

    /// The exact decimal expansion, or nil when its digits after the point (the part that does
    /// not repeat and one period of the part that does) would be more than `limit`, or Ctrl-C
    /// stopped the search for the period.
    public func decimalExpansion(limit: Int) -> DecimalExpansion? {
        let top = numerator.magnitude
        let bottom = denominator
        let (integer, remainder) = top.flooredDivision(by: bottom)
        var expansion = DecimalExpansion(
            isNegative: signum < 0, integerDigits: integer.description(), fractionDigits: "", repeatingDigits: "")
        if remainder.signum == 0 { return expansion }
        // bottom = 2^a 5^b d: max(a, b) digits that do not repeat, then ord_d(10) that do.
        let (withoutTwos, twos) = bottom.removingFactor(2)
        let (coprime, fives) = withoutTwos.removingFactor(5)
        let leading = Swift.max(twos, fives)
        guard leading <= limit else { return nil }
        var period = 0
        if !coprime.isOne {
            guard let order = coprime.orderOfTen(limit: limit - leading) else { return nil }
            period = order
        }
        let scaled = remainder * BigInteger.power(10, UInt(leading))
        let (fixed, rest) = scaled.flooredDivision(by: bottom)
        expansion.fractionDigits = padded(fixed, to: leading)
        if period > 0 {
            // rest / bottom = R / (10^period - 1): R is the repeating block.
            let block = (rest * (BigInteger.power(10, UInt(period)) - BigInteger(1))).exactQuotient(bottom)
            expansion.repeatingDigits = padded(block, to: period)
        }
        return expansion
    }

    private func padded(_ value: BigInteger, to width: Int) -> String {
        if width == 0 { return "" }
        let digits = value.description()
        return String(repeating: "0", count: Swift.max(0, width - digits.utf8.count)) + digits
    }
}
