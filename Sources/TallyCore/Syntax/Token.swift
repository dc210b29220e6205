import TallyDiagnostics

/// One lexical unit of a line, with the bytes it came from.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// Where the token stands in its line (0-based UTF-8 byte offsets).
    public var span: SourceSpan

    public init(_ kind: TokenKind, _ span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}

/// The kinds of token. Adding one forces a decision in the parser's exhaustive `switch`es.
///
/// Kinds hold plain values only (text stays in the line), so tokens copy and vanish for free:
/// the parser copies a token for every step it takes.
public enum TokenKind: Sendable, Equatable {
    /// A literal; the long forms' digits are ``Lexer/literalDigits(of:)``.
    case number(NumberToken)
    /// A name; its text is ``Lexer/text(of:)`` of the token's span.
    case name
    /// An operator symbol; ``OperatorTable`` says what it means where it stands.
    case `operator`(OperatorSymbol)
    case leftParenthesis
    case rightParenthesis
    case comma
    /// `;`: ends a statement, or separates a call's arguments as `,` does.
    case semicolon
    /// A power written in superscript digits after its base: `x²`, `10⁻³`; its value is
    /// ``Lexer/superscriptValue(of:)``.
    case superscript
    case equals
    /// The end of the line, or the start of a `#` comment.
    case end
    /// Bytes that make no token (a stray character, a malformed literal); the lexer's
    /// ``Lexer/diagnostic(of:)`` says why.
    case invalid
}

/// A numeric literal as the lexer saw it, in plain values.
public enum NumberToken: Sendable, Equatable {
    /// A decimal or prefixed integer that fits in a machine word.
    case integer(Int)
    /// A decimal integer of 19 or 20 digits past `Int` but within `UInt` (no GMP to read it).
    case unsignedWord(UInt)
    /// `significand × 10^exponent` with the significand in a machine word, exponent -18...0.
    case smallDecimal(significand: Int, exponent: Int)
    /// An integer too long for a machine word, in `radix`; its digits are
    /// ``Lexer/literalDigits(of:)``.
    case digits(radix: Int32)
    /// `significand × 10^exponent`, from a long literal with a point or an exponent; the
    /// significand's digits are ``Lexer/literalDigits(of:)``.
    case decimal(exponent: Int)
    /// A decimal with a repeating part, `0.08(3)`: ``Lexer/literalDigits(of:)`` gives all its digits
    /// (integer, fraction, repeating), the counts say where the fraction and the repeating part
    /// start, times `10^exponent`.
    case repeating(fractionDigits: Int, repeatingDigits: Int, exponent: Int)
    /// A date, time of day or date-time written in ISO form (`2026-12-25`, `14:30`,
    /// `2026-12-25T09:00 Europe/Paris`), read whole by the lexer (``Lexer/calendarLiteral(from:)``).
    case calendar(CalendarValue)
}

extension NumberToken {
    /// Whether the literal is a date, time of day or date-time rather than a number.
    public var isCalendar: Bool {
        if case .calendar = self { return true }
        return false
    }
}

/// A literal too long for a machine word, as written; the evaluator converts it after checking
/// it against `maxdigits` (so `1e999999999` is an error rather than a huge allocation). Literals
/// that fit in machine words go straight into ``Instruction``s.
public enum NumberLiteral: Sendable, Equatable {
    /// An integer: its digits (no underscores) in `radix`.
    case digits(String, radix: Int32)
    /// `significand × 10^exponent`, from a literal with a point or an exponent.
    case decimal(significand: String, exponent: Int)
    /// A decimal with a repeating part: `digits` holds the integer, fraction and repeating
    /// digits in turn; the last `repeatingDigits` repeat forever; times `10^exponent`.
    case repeating(digits: String, fractionDigits: Int, repeatingDigits: Int, exponent: Int)
}
