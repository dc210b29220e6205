import Glibc

/// A day of the proleptic Gregorian calendar, with no time of day and no time zone.
///
/// Stored as a count of days since 1970-01-01, so that comparing, subtracting and adding days
/// is integer arithmetic. The calendar itself — which year, month and day a count is, how long
/// a month is, the ISO week — is the C library's (`timegm`, `gmtime_r`, `strftime`), which
/// counts proleptic Gregorian days in UTC, where no day is longer than another; days ⇄ year,
/// month and day are computed without calling it, and checked against it day by day
/// (CivilDate+Arithmetic.swift). Dates people write are limited to the years 1 to 9999 (four
/// digits, and no year 0).
public struct CivilDate: Sendable, Hashable, Strideable, CustomStringConvertible {
    /// Days since 1970-01-01 (which is day 0); negative before it.
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The day with this year, month (1–12) and day of the month, or nil when there is no such
    /// day (February 30th, month 13, year 0, a year past 9999).
    public init?(year: Int, month: Int, day: Int) {
        guard CivilDate.supportedYears.contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return nil
        }
        // A day past the end of its month is carried into the next month: a day that stays in
        // its month is a real one.
        guard day <= 28 || day <= CivilDate.numberOfDays(inMonth: month, ofYear: year) else { return nil }
        self.init(daysSinceEpoch: CivilDate.days(year: year, month: month, day: day))
    }

    /// The years a date may have: four digits, and no year 0.
    public static let supportedYears = 1...9999

    /// 0001-01-01 to 9999-12-31: every date of the supported years.
    public static let supportedDays: ClosedRange<CivilDate> =
        CivilDate(
            daysSinceEpoch: supportedDayNumbers.lowerBound)...CivilDate(
            daysSinceEpoch: supportedDayNumbers.upperBound)

    /// ``supportedDays`` as days since 1970-01-01.
    static let supportedDayNumbers: ClosedRange<Int> =
        days(year: 1, month: 1, day: 1)...days(year: 9999, month: 12, day: 31)

    /// Whether the date lies in the years 1 to 9999.
    public var isSupported: Bool { CivilDate.supportedDayNumbers.contains(daysSinceEpoch) }

    /// The calendar fields of the day as the C library gives them for UTC midnight (year,
    /// month, day of the month, day of the year, day of the week; checked against `gmtime_r`).
    public var fields: tm {
        let (year, month, day) = components
        var fields = CivilDate.fields(year: year, month: month, day: day)
        fields.tm_yday = Int32(daysSinceEpoch - CivilDate.firstDays(year: year, month: 1))
        fields.tm_wday = Int32(isoWeekday % 7)
        return fields
    }

    /// The year, month (1–12) and day of the month.
    public var components: (year: Int, month: Int, day: Int) { CivilDate.civil(days: daysSinceEpoch) }

    /// The year.
    public var year: Int { components.year }
    /// The month, 1 to 12.
    public var month: Int { components.month }
    /// The day of the month, 1 to 31.
    public var day: Int { components.day }

    /// The day of the week, 1 for Monday to 7 for Sunday (ISO 8601).
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let index = (daysSinceEpoch + 3) % 7
        return (index < 0 ? index + 7 : index) + 1
    }

    /// The English name of the weekday: `Monday` … `Sunday`.
    public var weekdayName: String { CivilDate.weekdayNames[isoWeekday - 1] }

    /// The day of the year, 1 for January 1st.
    public var dayOfYear: Int { daysSinceEpoch - CivilDate.firstDays(year: year, month: 1) + 1 }

    /// The ISO 8601 week: its year (which differs from the calendar year in the first and last
    /// days of some years) and its number, 1 to 53. A week belongs to the year that holds its
    /// Thursday, and week 1 is the one holding the year's first Thursday (checked against the C
    /// library's `%G` and `%V` in the tests).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = CivilDate(daysSinceEpoch: daysSinceEpoch + 4 - isoWeekday)
        return (thursday.year, (thursday.dayOfYear - 1) / 7 + 1)
    }

    /// The day `count` days later (earlier when negative); nil past the supported years.
    public func adding(days count: Int) -> CivilDate? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        guard !overflow, CivilDate.supportedDayNumbers.contains(sum) else { return nil }
        return CivilDate(daysSinceEpoch: sum)
    }

    /// The date `count` calendar months later (earlier when negative), on the same day of the
    /// month or, when that month is shorter, on its last day: 2026-01-31 + 1 month is
    /// 2026-02-28. Python's `dateutil.relativedelta`, java.time's `plusMonths`, PostgreSQL and
    /// numbat's calendar arithmetic do the same; nil past the supported years.
    public func adding(months count: Int) -> CivilDate? {
        let (year, month, day) = components
        guard abs(count) <= 12 * 10_000 else { return nil }
        let index = year * 12 + (month - 1) + count
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard CivilDate.supportedYears.contains(newYear) else { return nil }
        if let moved = CivilDate(year: newYear, month: newMonth, day: day) { return moved }
        // Past the end of the shorter month: its last day, day 0 of the month after.
        return CivilDate(daysSinceEpoch: CivilDate.days(year: newYear, month: newMonth + 1, day: 0))
    }

    /// Days from `other` to this day: positive when this day is later.
    public func days(since other: CivilDate) -> Int {
        daysSinceEpoch - other.daysSinceEpoch
    }

    /// `YYYY-MM-DD`, the ISO 8601 form, which also sorts correctly as text.
    public var description: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else {
            return CivilDate.padded(year, to: 4) + "-" + CivilDate.padded(month, to: 2) + "-"
                + CivilDate.padded(day, to: 2)
        }
        // Ten bytes written in place: dates are printed on every line that shows one.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            CivilDate.write(year, digits: 4, into: buffer, at: 0)
            buffer[4] = UInt8(ascii: "-")
            CivilDate.write(month, digits: 2, into: buffer, at: 5)
            buffer[7] = UInt8(ascii: "-")
            CivilDate.write(day, digits: 2, into: buffer, at: 8)
            return 10
        }
    }

    /// Writes `value` as `digits` decimal digits, zero-padded, at `offset`.
    static func write(_ value: Int, digits: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    /// Days from this day to `other` (Strideable, so that a range of dates can be walked).
    public func distance(to other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The day `count` days later, with no check of the supported years (``adding(days:)``
    /// checks them).
    public func advanced(by count: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + count) }

    /// How many days `month` (1–12) of `year` has: the distance to the first of the next month.
    public static func numberOfDays(inMonth month: Int, ofYear year: Int) -> Int {
        days(year: year, month: month + 1, day: 1) - days(year: year, month: month, day: 1)
    }

    /// Whether `year` has a February 29th.
    public static func isLeapYear(_ year: Int) -> Bool {
        numberOfDays(inMonth: 2, ofYear: year) == 29
    }

    /// English weekday names, Monday first.
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// The C library's fields of midnight on a year, month (1-based) and day.
    static func fields(year: Int, month: Int, day: Int) -> tm {
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        return fields
    }

    static func padded(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
