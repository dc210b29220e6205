import Foundation
import TallyTestSupport
import Testing

/// The first and last days Tally knows, 0001-01-01 and 9999-12-31: a day past either is a
/// positioned error, in the language and in `habit`, never year 0000 or 10000 and never a
/// message of the store's.
@Suite struct CalendarEndsTests {
    @Test(arguments: [
        ("0001-01-01", "yesterday", 1), ("0001-01-01", "age(yesterday)", 5), ("9999-12-31", "tomorrow", 1),
        ("9999-12-31", "tomorrow - 1 day", 1),
    ])
    func aDayPastTheEndsIsAnError(today: String, line: String, column: Int) throws {
        let result = try TallyUnderTest.run(["-e", line], environment: ["TALLY_TODAY": today])
        #expect(result.status == 1)
        #expect(
            result.errorText.hasPrefix("<eval>:1:\(column): error: the result is outside the years 0001 to 9999\n"),
            "\(result.errorText)")
        #expect(result.outputText == "")
    }

    @Test func theDaysBesideTheEndsAreFine() throws {
        let early = try TallyUnderTest.run(["-e", "tomorrow"], environment: ["TALLY_TODAY": "0001-01-01"])
        #expect(early.outputText == "0001-01-02\n")
        let late = try TallyUnderTest.run(["-e", "yesterday"], environment: ["TALLY_TODAY": "9999-12-31"])
        #expect(late.outputText == "9999-12-30\n")
    }

    /// `habit done X yesterday` (or a weekday, or `-1`) on 0001-01-01 points at the date.
    @Test(arguments: ["yesterday", "sun", "-1"])
    func habitDaysBeforeTheFirstDay(word: String) throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TallyUnderTest.run(
            ["-e", "habit add X", "-e", "habit done X \(word)"],
            environment: ["TALLY_TODAY": "0001-01-01", "TALLY_DATA_DIR": folder.path])
        #expect(
            result.errorText == """
                <eval>:2:14: error: '\(word)' reaches back before the year 1
                    habit done X \(word)
                                 \(String(repeating: "^", count: 1) + String(repeating: "~", count: word.count - 1))

                """)
    }
}
