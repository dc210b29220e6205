import TallyCalendar

/// A calendar day in the proleptic Gregorian calendar, with no time of day and no time zone.
///
/// Stored as a count of days since 1970-01-01 so that comparison, differences and adding days
/// are plain integer arithmetic; the year, month and day come from TallyCalendar's
/// ``CivilDate``, the calendar the calculator's dates use. Days written
/// by people (`YYYY-MM-DD`) are limited to the years 1 to 9999.
public struct Day: Sendable, Hashable, Strideable, CustomStringConvertible {
    /// Days since 1970-01-01 (which is day 0); negative before it.
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The day with this year, month (1–12) and day of the month, or nil when there is no such
    /// day (February 30th, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard Day.supportedYears.contains(year), (1...12).contains(month),
            day >= 1, day <= Day.numberOfDays(inMonth: month, ofYear: year)
        else { return nil }
        self.init(daysSinceEpoch: Day.daysSinceEpoch(year: year, month: month, day: day))
    }

    /// The years a written day may have: four digits, and no year 0.
    public static let supportedYears = 1...9999

    /// Every day of the supported years, 0001-01-01 to 9999-12-31: the days a store may hold.
    public static let supportedDays: ClosedRange<Day> = {
        let first = Day(year: supportedYears.lowerBound, month: 1, day: 1)!
        return first...Day(year: supportedYears.upperBound, month: 12, day: 31)!
    }()

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// English weekday names, Monday first.
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Three-letter English month names, January first.
    public static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The year, month (1–12) and day of the month, from the calendar the calculator's dates
    /// use (TallyCalendar).
    public var components: (year: Int, month: Int, day: Int) {
        civilDate.components
    }

    /// The same day as the calculator's date type.
    public var civilDate: CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch) }

    /// The day the calculator's date `date` is.
    public init(_ date: CivilDate) {
        self.init(daysSinceEpoch: date.daysSinceEpoch)
    }

    /// The year.
    public var year: Int { components.year }
    /// The month, 1 to 12.
    public var month: Int { components.month }
    /// The day of the month, 1 to 31.
    public var dayOfMonth: Int { components.day }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday, index 3 counting from Monday.
        let index = (daysSinceEpoch + 3) % 7
        return Weekday(rawValue: index < 0 ? index + 7 : index)!
    }

    /// The Monday on or before this day: the first day of its week.
    public var startOfWeek: Day { adding(days: -weekday.rawValue) }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day {
        Day(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Days from `other` to this day: positive when this day is later.
    public func days(since other: Day) -> Int {
        daysSinceEpoch - other.daysSinceEpoch
    }

    /// `YYYY-MM-DD`, the ISO 8601 form, which also sorts correctly as text.
    public var description: String {
        // The calendar's own text of the date (ten bytes written in place; every supported day
        // has a four-digit year): `habit list` prints one per habit.
        civilDate.description
    }

    /// Today in the process's local time zone (as `TZ` and `/etc/localtime` say).
    ///
    /// Only the shell calls this; everything else is given `today` so that it can be pinned.
    public static func currentLocal() -> Day {
        Day(Clock.system.today())
    }

    // MARK: Strideable

    /// Days from this day to `other`.
    public func distance(to other: Day) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The day `n` days later.
    public func advanced(by n: Int) -> Day { adding(days: n) }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    // MARK: Calendar arithmetic

    /// Whether `year` has a February 29th.
    public static func isLeapYear(_ year: Int) -> Bool {
        CivilDate.isLeapYear(year)
    }

    /// How many days `month` (1–12) of `year` has.
    public static func numberOfDays(inMonth month: Int, ofYear year: Int) -> Int {
        CivilDate.numberOfDays(inMonth: month, ofYear: year)
    }

    /// Days since 1970-01-01 of a valid day.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        CivilDate(year: year, month: month, day: day)!.daysSinceEpoch
    }
}
