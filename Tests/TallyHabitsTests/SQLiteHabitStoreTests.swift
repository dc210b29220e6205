import Foundation
import Synchronization
import Testing
@testable import TallyHabits

/// The SQLite store on real files in a fresh temporary directory per test.
@Suite final class SQLiteHabitStoreTests {
    let directory = makeTemporaryDirectory()

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
    var databasePath: String { directory + "/" + SQLiteHabitStore.fileName }
    let today = pinnedToday

    func open() throws -> SQLiteHabitStore {
        try SQLiteHabitStore(directory: directory)
    }

    func fileBytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as! NSNumber).intValue
    }

    /// Adds Read (done on the 2nd, 3rd and 28th, then renamed) and Walk (archived), through the
    /// use cases.
    func fill(_ store: SQLiteHabitStore) throws {
        _ = try AddHabit(repository: store).execute(name: "Read", start: day("2026-11-01"), today: today)
        _ = try AddHabit(repository: store).execute(name: "물 마시기", start: day("2026-11-20"), today: today)
        for dayText in ["2026-11-02", "2026-11-03", "2026-11-28"] {
            _ = try RecordCompletion(repository: store).execute(name: "read", day: day(dayText), today: today)
        }
        _ = try ArchiveHabit(repository: store).execute(name: "물 마시기", day: day("2026-11-25"), today: today)
        _ = try RenameHabit(repository: store).execute(name: "Read", newName: "Read books")
    }

    @Test func roundTrip() throws {
        let written: [Habit]
        do {
            let store = try open()
            try fill(store)
            written = try store.allHabits()
        }
        let reopened = try open()
        let read = try reopened.allHabits()
        #expect(Set(read.map(\.id)) == Set(written.map(\.id)))
        for habit in written { #expect(try reopened.habit(withID: habit.id) == habit) }
        #expect(try reopened.habit(withNameKey: "read books")?.completions == [day("2026-11-02"), day("2026-11-03"), day("2026-11-28")])
        #expect(try reopened.habit(withNameKey: "물 마시기")?.archiveDay == day("2026-11-25"))
        _ = try UndoCompletion(repository: reopened).execute(name: "Read books", day: day("2026-11-03"))
        _ = try DeleteHabit(repository: reopened).execute(name: "물 마시기") { _ in true }
        let again = try open()
        #expect(try again.allHabits().map(\.name) == ["Read books"])
        #expect(try again.habit(withNameKey: "read books")?.completions == [day("2026-11-02"), day("2026-11-28")])
        #expect(try again.schemaVersionForTesting() == SQLiteSchema.latestVersion)
    }

    @Test func createsPrivateFilesAndDirectories() throws {
        let nested = directory + "/a/b/tally"
        let store = try SQLiteHabitStore(directory: nested)
        _ = try AddHabit(repository: store).execute(name: "Read", start: today, today: today)
        #expect(try mode(of: nested + "/" + SQLiteHabitStore.fileName) == 0o600)
        #expect(try mode(of: nested) == 0o700)
        #expect(try mode(of: directory + "/a") == 0o700)
        // SQLite gives the WAL the main file's mode.
        #expect(try mode(of: nested + "/" + SQLiteHabitStore.fileName + "-wal") == 0o600)
    }

    @Test func migratesAVersionOneFile() throws {
        do {
            let old = try SQLiteHabitStore(directory: directory, schemaVersion: 1)
            #expect(try old.schemaVersionForTesting() == 1)
            try old.executeForTesting(
                """
                INSERT INTO habit (id, name, name_key, start_day) VALUES (7, 'Read', 'read', '2026-11-01');
                INSERT INTO completion (habit_id, day) VALUES (7, '2026-11-02'), (7, '2026-11-03');
                """)
        }
        let store = try open()
        #expect(try store.schemaVersionForTesting() == 2)
        let habit = try #require(try store.habit(withNameKey: "read"))
        #expect(habit.id == HabitID(rawValue: 7) && habit.archiveDay == nil)
        #expect(habit.completions == [day("2026-11-02"), day("2026-11-03")])
        // The column version 2 added works.
        _ = try ArchiveHabit(repository: store).execute(name: "Read", day: day("2026-11-10"), today: today)
        #expect(try open().habit(withNameKey: "read")?.archiveDay == day("2026-11-10"))
    }

    @Test(arguments: [
        ("UPDATE habit SET name = '   ', name_key = ''", "a habit name cannot be empty"),
        ("UPDATE habit SET name = 'Bad' || char(27) || '[2J', name_key = 'bad' || char(27) || '[2j'", "contains a control character"),
        ("UPDATE habit SET start_day = '2026-02-30'", "its start day is not a valid day: there is no day '2026-02-30'"),
        ("UPDATE habit SET start_day = '2026-11-29'", "2026-11-28 is before 'Read' started on 2026-11-29"),
        ("INSERT INTO completion VALUES (7, '2026-10-01')", "2026-10-01 is before 'Read' started on 2026-11-01"),
        ("INSERT INTO completion VALUES (7, 'someday')", "its completion day is not a valid day: 'someday' is not a date"),
        ("UPDATE habit SET archive_day = '2026-11-02'", "'Read' was done on 2026-11-28, after its archive day 2026-11-02"),
        ("UPDATE habit SET name = 'Walk'", "its name_key 'read' does not match its name (expected 'walk')"),
    ])
    func aHandEditedRowThatBreaksARuleIsNamed(sql: String, problem: String) throws {
        do {
            let store = try open()
            let habit = try Habit(restoring: HabitID(rawValue: 7), name: "Read", start: day("2026-11-01"), archiveDay: nil, completions: [day("2026-11-28")])
            try store.insert(habit)
            try store.executeForTesting(sql)
        }
        let store = try open()
        for load in [{ _ = try store.allHabits() }, { _ = try store.habit(withID: HabitID(rawValue: 7)) }] {
            do {
                try load()
                Issue.record("loading a broken row succeeded")
            } catch let error as HabitStoreError {
                guard case .invalidRow(let file, let habitID, _, let message) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(file == databasePath && habitID == HabitID(rawValue: 7))
                #expect(message.contains(problem), "\(message)")
                #expect(error.message.hasPrefix("\(databasePath): the habit row with id 7 ("))
            }
        }
    }

    @Test(arguments: [
        Data("this is my shopping list, not a database\n".utf8),
        Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
        Data("SQLite format 3\0".utf8) + Data(repeating: 0xA5, count: 4080),  // right header, garbage after
    ])
    func aFileThatIsNotADatabaseIsNamedAndLeftAlone(contents: Data) throws {
        _ = FileManager.default.createFile(atPath: databasePath, contents: contents, attributes: [.posixPermissions: 0o644])
        #expect(throws: HabitStoreError.notADatabase(file: databasePath)) { try open() }
        #expect(fileBytes(databasePath) == contents)
        #expect(try mode(of: databasePath) == 0o644)
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(entries == [SQLiteHabitStore.fileName])
        #expect(HabitStoreError.notADatabase(file: databasePath).message.hasPrefix("\(databasePath) is not an SQLite database"))
    }

    @Test func anotherProgramsDatabaseIsLeftAlone() throws {
        do {
            let store = try SQLiteHabitStore(directory: directory, schemaVersion: 0)
            try store.executeForTesting("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')")
        }
        let before = fileBytes(databasePath)
        #expect(throws: HabitStoreError.foreignDatabase(file: databasePath)) { try open() }
        #expect(fileBytes(databasePath) == before)
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        do {
            let store = try open()
            try store.executeForTesting("PRAGMA user_version = 99")
        }
        let before = fileBytes(databasePath)
        #expect(throws: HabitStoreError.newerSchema(file: databasePath, version: 99, supported: 2)) { try open() }
        #expect(fileBytes(databasePath) == before)
    }

    @Test func theSchemaEnforcesUniqueNamesAndOneCompletionPerDay() throws {
        let store = try open()
        let read = try AddHabit(repository: store).execute(name: "Read", start: day("2026-11-01"), today: today)
        // Bypassing the use case, which would have refused: the schema refuses as well.
        let imposter = try Habit(name: "READ", start: day("2026-11-01"), today: today)
        #expect(throws: HabitStoreError.self) { try store.insert(imposter) }
        #expect(throws: HabitStoreError.self) {
            try store.executeForTesting("INSERT INTO completion VALUES (\(read.id), '2026-11-02'), (\(read.id), '2026-11-02')")
        }
        #expect(try store.allHabits().count == 1)
        #expect(try store.habit(withID: read.id)?.completions.isEmpty == true)
    }

    @Test func aFailedTransactionWritesNothing() throws {
        let store = try open()
        _ = try AddHabit(repository: store).execute(name: "Read", start: day("2026-11-01"), today: today)
        #expect(throws: HabitError.self) {
            try store.transaction {
                _ = try RecordCompletion(repository: store).execute(name: "Read", day: day("2026-11-02"), today: today)
                _ = try RecordCompletion(repository: store).execute(name: "Read", day: day("2026-11-02"), today: today)
            }
        }
        #expect(try open().habit(withNameKey: "read")?.completions.isEmpty == true)
    }

    /// Two stores on one new file, each on its own thread: both create and migrate the file at
    /// the same moment, then write as fast as they can; every write must land.
    @Test func twoWritersAtOnceBothLandEveryWrite() throws {
        let writesEach = 100
        let failures = Mutex<[String]>([])
        let directory = self.directory
        let today = self.today
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let store = try SQLiteHabitStore(directory: directory)
                let name = "Habit \(writer)"
                _ = try AddHabit(repository: store).execute(name: name, start: today.adding(days: -writesEach), today: today)
                for offset in 0..<writesEach {
                    _ = try RecordCompletion(repository: store).execute(name: name, day: today.adding(days: -offset), today: today)
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let habits = try open().allHabits()
        #expect(habits.count == 2)
        for habit in habits { #expect(habit.completions.count == writesEach) }
    }

    @Test func dataDirectoryFollowsOptionThenEnvironment() {
        #expect(HabitDataDirectory.resolve(option: "/x", environment: ["TALLY_DATA_DIR": "/y"]) == "/x")
        #expect(HabitDataDirectory.resolve(option: nil, environment: ["TALLY_DATA_DIR": "/y", "HOME": "/h"]) == "/y")
        #expect(HabitDataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/tally")
        #expect(HabitDataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]) == "/h/.local/share/tally")
        #expect(HabitDataDirectory.resolve(option: nil, environment: [:]) == nil)
    }
}
