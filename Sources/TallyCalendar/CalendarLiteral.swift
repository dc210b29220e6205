/// A date or time as written: `2026-12-25`, `14:30`, `2026-12-25T14:30+01:00`,
/// `2026-12-25 09:00 Europe/Paris`.
public enum CalendarLiteral: Sendable, Hashable {
    case date(CivilDate)
    case time(TimeOfDay)
    case dateTime(DateTime)
}
