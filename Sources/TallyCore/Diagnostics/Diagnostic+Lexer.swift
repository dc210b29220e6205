import TallyCalendar
import TallyDiagnostics

/// The lexer's messages, each written once: characters no token starts with, and literals
/// written wrong. A throw site names its message and passes what it quotes (`literal` is the
/// literal as written, already escaped and cut by `Lexer.quoted`); each keeps its
/// ``DiagnosticID`` (`DiagnosticID+Core.swift`). Made only when a line fails: nothing here is on
/// the path of a line that lexes.
extension Diagnostic {
    // MARK: Characters

    /// A character no token starts with, `text` already terminal-safe: `2 $ 3`, `5'` outside
    /// units.
    @inline(never)
    static func unexpectedCharacter(_ text: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unexpectedCharacter, "unexpected character '\(text)'", at: span)
    }

    /// An ASCII byte no token starts with: a control character is named by its code point
    /// (`U+0007`), any other shown as typed.
    @inline(never)
    static func unexpectedCharacter(byte: UInt8, at span: SourceSpan) -> Diagnostic {
        guard byte < 0x20 || byte == 0x7F else {
            return unexpectedCharacter(String(Character(Unicode.Scalar(byte))), at: span)
        }
        let hex = String(byte, radix: 16, uppercase: true)
        let codePoint = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        return Diagnostic(.unexpectedCharacter, "unexpected character \(codePoint)", at: span)
    }

    /// Bytes that are not UTF-8.
    @inline(never)
    static func invalidUTF8(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidUTF8, "invalid UTF-8 in the input", at: span)
    }

    /// `2⁻`: a superscript sign, `sign` as written, with no digits after it.
    @inline(never)
    static func missingSuperscriptDigits(after sign: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unexpectedCharacter, "expected superscript digits after '\(sign)'", at: span)
    }

    /// `2⁹⁹⁹⁹⁹⁹⁹`.
    @inline(never)
    static func superscriptPowerTooLarge(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.exponentTooLarge, "this superscript power is too large", at: span)
    }

    // MARK: Literals

    /// `.` with no digit after it where a number would start.
    @inline(never)
    static func pointWithoutDigits(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.malformedNumber, "a number cannot start with '.' alone", at: span)
    }

    /// `1__000`, `1_`.
    @inline(never)
    static func misplacedUnderscore(in literal: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.malformedNumber, "malformed number '\(literal)': '_' must stand between digits", at: span)
    }

    /// `1.2.3`.
    @inline(never)
    static func secondDecimalPoint(in literal: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.malformedNumber, "malformed number '\(literal)': more than one decimal point", at: span)
    }

    /// `007`, `00.5`: `suggestion` is the literal without its leading zeros; a decimal has no
    /// octal reading to offer.
    @inline(never)
    static func leadingZeros(suggestion: String, isDecimal: Bool, at span: SourceSpan) -> Diagnostic {
        let hint = isDecimal ? "write \(suggestion)" : "write \(suggestion), or 0o\(suggestion) for octal"
        return Diagnostic(.leadingZeros, "leading zeros are not allowed; \(hint)", at: span)
    }

    /// `0.(`.
    @inline(never)
    static func missingRepeatingDigits(in literal: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .malformedNumber,
            "malformed number '\(literal)': expected the repeating digits after '(', as in 0.(3)", at: span)
    }

    /// `0.(3`.
    @inline(never)
    static func unclosedRepeatingDigits(in literal: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .malformedNumber, "malformed number '\(literal)': expected ')' to end the repeating digits", at: span)
    }

    /// `1e99999999999999999999`, or an exponent that overflows once the fraction's digits are
    /// counted.
    @inline(never)
    static func exponentTooLarge(of literal: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.exponentTooLarge, "exponent of '\(literal)' is too large", at: span)
    }

    /// `1e5.5`: `mantissa` and `exponent` as written either side of `mark` (`e` or `E`).
    @inline(never)
    static func fractionalExponent(
        _ literal: String, mantissa: String, mark: String, exponent: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .malformedNumber,
            "malformed number '\(literal)': the exponent after '\(mark)' is a whole number; for a fractional power of ten write \(mantissa) * 10^\(exponent)",
            at: span)
    }

    /// `37r5`, `01r5`.
    @inline(never)
    static func invalidRadix(in literal: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.malformedNumber, "malformed number '\(literal)': the base before 'r' must be 2 to 36", at: span)
    }

    /// `0x1g`, `0o9`: `digit` is not a digit of `radix`, whose digits `name` names
    /// ("hexadecimal", "base-7").
    @inline(never)
    static func invalidDigit(
        _ digit: Character, radix: Int32, name: String, in literal: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .malformedNumber, "'\(digit)' is not \(radix == 8 ? "an" : "a") \(name) digit in '\(literal)'", at: span)
    }

    /// `0x`, `7r`: no digits after the prefix, which `prefix` names as a message quotes it.
    @inline(never)
    static func missingDigits(_ name: String, after prefix: String, in literal: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(.malformedNumber, "malformed number '\(literal)': expected \(name) digits after \(prefix)", at: span)
    }

    /// A date or time literal that is no date (`2026-02-30`) or could be two (`03/04/2026`), as
    /// the calendar's reader says.
    @inline(never)
    static func calendarLiteral(_ error: CalendarParseError) -> Diagnostic {
        Diagnostic(
            error.isAmbiguous ? .ambiguousDate : .invalidDate, error.message,
            at: SourceSpan(start: error.start, end: error.end))
    }
}
