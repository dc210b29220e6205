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
public enum TokenKind: Sendable, Equatable {
    case number(NumberLiteral)
    case name(String)
    /// `+`
    case plus
    /// `-` or `−` (U+2212)
    case minus
    /// `*` or `×`
    case star
    /// `/` or `÷`
    case slash
    /// `//`
    case doubleSlash
    /// `%`
    case percent
    /// `^` or `**`
    case caret
    /// `!`
    case bang
    case leftParenthesis
    case rightParenthesis
    case comma
    case equals
    /// The end of the line, or the start of a `#` comment.
    case end
}

/// A numeric literal as written, converted to a value by the evaluator (which checks it
/// against `maxdigits` first, so `1e999999999` is an error rather than a huge allocation).
public enum NumberLiteral: Sendable, Equatable {
    /// A decimal integer that fits in a machine word.
    case integer(Int)
    /// An integer too long for a machine word: its digits (no underscores) in `radix`.
    case digits(String, radix: Int32)
    /// `significand × 10^exponent`, from a literal with a point or an exponent.
    case decimal(significand: String, exponent: Int)
    /// An everyday decimal such as `3.14`: `significand × 10^exponent` with the significand in
    /// a machine word and the exponent in -18...0.
    case smallDecimal(significand: Int, exponent: Int)
}
