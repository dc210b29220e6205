import TallyCalendar

/// A value of the calendar, as the language holds it: plain values of at most 12 bytes, so
/// that a ``Value`` holding one is no larger than one holding a fraction.
public enum CalendarValue: Sendable, Hashable {
    /// `2026-12-25`.
    case date(CivilDate)
    /// `14:30:00`.
    case time(TimeOfDay)
    /// `2026-12-25T14:30:00+01:00`.
    case dateTime(DateTime)
    /// `40 years 3 months 2 days`, what `age` gives.
    case period(CalendarPeriod)

    /// How a message names it: "a date (2026-12-25)".
    public var described: String {
        switch self {
        case .date(let date): return "a date (\(date))"
        case .time(let time): return "a time of day (\(time))"
        case .dateTime(let dateTime): return "a date-time (\(dateTime))"
        case .period(let period): return "a calendar period (\(period))"
        }
    }

    /// The ISO text that reads back as the same value (a period is for reading).
    public var text: String {
        switch self {
        case .date(let date): return date.description
        case .time(let time): return time.description
        case .dateTime(let dateTime): return dateTime.description
        case .period(let period): return period.description
        }
    }

    /// The value a calendar literal denotes.
    init(_ literal: CalendarLiteral) {
        switch literal {
        case .date(let date): self = .date(date)
        case .time(let time): self = .time(time)
        case .dateTime(let dateTime): self = .dateTime(dateTime)
        }
    }
}
