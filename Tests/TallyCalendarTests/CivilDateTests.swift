import Glibc
import TallyCalendar
import Testing

@Suite struct CivilDateTests {
    @Test(arguments: [
        ("1970-01-01", 0, 4), ("2026-12-25", 20_812, 5), ("2000-02-29", 11_016, 2), ("0001-01-01", -719_162, 1),
        ("9999-12-31", 2_932_896, 5),
    ])
    func dateMatchesItsDayCount(text: String, days: Int, weekday: Int) throws {
        let date = try CalendarText.date(text)
        #expect(date.daysSinceEpoch == days)
        #expect(date.description == text)
        #expect(date.isoWeekday == weekday)
    }

    @Test func monthsClampToTheLastDay() throws {
        let date = try CalendarText.date("2026-01-31")
        #expect(date.adding(months: 1)?.description == "2026-02-28")
        #expect(date.adding(months: 13)?.description == "2027-02-28")
        #expect(try CalendarText.date("2024-02-29").adding(months: 12)?.description == "2025-02-28")
        #expect(try CalendarText.date("2026-03-31").adding(months: -1)?.description == "2026-02-28")
        #expect(try CalendarText.date("9999-12-01").adding(months: 1) == nil)
    }

    @Test(arguments: [
        ("2005-01-01", 2004, 53), ("2008-12-29", 2009, 1), ("2026-12-25", 2026, 52), ("2027-01-03", 2026, 53),
    ])
    func isoWeeks(text: String, year: Int, week: Int) throws {
        let date = try CalendarText.date(text)
        #expect(date.isoWeek.year == year)
        #expect(date.isoWeek.week == week)
    }

    /// The ISO week is computed; the C library's `%G %V` is the oracle, every day of 1999 to
    /// 2031 and the edges of the supported years.
    @Test func isoWeeksAgreeWithTheCLibrary() throws {
        let first = try CalendarText.date("1999-01-01").daysSinceEpoch
        let last = try CalendarText.date("2031-12-31").daysSinceEpoch
        let edges = [CivilDate.supportedDays.lowerBound, CivilDate.supportedDays.upperBound].map(\.daysSinceEpoch)
        for days in Array(first...last) + edges {
            let date = CivilDate(daysSinceEpoch: days)
            var fields = date.fields
            var buffer = [CChar](repeating: 0, count: 32)
            let count = strftime(&buffer, 32, "%G %V", &fields)
            let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(text == "\(date.isoWeek.year) \(date.isoWeek.week < 10 ? "0" : "")\(date.isoWeek.week)", "\(date)")
        }
    }

    @Test(arguments: [
        ("2000-01-31", "2000-02-29", "0 years 1 month 0 days"),
        ("2001-01-31", "2001-02-27", "0 years 0 months 27 days"),
        ("2000-01-31", "2001-02-28", "1 year 1 month 0 days"),
        ("1986-03-15", "2026-11-29", "40 years 8 months 14 days"),
        ("2024-02-29", "2025-02-28", "1 year 0 months 0 days"),
        ("2024-02-29", "2025-02-27", "0 years 11 months 29 days"),
    ])
    func agesCountWholeMonths(birth: String, on: String, age: String) throws {
        let period = CalendarPeriod.age(of: try CalendarText.date(birth), on: try CalendarText.date(on))
        #expect(period?.description == age)
    }

    @Test(arguments: [
        ("2026-02-30", "there is no day '2026-02-30': February 2026 has 28 days"),
        ("2026-13-01", "there is no month 13 in '2026-13-01'; months run from 01 to 12"),
        ("0000-01-01", "there is no year 0 in '0000-01-01'; years run from 0001 to 9999"),
        (
            "2026-1-5",
            "'2026-1-5' has the shape of a date: write 2026-01-05 for the date, or 2026 - 1 - 5 with spaces to subtract"
        ),
    ])
    func invalidDatesAreErrors(text: String, message: String) {
        #expect(throws: CalendarParseError.self) { try CalendarText.date(text) }
        do {
            _ = try CalendarText.date(text)
        } catch {
            #expect(error.message == message)
        }
    }
}
