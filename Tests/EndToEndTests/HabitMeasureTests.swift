import Foundation
import TallyTestSupport
import Testing

/// Measurable habits through the binary, against Loop Habit Tracker's own test cases for
/// numerical habits (`NumericalAtLeastScoreListTest`, `NumericalAtLeastScoreListWithSkipTest`
/// and `NumericalAtMostScoreListTest` in `uhabits-core/src/jvmTest/.../models/ScoreListTest.kt`,
/// iSoron/uhabits; the habit is `HabitFixtures.createEmptyNumericalHabit`: 2 miles a day). Loop
/// checks each score to 1e-6; Tally shows whole percentages, and every one agrees.
@Suite struct HabitMeasureTests {
    /// The day Loop's tests call today.
    private static let today = "2026-11-29"

    /// Runs `script` on a fresh store, then `habit list` on each of `daysBack` (days before
    /// today), and returns the strength shown each time.
    private func strengths(_ script: String, daysBack: [Int] = [0]) throws -> [String] {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let setUp = try TallyUnderTest.run(
            standardInput: script, environment: ["TALLY_TODAY": Self.today, "TALLY_DATA_DIR": directory.path])
        #expect(setUp.errorText == "")
        return try daysBack.map { back in
            let result = try TallyUnderTest.run(
                standardInput: "habit list",
                environment: ["TALLY_TODAY": day(back), "TALLY_DATA_DIR": directory.path])
            let row = result.outputText.split(separator: "\n").last?.split(separator: " ") ?? []
            guard row.count >= 2 else {
                Issue.record("habit list on \(day(back)) printed \(result.outputText) \(result.errorText)")
                return ""
            }
            return String(row[row.count - 2])
        }
    }

    /// `back` days before today, as YYYY-MM-DD.
    private func day(_ back: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let today = formatter.date(from: Self.today)!
        return formatter.string(from: today.addingTimeInterval(Double(-back) * 86_400))
    }

    /// Lines entering `amount` for `name` on each of `daysAgo` (replacing the day's amount).
    private func enter(_ name: String, _ amount: String, _ daysAgo: some Sequence<Int>) -> String {
        daysAgo.map { "habit done \(name) =\(amount) -\($0)" }.joined(separator: "\n") + "\n"
    }

    /// Loop's expected scores as whole percentages, rounded half up.
    private func percent(_ scores: [Double]) -> [String] {
        scores.map { "\(Int(($0 * 100).rounded(.toNearestOrAwayFromZero)))%" }
    }

    /// `test_getValue`: 2 miles on each of the last 20 days, scores from today back 23 days.
    @Test func atLeastScoresDayByDay() throws {
        let loop = [
            0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734,
            0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922,
            0, 0, 0,
        ]
        let script = "habit add Run 2 miles per day\n" + enter("Run", "2", 0..<20)
        #expect(try strengths(script, daysBack: Array(0..<23)) == percent(loop))
    }

    /// `--json` gives the strength to a hundredth of a percent: `test_getValue`'s 0.655747 today,
    /// and at most's 0.344253.
    @Test func jsonGivesTheScoreToAHundredth() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script =
            "habit add Run 2 miles per day\n" + enter("Run", "2", 0..<20) + "habit add Cut at most 2 miles per day\n"
            + enter("Cut", "1", [20]) + enter("Cut", "5", 0..<20)
        _ = try TallyUnderTest.run(
            standardInput: script, environment: ["TALLY_TODAY": Self.today, "TALLY_DATA_DIR": directory.path])
        let result = try TallyUnderTest.run(
            ["--json", "-e", "habit list", "-e", "habit show run"],
            environment: ["TALLY_TODAY": Self.today, "TALLY_DATA_DIR": directory.path])
        #expect(result.outputText.contains(#""name":"Cut","target":"at most 2 miles per day""#))
        #expect(result.outputText.contains(#""strength":34.43,"unit":"miles","goal":2,"goal_kind":"at most""#))
        #expect(result.outputText.contains(#""strength":65.57,"unit":"miles","goal":2,"goal_kind":"at least""#))
        #expect(result.outputText.contains(#""current_streak":20,"longest_streak":20,"streak_unit":"day""#))
        #expect(result.outputText.contains(#""habit":{"name":"Run""#))
    }

    /// A day before a habit's start (the clock went back) is shown, never a crash: `today`
    /// says when it starts, and the views and their data read 0.
    @Test func aTodayBeforeTheStartIsShown() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try TallyUnderTest.run(
            standardInput: "habit add Read\nhabit add Water 8 l per week\n",
            environment: ["TALLY_TODAY": Self.today, "TALLY_DATA_DIR": directory.path])
        let result = try TallyUnderTest.run(
            ["--json", "-e", "habit", "-e", "habit list", "-e", "habit show water"],
            environment: ["TALLY_TODAY": "2026-11-20", "TALLY_DATA_DIR": directory.path])
        #expect(result.status == 0)
        #expect(result.outputText.contains(#"Water     8 l per week  starts on 2026-11-29"#))
        #expect(result.outputText.contains(#""period_total":0"#))
    }

    /// `test_recompute`: two days give 0.101149, and 0.072631 once the period is 2 days;
    /// `overeachievingIsntRelevant`: 10,000 miles in a day give no more than 2 (0.051922).
    @Test func atLeastRecomputedAndOverachieved() throws {
        #expect(try strengths("habit add Run 2 miles per day\n" + enter("Run", "2", 0..<2)) == ["10%"])
        #expect(try strengths("habit add Run 2 miles per 2 days\n" + enter("Run", "2", 0..<2)) == ["7%"])
        #expect(try strengths("habit add Run 2 miles per day\n" + enter("Run", "10000", [0])) == ["5%"])
    }

    /// `shouldAchieveComparableScoreToProgress`: half the goal every day for 500 days gives
    /// 50%, a quarter 25% (each day's amount replaced).
    @Test func atLeastScoreFollowsProgress() throws {
        let half = "habit add Run 2 miles per day\n" + enter("Run", "1", 0..<500)
        #expect(try strengths(half) == ["50%"])
        #expect(try strengths(half + enter("Run", "0.5", 0..<500)) == ["25%"])
    }

    /// `shouldAchieveHighScoreInReasonableTime`: daily over 90 days, weekly over 39 weeks and
    /// monthly over 18 months each pass 99%.
    @Test func atLeastReachesAHighScore() throws {
        let overNinetyNine = ["99%", "100%"]
        #expect(
            try overNinetyNine.contains(strengths("habit add Run 2 miles per day\n" + enter("Run", "2", 0..<90))[0]))
        let weekly = "habit add Run 2 miles per week\n" + enter("Run", "2", (0...38).map { 7 * $0 })
        #expect(try overNinetyNine.contains(strengths(weekly)[0]))
        let monthly = "habit add Run 2 miles per month\n" + enter("Run", "2", (0...17).map { 30 * $0 })
        #expect(try overNinetyNine.contains(strengths(monthly)[0]))
    }

    /// `NumericalAtLeastScoreListWithSkipTest.test_getValue`: skips 10 and 15 days ago keep the
    /// score of the day before.
    @Test func atLeastSkipsKeepTheScore() throws {
        let loop = [
            0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270, 0.381137,
            0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.147820, 0.101149, 0.051922,
            0, 0, 0,
        ]
        let script =
            "habit add Run 2 miles per day\n" + enter("Run", "2", Array(0..<10) + Array(11..<15) + Array(16..<20))
            + "habit skip Run -10\nhabit skip Run -15\n"
        #expect(try strengths(script, daysBack: Array(0..<23)) == percent(loop))
    }

    /// `skipsShouldNotAffectScore`: 500 skipped days before 500 days of half the goal change
    /// nothing (Tally's habit starts on the first skipped day; Loop's starts at its first entry).
    @Test func atLeastSkippedDaysDoNotCount() throws {
        let half = "habit add Run 2 miles per day\n" + enter("Run", "1", 0..<500)
        let skipped =
            "habit add Run 2 miles per day since -999\n" + enter("Run", "1", 0..<500)
            + (500..<1000).map { "habit skip Run -\($0)" }.joined(separator: "\n")
        #expect(try strengths(half) == strengths(skipped))
    }

    /// `NumericalAtMostScoreListTest.test_getValue`: at most 2 miles, 1 mile 20 days ago, then 5
    /// a day.
    @Test func atMostScoresDayByDay() throws {
        let loop = [
            0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000, 0.527383, 0.556266,
            0.586730, 0.618863, 0.652756, 0.688505, 0.726212, 0.765983, 0.807933, 0.852180, 0.898851, 0.948078,
            1.0, 0, 0,
        ]
        let script = "habit add Run at most 2 miles per day\n" + enter("Run", "1", [20]) + enter("Run", "5", 0..<20)
        #expect(try strengths(script, daysBack: Array(0..<23)) == percent(loop))
    }

    /// At most: `test_recompute` (nothing entered is 100%; two days of 5 give 0.898850, over a
    /// period of 2 days 0.927369), `shouldAchieveComparableScoreToProgress` (3 a day gives 50%,
    /// 3.5 25%), `undereachievingIsntRelevant` and `overeachievingIsntRelevant`.
    @Test func atMostRecomputedAndBounded() throws {
        let atMost = "habit add Run at most 2 miles per day\n"
        #expect(try strengths(atMost) == ["100%"])
        #expect(try strengths(atMost + enter("Run", "5", 0..<2)) == ["90%"])
        #expect(try strengths("habit add Run at most 2 miles per 2 days\n" + enter("Run", "5", 0..<2)) == ["93%"])
        #expect(try strengths(atMost + enter("Run", "3", 0..<500)) == ["50%"])
        #expect(try strengths(atMost + enter("Run", "3", 0..<500) + enter("Run", "3.5", 0..<500)) == ["25%"])
        #expect(try strengths(atMost + enter("Run", "10000", [1])) == ["95%"])
        #expect(try strengths(atMost + enter("Run", "5", [0]) + enter("Run", "0", [1])) == ["95%"])
        #expect(try strengths(atMost + enter("Run", "5", [0]) + enter("Run", "1", [1])) == ["95%"])
    }

    /// Entering amounts: added to the day's amount, or in its place with `=`; views show them
    /// against the goal; `undo` removes the day's amount.
    @Test func enteringAmounts() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try TallyUnderTest.run(
            standardInput: """
                habit add Water 8 glasses per day
                habit done Water 3
                habit done Water 2.5
                habit done Water =8 yesterday
                habit
                habit undo Water
                habit done Water
                habit done Water 1.2345
                """, environment: ["TALLY_TODAY": Self.today, "TALLY_DATA_DIR": directory.path])
        #expect(
            result.outputText == """
                added 'Water' (since 2026-11-29, 8 glasses per day)
                'Water' on 2026-11-29: 3 glasses of 8 glasses per day (current streak: 0 days)
                'Water' on 2026-11-29: 5.5 glasses (was 3) of 8 glasses per day (current streak: 0 days)
                'Water' on 2026-11-28: 8 glasses of 8 glasses per day (current streak: 1 day); it now starts on 2026-11-28, not 2026-11-29
                today, Sunday 2026-11-29
                Water  ·  8 glasses per day  5.5 of 8 glasses today

                open today: Water
                'Water' no longer done on 2026-11-29

                """)
        #expect(
            result.errorText == """
                <stdin>:7:12: error: 'Water' measures the 'glasses' of each day; give the amount: habit done Water 1
                    habit done Water
                               ^~~~~
                <stdin>:8:18: error: '1.2345' is not a measure: an amount has at most 3 decimals
                    habit done Water 1.2345
                                     ^~~~~~

                """)
    }
}
