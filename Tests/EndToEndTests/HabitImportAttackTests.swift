import Foundation
import TallyTestSupport
import Testing

/// `habit import` attacked through the binary: truncated and corrupted files of every format,
/// a file replaced while it is imported, huge rows, invalid UTF-8, names that collide, and the
/// store killed in the middle of an import. Each ends in a whole import or a clear error naming
/// the file — never a crash, a hang or half an import.
@Suite struct HabitImportAttackTests {
    private static let loopFiles = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/HabitFiles/Loop")
    private static let nothingImported = "no habits yet; start one with: habit add NAME\n"

    /// Runs `code` with python3 (`sys.argv[1:]` are `arguments`); false when there is none.
    @discardableResult
    private func python(_ code: String, _ arguments: [String]) throws -> Bool {
        guard let python = python3Executable else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", code] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return true
    }

    /// Imports `file` into a fresh store, then lists it; a run over 30 seconds is a hang.
    private func importing(_ file: URL, today: String = "2026-11-29") throws -> TallyRun {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try TallyUnderTest.run(
            ["-e", "habit import '\(file.path)'", "-e", "habit list"],
            environment: ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path], timeout: 30)
    }

    /// A whole import, or a failure that names the file and imported nothing.
    private func expectWholeOrNothing(_ result: TallyRun, _ file: URL, _ what: String) {
        #expect(result.signal == nil, "\(what): killed by signal \(result.signal ?? 0)")
        if result.status == 1 {
            #expect(
                result.errorText.contains(file.path) && result.errorText.contains("nothing was imported"), "\(what)")
            #expect(result.outputText == Self.nothingImported, "\(what): \(result.outputText)")
        } else {
            #expect(result.status == 0 && result.outputText.hasPrefix("imported "), "\(what): \(result.errorText)")
        }
    }

    /// Each database format (Loop old and new, Rewire, Tickmate) and HabitBull's CSV, cut short at
    /// a dozen lengths and with bytes flipped across the file.
    @Test(arguments: ["loop.db", "measurable.db", "rewire.db", "tickmate.db", "habitbull2.csv"])
    func truncatedAndCorruptFiles(name: String) throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = Array(try Data(contentsOf: Self.loopFiles.appendingPathComponent(name)))
        let file = directory.appendingPathComponent(name)
        let lengths = [0, 1, 15, 16, 100, 512, 1024, 4096, 8192, original.count / 2, original.count - 1]
        for length in lengths where length < original.count {
            try Data(original[0..<length]).write(to: file)
            expectWholeOrNothing(try importing(file), file, "\(name) cut to \(length) bytes")
        }
        for offset in stride(from: 0, to: original.count, by: max(1, original.count / 24)) {
            var damaged = original
            damaged[offset] ^= 0x5A
            try Data(damaged).write(to: file)
            expectWholeOrNothing(try importing(file), file, "\(name) with byte \(offset) flipped")
        }
    }

    /// The file is swapped for another (renamed over it, as a sync tool does) again and again
    /// while it is imported: each import is the whole of one file or the other.
    @Test func aFileReplacedWhileImported() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("backup.db")
        let sources = ["loop.db", "tickmate.db"].map { Self.loopFiles.appendingPathComponent($0) }
        try FileManager.default.copyItem(at: sources[0], to: target)
        let stop = ResultsFlag()
        let swapper = Thread {
            var index = 0
            while !stop.isSet {
                let staged = directory.appendingPathComponent("staged-\(index)")
                try? FileManager.default.copyItem(at: sources[index % 2], to: staged)
                _ = rename(staged.path, target.path)
                index += 1
            }
        }
        swapper.start()
        defer { stop.set() }
        var outcomes: Set<String> = []
        for _ in 0..<20 {
            let result = try importing(target, today: "2016-03-21")
            expectWholeOrNothing(result, target, "a swapped file")
            outcomes.insert(String(result.outputText.prefix { $0 != "\n" }))
        }
        stop.set()
        let whole = [
            "imported 9 habits (164 days done) from \(target.path)",
            "imported 3 habits (68 days done) from \(target.path)",
            "no habits yet; start one with: habit add NAME",
        ]
        #expect(outcomes.isSubset(of: Set(whole)), "\(outcomes)")
    }

    /// A HabitBull row of a million bytes, a line of 200,000 empty fields and a Rewire name of a
    /// million characters: refused with their place, at once.
    @Test func hugeRows() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        let longName = directory.appendingPathComponent("long.csv")
        try Data((header + String(repeating: "x", count: 1 << 20) + ",,,2026-01-01,1,\nRun,,,2026-01-02,1,\n").utf8)
            .write(to: longName)
        let started = Date()
        let long = try importing(longName)
        #expect(long.status == 0)
        #expect(long.outputText.hasPrefix("imported 1 habit (1 day done)"))
        #expect(
            long.outputText.contains(
                "long.csv: line 2: the habit name 'xxxxxxxxxxxxxxxxxxxx…' is 1048576 characters long; the limit is 100; it was not imported"
            ))
        // 200,000 fields on one line: read in one pass (counting each field's column from the
        // line's start would take minutes), the extra fields ignored as Loop ignores them.
        let manyFields = directory.appendingPathComponent("fields.csv")
        try Data((header + "Run,,,2026-01-01,1" + String(repeating: ",", count: 200_000) + "\n").utf8)
            .write(to: manyFields)
        let fieldsStarted = Date()
        let fields = try importing(manyFields)
        #expect(fields.outputText.hasPrefix("imported 1 habit (1 day done)"), "\(fields.errorText)")
        #expect(Date().timeIntervalSince(fieldsStarted) < 10)
        let badDate = directory.appendingPathComponent("date.csv")
        try Data((header + String(repeating: ",", count: 200_000) + "\n").utf8).write(to: badDate)
        #expect(
            try importing(badDate).errorText.contains(
                "date.csv:2:4: expected a date as YYYY-MM-DD or M/D/YYYY, not ''; nothing was imported"))
        guard
            try python(
                "import shutil, sqlite3, sys; shutil.copy(sys.argv[1], sys.argv[2]); c = sqlite3.connect(sys.argv[2]); "
                    + "c.execute(\"update Habits set Name = ? where _id = 1\", ('y' * 1048576,)); c.commit()",
                [
                    Self.loopFiles.appendingPathComponent("rewire.db").path,
                    directory.appendingPathComponent("r.db").path,
                ])
        else { return }
        let rewire = try importing(directory.appendingPathComponent("r.db"))
        #expect(rewire.outputText.hasPrefix("imported 2 habits"))
        #expect(
            rewire.outputText.contains(
                "r.db: Habits row 1: the habit name 'yyyyyyyyyyyyyyyyyyyy…' is 1048576 characters long; the limit is 100"
            ))
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// A name that is not UTF-8 refuses the whole file, with where it is.
    @Test func invalidUTF8RefusesTheFile() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let habitBull = directory.appendingPathComponent("bull.csv")
        try Data(
            Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRe".utf8) + [0xFF]
                + Array("ad,,,2026-01-01,1,\n".utf8)
        )
        .write(to: habitBull)
        let bull = try importing(habitBull)
        #expect(bull.errorText.contains("bull.csv:2:1: this field is not valid UTF-8; nothing was imported"))
        let breakName =
            "import shutil, sqlite3, sys; shutil.copy(sys.argv[1], sys.argv[2]); c = sqlite3.connect(sys.argv[2]); "
        guard
            try python(
                breakName + "c.execute(\"update Habits set Name = cast(x'52ff' as text) where _id = 2\"); c.commit()",
                [
                    Self.loopFiles.appendingPathComponent("rewire.db").path,
                    directory.appendingPathComponent("r.db").path,
                ])
        else { return }
        try python(
            breakName + "c.execute(\"update tracks set description = cast(x'c3' as text) where _id = 3\"); c.commit()",
            [Self.loopFiles.appendingPathComponent("tickmate.db").path, directory.appendingPathComponent("t.db").path])
        let rewire = try importing(directory.appendingPathComponent("r.db"))
        #expect(rewire.errorText.contains("r.db: the name of Habits row 2 is not valid UTF-8; nothing was imported"))
        let tickmate = try importing(directory.appendingPathComponent("t.db"))
        #expect(
            tickmate.errorText.contains(
                "t.db: the name or description of tracks row 3 is not valid UTF-8; nothing was imported"))
    }

    /// Names taken in the store, or twice in the file, are renamed and reported.
    @Test func collidingNamesAreRenamed() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tickmate = Self.loopFiles.appendingPathComponent("tickmate.db").path
        let result = try TallyUnderTest.run(
            ["-e", "habit add vegan", "-e", "habit import '\(tickmate)'", "-e", "habit import '\(tickmate)'"],
            environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
        #expect(result.outputText.contains("renamed 'Vegan' to 'Vegan (2)': the name was taken"))
        #expect(result.outputText.contains("renamed 'Vegan' to 'Vegan (3)': the name was taken"))
        #expect(result.outputText.contains("renamed 'Sport' to 'Sport (2)': the name was taken"))
        let bull = try TallyUnderTest.run(
            [
                "-e", "habit add Run", "-e",
                "habit import '\(Self.loopFiles.appendingPathComponent("habitbull3.csv").path)'",
            ],
            environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
        #expect(bull.outputText.contains("imported 2 habits"))
        #expect(bull.outputText.contains("renamed 'run' to 'run (2)': the name was taken"))
    }

    /// An import is one transaction: killed at any moment, the store holds all of it or none of
    /// it, and what was there before is kept.
    @Test func killedMidImportLosesNothingCommitted() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let backup = directory.appendingPathComponent("big.db")
        guard
            try python(
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                    + "c.execute('create table Habits (id integer primary key, name text, freq_num integer, freq_den integer)'); "
                    + "c.execute('create table Repetitions (id integer primary key, habit integer, timestamp integer)'); "
                    + "[c.execute('insert into Habits values (?, ?, 1, 1)', (h, 'Habit %d' % h)) for h in range(1, 41)]; "
                    + "c.executemany('insert into Repetitions (habit, timestamp) values (?, ?)', "
                    + "((h, (20000 - d) * 86400000) for h in range(1, 41) for d in range(2000))); c.commit()",
                [backup.path])
        else { return }
        let environment = [
            "TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.appendingPathComponent("store").path,
        ]
        _ = try TallyUnderTest.run(["-e", "habit add Kept", "-e", "habit done kept"], environment: environment)
        var outcomes: [Int: Int] = [:]
        for delay in [5_000, 20_000, 50_000, 100_000, 150_000, 200_000, 300_000, 500_000] {
            let importer = try TallyUnderTest.start(
                ["-e", "habit import '\(backup.path)'"], environment: environment)
            usleep(useconds_t(delay))
            importer.send(SIGKILL)
            _ = try importer.wait()
            let list = try TallyUnderTest.run(["-e", "habit list"], environment: environment)
            #expect(list.status == 0, "\(list.errorText)")
            #expect(list.outputText.contains("Kept "))
            let habits = list.outputText.split(separator: "\n").count - 1
            #expect(habits == 1 || habits == 41, "after \(delay) µs: \(habits) habits")
            outcomes[habits, default: 0] += 1
            if habits == 41 {
                _ = try TallyUnderTest.run(
                    (1...40).flatMap { ["-e", "habit delete 'Habit \($0)' --yes"] }, environment: environment)
            }
        }
        #expect(outcomes[1] != nil, "no kill landed before the import committed: \(outcomes)")
    }

    /// A flag one thread sets and another reads.
    final class ResultsFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }
    }
}
