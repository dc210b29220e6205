import TallyCalendar
import TallyDiagnostics

/// The messages about dates, times and their arithmetic, each written once. `described` texts
/// name a value as a message does ("a date (2026-12-25)").
extension Diagnostic {
    /// `date(0, 1, 1)`.
    static func noSuchYear(_ year: Int, in text: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidDate, "there is no year \(year) in \(text); years run from 1 to 9999", at: span)
    }

    /// `date(2026, 13, 1)`.
    static func noSuchMonth(_ month: Int, in text: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidDate, "there is no month \(month) in \(text); months run from 1 to 12", at: span)
    }

    /// `date(2026, 2, 30)`.
    static func noSuchDay(_ day: Int, month: Int, year: Int, length: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidDate, "there is no day \(day) in \(CivilDate.monthNames[month - 1]) \(year): it has \(length) days",
            at: span)
    }

    /// A date or date-time past the years the calendar holds.
    static func dateOutOfRange(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.dateOutOfRange, "the result is outside the years 0001 to 9999", at: span)
    }

    /// `age(2030-01-01)` on an earlier day.
    static func birthAfter(_ birth: CivilDate, _ later: CivilDate, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.calendarMismatch, "the birth date \(birth) is after \(later)", at: span)
    }

    /// `weekday(5)`.
    static func needsDate(_ function: String, given described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .calendarMismatch, "\(function) needs a date, as in \(function)(2026-12-25); this is \(described)", at: span
        )
    }

    /// `2026-12-25 to Asia/Seoul`.
    static func noZoneToConvert(_ described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.calendarMismatch, "only a date-time has a time zone to convert; this is \(described)", at: span)
    }

    /// `14:30 to weekday`.
    static func cannotShowCalendar(_ described: String, as target: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.calendarMismatch, "cannot show \(described) as \(target)", at: span)
    }

    /// `2026-12-25 + 30`.
    static func plainNumberOnDate(_ operation: BinaryOperator, _ described: String, at span: SourceSpan) -> Diagnostic {
        let (verb, preposition) = operation == .add ? ("add", "to") : ("subtract", "from")
        return Diagnostic(
            .calendarMismatch,
            "cannot \(verb) a plain number \(preposition) \(described): give it a unit, as in + 30 days or + 2 h",
            at: span)
    }

    /// `2026-12-25 * 2`.
    static func noCalendarMeaning(_ symbol: String, _ left: String, _ right: String, at span: SourceSpan) -> Diagnostic
    {
        Diagnostic(
            .calendarMismatch,
            "'\(symbol)' has no meaning for \(left) and \(right); dates take + and - with a duration, and - with another date",
            at: span)
    }

    /// `2026-12-25 < 14:30`.
    static func cannotCompareCalendar(_ left: String, _ right: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .calendarMismatch,
            "cannot compare \(left) with \(right): compare dates with dates, date-times with date-times, times with times",
            at: span)
    }

    /// `2026-12-25 + 5 kg`.
    static func notADuration(_ described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .calendarMismatch,
            "a date moves by a duration, as in 30 days, 2 weeks, 1 month or 3 h; this is \(described)",
            at: span)
    }

    /// `2026-12-25 + 1.5 month`.
    static func partCalendarUnit(_ symbol: String, steps: [String]?, at span: SourceSpan) -> Diagnostic {
        let start = "calendar \(symbol)s add whole: write a whole number of them, and days for the rest"
        guard let steps else {
            return Diagnostic(.calendarMismatch, start + " (at most 120000 months)", at: span)
        }
        let mean = symbol == "year" ? "365.2425" : "30.436875"
        let written = steps.isEmpty ? "less than half a day: leave it out" : steps.joined(separator: " ")
        return Diagnostic(
            .calendarMismatch, start + ": \(written) (the part as days of a mean \(symbol) of \(mean) days)", at: span)
    }

    /// `14:30 + 0.5 s`.
    static func partSeconds(_ duration: String, is seconds: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .calendarMismatch, "dates and times move by whole seconds; \(duration) is \(seconds) s", at: span)
    }

    /// `2026-12-25 + 3 h`.
    static func dateHasNoTime(_ date: CivilDate, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .calendarMismatch,
            "\(CalendarValue.date(date).described) has no time of day: add whole days, or start from \(date) 00:00",
            at: span)
    }

    /// `14:30 + 1 day`.
    static func timeMovesByTime(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.calendarMismatch, "a time of day moves by hours, minutes and seconds; add days to a date", at: span)
    }

    /// `age(…) + 1 h`.
    static func periodDoesNotAdd(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .calendarMismatch, "a calendar period (an age) does not add to durations; add it to a date", at: span)
    }

    /// `2026−12−25`: a date written with minus signs (U+2212), as documents print one.
    static func dateWithMinusSigns(_ written: String, date: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .ambiguousDate,
            "'\(written)' is written with minus signs (U+2212): write \(date) for the date, or put spaces around"
                + " each minus for a subtraction",
            at: span)
    }

    /// `2026 -12-25`: a date spaced on some of its dashes only.
    static func partlySpacedDate(_ message: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.ambiguousDate, message, at: span)
    }
}
