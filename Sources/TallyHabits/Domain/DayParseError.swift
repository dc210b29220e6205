import TallyCalendar

/// Why a piece of text is not a day.
public enum DayParseError: Error, Sendable, Equatable {
    /// Not of the form `YYYY-MM-DD`, `today`, `yesterday` or `-N`.
    case malformed(String)
    /// Year 0000: the calendar goes from 1 BC straight to AD 1.
    case noSuchYear(String)
    /// A month outside 1–12.
    case noSuchMonth(String, month: Int)
    /// A day past the end of its month, or day 0.
    case noSuchDay(String, month: Int, year: Int, daysInMonth: Int)
    /// `-N` reaching before the year 1.
    case tooFarBack(String)
    /// `today + 10000 years`: steps past the years 1 to 9999.
    case outsideYears(String)

    /// One sentence for a person, lower-case first word, no final period.
    public var message: String {
        switch self {
        case .malformed(let text):
            return
                "\(MessageText.quoted(text)) is not a date; expected YYYY-MM-DD, today, yesterday, -N (days ago) or a weekday"
        case .noSuchYear(let text):
            return "there is no year 0 in \(MessageText.quoted(text)); years run from 0001 to 9999"
        case .noSuchMonth(let text, let month):
            return "there is no month \(month) in \(MessageText.quoted(text)); months run from 01 to 12"
        case .noSuchDay(let text, let month, let year, let daysInMonth):
            return
                "there is no day \(MessageText.quoted(text)): \(CivilDate.monthNames[month - 1]) \(year) has \(daysInMonth) days"
        case .tooFarBack(let text):
            return "\(MessageText.quoted(text)) reaches back before the year 1"
        case .outsideYears(let text):
            return "\(MessageText.quoted(text)) lies outside the years 0001 to 9999"
        }
    }
}
