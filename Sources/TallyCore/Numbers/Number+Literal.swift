import TallyDiagnostics

/// The value of a number token as the calculator's ``Lexer`` reads it, for commands that read
/// their arguments with its tokens but do not evaluate them (`bmi`): a literal means there what
/// it means in an expression (`1_750`, `0xAF`, `1.75e2`, `0.(3)`).
extension Number {
    /// A literal's value is computed exactly while its decimal order of magnitude stays within
    /// this many powers of ten of 1. Every body measurement lies far inside, so a literal beyond
    /// is implausible in any unit whatever its exact value, and `1e999999999` costs nothing.
    public static let literalMagnitudeLimit = 10_000

    /// The value of a number token; `digits` is the lexer's ``Lexer/literalDigits(of:)``, used by
    /// the long forms.
    ///
    /// A long decimal literal beyond ``literalMagnitudeLimit`` stands in as 10 to that power (or
    /// its reciprocal), which no check can tell from the exact value: too large for a height or
    /// a weight, too small to be one. As inches after feet or pounds after stones, so small an
    /// amount changes only digits of `ans` thousands of places after the point. (The evaluator
    /// checks a literal against `maxdigits` instead, before converting it.)
    public init(_ literal: NumberToken, digits: String) {
        switch literal {
        case .integer(let value):
            self.init(value)
        case .unsignedWord(let value):
            self.init(value)
        case .smallDecimal(let significand, let exponent):
            self.init(numerator: BigInteger(significand), denominator: BigInteger.power(10, UInt(-exponent)))
        case .digits(let radix):
            guard let value = BigInteger(digits, radix: radix) else { preconditionFailure("digits the lexer read") }
            self.init(value)
        case .decimal(let exponent):
            guard let significand = BigInteger(digits) else { preconditionFailure("digits the lexer read") }
            // The lexer drops leading zeros, so the digits count gives the order of magnitude.
            let magnitude = digits.utf8.count + exponent
            let limit = UInt(Self.literalMagnitudeLimit)
            if significand.signum == 0 {
                self.init(0)
            } else if magnitude > Self.literalMagnitudeLimit {
                self.init(BigInteger.power(10, limit))
            } else if magnitude < -Self.literalMagnitudeLimit {
                self.init(numerator: BigInteger(1), denominator: BigInteger.power(10, limit))
            } else if exponent >= 0 {
                self.init(significand * BigInteger.power(10, UInt(exponent)))
            } else {
                self.init(numerator: significand, denominator: BigInteger.power(10, UInt(-exponent)))
            }
        case .repeating(let fractionDigits, let repeatingDigits, let exponent):
            // Held to the same order of magnitude as a long decimal.
            let limit = Self.literalMagnitudeLimit
            let clamped = Swift.min(Swift.max(exponent, -limit), limit)
            guard
                let value = Number(
                    repeating: digits, fractionDigits: fractionDigits, repeatingDigits: repeatingDigits,
                    exponent: clamped)
            else { preconditionFailure("digits the lexer read") }
            self = value
        case .calendar:
            preconditionFailure("a calendar literal is not a number: the parser emits it as one")
        }
    }
}

extension Number {
    /// The exact value of a decimal as Tally shows a rounded value (`-59.5`, `6e1`, `1_000.25`,
    /// `2.5e-7`), or nil for any other text (`?`): what a shown rounding stands for.
    init?(roundedText text: String) {
        var bytes = Array(text.utf8.filter { $0 != UInt8(ascii: "_") })
        var exponent = 0
        if let e = bytes.firstIndex(of: UInt8(ascii: "e")) {
            guard let power = Int(String(decoding: bytes[(e + 1)...], as: UTF8.self)), power.magnitude < 1_000_000
            else { return nil }
            exponent = power
            bytes.removeSubrange(e...)
        }
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes.removeFirst() }
        if let point = bytes.firstIndex(of: UInt8(ascii: ".")) {
            exponent -= bytes.count - point - 1
            bytes.remove(at: point)
        }
        guard !bytes.isEmpty, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            var value = BigInteger(String(decoding: bytes, as: UTF8.self))
        else { return nil }
        if isNegative { value = -value }
        self =
            exponent >= 0
            ? Number(value * BigInteger.power(10, UInt(exponent)))
            : Number(numerator: value, denominator: BigInteger.power(10, UInt(-exponent)))
    }
}
