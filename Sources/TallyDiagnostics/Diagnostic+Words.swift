/// The messages of the word splitter that commands share (``Word/split(_:)``), each written
/// once; their identities are in `DiagnosticID+Words.swift`.
extension Diagnostic {
    /// `habit add "Walk`: `quote` is the opening quote, `"` or `'`, at `span`.
    static func unclosedQuote(_ quote: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unclosedQuote, "this quote is never closed; end the name with \(quote)", at: span)
    }

    /// `habit add "Walk"x`.
    static func missingSpaceAfterQuote(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingSpaceAfterQuote, "expected a space after the closing quote", at: span)
    }
}
