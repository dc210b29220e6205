import Foundation
import TallyTestSupport
import Testing

/// The numbers and views of `habit` through the binary: one streak rule in every view (the
/// rows of what people tried and saw), `habit today`'s open habits, `habit ask` answered from a
/// pipe, and `habit log`'s grid and its JSON.
@Suite struct HabitViewsTests {
    private func run(_ script: String, today: String = "2026-11-29", options: [String] = []) throws -> TallyRun {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try TallyUnderTest.run(
            options, standardInput: script, environment: ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path])
    }

    /// Done, done, skipped, done: Loop counts the skipped day, and so does every view.
    @Test func aSkippedDayCountsInTheStreakEverywhere() throws {
        let script = """
            habit add Walk since 2026-11-20
            habit done walk 2026-11-20
            habit done walk 2026-11-21
            habit skip walk 2026-11-22
            habit done walk 2026-11-23

            """
        let shown = try run(script + "habit show walk")
        #expect(shown.outputText.contains("longest streak  4 days\n"))
        #expect(shown.outputText.contains("best streaks    4 days, 2026-11-20 to 2026-11-23\n"))
        let json = try run(script + "habit show walk", options: ["--json"])
        #expect(json.outputText.contains(#""current_streak":0,"longest_streak":4,"streak_unit":"day""#))
        #expect(json.outputText.contains(#""best_streaks":[{"from":"2026-11-20","to":"2026-11-23","length":4}]"#))
        let onTheDay = try run(script + "habit list", today: "2026-11-23")
        #expect(onTheDay.outputText.hasSuffix("Walk   daily   2026-11-20  4 days     ■■-■       15%      3\n"))
    }

    /// A weekly measured goal met four weeks running is a streak of four weeks; the day after the
    /// goal was reached is not done again.
    @Test func aMeasuredWeekCountsInWeeks() throws {
        let result = try run(
            """
            habit add Run 15 km per week since 2026-11-02
            habit done run 16 2026-11-02
            habit done run 16 2026-11-10
            habit done run 16 2026-11-18
            habit done run 16 2026-11-26
            habit done run 3 2026-11-27
            habit list
            habit show run
            """)
        #expect(result.outputText.contains("Run    15 km per week  2026-11-02  4 weeks  ○○○■○○○       38%      4\n"))
        #expect(
            result.outputText.contains(
                """
                current streak  4 weeks
                longest streak  4 weeks
                completion      100% (4 of 4 weeks)
                """))
        #expect(result.outputText.contains("best streaks    4 weeks, 2026-11-02 to 2026-11-29\n"))
    }

    /// `5 times in 14 days` done first on 2026-10-12: its streak starts there, not at the start.
    @Test func aStreakNeverStartsBeforeADayDone() throws {
        let result = try run(
            "habit add F 5 times in 14 days since 2026-10-03\n"
                + (12...16).map { "habit done f 2026-10-\($0)\n" }.joined() + "habit show f")
        #expect(
            result.outputText.contains(
                """
                current streak  0 periods
                longest streak  1 period
                completion      25% (1 of 4 periods)
                """))
        #expect(result.outputText.contains("best streaks    1 period, 2026-10-12 to 2026-10-16\n"))
    }

    /// A first week cut short asks for its share of the target, rounded up: started on a
    /// Thursday (4 days), 3/week asks for 2; started on a Saturday, for 1.
    @Test(arguments: ["2026-11-19", "2026-11-21"])
    func aFirstPartialWeekAsksForItsShare(start: String) throws {
        let result = try run(
            "habit add G 3/week since \(start)\nhabit done g 2026-11-21\nhabit done g 2026-11-22\nhabit show g")
        #expect(result.outputText.contains("current streak  1 week\n"))
        #expect(result.outputText.contains("completion      100% (1 of 1 week)\n"))
    }

    @Test func wordsPeopleWrite() throws {
        let result = try run(
            """
            habit add Coffee at most 2 cups per day
            habit done Coffee 1
            habit add Read 3 times a week
            habit add Swim once a week
            habit add Yoga twice a month
            habit add Tea 2 times a day
            """)
        #expect(
            result.outputText == """
                added 'Coffee' (since 2026-11-29, at most 2 cups per day)
                'Coffee' on 2026-11-29: 1 cup of at most 2 cups per day (current streak: 1 day)
                added 'Read' (since 2026-11-29, 3/week)
                added 'Swim' (since 2026-11-29, 1/week)
                added 'Yoga' (since 2026-11-29, 2/month)

                """)
        #expect(
            result.errorText.hasPrefix("<stdin>:6:15: error: '2 times a day' is not a target: a day holds one time"))
    }

    /// `habit today` names what is still open today and yesterday; `habit ask` takes its answers
    /// from the lines after it (done, skip, nothing for not yet, an amount), and `habit log` draws
    /// the same days.
    @Test func todayAskAndLogThroughAPipe() throws {
        let result = try run(
            """
            habit add Walk since 2026-11-01
            habit add Gym 3/week since 2026-11-02
            habit add Water 8 glasses per day since 2026-11-20
            habit done walk 2026-11-27
            habit done gym 2026-11-24
            habit skip walk 2026-11-26
            habit done water 8 2026-11-28
            habit today
            habit ask
            d
            s

            3.5
            habit today
            habit log 2 weeks
            """)
        #expect(result.status == 0)
        #expect(
            result.outputText == """
                added 'Walk' (since 2026-11-01)
                added 'Gym' (since 2026-11-02, 3/week)
                added 'Water' (since 2026-11-20, 8 glasses per day)
                'Walk' done on 2026-11-27 (current streak: 0 days)
                'Gym' done on 2026-11-24 (current streak: 0 weeks)
                'Walk' skipped on 2026-11-26 (current streak: 0 days)
                'Water' on 2026-11-28: 8 glasses of 8 glasses per day (current streak: 1 day)
                today, Sunday 2026-11-29
                Gym    ·  3/week             1 of 3 this week
                Walk   ·  daily              not done yet
                Water  ·  8 glasses per day  0 of 8 glasses today

                open today: Gym, Walk, Water
                open yesterday (Saturday 2026-11-28): Walk
                'Gym' done on 2026-11-29 (current streak: 0 weeks)
                'Walk' skipped on 2026-11-29 (current streak: 0 days)
                'Walk' not yet on 2026-11-28
                'Water' on 2026-11-29: 3.5 glasses of 8 glasses per day (current streak: 1 day)
                today, Sunday 2026-11-29
                Gym    ■  3/week             2 of 3 this week
                Walk   -  daily              skipped
                Water  ·  8 glasses per day  3.5 of 8 glasses today

                open today: Water
                open yesterday (Saturday 2026-11-28): Walk
                log, 14 days, 2026-11-16 to 2026-11-29
                       Nov
                habit  16     23
                Gym    ········■····■
                Walk   ··········-■·-
                Water      ········■·
                ■ done  · not done  - skipped or paused  ○ not needed

                """)
    }

    /// A line that is no answer ends the asking and runs as the line it is, with its own number.
    @Test func aLineThatIsNoAnswerRunsInItsTurn() throws {
        let result = try run("habit add Walk\nhabit ask\nhabit list\n2+\n")
        #expect(result.outputText.hasPrefix("added 'Walk' (since 2026-11-29)\nstopped; 1 question left open\nhabit"))
        #expect(result.errorText.hasPrefix("<stdin>:4:3: error:"))
        let nothing = try run("habit ask")
        #expect(
            nothing.outputText == "no habits yet; start one with: habit add NAME\n"
                || nothing.outputText == "nothing open today or yesterday\n")
        let noInput = try TallyUnderTest.run(
            ["-e", "habit add Walk", "-e", "habit ask"],
            environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": try TallyUnderTest.temporaryDirectory().path])
        #expect(noInput.status == 1)
        #expect(
            noInput.errorText.contains(
                "error: habit ask reads its answers from the keyboard or from the lines after it"))
    }

    /// `habit log --json` gives the marks the grid draws, as words.
    @Test func logGivesItsMarksAsJSON() throws {
        let result = try run(
            "habit add Walk since 2026-11-01\nhabit done walk 2026-11-27\nhabit skip walk 2026-11-29\nhabit log 3 days",
            options: ["--json"])
        #expect(
            result.outputText.contains(
                #""log":{"from":"2026-11-27","to":"2026-11-29","habits":[{"name":"Walk","marks":["done","missed","skipped"]}]}"#
            ))
    }

    @Test(arguments: ["habit log 0", "habit log 9999 weeks", "habit log 3 fortnights"])
    func logRefusesWhatIsNoLength(line: String) throws {
        let result = try run(line)
        #expect(result.status == 1)
        #expect(result.errorText.contains("error: "))
    }
}
