import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// The date errors of docs/diagnostics.md: the message and exactly the span it covers (⟨…⟩).
@Suite struct DateDiagnosticTests {
    @Test(arguments: [
        (
            "⟨2026-1-5⟩",
            "'2026-1-5' has the shape of a date: write 2026-01-05 for the date, or 2026 - 1 - 5 with spaces to subtract"
        ),
        (
            "⟨2026-12 - 25⟩",
            "'2026-12 - 25' has the shape of a date: write 2026-12-25 for the date, or 2026 - 12 - 25 with spaces to subtract"
        ),
        ("1 + ⟨2026-02-30⟩", "there is no day '2026-02-30': February 2026 has 28 days"),
        ("⟨2026-13-01⟩", "there is no month 13 in '2026-13-01'; months run from 01 to 12"),
        ("⟨24:00⟩", "there is no time '24:00': hours run from 00 to 23"),
        (
            "2026-12-25T09:00 ⟨Europe/Pari⟩",
            "unknown time zone 'Europe/Pari': zones are names of the tz database, as in Europe/Paris or America/New_York"
        ),
        (
            "2026-12-25 + ⟨3⟩",
            "cannot add a plain number to a date (2026-12-25): give it a unit, as in + 30 days or + 2 h"
        ),
        (
            "2026-01-31 + ⟨0.5 month⟩",
            "calendar months add whole: write a whole number of them, and days for the rest: + 15 days (the part as"
                + " days of a mean month of 30.436875 days)"
        ),
        ("⟨9999-12-31 + 1 day⟩", "the result is outside the years 0001 to 9999"),
        ("sqrt(⟨2026-12-25⟩)", "expected a number, found a date (2026-12-25)"),
    ])
    func pointsAtTheProblem(_ marked: String, _ message: String) {
        let line = MarkedLine(marked)
        var evaluator = Evaluator()
        var found: Diagnostic?
        do {
            _ = try evaluator.run(line: line.text)
        } catch {
            if case .failed(let diagnostic) = error { found = diagnostic }
        }
        #expect(found?.message == message, "\(line.text)")
        #expect(found?.span == line.span, "\(line.text)")
    }

    /// A value of the calendar costs the exact path nothing in size.
    @Test func aCalendarValueIsNoLargerThanANumber() {
        #expect(MemoryLayout<CalendarValue>.size <= 16)
        #expect(MemoryLayout<Value>.size <= 17)
    }
}
