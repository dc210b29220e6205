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
            // Most significant digit first, without a reversed copy.
            var scale = 1
            var width = 1
            while integerPart / scale >= 10 {
                scale *= 10
                width += 1
            }
            if width > count { return nil }
            while scale > 0 {
                digits.append(UInt8(integerPart / scale))
                integerPart %= scale
                scale /= 10
            }
            exponent = width - 1
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
        var result = DecimalDigits(
            digits: digits, exponent: exponent, isNegative: numerator < 0, isRounded: remainder != 0 || !isExact)
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

    /// Places the digits: fixed notation for moderate exponents, scientific otherwise. Writes
    /// the text's bytes straight into the string (one allocation, none for short results).
    private func layout(_ value: DecimalDigits, significantDigits: Int) -> FormattedNumber {
        let digits = value.digits
        var count = digits.count
        while count > 1 && digits[count - 1] == 0 { count -= 1 }
        let exponent = value.exponent
        let scientific = exponent >= significantDigits || exponent < -6
        let exponentText = scientific ? String(exponent) : ""
        // sign + digits + point + zeros padding either side (at most significantDigits or 6) + e.
        let capacity = 1 + count + 1 + Swift.max(exponent + 1, 7) + 1 + exponentText.utf8.count
        let text = String(unsafeUninitializedCapacity: capacity) { buffer in
            var length = 0
            func put(_ byte: UInt8) {
                buffer[length] = byte
                length += 1
            }
            func putDigit(_ index: Int) { put(digits[index] + UInt8(ascii: "0")) }
            if value.isNegative { put(UInt8(ascii: "-")) }
            if scientific {
                putDigit(0)
                if count > 1 {
                    put(UInt8(ascii: "."))
                    for index in 1..<count { putDigit(index) }
                }
                put(UInt8(ascii: "e"))
                for byte in exponentText.utf8 { put(byte) }
            } else if exponent >= 0 {
                for index in 0...exponent {
                    if index < count { putDigit(index) } else { put(UInt8(ascii: "0")) }
                }
                if count > exponent + 1 {
                    put(UInt8(ascii: "."))
                    for index in (exponent + 1)..<count { putDigit(index) }
                }
            } else {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
                for index in 0..<count { putDigit(index) }
            }
            return length
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
