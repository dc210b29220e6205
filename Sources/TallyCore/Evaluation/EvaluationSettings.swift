/// The settings an evaluation depends on (`set digits`, `set maxdigits`).
public struct EvaluationSettings: Sendable, Equatable {
    /// Significant digits shown for values that are not exact decimals.
    public var digits: Int = 20
    /// The most decimal digits any value may have; checked before computing it.
    public var maxDigits: Int = 1_000_000

    /// The largest `digits` accepted: more could not be computed promptly.
    public static let digitsLimit = 100_000
    /// The largest `maxdigits` accepted.
    public static let maxDigitsLimit = 100_000_000

    /// Extra digits computed beyond those shown, so rounding the display is right.
    public static let guardDigits = 10

    public init(digits: Int = 20, maxDigits: Int = 1_000_000) {
        self.digits = digits
        self.maxDigits = maxDigits
    }

    /// Significant bits carried by approximate values.
    public var precisionBits: Int {
        (digits + EvaluationSettings.guardDigits) * 3322 / 1000 + 8
    }
}
