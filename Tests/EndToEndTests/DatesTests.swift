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
        ("2026-12-25 09:00 Europe/Paris to Asia/Seoul", "2026-12-25T17:00:00+09:00"),
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
