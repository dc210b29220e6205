import Glibc
import Testing

@testable import TallyCalendar

/// What TallyCalendar computes without the C library, against the C library.
@Suite struct CalendarArithmeticTests {
    /// Every day of the years 0 to 10000: year, month, day, day of the year and weekday as
    /// `gmtime_r` gives them, days as `timegm` gives them, with months and days carried.
    @Test func arithmeticMatchesTheCLibraryOverTheWholeRange() {
        // 0000-01-01 and 10000-12-31, as days since 1970-01-01.
        #expect(CivilDate.libraryDays(year: 0, month: 1, day: 1) == -719_528)
        #expect(CivilDate.libraryDays(year: 10_000, month: 12, day: 31) == 2_933_262)
        #expect(CivilDate.firstDisagreementWithCLibrary(from: -719_528, through: 2_933_262) == nil)
    }

    /// The offsets kept per zone and block are those `localtime_r` gives, every hour from 1970
    /// to 2040 and every 13 hours from 1900 to 2100, in zones with odd changes: 30-minute
    /// daylight saving (Lord Howe), Ramadan breaks (Casablanca, Gaza), a day skipped (Apia),
    /// changes 4 days apart (Freetown, 1939), seconds in the offset (Amsterdam before 1937).
    @Test(arguments: [
        "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Africa/Casablanca", "Asia/Gaza",
        "Pacific/Apia", "Africa/Freetown", "Europe/Amsterdam", "America/Sao_Paulo", "Pacific/Chatham",
    ])
    func keptOffsetsAreTheCLibrarys(name: String) throws {
        let zone = try #require(Zone.named(name))
        let instants =
            Array(stride(from: 0, to: 2_208_988_800, by: 3600))
            + Array(stride(from: -2_208_988_800, to: 4_102_444_800, by: 13 * 3600))
        let expected = ZoneRules.uncachedOffsets(of: zone, at: instants)
        let mismatches = zip(instants, expected).filter { ZoneRules.offset(of: zone, at: $0) != $1 }.map(\.0)
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
    }

    /// The local zone is kept as well, and `TZ` is what it was after a named zone was read.
    @Test func localZoneAndTZAreUntouched() throws {
        // `TZ` read under the zone lock: other tests convert in parallel, and set `TZ` for a
        // moment under that lock.
        func currentTZ() -> String? { ZoneRules.state.withLock { _ in getenv("TZ").map { String(cString: $0) } } }
        let before = currentTZ()
        let zone = try #require(Zone.named("Asia/Kolkata"))
        #expect(ZoneRules.offset(of: zone, at: 1_800_000_000) == 19_800)
        #expect(currentTZ() == before)
        #expect(ZoneRules.offset(of: .local, at: 0) == ZoneRules.uncachedOffset(of: .local, at: 0))
    }

    /// Texts written in place byte by byte: every shape of them.
    @Test func textsWrittenInPlace() throws {
        #expect(CalendarPeriod(years: 40, months: 1, days: 0).description == "40 years 1 month 0 days")
        #expect(
            CalendarPeriod(years: .min, months: .max, days: 1).description
                == "-2147483648 years 2147483647 months 1 day")
        #expect(DateTime(seconds: 0, zone: .utc).description == "1970-01-01T00:00:00Z")
        #expect(DateTime(seconds: 0, zone: .offset(0)).description == "1970-01-01T00:00:00+00:00")
        #expect(DateTime(seconds: 0, zone: .offset(-12_600)).description == "1969-12-31T20:30:00-03:30")
        let amsterdam = try #require(Zone.named("Europe/Amsterdam"))
        #expect(
            DateTime(seconds: -1_262_304_000, zone: amsterdam).description
                == "1930-01-01T00:19:32+00:19:32 Europe/Amsterdam")
        #expect(
            DateTime(seconds: -62_135_596_800, zone: .offset(-3600)).description == "0000-12-31T23:00:00-01:00")
        #expect(DateTime(seconds: 253_402_300_799, zone: .offset(3600)).description == "10000-01-01T00:59:59+01:00")
    }
}
