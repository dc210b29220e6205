/// A number as text, and whether the text had to round it.
public struct FormattedNumber: Sendable, Equatable {
    /// The digits as shown, e.g. `-0.33333333333333333333` or `1.5e-30`.
    public var text: String
    /// True when `text` is not exactly the value (rounded, or the value is approximate).
    public var isRounded: Bool
}

/// Display rules (SPEC §3): integers in full; a non-integer whose decimal expansion ends within
/// `significantDigits` digits exactly; anything else rounded to `significantDigits` significant
/// digits, ties away from zero. Very small or large non-integers use scientific notation.
extension Number {
    /// Formats the value for display.
    public func formatted(significantDigits: Int) -> FormattedNumber {
        precondition(significantDigits >= 1)
        if isZero { return FormattedNumber(text: "0", isRounded: !isExact) }
        switch storage {
        case .small(let value) where isExact:
            return FormattedNumber(text: String(value), isRounded: false)
        case .bigInteger(let value) where isExact:
            return FormattedNumber(text: value.description(), isRounded: false)
        case .smallFraction(let numerator, let denominator):
            if let digits = smallDecimalDigits(numerator, denominator, significantDigits) {
                return layout(digits, significantDigits: significantDigits)
            }
        default:
            break
        }
        return layout(bigDecimalDigits(significantDigits), significantDigits: significantDigits)
    }

    /// Significant digits of |value|, the decimal exponent of the first, and whether rounded.
    struct DecimalDigits {
        var digits: [UInt8]
        var exponent: Int
        var isNegative: Bool
        var isRounded: Bool
    }

    /// Long division in machine words; nil when the value needs GMP to format.
    private func smallDecimalDigits(_ numerator: Int, _ denominator: Int, _ count: Int) -> DecimalDigits? {
        guard denominator <= Int.max / 10, numerator != .min else { return nil }
        let n = Int(numerator.magnitude)
        var integerPart = n / denominator
        var remainder = n % denominator
        var digits: [UInt8] = []
        digits.reserveCapacity(count + 1)
        var exponent = -1
        if integerPart > 0 {
            var reversed: [UInt8] = []
            while integerPart > 0 {
                reversed.append(UInt8(integerPart % 10))
                integerPart /= 10
            }
            if reversed.count > count { return nil }
            digits.append(contentsOf: reversed.reversed())
            exponent = reversed.count - 1
        } else {
            // Skip leading zeros after the point; a machine-word fraction has fewer than 20.
            while remainder * 10 < denominator {
                remainder *= 10
                exponent -= 1
            }
        }
        while digits.count < count && remainder != 0 {
            remainder *= 10
            digits.append(UInt8(remainder / denominator))
            remainder %= denominator
        }
        var result = DecimalDigits(digits: digits, exponent: exponent, isNegative: numerator < 0, isRounded: remainder != 0 || !isExact)
        if remainder != 0 && remainder >= denominator - remainder {
            result.roundUp()
        }
        return result
    }

    /// The general case on GMP: scale by a power of ten, divide, round half away from zero.
    private func bigDecimalDigits(_ count: Int) -> DecimalDigits {
        let top = numerator.magnitude
        let bottom = denominator
        var exponent = Int((top.log10Magnitude - bottom.log10Magnitude).rounded(.down))
        let ten = BigInteger(10)
        while true {
            let shift = count - 1 - exponent
            let scaledTop = shift >= 0 ? top * ten.power(UInt(shift)) : top
            let scaledBottom = shift >= 0 ? bottom : bottom * ten.power(UInt(-shift))
            let (quotient, remainder) = scaledTop.flooredDivision(by: scaledBottom)
            let text = quotient.description()
            if text.utf8.count > count {
                exponent += 1
                continue
            }
            if text.utf8.count < count && quotient.signum != 0 {
                exponent -= 1
                continue
            }
            var result = DecimalDigits(
                digits: text.utf8.map { $0 - UInt8(ascii: "0") },
                exponent: exponent,
                isNegative: signum < 0,
                isRounded: remainder.signum != 0 || !isExact)
            if BigInteger.compare(remainder.shifted(by: 1), scaledBottom) >= 0 {
                result.roundUp()
            }
            return result
        }
    }

    /// Places the digits: fixed notation for moderate exponents, scientific otherwise.
    private func layout(_ value: DecimalDigits, significantDigits: Int) -> FormattedNumber {
        var digits = value.digits
        while digits.count > 1 && digits.last == 0 { digits.removeLast() }
        var text = value.isNegative ? "-" : ""
        let ascii = digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        let exponent = value.exponent
        if exponent >= significantDigits || exponent < -6 {
            text.append(ascii[0])
            if ascii.count > 1 {
                text.append(".")
                text.append(contentsOf: ascii[1...])
            }
            text += "e\(exponent)"
        } else if exponent >= 0 {
            for index in 0...exponent {
                text.append(index < ascii.count ? ascii[index] : "0")
            }
            if ascii.count > exponent + 1 {
                text.append(".")
                text.append(contentsOf: ascii[(exponent + 1)...])
            }
        } else {
            text += "0."
            text += String(repeating: "0", count: -exponent - 1)
            text.append(contentsOf: ascii)
        }
        return FormattedNumber(text: text, isRounded: value.isRounded)
    }
}

extension Number.DecimalDigits {
    /// Adds one unit in the last place, carrying; 9.99 becomes 10.0 with the exponent raised.
    mutating func roundUp() {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] == 9 {
                digits[index] = 0
                index -= 1
            } else {
                digits[index] += 1
                return
            }
        }
        digits.insert(1, at: 0)
        digits.removeLast()
        exponent += 1
    }
}
