import Foundation
import TallyTestSupport
import Testing

/// `habit import` of files made to hurt it, each made here by `Tests/HabitFiles/hostile_imports.py`:
/// a zip bomb of one repeated row, a recursive view, special files inside a Loop folder, a live
/// database with its log, cells of the wrong type, tens of thousands of refused rows and renamed
/// habits. Each ends in a bounded import or a clear error naming the file — never a hang, an
/// abort, a flood of lines or a stale snapshot taken silently.
@Suite(.enabled(if: python3Executable != nil, "python3 makes the files"))
struct HabitImportHostileTests {
    private static let maker = TallyUnderTest.repositoryRoot.appendingPathComponent(
        "Tests/HabitFiles/hostile_imports.py")

    /// The path `hostile_imports.py command folder arguments…` made.
    private func make(_ command: String, in folder: URL, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3Executable!)
        process.arguments = [Self.maker.path, command, folder.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// `habit import PATH` then `habit list` in a fresh store; over 60 seconds is a hang.
    private func importing(_ path: String, in folder: URL, today: String = "2026-11-29") throws -> TallyRun {
        let store = folder.appendingPathComponent("store-\(UUID().uuidString)")
        return try TallyUnderTest.run(
            ["-e", "habit import '\(path)'", "-e", "habit list"],
            environment: ["TALLY_TODAY": today, "TALLY_DATA_DIR": store.path], timeout: 60)
    }

    /// A Loop CSV zip whose `Checkmarks.csv` is one row repeated (2 MiB: 91,000 rows) comes in
    /// as one day, with ten rows named and the rest counted; one that would inflate past the
    /// cap (70 MiB) is refused before anything is inflated.
    @Test func aZipBombOfOneRepeatedRowIsCountedNotListed() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try importing(try make("bomb", in: folder, "2"), in: folder)
        #expect(result.status == 0, "\(result.errorText)")
        let lines = result.outputText.split(separator: "\n")
        #expect(lines.first == "imported 1 habit (1 day done) from \(folder.path)/bomb-2.zip")
        #expect(lines.filter { $0.hasPrefix("refused: ") }.count == 11)
        #expect(
            lines.contains { $0.hasPrefix("refused: and ") && $0.hasSuffix(" rows refused in all)") }, "\(lines)")
        #expect(
            lines.contains(
                "refused: \(folder.path)/bomb-2.zip: Checkmarks.csv:3:12 ('Run'): 2026-11-20 is in the file twice"))
        let big = try importing(try make("bomb", in: folder, "70"), in: folder)
        #expect(big.status == 1)
        #expect(big.errorText.contains("at most 64 MiB are read (a zip bomb?)"), "\(big.errorText)")
    }

    /// What is not a database's real table is not read, and what is not a regular file not
    /// opened: a recursive view or a virtual table where Loop has its Repetitions table, and a
    /// FIFO or a link to `/dev/zero` as a habit's `Checkmarks.csv` inside a Loop folder. Each is
    /// refused by name, at once.
    @Test(arguments: [
        ("view", Self.notLoop), ("virtual", Self.notLoop),
        ("fifo", "/001 Run/Checkmarks.csv: it is not a regular file (a FIFO); nothing was imported"),
        ("zero", "/001 Run/Checkmarks.csv: it is not a regular file (a character device); nothing was imported"),
    ])
    func whatIsNotReadIsRefusedAtOnce(kind: String, message: String) throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try make(kind, in: folder)
        let result = try importing(path, in: folder)
        #expect(result.status == 1)
        #expect(result.errorText.contains(path + message), "\(result.errorText)")
        #expect(result.seconds < 10)
    }

    private static let notLoop =
        ": it is an SQLite database but not a Loop Habit Tracker, Rewire or Tickmate backup (it has no "
        + "Habits and Repetitions tables; views and virtual tables are not read)"

    /// A Loop backup copied while Loop ran, its last changes still in the `-wal` beside it, is
    /// read as the pair stands (2 habits, 8 days, as sqlite3 reads it); a hot rollback journal
    /// undoes the half-written change. Neither original file changes, and no `-shm` appears.
    @Test func aLiveDatabaseIsReadWithItsLog() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = try make("wal", in: folder)
        try? FileManager.default.removeItem(atPath: live + "-shm")
        let before = try [live, live + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let result = try importing(live, in: folder)
        #expect(result.outputText.hasPrefix("imported 2 habits (8 days done) from \(live)\n"), "\(result.outputText)")
        #expect(try [live, live + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        #expect(!FileManager.default.fileExists(atPath: live + "-shm"))
        let hot = try make("journal", in: folder)
        let journal = try Data(contentsOf: URL(fileURLWithPath: hot + "-journal"))
        let rolledBack = try importing(hot, in: folder)
        #expect(
            rolledBack.outputText.hasPrefix("imported 1 habit (1 day done) from \(hot)\n"), "\(rolledBack.outputText)")
        #expect(rolledBack.outputText.contains("Read "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: hot + "-journal")) == journal)
    }

    /// NULL habit or timestamp, a text timestamp, a text or fractional value: each refused and
    /// listed with its row; three values on one day of a measurable habit: the later two reported.
    @Test func cellsOfTheWrongTypeAreListed() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try make("cells", in: folder)
        let result = try importing(path, in: folder)
        #expect(
            result.outputText == """
                imported 2 habits (1 day done) from \(path)
                not carried: \(path): the habits' colours and reminders
                refused: \(path): Repetitions row 1: its habit is NULL, not the whole number Loop writes; the row was not imported
                refused: \(path): Repetitions row 2: its timestamp is NULL, not the whole number Loop writes; the row was not imported
                refused: \(path): Repetitions row 4: its value is the text 'abc', not the whole number Loop writes; the row was not imported
                refused: \(path): Repetitions row 5: its value is the real number '2.5', not the whole number Loop writes; the row was not imported
                refused: \(path): Repetitions row 3: its timestamp is the text '2026-11-20', not the whole number Loop writes; the row was not imported
                refused: \(path): Repetitions row 8 ('Water'): 2026-11-23 is in the file twice (3 and 5 glasses); the first is kept
                refused: \(path): Repetitions row 9 ('Water'): 2026-11-23 is in the file twice (3 and 2 glasses); the first is kept
                habit  target             since       streak  MTWTFSS  strength  total
                Walk   daily              2026-11-23  0 days  ■······        4%      1
                Water  8 glasses per day  2026-11-23  0 days  ·······        1%      0

                """)
    }

    /// 30,000 days before the year 1: ten named, the rest counted, the good day imported.
    @Test func thirtyThousandBadRowsAreSummarised() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try make("early", in: folder, "30000")
        let result = try importing(path, in: folder)
        let lines = result.outputText.split(separator: "\n")
        #expect(lines.first == "imported 1 habit (1 day done) from \(path)")
        #expect(lines.contains("refused: and 29990 more (30000 rows refused in all)"))
        #expect(lines.count == 15, "\(lines.count) lines")
    }

    /// 5,000 habits of one name: all imported, ten renames named and the rest counted.
    @Test func fiveThousandHabitsOfOneName() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try make("many", in: folder, "5000")
        let result = try importing(path, in: folder)
        let lines = result.outputText.split(separator: "\n")
        #expect(lines.first == "imported 5000 habits (0 days done) from \(path)")
        #expect(lines[1] == "renamed 'Habit' to 'Habit (2)': the name was taken")
        #expect(lines[11] == "and 4989 more renamed (4999 in all)")
        #expect(lines.contains { $0.hasPrefix("Habit (5000) ") })
    }

    /// Under an address-space limit of 1 GB, the bomb and the bad rows end in an answer, never
    /// an abort.
    @Test func aMemoryLimitNeverAborts() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            try make("bomb", in: folder, "4"), try make("early", in: folder, "20000"), try make("cells", in: folder),
        ]
        for file in files {
            let run = try TallyUnderTest.runInShell(
                "ulimit -v 1000000; \"$TALLY\" -e \"habit import '\(file)'\"",
                environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": folder.appendingPathComponent("s").path])
            #expect(run.status == 0, "\(file): \(run.status) \(run.errors)")
            #expect(run.output.hasPrefix("imported "), "\(file): \(run.output)")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("s"))
        }
    }

    /// Ctrl-C while a large backup (1.9 million rows without Loop's index, so SQLite sorts them)
    /// is read stops the import at once: nothing imported, the prompt back, the session going on.
    @Test func ctrlCStopsAnImport() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try make("big", in: folder, "1900000")
        let terminal = try PseudoTerminal(
            arguments: ["-q"],
            environment: [
                "TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": folder.appendingPathComponent("store").path,
                "HOME": folder.path,
            ])
        try terminal.expect("> ")
        terminal.type("habit import '\(path)'\r")
        usleep(1_000_000)
        let pressed = Date()
        terminal.type("\u{03}")
        let answer = try terminal.expect("> ", timeout: 60)
        #expect(Date().timeIntervalSince(pressed) < 5, "\(answer)")
        // The message is wrapped to the terminal's width.
        #expect(answer.contains("big.db: the import was interrupted"), "\(answer)")
        #expect(answer.contains("(Ctrl-C); nothing was imported"), "\(answer)")
        terminal.type("habit list\r")
        #expect(try terminal.expect("> ").contains("no habits yet"))
        terminal.type("\u{04}")
        _ = try terminal.waitForExit()
    }
}
