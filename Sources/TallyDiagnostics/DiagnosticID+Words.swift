/// The kinds of diagnostic the word splitter that commands share (``Word/split(_:)``) gives.
extension DiagnosticID {
    public static let unclosedQuote = DiagnosticID("unclosed-quote")
    public static let missingSpaceAfterQuote = DiagnosticID("missing-space-after-quote")
}
