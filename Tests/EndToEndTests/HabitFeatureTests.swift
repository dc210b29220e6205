import Foundation
import TallyTestSupport
import Testing

/// The second round of `habit` through the binary: targets, skips, pauses, the strength score,
/// the day's view, several habits at once, dates and words.
@Suite struct HabitFeatureTests {
    private func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    private func run(
        _ script: String, in directory: URL, today: String = "2026-11-29", extra: [String: String] = [:]
    ) throws -> TallyRun {
        try TallyUnderTest.run(
            standardInput: script,
            environment: ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path].merging(extra) { $1 })
    }

    /// A 3/week habit judged week by week (a skipped day lowers what the week asks for), a daily
    /// habit archived and restored (the days between are a pause, neither done nor missed, and
    /// closed to records), today pending in every number, and the views that show it.
    @Test func targetsSkipsPausesAndStrength() throws {
        try withDirectory { directory in
            let result = try run(
                """
                habit add Gym 3/week since 2026-11-02
                habit done gym 2026-11-02
                habit done gym 2026-11-04
                habit done gym 2026-11-06
                habit done gym 2026-11-10
                habit done gym 2026-11-11
                habit skip gym 2026-11-12
                habit done gym 2026-11-13
                habit done gym 2026-11-17
                habit done gym mon
                habit add Read since 2026-11-01
                habit done read 2026-11-20
                habit done read 2026-11-21
                habit archive read 2026-11-21
                habit restore read
                habit done read today
                habit done read 2026-11-25
                habit done Read GYM today
                habit show gym
                habit show read
                habit list
                habit today
                """, in: directory)
            #expect(
                result.outputText == """
                    added 'Gym' (since 2026-11-02, 3/week)
                    'Gym' done on 2026-11-02 (current streak: 0 weeks)
                    'Gym' done on 2026-11-04 (current streak: 0 weeks)
                    'Gym' done on 2026-11-06 (current streak: 0 weeks)
                    'Gym' done on 2026-11-10 (current streak: 0 weeks)
                    'Gym' done on 2026-11-11 (current streak: 0 weeks)
                    'Gym' skipped on 2026-11-12 (current streak: 0 weeks)
                    'Gym' done on 2026-11-13 (current streak: 0 weeks)
                    'Gym' done on 2026-11-17 (current streak: 0 weeks)
                    'Gym' done on 2026-11-23 (current streak: 0 weeks)
                    added 'Read' (since 2026-11-01)
                    'Read' done on 2026-11-20 (current streak: 0 days)
                    'Read' done on 2026-11-21 (current streak: 0 days)
                    archived 'Read' (last day 2026-11-21)
                    restored 'Read'
                    'Read' done on 2026-11-29 (current streak: 3 days)
                    'Read' was already done on 2026-11-29 (current streak: 3 days)
                    'Gym' done on 2026-11-29 (current streak: 0 weeks)
                    Gym
                    since           2026-11-02
                    target          3/week
                    current streak  0 weeks
                    longest streak  2 weeks
                    completion      67% (2 of 3 weeks)
                    strength        38%
                    change          +38% in 30 days, +38% in a year
                    skipped         1 day
                    best streaks    2 weeks, 2026-11-02 to 2026-11-15


                    Mon ■ ○ · ■
                    Tue ○ ■ ■ ·
                    Wed ■ ■ · ·
                    Thu ○ - · ·
                    Fri ■ ■ · ·
                    Sat ○ ○ · ·
                    Sun ○ ○ · ■
                        ■ done  · not done  - skipped or paused  ○ not needed

                    strength a day, 2026-11-02 to 2026-11-29
                    100%

                                        ▁▁▂▂▃▃▄▄▄▄▄▄▄
                      0% ▁▁▁▁▂▂▃▃▄▄▄▅▆▇██████████████
                         Nov
                    Read
                    since           2026-11-01
                    target          daily
                    paused          2026-11-22 to 2026-11-28
                    current streak  3 days
                    longest streak  3 days
                    completion      14% (3 of 22 days)
                    strength        15%
                    change          +15% in 30 days, +15% in a year
                    best streaks    3 days, 2026-11-20 to 2026-11-29

                        Nov
                    Mon   · · · -
                    Tue   · · · -
                    Wed   · · · -
                    Thu   · · · -
                    Fri   · · ■ -
                    Sat   · · ■ -
                    Sun · · · - ■
                        ■ done  · not done  - skipped or paused

                    strength a day, 2026-11-01 to 2026-11-29
                    100%


                      0%                    ▂▃▃▃▃▃▃▃▃▅
                         Nov
                    habit  target  since        streak  MTWTFSS  strength  total
                    Gym    3/week  2026-11-02  0 weeks  ■·····■       38%      9
                    Read   daily   2026-11-01   3 days  ------■       15%      3
                    today, Sunday 2026-11-29
                    Gym   ■  3/week  2 of 3 this week
                    Read  ■  daily   done

                    nothing open today or yesterday
                    """ + "\n")
            #expect(
                result.errorText == """
                    <stdin>:17:17: error: 'Read' was archived from 2026-11-21 until 2026-11-29, so 2026-11-25 cannot be recorded
                        habit done read 2026-11-25
                                        ^~~~~~~~~~
                    """ + "\n")
            #expect(result.status == 1)
        }
    }

    /// `habit done` on a day already done succeeds (status 0) and says so, so scripts can repeat
    /// it; several names are marked in one go, or none when one fails.
    @Test func doneIsIdempotentAndTakesSeveralNames() throws {
        try withDirectory { directory in
            let setUp = try run(
                "habit add Read since -9\nhabit add Walk since -9\nhabit add 'Cold shower' since -9\n", in: directory)
            #expect(setUp.status == 0)
            let first = try TallyUnderTest.run(
                ["-e", "habit done read walk yesterday", "-e", "habit done READ Walk -1"],
                environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
            #expect(first.status == 0, "\(first.errorText)")
            #expect(
                first.outputText == """
                    'Read' done on 2026-11-28 (current streak: 1 day)
                    'Walk' done on 2026-11-28 (current streak: 1 day)
                    'Read' was already done on 2026-11-28 (current streak: 1 day)
                    'Walk' was already done on 2026-11-28 (current streak: 1 day)

                    """)
            let unknown = try run("habit done read cold shower\n", in: directory)
            #expect(unknown.status == 1)
            #expect(
                unknown.errorText == """
                    <stdin>:1:17: error: there is no habit named 'cold'; a name with spaces needs quotes: "Cold shower"
                        habit done read cold shower
                                        ^~~~~~~~~~~

                    """)
            // Nothing was marked: Read is still not done today.
            #expect(try run("habit today\n", in: directory).outputText.contains("Read         ·  daily  not done yet"))
        }
    }

    /// Dates in several forms and weekday names; subcommands and keywords in any case.
    @Test func datesAndWords() throws {
        try withDirectory { directory in
            let result = try run(
                """
                habit ADD Read SINCE 2026/11/2
                habit Done read 2026-11-3
                habit done read wed
                habit done read SUNDAY
                habit Skip read Friday
                habit ls
                habit rm read --yes
                habit done read 2026/11/31

                """, in: directory)
            #expect(
                result.outputText == """
                    added 'Read' (since 2026-11-02)
                    'Read' done on 2026-11-03 (current streak: 0 days)
                    'Read' done on 2026-11-25 (current streak: 0 days)
                    'Read' done on 2026-11-29 (current streak: 1 day)
                    'Read' skipped on 2026-11-27 (current streak: 1 day)
                    habit  target  since       streak  MTWTFSS  strength  total
                    Read   daily   2026-11-02   1 day  ··■·-·■       11%      3
                    deleted 'Read' and its history (3 days done)

                    """)
            #expect(
                result.errorText.hasPrefix(
                    "<stdin>:8:17: error: there is no day '2026-11-31': November 2026 has 30 days"))
        }
    }

    /// TALLY_TODAY set but empty is unset; a value that is not a day is an error naming it.
    @Test func tallyTodayEmptyOrBad() throws {
        try withDirectory { directory in
            let empty = try run("habit\n", in: directory, today: "")
            #expect(empty.status == 0 && empty.outputText == "no habits yet; start one with: habit add NAME\n")
            let bad = try run("habit\n", in: directory, today: "2026-13-01")
            #expect(bad.status == 2)
            #expect(
                bad.errorText == "tally: the environment variable TALLY_TODAY is not a usable date: there is no "
                    + "month 13 in '2026-13-01'; months run from 01 to 12 (unset it, or set it to YYYY-MM-DD)\n")
        }
    }

    /// Names are stored in NFC and matched by full case folding: a decomposed and a precomposed
    /// '물 마시기' are one habit, 'Straße' is 'STRASSE', and "did you mean" never offers the name
    /// that was typed.
    @Test func namesAreNormalizedAndCaseFolded() throws {
        try withDirectory { directory in
            let decomposed = "\u{1106}\u{116E}\u{11AF} 마시기"
            let result = try run(
                """
                habit add '\(decomposed)'
                habit add '물 마시기'
                habit done '물 마시기'
                habit add Straße
                habit done STRASSE
                habit export csv

                """, in: directory)
            #expect(
                result.outputText == """
                    added '물 마시기' (since 2026-11-29)
                    '물 마시기' done on 2026-11-29 (current streak: 1 day)
                    added 'Straße' (since 2026-11-29)
                    'Straße' done on 2026-11-29 (current streak: 1 day)
                    name,start_day,archive_day,target,day,state,note
                    Straße,2026-11-29,,daily,2026-11-29,done,
                    물 마시기,2026-11-29,,daily,2026-11-29,done,

                    """)
            #expect(result.errorText.hasPrefix("<stdin>:2:11: error: a habit named '물 마시기' already exists"))
            #expect(result.outputText.unicodeScalars.contains("\u{BB3C}"))  // 물, precomposed
            #expect(!result.outputText.unicodeScalars.contains("\u{1106}"))
        }
    }

    /// Notes are kept per day, shown by `show` and written by both exports; export, import into
    /// an empty store and export again gives the same bytes; a second import is refused whole.
    @Test func notesAndImportRoundTrip() throws {
        try withDirectory { directory in
            let source = directory.appendingPathComponent("source")
            let target = directory.appendingPathComponent("target")
            let file = directory.appendingPathComponent("habits.json").path
            let setUp = try run(
                """
                habit add Gym 3/week since 2026-11-02
                habit done gym 2026-11-03
                habit done gym 2026-11-05
                habit skip gym 2026-11-06
                habit note gym 2026-11-05 'legs, "heavy" day'
                habit add '물 마시기 👍🏽' every 2 days since 2026-11-01
                habit done '물 마시기 👍🏽' 2026-11-02
                habit archive '물 마시기 👍🏽' 2026-11-10
                habit restore '물 마시기 👍🏽'
                habit note '물 마시기 👍🏽' today back at it
                habit note gym -1 "to be removed"
                habit note gym -1 ""
                habit show gym

                """, in: source)
            #expect(setUp.status == 0, "\(setUp.errorText)")
            #expect(setUp.outputText.contains("note for 'Gym' on 2026-11-05: legs, \"heavy\" day\n"))
            #expect(setUp.outputText.contains("no note for 'Gym' on 2026-11-28\n"))
            #expect(setUp.outputText.hasSuffix("\nnotes\n  2026-11-05  legs, \"heavy\" day\n"))
            let environment = { (data: URL) in ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": data.path] }
            let first = try TallyUnderTest.run(["-e", "habit export json"], environment: environment(source))
            try first.standardOutput.write(to: URL(fileURLWithPath: file))
            let imported = try TallyUnderTest.run(["-e", "habit import '\(file)'"], environment: environment(target))
            #expect(imported.outputText == "imported 2 habits (3 days done) from \(file)\n", "\(imported.errorText)")
            let second = try TallyUnderTest.run(["-e", "habit export json"], environment: environment(target))
            #expect(second.standardOutput == first.standardOutput)
            #expect(first.outputText.contains(#""notes": {"2026-11-05": "legs, \"heavy\" day"}"#))
            #expect(first.outputText.contains(#""paused": [["2026-11-11", "2026-11-28"]]"#))
            let csv = try TallyUnderTest.run(["-e", "habit export csv"], environment: environment(target))
            #expect(
                csv.outputText == """
                    name,start_day,archive_day,target,day,state,note
                    Gym,2026-11-02,,3/week,2026-11-03,done,
                    Gym,2026-11-02,,3/week,2026-11-05,done,"legs, ""heavy"" day"
                    Gym,2026-11-02,,3/week,2026-11-06,skipped,
                    물 마시기 👍🏽,2026-11-01,,every 2 days,2026-11-02,done,
                    물 마시기 👍🏽,2026-11-01,,every 2 days,2026-11-11/2026-11-28,paused,
                    물 마시기 👍🏽,2026-11-01,,every 2 days,2026-11-29,,back at it

                    """)
            let again = try TallyUnderTest.run(["-e", "habit import '\(file)'"], environment: environment(target))
            #expect(again.status == 1)
            #expect(
                again.errorText.contains(
                    "\(file): a habit named 'Gym' already exists (import adds habits; rename or delete the one in "
                        + "the way first); nothing was imported"))
        }
    }

    /// A file that is not an export is refused at the line and column of the problem.
    @Test(arguments: [
        (
            #"{"habits": [{"name": "X", "start": "2026-11-31", "archived": null, "done": []}]}"#,
            "1:36: there is no day '2026-11-31': November 2026 has 30 days"
        ),
        (
            "{\n  \"habits\": [\n    {\"name\": \"X\", \"start\": \"2026-11-01\", \"archived\": null}\n  ]\n}",
            "3:5: missing the key 'done'"
        ),
        (
            #"{"habits": [{"name": "X", "start": "2026-11-01", "archived": null, "done": [], "colour": 1}]}"#,
            "1:90: unknown key 'colour'"
        ),
        (#"{"habits": [}"#, "1:13: expected a value"),
        (
            #"{"habits": [{"name": "X\u0007", "start": "2026-11-01", "archived": null, "done": []}]}"#,
            "1:13: the habit name 'X␇' contains a control character"
        ),
    ])
    func aBadImportFileIsPlaced(contents: String, problem: String) throws {
        try withDirectory { directory in
            let file = directory.appendingPathComponent("bad.json").path
            try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
            let result = try TallyUnderTest.run(
                ["-e", "habit import '\(file)'"],
                environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
            #expect(result.status == 1)
            #expect(result.errorText.contains("error: \(file):\(problem); nothing was imported"), "\(result.errorText)")
        }
    }

    /// The views: weekday initials over the last seven days, long names cut with an ellipsis so
    /// that no row passes 80 columns, ASCII marks by `--ascii` or `set glyphs ascii`, the year
    /// calendar in 57 columns with its table of months, and month labels only over months shown.
    @Test func viewsFitAndSpeakASCII() throws {
        try withDirectory { directory in
            let long = String(repeating: "Stretch and breathe ", count: 5).trimmingCharacters(in: .whitespaces)
            let setUp = try run(
                "habit add Read since 2025-10-01\nhabit done read 2025-11-30\nhabit done read -1\nhabit add '\(long)'\n",
                in: directory, today: "2026-11-30")
            #expect(setUp.status == 0, "\(setUp.errorText)")
            let result = try TallyUnderTest.run(
                [
                    "--ascii", "-e", "habit list", "-e", "set glyphs unicode", "-e", "habit list", "-e",
                    "habit show read",
                ],
                environment: ["TALLY_TODAY": "2026-11-30", "TALLY_DATA_DIR": directory.path])
            #expect(
                result.outputText.hasPrefix(
                    """
                    habit                       target  since       streak  TWTFSSM  strength  total
                    Read                        daily   2025-10-01   1 day  .....#.        5%      2
                    Stretch and breathe Str...  daily   2026-11-30  0 days        .        0%      0
                    habit                       target  since       streak  TWTFSSM  strength  total
                    Read                        daily   2025-10-01   1 day  ·····■·        5%      2
                    Stretch and breathe Stret…  daily   2026-11-30  0 days        ·        0%      0

                    """), "\(result.outputText)")
            for line in result.outputText.split(separator: "\n") {
                #expect(line.count <= 80, "\(line)")
            }
            // On Monday 2026-11-30 the last column shows that one day: it is labelled Nov's, not Dec.
            let monthLine = result.outputText.split(separator: "\n").first {
                $0.hasPrefix("    ") && $0.contains("Nov")
            }
            #expect(monthLine.map { !$0.contains("Dec") } == true, "\(result.outputText)")
            let year = try TallyUnderTest.run(
                ["-e", "habit show read year"],
                environment: ["TALLY_TODAY": "2026-11-30", "TALLY_DATA_DIR": directory.path])
            let lines = year.outputText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let calendar = try #require(lines.firstIndex { $0.hasPrefix("Mon ") })
            #expect(lines[calendar].count == 4 + 53)
            // 53 weeks from Monday 2025-12-01: each month named over the week holding its 1st.
            #expect(lines[calendar - 1] == "    Dec Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov")
            #expect(lines.contains("Dec 2025     0  0% (0 of 31 days)"))
            #expect(lines.contains("Nov 2026     1  3% (1 of 29 days)"))
            #expect(lines.contains("month     done  completion"))
        }
    }

    /// The views mark their days and the shell colours them: green done, dim missed, each mark on
    /// its own, only when colour is on; the coloured text is the plain one with marks painted.
    @Test func theShellColoursTheViewsMarks() throws {
        try withDirectory { directory in
            let environment = ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path]
            _ = try run("habit add Read since 2026-11-27\nhabit done Read\n", in: directory)
            for view in ["habit list", "habit", "habit show Read", "habit show Read year"] {
                let plain = try TallyUnderTest.run(["--color", "never", "-e", view], environment: environment)
                let coloured = try TallyUnderTest.run(["--color", "always", "-e", view], environment: environment)
                #expect(!containsRawControlCharacters(plain.outputText), "\(view)")
                #expect(coloured.outputText.contains("\u{1B}[32m■\u{1B}[0m"), "\(view)")
                // The day's view shows today alone, done.
                #expect(coloured.outputText.contains("\u{1B}[2m·\u{1B}[0m") == (view != "habit"), "\(view)")
                let painted = coloured.outputText.replacing("\u{1B}[32m", with: "").replacing("\u{1B}[2m", with: "")
                #expect(painted.replacing("\u{1B}[0m", with: "") == plain.outputText, "\(view)")
                // Standard output is a pipe here, so `auto` means no colour.
                let auto = try TallyUnderTest.run(["-e", view], environment: environment)
                #expect(auto.outputText == plain.outputText, "\(view)")
            }
        }
    }

    /// Lines of hundreds of thousands of words stay quick: an unknown name among them is found
    /// without trying every run of words as a name, and a name given many times is marked once.
    @Test func manyNamesOnOneLineStayLinear() throws {
        try withDirectory { directory in
            _ = try run("habit add Read since -3\n", in: directory)
            let unknown = try run(
                "habit done read " + String(repeating: "z ", count: 300_000) + "\n", in: directory, extra: [:])
            #expect(unknown.status == 1 && unknown.errorText.contains("there is no habit named 'z'"))
            // Linear work takes well under a second; quadratic work on 300,000 names takes many
            // minutes. The bound sits far from both, so a loaded machine does not fail it.
            #expect(unknown.seconds < 60, "\(unknown.seconds) s")
            let repeated = try run("habit done " + String(repeating: "READ ", count: 200_000) + "\n", in: directory)
            #expect(repeated.outputText == "'Read' done on 2026-11-29 (current streak: 1 day)\n")
            #expect(repeated.seconds < 60, "\(repeated.seconds) s")
        }
    }
}
