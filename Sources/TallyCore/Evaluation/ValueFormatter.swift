/// Turns values into the text Tally prints: the one place that decides how a result looks.
public struct ValueFormatter: Sendable {
    /// How to write a value.
    public enum Format: Sendable, Equatable {
        /// Decimal: integers in full, exact decimals exactly, anything else rounded to this many
        /// significant digits (ties away from zero), scientific notation for very large or small
        /// non-integers.
        case decimal(significantDigits: Int)
    }

    /// A value as text, and whether the text is a rounding of the value.
    public struct Output: Sendable, Equatable {
        public var text: String
        /// True when the text is not the exact value, so an interactive session marks it `≈`.
        public var isRounded: Bool
    }

    public var format: Format
    /// How far the display of an approximate value may look before it gives up on a digit.
    let budget: Real.Budget

    public init(_ format: Format) {
        self.format = format
        switch format {
        case .decimal(let significantDigits):
            budget = EvaluationSettings(digits: significantDigits).budget
        }
    }

    /// The decimal formatter for the settings' `digits`.
    public init(settings: EvaluationSettings) {
        self.init(.decimal(significantDigits: settings.digits))
    }

    /// `value` written in the format.
    public func format(_ value: Value) -> Output {
        switch (value.kind, format) {
        case (.number(let number), .decimal(let significantDigits)):
            let formatted = number.formatted(significantDigits: significantDigits)
            return Output(text: formatted.text, isRounded: formatted.isRounded)
        case (.real(let real), .decimal(let significantDigits)):
            let formatted = real.formatted(significantDigits: significantDigits, within: budget)
            return Output(text: formatted.text, isRounded: true)
        case (.truth(let value), _):
            return Output(text: value ? "true" : "false", isRounded: false)
        }
    }
}
