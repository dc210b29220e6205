import TallyCore
import TallyDiagnostics

/// A value and the unit written right after it: `175cm`, `5ft`, `9in`, `(h+2)cm`, `h`.
///
/// A compound value such as `5ft9in` has two parts. Spans are 0-based UTF-8 byte offsets into
/// the whole line, half-open.
struct ArgumentPart: Sendable {
    /// How the number is written.
    var value: ArgumentValue
    /// Where the number (or name, or expression) stands.
    var valueSpan: SourceSpan
    /// The number as typed, for hints that repeat it (`did you mean 1,75m?`).
    var valueText: String
    /// The unit as typed, if any (`cm`, `'`, `LBS`); not yet known to be a unit.
    var unitText: String?
    /// Where the unit stands; it may be a separate word (`175 cm`).
    var unitSpan: SourceSpan?
    /// Where a decimal comma stands in the number (`170,5`), if it has one.
    var decimalComma: Int?

    init(value: ArgumentValue, valueSpan: SourceSpan, valueText: String) {
        self.value = value
        self.valueSpan = valueSpan
        self.valueText = valueText
    }

    /// The value and its unit.
    var span: SourceSpan {
        unitSpan.map(valueSpan.union) ?? valueSpan
    }

    /// The number written so that a unit may follow it directly: a bare name needs parentheses,
    /// since letters after a name are part of the name.
    var textBeforeUnit: String {
        if case .name = value { return "(\(valueText))" }
        return valueText
    }

    /// Whether the part is a number with a unit right after it (`10y`, `6m`), as each part of an
    /// age in years, months and days is.
    var isLiteralWithUnit: Bool {
        guard case .literal = value else { return false }
        return unitText != nil
    }
}
