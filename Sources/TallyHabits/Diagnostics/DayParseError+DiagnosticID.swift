import TallyDiagnostics

extension DayParseError {
    /// The kind of diagnostic this date gives: written wrongly, or written rightly but not in
    /// the calendar.
    var diagnosticID: DiagnosticID {
        switch self {
        case .malformed: return .malformedDate
        case .noSuchYear, .noSuchMonth, .noSuchDay, .tooFarBack, .outsideYears: return .noSuchDate
        }
    }
}
