import TallyDiagnostics

/// A number as text, and whether the text had to round it.
public struct FormattedNumber: Sendable, Equatable {
    /// The digits as shown, e.g. `-0.33333333333333333333` or `1.5e-30`.
    public var text: String
    /// True when `text` is not exactly the value.
    public var isRounded: Bool
}

/// Display rules (docs/language.md, "How values are shown"): integers in full; a non-integer whose decimal expansion ends within
/// `significantDigits` digits exactly; anything else rounded to `significantDigits` significant
/// digits, ties away from zero. Very small or large non-integers use scientific notation.
extension Number {
    /// Formats the value for display.
    public func formatted(significantDigits: Int) -> FormattedNumber {
        withText(significantDigits: significantDigits) { bytes, isRounded in
            FormattedNumber(text: String(decoding: bytes, as: UTF8.self), isRounded: isRounded)
        }
    }

    /// Calls `body` with the text ``formatted(significantDigits:)`` makes, as bytes in scratch
    /// space (valid during the call), and whether it is rounded: a batch run writes a result
    /// with no string made for it.
    public func withText<Result>(
        significantDigits: Int, _ body: (UnsafeBufferPointer<UInt8>, _ isRounded: Bool) -> Result
    ) -> Result {
        precondition(significantDigits >= 1)
        switch storage {
        case .small(let value):
            return Number.withWordText(value.magnitude, negative: value < 0) { body($0, false) }
        case .bigInteger(let value):
            // Up to 2^64 - 1 in size (a modular power, a sum just past `Int`) without GMP.
            if let magnitude = value.magnitudeWord {
                return Number.withWordText(magnitude, negative: value.signum < 0) { body($0, false) }
            }
            return value.withDescription(radix: 10) { body($0, false) }
        case .smallFraction, .bigFraction:
            break
        }
        // The digits live in scratch space on the stack (the heap only for very long ones).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: significantDigits + 1) { buffer in
            var digits = DecimalDigits(storage: buffer)
            if case .smallFraction(let numerator, let denominator) = storage,
                smallDecimalDigits(numerator, denominator, significantDigits, into: &digits)
            {
                return Number.layout(digits, significantDigits: significantDigits) { body($0, digits.isRounded) }
            }
            digits.count = 0
            bigDecimalDigits(significantDigits, into: &digits)
            return Number.layout(digits, significantDigits: significantDigits) { body($0, digits.isRounded) }
        }
    }

    /// The decimal digits of `magnitude`, after a `-` when `negative`, in scratch space: from
    /// the right, two at a time.
    @inline(__always)
    static func withWordText<Result>(
        _ magnitude: UInt, negative: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var rest = magnitude
            var start = 21
            while rest >= 10 {
                let pair = rest % 100
                rest /= 100
                buffer[start - 1] = UInt8(truncatingIfNeeded: pair % 10) &+ UInt8(ascii: "0")
                buffer[start - 2] = UInt8(truncatingIfNeeded: pair / 10) &+ UInt8(ascii: "0")
                start -= 2
            }
            // One digit left, or none (the last pair was 10...99), or the number is 0.
            if rest > 0 || start == 21 {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: rest) &+ UInt8(ascii: "0")
            }
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Significant digits of |value| (each 0...9), the decimal exponent of the first, and
    /// whether they are rounded. The digits are written into borrowed scratch space.
    struct DecimalDigits {
        let storage: UnsafeMutableBufferPointer<UInt8>
        var count = 0
        var exponent = 0
        var isNegative = false
        var isRounded = false

        init(storage: UnsafeMutableBufferPointer<UInt8>) {
            self.storage = storage
        }

        subscript(index: Int) -> UInt8 { storage[index] }

        mutating func append(_ digit: UInt8) {
            storage[count] = digit
            count += 1
        }
    }

    /// Long division in machine words; false when the value needs GMP to format.
    private func smallDecimalDigits(
        _ numerator: Int, _ denominator: Int, _ count: Int, into result: inout DecimalDigits
    ) -> Bool {
        guard denominator <= Int.max / 10, numerator != .min else { return false }
        let n = Int(numerator.magnitude)
        let integerPart = n / denominator
        var remainder = n % denominator
        var exponent = -1
        if integerPart > 0 {
            // Most significant digit first: the width from a table, then the digits written
            // from the right by division by the constant 10 (a multiplication).
            var width = 1
            while width < 19 && integerPart >= decimalScales[width] { width += 1 }
            if width > count { return false }
            writeDigits(of: UInt(integerPart), width: width, into: &result)
            exponent = width - 1
        } else {
            // Skip leading zeros after the point; a machine-word fraction has fewer than 20.
            while remainder * 10 < denominator {
                remainder *= 10
                exponent -= 1
            }
        }
        // The fraction's digits up to 18 at a time: one 128-by-64-bit division per chunk in
        // place of one division per digit. A chunk may end in zeros after the value ends;
        // the layout drops trailing zeros.
        while result.count < count && remainder != 0 {
            let chunk = Swift.min(count - result.count, 18)
            let product = UInt(remainder).multipliedFullWidth(by: UInt(decimalScales[chunk]))
            let (quotient, rest) = UInt(denominator).dividingFullWidth(product)
            writeDigits(of: quotient, width: chunk, into: &result)
            remainder = Int(rest)
        }
        result.exponent = exponent
        result.isNegative = numerator < 0
        result.isRounded = remainder != 0
        if remainder != 0 && remainder >= denominator - remainder {
            result.roundUp()
        }
        return true
    }

    /// Appends the `width` low decimal digits of `value`, zero-padded, most significant first:
    /// two at a time, by divisions by the constant 100 (multiplications).
    @inline(__always)
    private func writeDigits(of value: UInt, width: Int, into result: inout DecimalDigits) {
        let out = result.storage.baseAddress! + result.count
        var value = value
        var place = width
        while place >= 2 {
            let pair = value % 100
            value /= 100
            out[place - 1] = UInt8(truncatingIfNeeded: pair % 10)
            out[place - 2] = UInt8(truncatingIfNeeded: pair / 10)
            place -= 2
        }
        if place == 1 { out[0] = UInt8(truncatingIfNeeded: value % 10) }
        result.count += width
    }

    /// The general case on GMP: scale by a power of ten, divide, round half away from zero.
    private func bigDecimalDigits(_ count: Int, into result: inout DecimalDigits) {
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
            for byte in text.utf8 { result.append(byte - UInt8(ascii: "0")) }
            result.exponent = exponent
            result.isNegative = signum < 0
            result.isRounded = remainder.signum != 0
            if BigInteger.compare(remainder.shifted(by: 1), scaledBottom) >= 0 {
                result.roundUp()
            }
            return
        }
    }

    /// Places the digits: fixed notation for moderate exponents, scientific otherwise.
    static func layout(_ value: DecimalDigits, significantDigits: Int) -> FormattedNumber {
        layout(value, significantDigits: significantDigits) { bytes in
            FormattedNumber(text: String(decoding: bytes, as: UTF8.self), isRounded: value.isRounded)
        }
    }

    /// Lays the digits out as ``layout(_:significantDigits:)`` does, into scratch space, and
    /// calls `body` with the text's bytes.
    static func layout<Result>(
        _ value: DecimalDigits, significantDigits: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let digits = value
        var count = digits.count
        while count > 1 && digits[count - 1] == 0 { count -= 1 }
        let exponent = value.exponent
        let scientific = exponent >= significantDigits || exponent < -6
        let exponentText = scientific ? String(exponent) : ""
        // sign + digits + point + zeros padding either side (at most significantDigits or 6, and
        // none in scientific notation, whose exponent may be astronomical) + e.
        let padding = scientific ? 0 : Swift.max(exponent + 1, 7)
        let capacity = 1 + count + 1 + padding + 1 + exponentText.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            // Raw writes: the capacity above covers every byte placed here.
            let out = buffer.baseAddress!
            let source = digits.storage.baseAddress!
            var length = 0
            @inline(__always) func put(_ byte: UInt8) {
                out[length] = byte
                length &+= 1
            }
            /// Digits `range` of the significand, as ASCII.
            @inline(__always) func putDigits(_ range: Range<Int>) {
                for index in range { out[length &+ index &- range.lowerBound] = source[index] &+ UInt8(ascii: "0") }
                length &+= range.count
            }
            if value.isNegative { put(UInt8(ascii: "-")) }
            if scientific {
                putDigits(0..<1)
                if count > 1 {
                    put(UInt8(ascii: "."))
                    putDigits(1..<count)
                }
                put(UInt8(ascii: "e"))
                for byte in exponentText.utf8 { put(byte) }
            } else if exponent >= 0 {
                let whole = Swift.min(count, exponent + 1)
                putDigits(0..<whole)
                for _ in whole..<(exponent + 1) { put(UInt8(ascii: "0")) }
                if count > exponent + 1 {
                    put(UInt8(ascii: "."))
                    putDigits((exponent + 1)..<count)
                }
            } else {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
                putDigits(0..<count)
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }
}

extension Number {
    /// An approximate value's rounded digits laid out as a rounded rational's are.
    static func layout(_ decimal: DecimalSignificand, significantDigits: Int) -> FormattedNumber {
        if decimal.digits.isEmpty { return FormattedNumber(text: "0", isRounded: true) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: decimal.digits.count) { buffer in
            var digits = DecimalDigits(storage: buffer)
            for digit in decimal.digits { digits.append(digit) }
            digits.exponent = decimal.exponent - 1
            digits.isNegative = decimal.isNegative
            digits.isRounded = true
            return layout(digits, significantDigits: significantDigits)
        }
    }
}

extension Number.DecimalDigits {
    /// Adds one unit in the last place, carrying; 9.99 becomes 10.0 with the exponent raised.
    mutating func roundUp() {
        var index = count - 1
        while index >= 0 {
            if storage[index] == 9 {
                storage[index] = 0
                index -= 1
            } else {
                storage[index] += 1
                return
            }
        }
        // All nines: 1 followed by zeros, one place further left.
        if count > 0 { storage[0] = 1 }
        exponent += 1
    }
}

/// 10^0 through 10^18, for writing machine-word digits without a division per digit.
private let decimalScales: [Int] = {
    var scales = [1]
    for _ in 1...18 { scales.append(scales[scales.count - 1] * 10) }
    return scales
}()
