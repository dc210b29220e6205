import TallyDiagnostics

extension DiagnosticID {
    /// A sum or product over more terms than Tally runs.
    public static let seriesTooLong = DiagnosticID("series-too-long")
    /// A term of a sum or product that is not a plain number.
    public static let seriesTermNotNumber = DiagnosticID("series-term-not-number")
}

/// The messages about sums and products over a bound variable, each written once.
extension Diagnostic {
    static func seriesTooLong(_ count: String, largest: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.seriesTooLong, "\(count) terms are too many: a series runs at most \(grouped(largest))", at: span)
    }

    static func seriesTermNotNumber(_ variable: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .seriesTermNotNumber,
            "the term must be a plain number for every \(variable) (no unit, truth value or date)",
            at: span)
    }
}
