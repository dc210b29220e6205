import Foundation
import TallyTestSupport
import Testing

/// `habit` against Loop Habit Tracker, through the binary: Loop's own score tests
/// (`ScoreListTest.kt` in iSoron/uhabits), its test backups imported (Tests/HabitFiles/Loop),
/// and the third round's rules for notes, names and targets.
@Suite struct HabitLoopTests {
    private static let loopFiles = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/HabitFiles/Loop")

    private func run(_ script: String, today: String = "2026-11-29") throws -> TallyRun {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try TallyUnderTest.run(
            standardInput: script, environment: ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path])
    }

    /// The strength `habit list` shows for the habit of `script` (the one habit, on the last line).
    private func strength(_ script: String) throws -> String {
        let result = try run(script + "\nhabit list")
        #expect(result.errorText == "")
        let row = result.outputText.split(separator: "\n").last!.split(separator: " ")
        return String(row[row.count - 2])
    }

    /// Lines marking `name` done on each of `daysAgo`.
    private func done(_ name: String, _ daysAgo: some Sequence<Int>) -> String {
        daysAgo.map { "habit done \(name) -\($0)" }.joined(separator: "\n")
    }

    /// ScoreListTest: done the last 20 days (today included) gives 0.655747; skips on days 5,
    /// 10 and 11 ago leave the score as it is (0.596033); done 5 days ago and skipped 4 days
    /// ago gives 0.041949 today.
    @Test func loopsYesNoScores() throws {
        let start = "habit add R since 2026-10-01\n"
        #expect(try strength(start + "habit done R today\n" + done("R", 1...19)) == "66%")
        #expect(
            try strength(
                start + "habit done R today\n" + done("R", 1...19) + "\nhabit undo R -5\nhabit undo R -10\n"
                    + "habit undo R -11\nhabit skip R -5\nhabit skip R -10\nhabit skip R -11") == "60%")
        #expect(try strength("habit add R since 2026-11-24\nhabit done R -5\nhabit skip R -4") == "4%")
    }

    /// A day not yet marked counts, as in Loop: 20 days done up to yesterday give 0.6557 × m
    /// today (62%), and `show` says what marking today would bring.
    @Test func aDayNotYetMarkedCounts() throws {
        #expect(try strength("habit add R since 2026-10-01\n" + done("R", 1...20)) == "62%")
        let result = try run("habit add R since 2026-10-01\n" + done("R", 1...20) + "\nhabit show R")
        #expect(result.outputText.contains("strength        62% (+5% if done today)"))
    }

    /// ScoreListTest: 3/7 done twice a week converges to 2/3, 4/7 the same way to 1/2; 1/7 done
    /// on different weekdays converges to 100%.
    @Test func loopsNonDailyScores() throws {
        let weeks = 100
        let twiceAWeek = (0..<weeks).flatMap { [7 * $0 + 5, 7 * $0 + 6] }
        let history = "habit add R 3/week since 2024-01-01\n" + done("R", twiceAWeek)
        #expect(try strength(history) == "67%")
        #expect(try strength(history.replacing("3/week", with: "4/week")) == "50%")
        let alternating = (0..<weeks).flatMap { [14 * $0 + 13, 14 * $0] }
        #expect(try strength("habit add R 1/week since 2022-01-01\n" + done("R", alternating)) == "100%")
    }

    /// Loop saves a target with as many times as days as daily; "X times in Y days" is a target.
    @Test func targetsAsLoopHasThem() throws {
        let result = try run(
            """
            habit add A 7/week
            habit add B 30/month
            habit add C 3 times in 3 days
            habit add D 2 times in 3 days
            habit add E 1 time in 4 days
            habit add F 4 times in 3 days
            """)
        #expect(
            result.outputText == """
                added 'A' (since 2026-11-29)
                added 'B' (since 2026-11-29)
                added 'C' (since 2026-11-29)
                added 'D' (since 2026-11-29, 2 times in 3 days)
                added 'E' (since 2026-11-29, every 4 days)

                """)
        #expect(result.errorText.contains("'4 times in 3 days' is not a target: X runs from 1 to Y (3)"))
    }

    /// Issue 28 row 4: a date alone is no note; a note is kept as typed.
    @Test func notesAreKeptAsTyped() throws {
        let result = try run(
            """
            habit add R since 2026-11-01
            habit note R 2026-11-10 #tired
            habit note R yesterday
            habit note R he said "hi"   twice
            habit note R -2 'yesterday'
            habit export csv
            """)
        #expect(
            result.outputText == """
                added 'R' (since 2026-11-01)
                note for 'R' on 2026-11-29: he said "hi"   twice
                note for 'R' on 2026-11-27: yesterday
                name,start_day,archive_day,target,day,state,note
                R,2026-11-01,,daily,2026-11-27,,yesterday
                R,2026-11-01,,daily,2026-11-29,,"he said ""hi""   twice"

                """)
        #expect(
            result.errorText == """
                <stdin>:2:24: error: missing the note's text after the date
                    habit note R 2026-11-10 #tired
                                           ^
                <stdin>:3:23: error: missing the note's text after the date
                    habit note R yesterday
                                          ^

                """)
    }

    /// Issue 28 row 18: characters that draw nothing or turn the text around are refused in names.
    @Test(arguments: [
        ("Re\u{200B}ad", "'Re<U+200B>ad' contains U+200B (ZERO WIDTH SPACE)"),
        ("\u{202E}Read", "'<U+202E>Read' contains U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("Read\u{FEFF}x", "'Read<U+FEFF>x' contains U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
        ("a\u{2066}b", "'a<U+2066>b' contains U+2066 (LEFT-TO-RIGHT ISOLATE)"),
    ])
    func invisibleCharactersAreRefusedInNames(name: String, message: String) throws {
        let result = try run("habit add Read\nhabit add \"\(name)\"\nhabit rename Read \"\(name)\"")
        #expect(result.outputText == "added 'Read' (since 2026-11-29)\n")
        #expect(result.errorText.components(separatedBy: message).count == 3)
        #expect(result.status == 1)
    }

    /// Emoji sequences and Persian text keep the joiners that shape them.
    @Test func joinersThatShapeTextAreKept() throws {
        let result = try run("habit add \"👨‍👩‍👧 time\"\nhabit add \"می‌خواهم\"")
        #expect(result.errorText == "")
    }

    /// Loop's 2016 test backup (schema 12): every habit and day, the three names it has twice
    /// renamed, the file byte for byte as it was, the habits in Loop's order; strengths as Loop computes them (a
    /// reimplementation of its ScoreList.recompute gives 72.00, 34.92, 10.01, 32.95, 42.39, 58.05
    /// and 45.76 on this day).
    @Test func importsLoopsTestBackup() throws {
        let file = HabitLoopTests.loopFiles.appendingPathComponent("loop.db")
        let before = try Data(contentsOf: file)
        let result = try run("habit import '\(file.path)'\nhabit list", today: "2016-03-21")
        #expect(try Data(contentsOf: file) == before)
        #expect(
            result.outputText == """
                imported 9 habits (164 days done) from \(file.path)
                renamed 'Vegan' to 'Vegan (2)': the name was taken
                renamed 'Sport' to 'Sport (2)': the name was taken
                renamed 'I love you' to 'I love you (2)': the name was taken
                not carried: \(file.path): the habits' colours and reminders
                habit           target        since          streak  TWTFSSM  strength  total
                Wake up early   3/week        2016-01-01    2 weeks  ○■○■○○·       46%     33
                brush teeth     3/week        2016-01-06    5 weeks  ○■■○■○·       72%     21
                Sleep early     every 5 days  2016-03-15  2 periods  ■○○○○■○       10%      2
                Vegan           daily         2016-02-24     2 days  ·■·■·■■       42%     15
                Sport           daily         2016-02-23     3 days  ···■■■·       33%     12
                I love you      daily         2016-02-22     0 days  ·■·■■··       35%     13
                Vegan (2)       daily         2016-01-24     2 days  ·■·■·■■       58%     43
                Sport (2)       daily         2016-02-23     3 days  ···■■■·       33%     12
                I love you (2)  daily         2016-02-22     0 days  ·■·■■··       35%     13

                """)
    }

    /// Later schema versions (21, 22) and Loop's CSV export folder import too; a file of no known
    /// kind says which are read.
    @Test func importsOtherLoopFiles() throws {
        let files = HabitLoopTests.loopFiles
        let result = try run(
            """
            habit import '\(files.appendingPathComponent("021.db").path)'
            habit import '\(files.appendingPathComponent("022.db").path)'
            habit import '\(files.appendingPathComponent("csv_export").path)'
            habit import '\(files.appendingPathComponent("csv_export/Checkmarks.csv").path)'
            """)
        #expect(result.outputText.contains("imported 1 habit (3 days done) from"))
        #expect(result.outputText.contains("imported 2 habits (1 day done) from"))
        #expect(result.outputText.contains("imported 2 habits (6 days done) from"))
        #expect(result.errorText.contains("this is not a file habit import reads; expected Tally's JSON or CSV export"))
    }

    /// Tally's CSV export imports and exports again byte for byte; a day in the future is refused.
    @Test func tallysCSVRoundTrips() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try run(
            """
            habit add Gym 2/week since 2026-11-02
            habit done gym 2026-11-03
            habit skip gym 2026-11-04
            habit note gym 2026-11-05 'a, "quoted" note'
            habit add Read since 2026-11-20
            habit archive read 2026-11-22
            habit restore read
            habit export csv
            """)
        let csv = first.outputText.split(separator: "\n", omittingEmptySubsequences: false).drop {
            !$0.hasPrefix("name,")
        }
        .joined(separator: "\n")
        let file = directory.appendingPathComponent("habits.csv")
        try Data(csv.utf8).write(to: file)
        let second = try run("habit import '\(file.path)'\nhabit export csv")
        #expect(second.errorText == "")
        #expect(second.outputText.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n" == csv)
        let future = try run("habit import '\(file.path)'", today: "2026-11-04")
        #expect(future.errorText.contains("2026-11-05 is in the future; today is 2026-11-04"))
    }

    /// StreakListTest and Loop's long test habit (HabitFixtures.createLongHabit): as a daily
    /// habit its best streaks are Loop's, 4, 5 and 6 days (newest first). As 3/week Tally counts
    /// weeks met, by the rule of its completion (Loop counts the 51 and 34 days of its intervals:
    /// docs/habit.md says why they differ).
    @Test func loopsStreaks() throws {
        let marks = [
            0, 1, 3, 5, 7, 8, 9, 10, 12, 14, 15, 17, 19, 20, 26, 27, 28, 50, 51, 52, 53, 54, 58, 60, 63, 65, 70, 71,
            72, 73, 74, 75, 80, 81, 83, 89, 90, 91, 95, 102, 103, 108, 109, 120,
        ]
        let result = try run(
            "habit add D since 2026-07-01\nhabit add W 3/week since 2026-07-01\n" + done("D W", marks)
                + "\nhabit show D\nhabit show W")
        #expect(
            result.outputText.contains(
                """
                best streaks    4 days, 2026-11-19 to 2026-11-22
                                5 days, 2026-10-06 to 2026-10-10
                                6 days, 2026-09-15 to 2026-09-20
                """))
        #expect(
            result.outputText.contains(
                """
                current streak  3 weeks
                longest streak  3 weeks
                completion      27% (6 of 22 weeks)
                strength        77%
                change          +18% in 30 days, +77% in a year
                best streaks    3 weeks, 2026-11-09 to 2026-11-29
                                1 week, 2026-10-06 to 2026-10-11
                                2 weeks, 2026-09-07 to 2026-09-20
                """))
    }

    /// `habit export FORMAT FILE` writes the file (0600) and replaces only an earlier export
    /// unless `--force`; never a folder, a symbolic link or another kind of file.
    @Test func exportsToAFile() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.json").path
        let other = directory.appendingPathComponent("notes.txt").path
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: other))
        let result = try run(
            """
            habit add R since 2026-11-28
            habit export json '\(file)'
            habit export csv '\(file)'
            habit export json '\(other)'
            habit export json '\(directory.path)'
            """)
        #expect(result.outputText.components(separatedBy: "exported 1 habit to").count == 3)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("name,start_day,"))
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "mine\n")
        #expect(
            result.errorText.contains("it exists and is not an earlier Tally export; nothing was written (add --force"))
        #expect(result.errorText.contains("it exists and is not a regular file; nothing was written"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let forced = try run("habit add R\nhabit export json '\(other)' --force")
        #expect(forced.errorText == "")
        #expect(try String(contentsOfFile: other, encoding: .utf8).hasPrefix("{\n  \"habits\""))
    }

    /// `habit show NAME YYYY`: that year's calendar (days of other years blank) and months.
    @Test func showsAPastYear() throws {
        let result = try run(
            """
            habit add R 3/week since 2025-03-10
            habit done R 2025-03-10
            habit done R 2025-12-31
            habit done R 2026-01-01
            habit show R 2025
            habit show R 2024
            habit show R 2027
            """)
        #expect(result.outputText.contains("Mon ■··········································\n"))
        #expect(result.outputText.contains("Wed ··········································■\n"))
        #expect(result.outputText.contains("Thu ··········································\n"))
        #expect(result.outputText.contains("Mar 2025     1  0% (0 of 3 weeks)\n"))
        #expect(result.outputText.contains("Dec 2025     1  0% (0 of 4 weeks)\n"))
        #expect(!result.outputText.contains("Jan 2026"))
        #expect(result.errorText.contains("6:14: error: 'R' was tracked from 2025-03-10 to 2026-11-29, not in 2024"))
        #expect(result.errorText.contains("7:14: error: 2027 is in the future; today is 2026-11-29"))
    }

    /// `show NAME year` charts the strength week by week (digits in ASCII) and the weekdays.
    @Test func chartsStrengthAndWeekdays() throws {
        let result = try run(
            "habit add R since 2026-10-01\n" + done("R", 1...30)
                + "\nhabit done R today\nset glyphs ascii\nhabit show R year")
        #expect(
            result.outputText.hasSuffix(
                """
                strength at the end of each week (0 = under 10%, 9 = 90% or more)
                    000014578

                month     done  completion
                Oct 2026     2  6% (2 of 31 days)
                Nov 2026    29  100% (29 of 29 days)

                days done by weekday
                Mon 4 ################################
                Tue 4 ################################
                Wed 4 ################################
                Thu 4 ################################
                Fri 5 ########################################
                Sat 5 ########################################
                Sun 5 ########################################

                """))
    }
}
