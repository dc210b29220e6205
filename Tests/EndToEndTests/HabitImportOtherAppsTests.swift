import Foundation
import TallyTestSupport
import Testing

/// The files Loop Habit Tracker itself imports — HabitBull's CSV export, Rewire's and Tickmate's
/// backups — imported through the binary, checked as Loop's own `ImportTest.kt` checks them
/// (its test files, Tests/HabitFiles/Loop/), and left byte for byte as they were.
@Suite struct HabitImportOtherAppsTests {
    private static let loopFiles = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/HabitFiles/Loop")

    /// Imports `file` on `today` into a fresh store; returns the import's run and the store's
    /// habits as `habit export json` gives them, by name.
    private func importing(_ file: String, today: String = "2026-11-29") throws -> (TallyRun, [String: [String: Any]]) {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.loopFiles.appendingPathComponent(file)
        let before = try Data(contentsOf: path)
        let environment = ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path]
        let result = try TallyUnderTest.run(["-e", "habit import '\(path.path)'"], environment: environment)
        #expect(try Data(contentsOf: path) == before, "\(file) is as it was")
        let export = try TallyUnderTest.run(["-e", "habit export json"], environment: environment)
        let habits =
            (try JSONSerialization.jsonObject(with: Data(export.outputText.utf8)) as? [String: Any])?["habits"]
            as? [[String: Any]] ?? []
        return (result, Dictionary(uniqueKeysWithValues: habits.map { ($0["name"] as! String, $0) }))
    }

    private func days(_ habit: [String: Any]?, _ key: String = "done") -> Set<String> {
        Set(habit?[key] as? [String] ?? [])
    }

    /// `testHabitBullCSV`: four daily habits, descriptions, days done, a note; the rows it has
    /// twice are listed, each with its line.
    @Test func habitBull() throws {
        let (result, habits) = try importing("habitbull.csv")
        let path = Self.loopFiles.appendingPathComponent("habitbull.csv").path
        #expect(habits.count == 4)
        let dragons = habits["Breed dragons"]
        #expect(dragons?["description"] as? String == "with love and fire")
        #expect(dragons?["target"] as? String == "daily")
        #expect(days(dragons) == ["2016-03-18", "2016-03-19", "2016-03-21"])
        #expect(dragons?["notes"] as? [String: String] == ["2016-03-18": "text"])
        #expect(
            result.outputText == """
                imported 4 habits (14 days done) from \(path)
                not carried: \(path): the habits' categories
                refused: \(path): line 13 ('No-arms pushup'): 2016-03-15 is in the file twice
                refused: \(path): line 14 ('No-arms pushup'): 2016-03-16 is in the file twice
                refused: \(path): line 15 ('No-arms pushup'): 2016-03-18 is in the file twice
                refused: \(path): line 16 ('No-arms pushup'): 2016-03-21 is in the file twice

                """)
    }

    /// `testHabitBullCSV2`: US dates (M/D/YYYY), a note on a day not done; a negative value is
    /// refused with its line, the rest comes in.
    @Test func habitBullWithUSDates() throws {
        let (result, habits) = try importing("habitbull2.csv")
        #expect(habits.count == 6)
        let h3 = habits["H3"]
        #expect(h3?["description"] as? String == "Habit 3")
        #expect(days(h3).isSuperset(of: ["2019-04-11", "2019-05-07"]))
        #expect(!days(h3).contains("2019-06-14"))
        let notes = h3?["notes"] as? [String: String]
        #expect(notes?["2019-04-11"] == "text")
        #expect(notes?["2019-06-14"] == "Habit 3 notes")
        #expect(
            result.outputText.contains("line 3 ('H2'): the value -2150000000 is not an amount from 0 to 1000000000"))
    }

    /// `testHabitBullCSV3` and `4`: values above 1 make a habit measurable (30 and 100 pushups,
    /// 80 of caffeine), and the report says it has no unit or goal.
    @Test func habitBullWithValues() throws {
        let (result, habits) = try importing("habitbull3.csv")
        let pushups = habits["Pushups"]
        #expect(pushups?["target"] as? String == "0 per day")
        let amounts = pushups?["amounts"] as? [String: Double]
        #expect(amounts?["2021-09-01"] == 30)
        #expect(amounts?["2022-01-08"] == 100)
        #expect(habits["run"]?["target"] as? String == "daily")
        #expect(days(habits["run"]).isSuperset(of: ["2022-01-03", "2022-01-18", "2022-01-19"]))
        #expect(result.outputText.contains("'Pushups' has values above 1, so it comes in measurable, with no unit"))
        let (_, caffeine) = try importing("habitbull4.csv")
        #expect(caffeine["Caffeine"]?["amounts"] as? [String: Double] == ["2022-11-21": 80, "2022-11-22": 80])
    }

    /// `testRewireDB`: three habits with Rewire's schedules as targets; check-ins of type 2 are
    /// days done, the others are reported.
    @Test func rewire() throws {
        let (result, habits) = try importing("rewire.db")
        let path = Self.loopFiles.appendingPathComponent("rewire.db").path
        #expect(habits.count == 3)
        let wake = habits["Wake up early"]
        #expect(wake?["target"] as? String == "3/week")
        #expect(habits["brush teeth"]?["target"] as? String == "3/week")
        #expect(habits["brush teeth"]?["description"] as? String == "I want to have beautiful teeth!")
        #expect(habits["Sleep early"]?["target"] as? String == "every 5 days")
        #expect(!days(wake).contains("2015-12-31"))
        #expect(days(wake).isSuperset(of: ["2016-01-18", "2016-01-28"]))
        #expect(!days(wake).contains("2016-03-10"))
        #expect(
            result.outputText == """
                imported 3 habits (56 days done) from \(path)
                not carried: \(path): the habits' categories, reminders, targets and rewards
                not carried: \(path): 5 check-ins of a type other than done (Rewire's types 1 and 3, which Loop does not import either)

                """)
    }

    /// `testTickmateDB`: three daily tracks; months counted from 0; several ticks on a day are
    /// one day done, and the report says how many.
    @Test func tickmate() throws {
        let (result, habits) = try importing("tickmate.db")
        let path = Self.loopFiles.appendingPathComponent("tickmate.db").path
        #expect(habits.count == 3)
        let vegan = habits["Vegan"]
        #expect(vegan?["description"] as? String == "Ate no animal products")
        #expect(days(vegan).isSuperset(of: ["2016-01-24", "2016-02-05", "2016-03-18"]))
        #expect(!days(vegan).contains("2016-03-14"))
        #expect(
            result.outputText == """
                imported 3 habits (68 days done) from \(path)
                not carried: \(path): the tracks' icons and groups
                not carried: \(path): 14 ticks on a day already ticked (Tally keeps one a day, as Loop does)
                not carried: \(path): the time of day of 37 ticks

                """)
    }

    /// Days after today are refused as `habit done` refuses them, the first ten listed and the
    /// rest counted; the file is the format by its content, not its name.
    @Test func futureDaysAndNamesDoNotDecide() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let renamed = directory.appendingPathComponent("backup.json")
        try FileManager.default.copyItem(at: Self.loopFiles.appendingPathComponent("tickmate.db"), to: renamed)
        let result = try TallyUnderTest.run(
            ["-e", "habit import '\(renamed.path)'"],
            environment: ["TALLY_TODAY": "2016-02-20", "TALLY_DATA_DIR": directory.path])
        #expect(result.outputText.hasPrefix("imported 3 habits"))
        #expect(
            result.outputText.contains(
                "ticks row 36 ('Sport'): 2016-02-23 is in the future for 'Sport'; today is 2016-02-20"))
        #expect(result.outputText.contains("refused: and 30 more (40 rows refused in all)\n"))
    }
}
