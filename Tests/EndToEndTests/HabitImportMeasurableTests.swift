import Foundation
import TallyTestSupport
import Testing

/// Loop Habit Tracker's measurable (numerical) habits imported through the binary: from a backup
/// of Loop's current schema, from Loop's CSV export folder and from its zip. Loop's own test
/// backups have no numerical habit, so `Tests/HabitFiles/Loop/make_measurable.py` builds one by
/// running Loop's migrations (09.sql … 25.sql) and writes the CSV export and zip Loop writes for
/// it; the strengths below are what it prints, Loop's `ScoreList.recompute` transcribed.
@Suite struct HabitImportMeasurableTests {
    private static let loopFiles = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/HabitFiles/Loop")
    private static let today = "2026-11-29"

    /// Loop's strength (percent, to 4 decimals) of each habit on days across its history.
    private static let loopStrengths: [String: [(String, Double)]] = [
        "Water": [
            ("2026-11-29", 49.2569), ("2026-11-28", 51.6122), ("2026-11-22", 54.2508), ("2026-11-14", 56.8791),
            ("2026-10-31", 51.3633), ("2026-10-30", 50.0688), ("2026-10-29", 50.0688), ("2026-10-15", 52.3881),
            ("2026-09-30", 53.0964), ("2026-08-31", 44.9857),
        ],
        "Run": [
            ("2026-11-29", 86.0047), ("2026-11-28", 85.7198), ("2026-11-22", 83.8844), ("2026-11-14", 81.0651),
            ("2026-10-31", 74.8930), ("2026-10-30", 74.3819), ("2026-10-29", 73.8604), ("2026-10-15", 65.3399),
            ("2026-09-30", 53.1064), ("2026-08-31", 14.1620),
        ],
        "Coffee": [
            ("2026-11-29", 71.3319), ("2026-11-28", 69.7619), ("2026-11-22", 68.1868), ("2026-11-14", 71.6237),
            ("2026-10-31", 71.1166), ("2026-10-30", 72.2730), ("2026-10-29", 70.7545), ("2026-10-15", 73.7177),
            ("2026-09-30", 76.9323),
        ],
        // Archived on its last day (2026-11-09): compared up to then.
        "Sugar": [
            ("2026-10-31", 90.8661), ("2026-10-30", 90.5805), ("2026-10-29", 90.2860), ("2026-10-15", 92.6893),
            ("2026-09-30", 92.9221),
        ],
        "Stretch": [
            ("2026-11-29", 64.7664), ("2026-11-28", 68.3135), ("2026-11-22", 68.2705), ("2026-11-14", 64.6342),
            ("2026-10-31", 66.1914), ("2026-10-30", 64.3398), ("2026-10-29", 67.8635), ("2026-10-15", 63.6849),
            ("2026-09-30", 62.2277), ("2026-08-31", 51.7709),
        ],
    ]

    /// The three shapes of the same export, as `habit import` is given them.
    static let files = ["measurable.db", "measurable_csv", "Loop Habits CSV 2026-11-29.zip"]

    private func environment(_ directory: URL, today: String = Self.today) -> [String: String] {
        ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path]
    }

    /// Imports `file` into a fresh store and returns the store's folder.
    private func imported(_ file: String) throws -> URL {
        let directory = try TallyUnderTest.temporaryDirectory()
        let path = Self.loopFiles.appendingPathComponent(file).path
        let result = try TallyUnderTest.run(
            ["-e", "habit import '\(path)'"], environment: environment(directory))
        #expect(result.status == 0, "\(result.errorText)")
        #expect(
            result.outputText == """
                imported 5 habits (191 days done) from \(path)
                not carried: \(path): the habits' colours and reminders

                """)
        return directory
    }

    /// Each measure (unit, goal, at least or at most, period) and every day's value, against
    /// what the backup holds as read by Python's sqlite3.
    @Test(arguments: files)
    func measuresAndValuesComeAcross(file: String) throws {
        guard python3Executable != nil else { return }
        let directory = try imported(file)
        defer { try? FileManager.default.removeItem(at: directory) }
        let export = try TallyUnderTest.run(["-e", "habit export json"], environment: environment(directory))
        let habits = try #require(
            (try JSONSerialization.jsonObject(with: Data(export.outputText.utf8)) as? [String: Any])?["habits"]
                as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: habits.map { ($0["name"] as! String, $0) })
        #expect(byName["Water"]?["target"] as? String == "8 glasses per day")
        #expect(byName["Run"]?["target"] as? String == "15 km per week")
        #expect(byName["Coffee"]?["target"] as? String == "at most 2 cups per day")
        #expect(byName["Sugar"]?["target"] as? String == "at most 50.5 g per 3 days")
        #expect(byName["Sugar"]?["archived"] as? String == "2026-11-09")
        #expect(byName["Stretch"]?["target"] as? String == "daily")
        #expect(byName["Water"]?["description"] as? String == "How many glasses did you drink?")
        #expect(byName["Run"]?["description"] as? String == "How far did you run? — Loop's weekly numerical habit")
        #expect(
            byName["Water"]?["notes"] as? [String: String] == ["2026-10-30": "travelling", "2026-11-27": "a hot day"])

        let loop = try runPythonScript(
            "Tests/HabitFiles/Loop/make_measurable.py",
            ["entries", Self.loopFiles.appendingPathComponent("measurable.db").path])
        #expect(loop.status == 0)
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(loop.report.utf8)) as? [String: [String: Any]])
        #expect(Set(expected.keys) == Set(byName.keys))
        for (name, stored) in expected {
            let values = stored["values"] as! [String: Any]
            let habit = try #require(byName[name])
            if stored["numerical"] as! Bool {
                let amounts = habit["amounts"] as? [String: Double] ?? [:]
                let skipped = Set(habit["skipped"] as? [String] ?? [])
                for (day, value) in values {
                    if value as? String == "skip" {
                        #expect(skipped.contains(day), "\(name) \(day) is a skip in Loop")
                    } else {
                        #expect(amounts[day] == value as? Double, "\(name) on \(day)")
                    }
                }
                #expect(amounts.count + skipped.count == values.count, "\(name): no value more or less")
            } else {
                #expect(Set(habit["done"] as? [String] ?? []) == Set(values.keys), "\(name)'s days done")
            }
        }
    }

    /// The strength Tally shows, to the hundredth `--json` gives, on each date against Loop's
    /// own computation (its to-4-decimals value rounded to 2: within 0.01 percentage points).
    @Test(arguments: files)
    func strengthAgreesWithLoop(file: String) throws {
        let directory = try imported(file)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, days) in Self.loopStrengths {
            for (day, loop) in days {
                let result = try TallyUnderTest.run(
                    ["--json", "-e", "habit show \(name)"], environment: environment(directory, today: day))
                let line = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Any])
                let habit = try #require(line["habit"] as? [String: Any], "\(result.outputText)")
                let strength = try #require(habit["strength"] as? Double)
                #expect(abs(strength - loop) <= 0.01, "\(name) on \(day): Tally \(strength)%, Loop \(loop)%")
            }
        }
    }

    /// The backup, the CSV folder and the zip are byte for byte as they were after the import.
    @Test func theFilesAreLeftAsTheyWere() throws {
        let paths = [
            "measurable.db", "Loop Habits CSV 2026-11-29.zip", "measurable_csv/Habits.csv",
            "measurable_csv/Checkmarks.csv", "measurable_csv/001 Water/Checkmarks.csv",
        ]
        let before = try paths.map { try Data(contentsOf: Self.loopFiles.appendingPathComponent($0)) }
        for file in Self.files {
            try? FileManager.default.removeItem(at: try imported(file))
        }
        let after = try paths.map { try Data(contentsOf: Self.loopFiles.appendingPathComponent($0)) }
        #expect(before == after)
        let listing = try FileManager.default.contentsOfDirectory(atPath: Self.loopFiles.path)
        #expect(!listing.contains { $0.hasSuffix("-journal") || $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
    }

    /// Loop names each habit's folder `NNN Name` with only ` a-zA-Z0-9._-` of the name kept
    /// (`HabitsCSVExporter.sanitizeFilename`): `Café ☕` has its days and notes in `001 Caf`.
    @Test func loopsFolderNamesAreCutAsLoopCutsThem() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let export = directory.appendingPathComponent("export")
        try FileManager.default.createDirectory(
            at: export.appendingPathComponent("001 Caf"), withIntermediateDirectories: true)
        try Data(
            ("Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
                + "Target Type,Target Value,Archived?\n001,Café ☕,NUMERICAL,,,1,1,#00897B,cups,AT_MOST,2.0,false\n")
                .utf8
        ).write(to: export.appendingPathComponent("Habits.csv"))
        try Data("Date,Value,Notes\n2026-11-29,1500,\"half, then one\"\n2026-11-28,0,\n".utf8)
            .write(to: export.appendingPathComponent("001 Caf/Checkmarks.csv"))
        let result = try TallyUnderTest.run(
            ["-e", "habit import '\(export.path)'", "-e", "habit export csv"], environment: environment(directory))
        #expect(
            result.outputText.hasSuffix(
                """
                name,start_day,archive_day,target,day,state,note
                Café ☕,2026-11-28,,at most 2 cups per day,,position,1
                Café ☕,2026-11-28,,at most 2 cups per day,2026-11-28,0,
                Café ☕,2026-11-28,,at most 2 cups per day,2026-11-29,1.5,"half, then one"

                """), "\(result.outputText)\(result.errorText)")
    }
}
