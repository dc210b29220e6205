import CSQLite
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
        #expect(
            try reopened.habit(withNameKey: "read books")?.completions == [
                day("2026-11-02"), day("2026-11-03"), day("2026-11-28"),
            ])
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
        // A rollback journal exists only during a write: nothing is left beside the file.
        let left = try FileManager.default.contentsOfDirectory(atPath: nested)
        #expect(left == [SQLiteHabitStore.fileName])
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
        #expect(try store.schemaVersionForTesting() == SQLiteSchema.latestVersion)
        let habit = try #require(try store.habit(withNameKey: "read"))
        #expect(habit.id == HabitID(rawValue: 7) && habit.archiveDay == nil)
        #expect(habit.completions == [day("2026-11-02"), day("2026-11-03")])
        // The column version 2 added works.
        _ = try ArchiveHabit(repository: store).execute(name: "Read", day: day("2026-11-10"), today: today)
        #expect(try open().habit(withNameKey: "read")?.archiveDay == day("2026-11-10"))
    }

    /// A day as the schema stores it: days since 1970-01-01.
    func number(_ text: String) -> Int { day(text).daysSinceEpoch }

    /// SQL that hand-edits Read (id 7, since 2026-11-01, done on the 28th), and what the error
    /// must say. The CHECKs on days can be switched off; the loaders check the range again.
    static let brokenRows: [(sql: String, problem: String)] = [
        ("UPDATE habit SET name = '   ', name_key = ''", "a habit name cannot be empty"),
        (
            "UPDATE habit SET name = 'Bad' || char(27) || '[2J', name_key = 'bad' || char(27) || '[2j'",
            "contains a control character"
        ),
        (
            "UPDATE habit SET start_day = \(day("2026-11-29").daysSinceEpoch)",
            "2026-11-28 is before 'Read' started on 2026-11-29"
        ),
        (
            "INSERT INTO completion VALUES (7, \(day("2026-10-01").daysSinceEpoch))",
            "2026-10-01 is before 'Read' started on 2026-11-01"
        ),
        (
            "UPDATE habit SET archive_day = \(day("2026-11-02").daysSinceEpoch)",
            "'Read' was done on 2026-11-28, after its archive day 2026-11-02"
        ),
        ("UPDATE habit SET name = 'Walk'", "its name_key 'read' does not match its name (expected 'walk')"),
        (
            "PRAGMA ignore_check_constraints = ON; UPDATE habit SET start_day = 4000000",
            "its start day 4000000 is not a day from 0001-01-01 to 9999-12-31"
        ),
        (
            "PRAGMA ignore_check_constraints = ON; INSERT INTO completion VALUES (7, -800000)",
            "completion day -800000 is not a day from 0001-01-01 to 9999-12-31"
        ),
        // The count and the runs are the triggers' work; written by hand they are caught too.
        ("UPDATE habit SET completion_count = 5", "its completion_count or completion_run rows do not match"),
        ("DELETE FROM completion_run", "its completion_count or completion_run rows do not match"),
        (
            "UPDATE completion_run SET first_day = first_day - 1",
            "its completion_count or completion_run rows do not match"
        ),
        (
            "UPDATE completion_run SET first_day = last_day + 1",
            "its completion_count or completion_run rows do not match"
        ),
    ]

    @Test(arguments: brokenRows)
    func aHandEditedRowThatBreaksARuleIsNamed(sql: String, problem: String) throws {
        do {
            let store = try open()
            let habit = try Habit(
                restoring: HabitID(rawValue: 7), name: "Read", start: day("2026-11-01"), archiveDay: nil,
                completions: [day("2026-11-28")])
            try store.insert(habit)
            try store.executeForTesting(sql)
        }
        let store = try open()
        let loads: [(String, () throws -> Void)] = [
            ("allHabits", { _ = try store.allHabits() }),
            ("habit(withID:)", { _ = try store.habit(withID: HabitID(rawValue: 7)) }),
            (
                "habitToShow(withNameKey:)",
                {
                    // By the key the row holds now (some edits change it).
                    var key = ""
                    try store.forEachRow("SELECT name_key FROM habit WHERE id = 7", []) { key = $0.text(0) ?? "" }
                    _ = try store.habitToShow(withNameKey: key)
                }
            ),
            ("summaries", { _ = try store.summaries(today: self.today) }),
        ]
        for (name, load) in loads {
            do {
                try load()
                Issue.record("\(name): loading a broken row succeeded")
            } catch let error as HabitStoreError {
                guard case .invalidRow(let file, let habitID, _, let message) = error else {
                    Issue.record("\(name): unexpected \(error)")
                    continue
                }
                #expect(file == databasePath && habitID == HabitID(rawValue: 7))
                #expect(message.contains(problem), "\(name): \(message)")
                #expect(error.message.hasPrefix("\(databasePath): the habit row with id 7 ("))
            }
        }
    }

    @Test func daysAreStoredAsNumbersOnly() throws {
        let store = try open()
        let read = try AddHabit(repository: store).execute(name: "Read", start: day("2026-11-01"), today: today)
        for sql in [
            "INSERT INTO completion VALUES (\(read.id), '2026-11-02')",
            "INSERT INTO completion VALUES (\(read.id), 20394.5)",
            "UPDATE habit SET start_day = '2026-11-01'",
            "INSERT INTO completion VALUES (\(read.id), 3000000)",
        ] {
            #expect(throws: HabitStoreError.self, "\(sql)") { try store.executeForTesting(sql) }
        }
        _ = try RecordCompletion(repository: store).execute(name: "Read", day: day("2026-11-02"), today: today)
        // Moving a day would bypass the triggers that keep the count and runs.
        #expect(throws: HabitStoreError.self) { try store.executeForTesting("UPDATE completion SET day = day + 1") }
        #expect(try store.habit(withID: read.id)?.completions == [day("2026-11-02")])
    }

    /// A day stored twice (possible only in a damaged file) is named when the habit is read.
    @Test func aDayStoredTwiceIsNamed() throws {
        let store = try open()
        try fill(store)
        try store.executeForTesting(
            """
            CREATE TABLE copy AS SELECT * FROM completion; DROP TABLE completion;
            CREATE TABLE completion (habit_id INTEGER, day INTEGER);
            INSERT INTO completion SELECT * FROM copy; INSERT INTO completion SELECT * FROM copy LIMIT 1;
            DROP TABLE copy;
            """)
        #expect(throws: HabitStoreError.self) { try store.habit(withNameKey: "read books") }
        do {
            _ = try store.habit(withNameKey: "read books")
        } catch let error as HabitStoreError {
            #expect(error.message.contains("has the day 2026-11-02 stored twice"), "\(error.message)")
        }
    }

    /// Rewrites, in the file itself, the bytes `from` as `to` (the same length) within the page
    /// of the unique index of names: what random damage to that page can do.
    func damageIndexOfNames(from: String, to: String) throws {
        var page = 0
        var pageSize = 0
        do {
            let raw = try SQLiteHabitStore(openingFileAt: databasePath, flags: SQLITE_OPEN_READWRITE)
            try raw.forEachRow("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_habit_1'", []) {
                page = Int($0.integer(0))
            }
            try raw.forEachRow("PRAGMA page_size", []) { pageSize = Int($0.integer(0)) }
            try raw.executeForTesting("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        var bytes = try #require(fileBytes(databasePath))
        let range = (page - 1) * pageSize..<page * pageSize
        let found = try #require(bytes[range].firstRange(of: Data(from.utf8)))
        bytes.replaceSubrange(found, with: Data(to.utf8))
        try bytes.write(to: URL(fileURLWithPath: databasePath))
    }

    /// A name the index has lost is damage, not "no such habit" (nor "did you mean" the same
    /// name): opening the file says so, before anything is written to it.
    @Test func aDamagedIndexOfNamesIsReportedBeforeAnyWrite() throws {
        do { try fill(try open()) }
        try damageIndexOfNames(from: "read books", to: "read bookz")
        let before = fileBytes(databasePath)
        do {
            _ = try open()
            Issue.record("a damaged index went unnoticed")
        } catch let error as HabitStoreError {
            guard case .damaged = error else { throw error }
            #expect(error.message.hasPrefix("\(databasePath) is damaged, or was replaced while Tally read it ("))
        }
        #expect(fileBytes(databasePath) == before)
    }

    /// Damage found after opening (another program broke the index since) is caught before a
    /// write, and by the lookup that would otherwise report no such habit.
    @Test func damageAfterOpeningIsCaughtBeforeAWriteAndByALookup() throws {
        let store = try open()
        try fill(store)
        try store.executeForTesting("PRAGMA wal_checkpoint(TRUNCATE)")
        try damageIndexOfNames(from: "read books", to: "read bookz")
        // As before each command: the pages cached by the last one are not trusted.
        #expect(store.prepareForCommand())
        #expect(throws: HabitStoreError.self) { try store.habit(withNameKey: "read books") }
        #expect(throws: HabitStoreError.self) {
            try AddHabit(repository: store).execute(name: "Walk", start: self.today, today: self.today)
        }
    }

    /// Many dones and undos, in and out of order, on habits active and archived: the summaries
    /// the store reads through its triggers' count and runs say what the whole habits say.
    @Test func summariesAgreeWithWholeHabits() throws {
        let store = try open()
        var generator = SystemRandomNumberGenerator()
        let start = today.advanced(by: -60)
        for name in ["A", "B", "C"] {
            _ = try AddHabit(repository: store).execute(name: name, start: start, today: today)
        }
        for step in 0..<300 {
            let name = ["A", "B", "C"].randomElement(using: &generator)!
            let doneDay = start.advanced(by: Int.random(in: 0...60, using: &generator))
            var habit = try store.requireHabit(named: name)
            if habit.isDone(on: doneDay) {
                try habit.undo(on: doneDay)
            } else {
                try habit.markDone(on: doneDay, today: today)
            }
            try store.update(habit)
            if step % 50 == 49 {
                for asOf in [today, today.advanced(by: -1), today.advanced(by: -30), start] {
                    let expected = try store.allHabits().map { HabitSummary($0) }
                    #expect(Set(try store.summaries(today: asOf)) == Set(expected), "step \(step), as of \(asOf)")
                }
                // The habit `show` spells out from its runs is the habit read day by day.
                for name in ["a", "b", "c"] {
                    #expect(try store.habitToShow(withNameKey: name) == store.habit(withNameKey: name), "step \(step)")
                }
            }
        }
        // Archived three weeks ago, C's recent runs reach further back than the others'.
        var c = try store.requireHabit(named: "C")
        let archiveDay = today.advanced(by: -20)
        for doneDay in c.daysDone where doneDay > archiveDay { try c.undo(on: doneDay) }
        for doneDay in [archiveDay, archiveDay.advanced(by: -6)] where !c.isDone(on: doneDay) {
            try c.markDone(on: doneDay, today: today)
        }
        try store.update(c)
        _ = try ArchiveHabit(repository: store).execute(name: "C", day: archiveDay, today: today)
        for asOf in [today, today.advanced(by: -18), today.advanced(by: -25)] {
            let expected = try store.allHabits().map { HabitSummary($0) }
            #expect(Set(try store.summaries(today: asOf)) == Set(expected), "as of \(asOf)")
        }
        #expect(try store.habitToShow(withNameKey: "c") == store.habit(withNameKey: "c"))
    }

    @Test(arguments: [
        Data("this is my shopping list, not a database\n".utf8),
        Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
        Data("SQLite format 3\0".utf8) + Data(repeating: 0xA5, count: 4080),  // right header, garbage after
    ])
    func aFileThatIsNotADatabaseIsNamedAndLeftAlone(contents: Data) throws {
        _ = FileManager.default.createFile(
            atPath: databasePath, contents: contents, attributes: [.posixPermissions: 0o644])
        #expect(throws: HabitStoreError.notADatabase(file: databasePath)) { try open() }
        #expect(fileBytes(databasePath) == contents)
        #expect(try mode(of: databasePath) == 0o644)
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(entries == [SQLiteHabitStore.fileName])
        #expect(
            HabitStoreError.notADatabase(file: databasePath).message.hasPrefix(
                "\(databasePath) is not an SQLite database"))
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
        #expect(
            throws: HabitStoreError.newerSchema(file: databasePath, version: 99, supported: SQLiteSchema.latestVersion)
        ) { try open() }
        #expect(fileBytes(databasePath) == before)
    }

    @Test func theSchemaEnforcesUniqueNamesAndOneCompletionPerDay() throws {
        let store = try open()
        let read = try AddHabit(repository: store).execute(name: "Read", start: day("2026-11-01"), today: today)
        // Bypassing the use case, which would have refused: the schema refuses as well.
        let imposter = try Habit(name: "READ", start: day("2026-11-01"), today: today)
        #expect(throws: HabitStoreError.self) { try store.insert(imposter) }
        #expect(throws: HabitStoreError.self) {
            try store.executeForTesting(
                "INSERT INTO completion VALUES (\(read.id), '2026-11-02'), (\(read.id), '2026-11-02')")
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
                _ = try RecordCompletion(repository: store).execute(name: "Read", day: day("2026-12-02"), today: today)
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
                _ = try AddHabit(repository: store).execute(
                    name: name, start: today.advanced(by: -writesEach), today: today)
                for offset in 0..<writesEach {
                    _ = try RecordCompletion(repository: store).execute(
                        name: name, day: today.advanced(by: -offset), today: today)
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

    /// The file moved over during a command (between its reads and its write): the write is
    /// refused before anything is written to either file, and the next command is asked to
    /// open the store anew.
    @Test func aFileReplacedBeforeAWriteIsNotWrittenTo() throws {
        let store = try open()
        _ = try AddHabit(repository: store).execute(name: "Read", start: day("2026-11-01"), today: today)
        #expect(store.prepareForCommand())
        let other = directory + "/other"
        do {
            _ = try AddHabit(repository: try SQLiteHabitStore(directory: other)).execute(
                name: "Swim", start: day("2026-11-01"), today: today)
        }
        let replaced = fileBytes(other + "/" + SQLiteHabitStore.fileName)
        let old = fileBytes(databasePath)
        #expect(rename(other + "/" + SQLiteHabitStore.fileName, databasePath) == 0)
        #expect(throws: HabitStoreError.replaced(file: databasePath)) {
            _ = try RecordCompletion(repository: store).execute(name: "Read", day: day("2026-11-02"), today: self.today)
        }
        #expect(fileBytes(databasePath) == replaced)
        #expect(old != replaced)
        #expect(!store.prepareForCommand())
        #expect(try open().allHabits().map(\.name) == ["Swim"])
    }

    /// Each version's full schema (every statement) is what the migrations build, and text
    /// that differs only in spacing, comments, case or quoting compares equal.
    @Test func theFullSchemaComparisonIgnoresOnlyFormatting() throws {
        let expected = try SQLiteHabitStore.expectedSchemas.get()
        #expect(expected.count == SQLiteSchema.latestVersion + 1)
        #expect(expected[0].isEmpty)
        for version in 1...SQLiteSchema.latestVersion {
            let store = try SQLiteHabitStore(directory: directory + "/v\(version)", schemaVersion: version)
            #expect(try store.schemaObjects() == expected[version])
            #expect(try store.schemaSignature() == expected[version].map { "\($0.type) \($0.name) \($0.table)" })
        }
        let canonical = SQLiteHabitStore.canonicalSQL
        #expect(
            canonical("CREATE  TABLE \"habit\" ( id -- the key\n INTEGER )")
                == canonical("create table habit(id integer)"))
        #expect(canonical("SELECT 'A  b'") != canonical("SELECT 'a b'"))
        #expect(canonical("SELECT RAISE(ABORT, 'x')") != canonical("SELECT RAISE(ABORT, 'y')"))
        #expect(canonical("CREATE TABLE [a b] (x)") == canonical("CREATE TABLE \"a b\" (x)"))
        #expect(canonical("UPDATE t SET a = 1 /* note */ ;") == canonical("update t set a = 1;"))
    }

    @Test func dataDirectoryFollowsOptionThenEnvironment() {
        #expect(HabitDataDirectory.resolve(option: "/x", environment: ["TALLY_DATA_DIR": "/y"]) == "/x")
        #expect(HabitDataDirectory.resolve(option: nil, environment: ["TALLY_DATA_DIR": "/y", "HOME": "/h"]) == "/y")
        #expect(
            HabitDataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/tally")
        #expect(
            HabitDataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
                == "/h/.local/share/tally")
        #expect(HabitDataDirectory.resolve(option: nil, environment: [:]) == nil)
    }
}
