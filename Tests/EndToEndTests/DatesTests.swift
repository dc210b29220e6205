import Foundation
import TallyTestSupport
import Testing

/// Dates and times through the built binary: the Python differential slice, the environment
/// that pins the clock, and what must never happen to a line that looks like a date.
@Suite struct DatesTests {
    static let environment = ["TALLY_TODAY": "2026-11-29", "TALLY_NOW": "2026-11-29T09:30:00Z", "TZ": "Europe/Paris"]

    /// A slice of Tests/Differential/dates.py (20,000 cases by hand): every kind of case
    /// against Python's datetime, zoneinfo and dateutil.relativedelta.
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func agreesWithPython() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/dates.py", ["--tally", TallyUnderTest.executable.path, "--count", "1400"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("1400 date cases compared, 0 mismatches"), "\(report)")
    }

    @Test(arguments: [
        ("2026-12-25 - today", "26 days"), ("today + 90 days", "2027-02-27"), ("now to UTC", "2026-11-29T09:30:00Z"),
        ("2026-12-25", "2026-12-25"), ("2026 - 12 - 25", "1989"), ("3-2", "1"), ("10-3-2", "5"),
        ("2026-12-25 09:00 Europe/Paris to Asia/Seoul", "2026-12-25T17:00:00+09:00 Asia/Seoul"),
        // What is shown pastes back as the same instant in the same zone.
        ("2026-12-25T17:00:00+09:00 Asia/Seoul", "2026-12-25T17:00:00+09:00 Asia/Seoul"),
        ("2026-10-25T02:30:00+01:00 Europe/Paris + 1 day", "2026-10-26T02:30:00+01:00 Europe/Paris"),
        ("2026-12-25T17:00:00+09:00 Asia/Seoul == 2026-12-25T08:00Z", "true"),
        ("now to Asia/Kolkata", "2026-11-29T15:00:00+05:30 Asia/Kolkata"), ("2026-12-25 - 2026-12-24", "1 day"),
        ("1000 - 10 - 5", "985"), ("2026 - 12 - 25.5", "1988.5"), ("2026 -12", "2014"), ("12345-3", "12342"),
        ("12026 - 12 - 25", "11989"), ("20000-100-5", "19895"),
    ])
    func answers(_ line: String, _ expected: String) throws {
        let result = try TallyUnderTest.run(["-e", line], environment: DatesTests.environment)
        #expect(result.errorText == "", "\(line)")
        #expect(result.outputText == expected + "\n", "\(line)")
    }

    /// Today for habits comes from the same clock: TALLY_NOW alone pins it too.
    @Test func nowPinsTodayForHabitsAndTheCalculator() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-dates-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try TallyUnderTest.run(
            ["-e", "today", "-e", "habit add Read", "-e", "habit done Read", "-e", "habit show Read"],
            environment: ["TALLY_NOW": "2026-03-01T23:30:00Z", "TZ": "Asia/Seoul", "TALLY_DATA_DIR": directory.path])
        #expect(result.errorText == "")
        #expect(result.outputText.hasPrefix("2026-03-02\n"), "\(result.outputText)")
        #expect(result.outputText.contains("2026-03-02"), "\(result.outputText)")
    }

    @Test func unusableNowIsAUsageError() throws {
        let result = try TallyUnderTest.run(["-e", "now"], environment: ["TALLY_NOW": "yesterday"])
        #expect(result.status == 2)
        #expect(result.errorText.hasPrefix("tally: the environment variable TALLY_NOW is not a usable time"))
    }

    /// A date spaced at some of its dashes only is an error naming both readings, never 1989.
    @Test(arguments: ["2026 -12-25", "2026- 12-25", "2026 - 12-25", "2026 -12 -25", "2026-12 -25", "2026  -  12-25"])
    func partlySpacedDatesAreErrors(_ line: String) throws {
        let result = try TallyUnderTest.run(["-e", line], environment: DatesTests.environment)
        #expect(result.status == 1, "\(line)")
        #expect(result.outputText == "", "\(line)")
        #expect(
            result.errorText.contains("has the shape of a date: write 2026-12-25 for the date, or 2026 - 12 - 25"),
            "\(result.errorText)")
    }

    /// A year of five digits or more written as a date: an error, never silent subtraction.
    @Test(arguments: ["12026-12-25", "10000-01-01", "123456-1-2"])
    func longYearsAreErrors(_ line: String) throws {
        let result = try TallyUnderTest.run(["-e", line], environment: DatesTests.environment)
        #expect(result.status == 1, "\(line)")
        #expect(result.errorText.contains("has the shape of a date, but years have four digits"), "\(result.errorText)")
    }

    /// `now` under odd `TZ` values: the C library's reading (UTC for what it cannot read), the
    /// same as `date`, never a crash.
    @Test(arguments: [
        ("", "2026-11-29T09:30:00+00:00"), ("Nowhere/Zone", "2026-11-29T09:30:00+00:00"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-11-29T04:30:00-05:00"), ("<+0330>-3:30", "2026-11-29T13:00:00+03:30"),
        (":Asia/Kolkata", "2026-11-29T15:00:00+05:30"), ("UTC", "2026-11-29T09:30:00+00:00"),
    ])
    func nowUnderOddTZ(_ zone: String, _ expected: String) throws {
        let result = try TallyUnderTest.run(
            ["-e", "now", "-e", "weekday(today)"], environment: ["TALLY_NOW": "2026-11-29T09:30:00Z", "TZ": zone])
        #expect(result.outputText == expected + "\n7\n", "TZ=\(zone)")
    }

    /// A habit's DATE may be moved by steps: `habit done Read today - 2 days`.
    @Test func habitDaysTakeSteps() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-dates-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = DatesTests.environment
        environment["TALLY_DATA_DIR"] = directory.path
        let result = try TallyUnderTest.run(
            [
                "-e", "habit add Read since 2026-11-01", "-e", "habit done Read today - 2 days",
                "-e", "habit done Read yesterday -1 week", "-e", "habit done Read 2026-11-29 - 1 month",
                "-e", "habit note Read today - 1 day felt good",
            ],
            environment: environment)
        #expect(result.errorText == "", "\(result.errorText)")
        #expect(result.outputText.contains("done on 2026-11-27"), "\(result.outputText)")
        #expect(result.outputText.contains("done on 2026-11-21"), "\(result.outputText)")
        let future = try TallyUnderTest.run(["-e", "habit done Read today + 1 day"], environment: environment)
        #expect(future.errorText.contains("2026-11-30 is in the future"), "\(future.errorText)")
        let hours = try TallyUnderTest.run(["-e", "habit done Read today - 2 h"], environment: environment)
        #expect(hours.status == 1, "\(hours.outputText)")
        let show = try TallyUnderTest.run(["-e", "habit show Read"], environment: environment)
        #expect(show.outputText.contains("felt good"), "\(show.outputText)")
    }

    /// Strange and long inputs of a date's shape: errors, never a crash or a hang.
    @Test(arguments: [
        "2026-12-25T", "2026-12-25T99:99", "9999-99-99", "2026-00-10", "2026-12-00", "99:99:99", "1:2:3",
        "2026-12-25 14:30 Europe/", "2026-12-25T14:30+99:00", "2026-12-25T14:30:00.123456789",
        "2026-12-25T14:30 " + String(repeating: "A/", count: 5000), String(repeating: "2026-", count: 20000),
        "2026-12-25" + String(repeating: " + 1 day", count: 5000), "0001-01-01T00:00Z - 1 s",
    ])
    func strangeInputsFailCleanly(_ line: String) throws {
        let result = try TallyUnderTest.run(["-e", line], environment: DatesTests.environment)
        #expect(result.status == 0 || result.status == 1, "\(line.prefix(40))")
        if result.status == 1 { #expect(result.errorText.contains(": error: "), "\(line.prefix(40))") }
    }
}
