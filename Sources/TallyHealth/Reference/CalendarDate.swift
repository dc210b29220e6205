import TallyCalendar

/// A day of the Gregorian calendar as `bmi … age` reads a birth date: a thin view of
/// TallyCalendar's ``CivilDate``, so that ages follow the calculator's `age` rule.
public struct CalendarDate: Sendable, Equatable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int
    /// The same day in the calendar the calculator uses.
    let civilDate: CivilDate

    /// A valid date (year 1 to 9999), or nil: `2015-02-30` is no date.
    public init?(year: Int, month: Int, day: Int) {
        guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        civilDate = date
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        lhs.civilDate < rhs.civilDate
    }

    /// `2015-04-12`.
    var text: String { civilDate.description }
}
