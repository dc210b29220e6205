import CSQLite
import Foundation
import TallyCalendar
import Testing

@testable import TallyHabits

/// The SQLite store's migrations of older files: version 2's text days to day numbers, and the
/// files it must leave alone.
extension SQLiteHabitStoreTests {
    /// Writes a version 2 file (text days) holding Read (id 7, since 2026-11-01, archived on the
    /// 25th, done on the 2nd, 3rd, 4th and 20th) and Walk (id 8, never done), then `sql`.
    func writeVersionTwoFile(then sql: String = "") throws {
        let old = try SQLiteHabitStore(directory: directory, schemaVersion: 2)
        try old.executeForTesting(
            """
            INSERT INTO habit (id, name, name_key, start_day, archive_day) VALUES
                (7, 'Read', 'read', '2026-11-01', '2026-11-25'), (8, 'Walk', 'walk', '2026-11-10', NULL);
            INSERT INTO completion (habit_id, day) VALUES
                (7, '2026-11-02'), (7, '2026-11-03'), (7, '2026-11-04'), (7, '2026-11-20');
            \(sql)
            """)
    }

    @Test func migratesAVersionTwoFileToDayNumbers() throws {
        try writeVersionTwoFile()
        let store = try open()
        #expect(try store.schemaVersionForTesting() == SQLiteSchema.latestVersion)
        let read = try #require(try store.habit(withNameKey: "read"))
        #expect(read.start == day("2026-11-01") && read.archiveDay == day("2026-11-25"))
        #expect(read.completions == Set(["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-20"].map(day)))
        #expect(try store.habit(withNameKey: "walk")?.completions.isEmpty == true)
        // The migration computed the counts and runs the triggers keep from then on.
        let summaries = try store.summaries(today: today)
        #expect(Set(summaries) == Set(try store.allHabits().map { HabitSummary($0) }))
        _ = try RestoreHabit(repository: store).execute(name: "Read", today: today)
        _ = try UndoCompletion(repository: store).execute(name: "Read", day: day("2026-11-03"))
        _ = try RecordCompletion(repository: store).execute(name: "Read", day: today, today: today)
        let read2 = try #require(try open().habit(withNameKey: "read"))
        #expect(read2.pauses == [day("2026-11-26")...day("2026-11-28")])
        #expect(read2.completionRuns.count == 4)
        #expect(try open().summaries(today: today).first { $0.id == read.id }?.currentStreak(today: today) == 1)
    }

    @Test(arguments: [
        (
            "UPDATE habit SET start_day = '2026-02-30' WHERE id = 7",
            "its start day is not a valid day: there is no day '2026-02-30': February 2026 has 28 days"
        ),
        (
            "UPDATE habit SET archive_day = '2026-11-25x' WHERE id = 7",
            "its archive day is not a valid day: " + DayParseError.malformed("2026-11-25x").message
        ),
        (
            "INSERT INTO completion VALUES (7, 'someday')",
            "its completion day is not a valid day: " + DayParseError.malformed("someday").message
        ),
        (
            "INSERT INTO completion VALUES (7, '0000-12-31')",
            "its completion day is not a valid day: " + DayParseError.noSuchYear("0000-12-31").message
        ),
        (
            "INSERT INTO completion VALUES (7, '2024-02-29'), (7, '2026-2-01')",
            "its completion day is not a valid day: " + DayParseError.malformed("2026-2-01").message
        ),
    ])
    func aTextDayThatIsNotADayStopsTheMigrationAndIsNamed(sql: String, problem: String) throws {
        try writeVersionTwoFile(then: sql)
        let before = fileBytes(databasePath)
        #expect(
            throws: HabitStoreError.invalidRow(
                file: databasePath, habitID: HabitID(rawValue: 7), name: "Read", problem: problem)
        ) {
            try open()
        }
        #expect(fileBytes(databasePath) == before)
    }

    @Test func aCompletionOfNoHabitStopsTheMigrationAndIsNamed() throws {
        // The sqlite3 shell leaves foreign keys off: deleting a habit there keeps its days.
        try writeVersionTwoFile(then: "PRAGMA foreign_keys = OFF; DELETE FROM habit WHERE id = 7;")
        let before = fileBytes(databasePath)
        let error = HabitStoreError.orphanCompletion(
            file: databasePath, habitID: HabitID(rawValue: 7), day: "2026-11-02")
        #expect(throws: error) { try open() }
        #expect(error.message.hasPrefix("\(databasePath): the completion row of 2026-11-02 belongs to habit id 7"))
        #expect(fileBytes(databasePath) == before)
    }

    /// A file whose `user_version` is one of Tally's but whose tables are not exactly that
    /// version's is another program's: nothing is written to it, not even the switch to WAL.
    @Test(arguments: 1...SQLiteSchema.latestVersion)
    func aFileWithOurVersionButOtherTablesIsLeftAlone(version: Int) throws {
        do {
            let store = try SQLiteHabitStore(directory: directory, schemaVersion: 0)
            try store.executeForTesting(
                "PRAGMA journal_mode = DELETE; CREATE TABLE habit (id, title); PRAGMA user_version = \(version)")
        }
        let before = fileBytes(databasePath)
        #expect(throws: HabitStoreError.foreignDatabase(file: databasePath)) { try open() }
        #expect(fileBytes(databasePath) == before)
    }

    /// An extra table makes a version 2 file not Tally's; the migration never starts.
    @Test func aVersionTwoFileWithAnExtraTableIsNotMigrated() throws {
        try writeVersionTwoFile(then: "CREATE TABLE habit_v2 (x);")
        let before = fileBytes(databasePath)
        #expect(throws: HabitStoreError.foreignDatabase(file: databasePath)) { try open() }
        #expect(fileBytes(databasePath) == before)
        do {
            let raw = try SQLiteHabitStore(openingFileAt: databasePath, flags: SQLITE_OPEN_READWRITE)
            try raw.executeForTesting("DROP TABLE habit_v2")
        }
        #expect(try open().habit(withNameKey: "read")?.completions.count == 4)
    }

    /// The signatures the store recognises are what the migrations build, version by version.
    @Test(arguments: 1...SQLiteSchema.latestVersion)
    func theSignaturesAreWhatTheMigrationsBuild(version: Int) throws {
        let store = try SQLiteHabitStore(directory: directory, schemaVersion: version)
        #expect(try store.schemaSignature() == SQLiteSchema.signatures[version - 1])
    }

    /// SQLite's date() misplaces 0300-03-01 (a day julianday() converts exactly); the
    /// migration's check is CivilDate's own, so the file migrates with the right day.
    @Test func aVersionTwoFileWithAnEarlyDayMigrates() throws {
        try writeVersionTwoFile(
            then:
                "UPDATE habit SET start_day = '0300-03-01' WHERE id = 8; INSERT INTO completion VALUES (8, '0300-03-01')"
        )
        let walk = try #require(try open().habit(withNameKey: "walk"))
        #expect(walk.start == day("0300-03-01") && walk.daysDone == [day("0300-03-01")])
    }
}
