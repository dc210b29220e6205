/// A day of the Gregorian calendar, for a birth date and the day it is measured against.
public struct CalendarDate: Sendable, Equatable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date (year 1 to 9999), or nil: `2015-02-30` is no date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CalendarDate.daysInMonth(month, of: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The whole calendar months from `self` to `later`: a month is complete on the same day of
    /// the month (or the month's last day, for a birth on the 31st), as ages are counted.
    func completedMonths(until later: CalendarDate) -> Int {
        var months = (later.year - year) * 12 + (later.month - month)
        let dayReached = min(day, CalendarDate.daysInMonth(later.month, of: later.year))
        if later.day < dayReached { months -= 1 }
        return months
    }

    /// The date `months` calendar months later, on the same day of the month or the month's last
    /// day: the monthly anniversary of a birth date.
    func adding(months: Int) -> CalendarDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index / 12
        let newMonth = index % 12 + 1
        return CalendarDate(year: newYear, month: newMonth, day: min(day, Self.daysInMonth(newMonth, of: newYear)))
            ?? self
    }

    /// The days since 1 March of year 0 of the proleptic Gregorian calendar: differences of it
    /// count days between dates.
    var dayNumber: Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    }

    static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `2015-04-12`.
    var text: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
