import Glibc

/// Days ⇄ year, month and day without a call into the C library.
///
/// The C library is the definition (``libraryDays(year:month:day:)`` with `timegm`,
/// ``libraryFields(days:)`` with `gmtime_r`), and every day from 0000-01-01 to 10000-12-31 is
/// checked against it in `CivilDateTests` (`arithmeticMatchesTheCLibraryOverTheWholeRange`).
/// The arithmetic is the proleptic Gregorian cycle of 400 years (146,097 days) counted from
/// March 1st, so that the leap day is the last of its year (Howard Hinnant's `days_from_civil`
/// and `civil_from_days`). It is here because each date a line reads or prints cost two calls
/// into glibc's `mktime` machinery, a sixth of a date line's time.
extension CivilDate {
    /// Days since 1970-01-01 of a year, month and day; a month past 12 or below 1 and a day past
    /// the end of its month or below 1 carry into the years and months as `timegm` carries them
    /// (month 13 is January of the next year, day 0 the last day of the month before).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let monthIndex = month - 1
        let carry = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        return firstDays(year: year + carry, month: monthIndex - carry * 12 + 1) + day - 1
    }

    /// Days since 1970-01-01 of the first of `month` (1–12) of `year`.
    @inline(__always)
    static func firstDays(year: Int, month: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day of the month of the day `days` after 1970-01-01.
    @inline(__always)
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The definition ``days(year:month:day:)`` must match: `timegm` of midnight.
    static func libraryDays(year: Int, month: Int, day: Int) -> Int {
        var fields = CivilDate.fields(year: year, month: month, day: day)
        // Midnight UTC: a whole number of days, so the division is exact.
        return Int(timegm(&fields)) / 86_400
    }

    /// The definition ``civil(days:)`` and ``dayOfYear`` must match: `gmtime_r` of midnight.
    static func libraryFields(days: Int) -> tm {
        var seconds = time_t(days) * 86_400
        var fields = tm()
        _ = gmtime_r(&seconds, &fields)
        return fields
    }

    /// Whether the arithmetic agrees with the C library on every day from `first` to `last`
    /// (days since 1970-01-01), and on the days 0 and 32 of every month they cover: the
    /// first disagreement, or nil.
    static func firstDisagreementWithCLibrary(from first: Int, through last: Int) -> String? {
        for days in first...last {
            let fields = libraryFields(days: days)
            let (year, month, day) = civil(days: days)
            let date = CivilDate(daysSinceEpoch: days)
            let mine = date.fields
            guard year == Int(fields.tm_year) + 1900, month == Int(fields.tm_mon) + 1, day == Int(fields.tm_mday),
                date.dayOfYear == Int(fields.tm_yday) + 1, mine.tm_year == fields.tm_year, mine.tm_mon == fields.tm_mon,
                mine.tm_mday == fields.tm_mday, mine.tm_yday == fields.tm_yday, mine.tm_wday == fields.tm_wday
            else {
                let library = "\(fields.tm_year + 1900)-\(fields.tm_mon + 1)-\(fields.tm_mday)"
                return "day \(days): \(year)-\(month)-\(day), C library \(library)"
            }
            let back = CivilDate.days(year: year, month: month, day: day)
            guard back == days else { return "\(year)-\(month)-\(day): \(back), C library \(days)" }
            if day == 1 {
                for (shiftedMonth, shiftedDay) in [(month, 0), (month, 32), (month + 12, 1), (month - 13, 31)] {
                    let mine = CivilDate.days(year: year, month: shiftedMonth, day: shiftedDay)
                    let library = libraryDays(year: year, month: shiftedMonth, day: shiftedDay)
                    guard mine == library else {
                        return "\(year)-\(shiftedMonth)-\(shiftedDay): \(mine), C library \(library)"
                    }
                }
            }
        }
        return nil
    }
}
