import TallyCalendar
import Testing

@testable import TallyHabits

@Suite struct CivilDateParsingTests {
    @Test(arguments: [
        ("1970-01-01", 0, "Thursday"),
        ("2026-11-29", 20786, "Sunday"),
        ("2000-02-29", 11016, "Tuesday"),
        ("1969-12-31", -1, "Wednesday"),
        ("0001-01-01", -719_162, "Monday"),
        ("9999-12-31", 2_932_896, "Friday"),
    ])
    func parsesAndKnowsItsWeekday(text: String, daysSinceEpoch: Int, weekday: String) throws {
        let parsed = try CivilDate.parse(text)
        #expect(parsed.daysSinceEpoch == daysSinceEpoch)
        #expect(parsed.weekdayName == weekday)
        #expect(parsed.description == text)
    }

    @Test func componentsRoundTripOverFourHundredYears() {
        // One whole Gregorian cycle covers every leap-year rule.
        var expected = CivilDate(year: 1900, month: 1, day: 1)!
        for offset in 0..<146_097 {
            let current = expected.advanced(by: offset)
            let (year, month, dayOfMonth) = current.components
            #expect(CivilDate(year: year, month: month, day: dayOfMonth) == current)
            if offset % 10_000 == 0 { expected = current }
        }
    }

    @Test(arguments: [
        ("2026-02-30", DayParseError.noSuchDay("2026-02-30", month: 2, year: 2026, daysInMonth: 28)),
        ("2024-02-30", .noSuchDay("2024-02-30", month: 2, year: 2024, daysInMonth: 29)),
        ("1900-02-29", .noSuchDay("1900-02-29", month: 2, year: 1900, daysInMonth: 28)),
        ("2026-04-31", .noSuchDay("2026-04-31", month: 4, year: 2026, daysInMonth: 30)),
        ("2026-01-00", .noSuchDay("2026-01-00", month: 1, year: 2026, daysInMonth: 31)),
        ("2026-13-01", .noSuchMonth("2026-13-01", month: 13)),
        ("2026-00-10", .noSuchMonth("2026-00-10", month: 0)),
        ("0000-01-01", .noSuchYear("0000-01-01")),
        ("2026-1-05", .malformed("2026-1-05")),
        ("2026/01/05", .malformed("2026/01/05")),
        ("2026-01-05x", .malformed("2026-01-05x")),
        (" 2026-01-05", .malformed(" 2026-01-05")),
        ("２０２６-01-05", .malformed("２０２６-01-05")),
        ("", .malformed("")),
    ])
    func rejectsWhatIsNotADay(text: String, error: DayParseError) {
        #expect(throws: error) { try CivilDate.parse(text) }
    }

    @Test func explainsAMissingDayInWords() {
        #expect(
            DayParseError.noSuchDay("2026-02-30", month: 2, year: 2026, daysInMonth: 28).message
                == "there is no day '2026-02-30': February 2026 has 28 days")
    }

    @Test(arguments: [
        ("today", "2026-11-29"), ("TODAY", "2026-11-29"), ("yesterday", "2026-11-28"), ("-0", "2026-11-29"),
        ("-1", "2026-11-28"), ("-29", "2026-10-31"), ("-366", "2025-11-28"), ("2026-01-05", "2026-01-05"),
        ("2027-01-01", "2027-01-01"),  // resolving does not judge the future; the parser does
    ])
    func resolvesRelativeDays(text: String, expected: String) throws {
        #expect(try CivilDate.resolve(text, today: pinnedToday) == day(expected))
    }

    @Test(arguments: [
        ("-", DayParseError.malformed("-")), ("-x", .malformed("-x")), ("+1", .malformed("+1")),
        ("--1", .malformed("--1")), ("tomorrow", .malformed("tomorrow")),
        ("-99999999999999999999999", .tooFarBack("-99999999999999999999999")),
        ("-800000", .tooFarBack("-800000")),
    ])
    func rejectsBadRelativeDays(text: String, error: DayParseError) {
        #expect(throws: error) { try CivilDate.resolve(text, today: pinnedToday) }
    }

    @Test(arguments: [
        ("today - 2 days", "2026-11-27"), ("today -2 days", "2026-11-27"), ("today -2days", "2026-11-27"),
        ("yesterday - 1 week", "2026-11-21"), ("today - 1 WEEK", "2026-11-22"), ("-3 - 1 day", "2026-11-25"),
        ("2026-03-31 - 1 month", "2026-02-28"), ("2024-02-29 + 1 year", "2025-02-28"),
        ("2026-11-29 - 1 month + 2 days", "2026-10-31"), ("mon - 1 week", "2026-11-16"),
        ("today + 1 day", "2026-11-30"),  // the parser refuses the future, not resolving
    ])
    func resolvesDaysMovedBySteps(text: String, expected: String) throws {
        #expect(try CivilDate.resolve(text, today: pinnedToday) == day(expected))
    }

    @Test(arguments: [
        ("today - 2 h", DayParseError.malformed("today - 2 h")), ("today 2 days", .malformed("today 2 days")),
        ("today - days", .malformed("today - days")), ("nonsense - 1 day", .malformed("nonsense")),
        ("today - 3000 years", .outsideYears("today - 3000 years")),
        ("today + 9000 years", .outsideYears("today + 9000 years")),
    ])
    func rejectsBadSteps(text: String, error: DayParseError) {
        #expect(throws: error) { try CivilDate.resolve(text, today: pinnedToday) }
    }

    /// Which words after a DATE word continue it: whole steps only.
    @Test(arguments: [
        (["-", "2", "days"], 3), (["-2", "days", "felt", "good"], 2), (["-2days", "+1", "week"], 3),
        (["-", "2", "pages"], 0), (["felt", "-", "1", "day"], 0), (["-", "2"], 0), ([], 0),
    ])
    func continuationIsWholeSteps(words: [String], count: Int) {
        #expect(CivilDate.continuationLength(words) == count)
    }

    @Test func startOfWeekIsMonday() {
        #expect(day("2026-11-29").startOfWeek == day("2026-11-23"))
        #expect(day("2026-11-23").startOfWeek == day("2026-11-23"))
        #expect(day("1970-01-01").startOfWeek == day("1969-12-29"))
    }

    @Test func todayIsPinnedOrLocal() throws {
        #expect(try CivilDate.today(pinnedTo: "2026-11-29") == pinnedToday)
        #expect(throws: DayParseError.malformed("soon")) { try CivilDate.today(pinnedTo: "soon") }
        let local = try CivilDate.today(pinnedTo: nil)
        #expect(local.year >= 2024)
    }
}
