import TallyDiagnostics

/// The kinds of diagnostic about dates and times.
extension DiagnosticID {
    /// `2026-02-30`, `2026-13-01`, `25:00`: the shape of a date or time, but none.
    public static let invalidDate = DiagnosticID("invalid-date")
    /// `2026-1-5`, `2026-12 - 25`: a date or a subtraction; the message names both.
    public static let ambiguousDate = DiagnosticID("ambiguous-date")
    /// A date or time where the operation has no meaning (`2026-12-25 * 2`, a date plus a date).
    public static let calendarMismatch = DiagnosticID("calendar-mismatch")
    /// A result before the year 1 or after 9999.
    public static let dateOutOfRange = DiagnosticID("date-out-of-range")
}
