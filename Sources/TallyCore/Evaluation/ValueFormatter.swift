import TallyDiagnostics

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
    /// How integer digits are grouped in threes (`set grouping`).
    public var grouping = DigitGrouping.off
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
        grouping = settings.grouping
    }

    /// `value` written in the format.
    public func format(_ value: Value) -> Output {
        var output: Output
        switch (value.kind, format) {
        case (.number(let number), .decimal(let significantDigits)):
            let formatted = number.formatted(significantDigits: significantDigits)
            output = Output(text: formatted.text, isRounded: formatted.isRounded)
        case (.real(let real), .decimal(let significantDigits)):
            let formatted = real.formatted(significantDigits: significantDigits, within: budget)
            output = Output(text: formatted.text, isRounded: true)
        case (.quantity(let quantity), _):
            output = format(quantity.magnitude)
            let isOne = output.text == "1" || output.text == "-1"
            let unitText = quantity.unit.text
            // `24 days`, `2 weeks`: the calendar's words take their plural (which reads back).
            let isPlural = quantity.unit.isSingle && !isOne && UnitTable.isCalendarUnit(quantity.unit.factors[0].unit)
            output.text.reserveCapacity(output.text.utf8.count + unitText.utf8.count + 2)
            output.text.append(" ")
            output.text.append(unitText)
            if isPlural { output.text.append("s") }
            return output
        case (.truth(let value), _):
            output = Output(text: value ? "true" : "false", isRounded: false)
        case (.calendar(let value), _):
            return Output(text: value.text, isRounded: false)
        }
        if grouping != .off {
            output.text = ValueFormatter.grouped(
                output.text, by: grouping == .comma ? UInt8(ascii: ",") : UInt8(ascii: "_"))
        }
        return output
    }

    /// Calls `body` with the text ``format(_:)`` would give `value`, as bytes in scratch space,
    /// when the value is an exact rational shown without grouping, and returns whether the text
    /// is rounded; nil, calling nothing, for any other value.
    public func withNumberText(_ value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool? {
        guard grouping == .off, case .number(let number) = value.kind, case .decimal(let significantDigits) = format
        else {
            return nil
        }
        return number.withText(significantDigits: significantDigits) { bytes, isRounded in
            body(bytes)
            return isRounded
        }
    }

    /// `text` with the digits before its point (or exponent) grouped in threes by `_`:
    /// `-1234567.5` is `-1_234_567.5`. A literal may hold `_` between digits, so the text
    /// reads back as the same number.
    public static func grouped(_ text: String, by separator: UInt8 = UInt8(ascii: "_")) -> String {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count && !isDigit(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        guard end - start > 3 else { return text }
        var result = Array(bytes[..<start])
        for index in start..<end {
            if index > start && (end - index) % 3 == 0 { result.append(separator) }
            result.append(bytes[index])
        }
        result += bytes[end...]
        return String(decoding: result, as: UTF8.self)
    }
}

/// How results group their integer digits in threes (`set grouping`); every form reads back.
public enum DigitGrouping: String, Sendable, CaseIterable {
    /// `1234567`.
    case off
    /// `1_234_567`.
    case on
    /// `1,234,567`, as a line reads it back (at the top level, not between a call's arguments).
    case comma = ","
}
