import Foundation
import TallyTestSupport
import Testing

/// The habit store's safety rules through the binary, on files made by Tests/HabitFiles: files
/// replaced under a read, other programs' databases, damage, old schemas, odd permissions.
@Suite(.enabled(if: python3Executable != nil, "needs python3"))
struct HabitStoreSafetyTests {
    static let script = "Tests/HabitFiles/habit_files.py"

    /// A fresh directory, removed when `body` returns.
    private func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    private func make(_ arguments: [String]) throws {
        let result = try runPythonScript(Self.script, arguments)
        #expect(result.status == 0, "\(result.report)")
    }

    private func tally(_ lines: [String], in directory: URL, today: String = "2026-11-29") throws -> TallyRun {
        try TallyUnderTest.run(
            lines.flatMap { ["-e", $0] }, environment: ["TALLY_TODAY": today, "TALLY_DATA_DIR": directory.path])
    }

    private func bytes(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    /// The live file copied over and truncated while `habit list`, `show` and `export` read it:
    /// every run ends with its answer or a clean error, never a signal (a memory map would make
    /// it SIGBUS).
    @Test func aFileReplacedOrTruncatedUnderAReadIsACleanError() throws {
        try withDirectory { directory in
            let result = try runPythonScript(
                Self.script, ["harness", TallyUnderTest.executable.path, directory.path, "26", "3"])
            #expect(result.status == 0, "\(result.report)")
            #expect(result.report.contains("runs: "), "\(result.report)")
        }
    }

    /// Another program's database whose user_version is one Tally used, in each journal mode
    /// (WAL with its last change still in the log): a clear error, and the file, and its log,
    /// byte for byte as they were.
    @Test(arguments: [1, 2, 3], ["DELETE", "TRUNCATE", "PERSIST", "WAL"])
    func anotherProgramsDatabaseIsNeverWritten(version: Int, journalMode: String) throws {
        try withDirectory { directory in
            try make(["foreign", directory.path, String(version), journalMode])
            let file = directory.appendingPathComponent("habits.sqlite3")
            let log = directory.appendingPathComponent("habits.sqlite3-wal")
            let (before, logBefore) = (bytes(file), bytes(log))
            let run = try tally(["habit list", "habit add Read"], in: directory)
            #expect(run.status == 1)
            #expect(
                run.errorText.components(separatedBy: "is an SQLite database that Tally did not create").count == 3,
                "\(run.errorText)")
            #expect(bytes(file) == before)
            #expect(bytes(log) == logBefore)
        }
    }

    /// Files of every earlier schema keep every row, the day 0300-03-01 (which SQLite's date()
    /// gets wrong) included.
    @Test(arguments: [1, 2, 3])
    func everyEarlierSchemaMigratesKeepingEveryRow(version: Int) throws {
        try withDirectory { directory in
            try make(["old", directory.path, String(version)])
            let run = try tally(["habit export csv"], in: directory)
            #expect(run.status == 0, "\(run.errorText)")
            var expected = [
                "name,start_day,archive_day,target,day,state,note",
                "Read,2026-11-01,,daily,2026-11-02,done,", "Read,2026-11-01,,daily,2026-11-03,done,",
                "Read,2026-11-01,,daily,2026-11-20,done,",
            ]
            if version >= 2 { expected.append("Swim,2026-11-01,2026-11-05,daily,2026-11-04,done,") }
            expected.append("Walk,0300-03-01,,daily,0300-03-01,done,")
            #expect(run.outputText == expected.joined(separator: "\n") + "\n")
        }
    }

    /// A name the index of names has lost: `show` says the file is damaged (not "no habit named
    /// 'Read'; did you mean 'Read'?"), `add` writes no second Read, and the file stays as it was.
    @Test func aDamagedIndexIsReportedAndNothingIsWritten() throws {
        try withDirectory { directory in
            try make(["old", directory.path, "3"])
            try make(["damage", directory.path, "read", "reax"])
            let file = directory.appendingPathComponent("habits.sqlite3")
            let before = bytes(file)
            for line in ["habit show Read", "habit add Read", "habit done Walk 0300-03-02", "habit list"] {
                let run = try tally([line], in: directory)
                #expect(run.status == 1, "\(line)")
                #expect(run.errorText.contains("is damaged"), "\(line): \(run.errorText)")
                #expect(!run.errorText.contains("did you mean"), "\(line): \(run.errorText)")
            }
            #expect(bytes(file) == before)
        }
    }

    /// A stored name of five million characters: the message quotes a short prefix.
    @Test func aHugeStoredNameGivesAShortMessage() throws {
        try withDirectory { directory in
            try make(["old", directory.path, "3"])
            try make(["rename", directory.path, "1", "5000000"])
            let run = try tally(["habit list"], in: directory)
            #expect(run.status == 1)
            #expect(run.standardError.count < 1000, "\(run.standardError.count) bytes")
            #expect(run.errorText.contains("'NNNNNNNNNN"), "\(run.errorText.prefix(500))")
        }
    }

    /// Under umask 0277 the new data folder is still made 0700 and works; an existing database
    /// and its log and shared memory at 0644 are tightened to 0600.
    @Test func permissionsAreMadePrivateWhateverTheUmask() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("new/data")
            let result = try TallyUnderTest.runInShell(
                #"umask 0277; exec "$TALLY" --data-dir "$DATA" -e 'habit add Read' -e 'habit done Read'"#,
                environment: ["DATA": data.path, "TALLY_TODAY": "2026-11-29"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(try mode(data.path) == 0o700)
            #expect(try mode(data.appendingPathComponent("habits.sqlite3").path) == 0o600)

            let old = directory.appendingPathComponent("old")
            try make(["old", old.path, "3"])
            let file = old.appendingPathComponent("habits.sqlite3").path
            for suffix in ["", "-wal", "-shm"] {
                if !FileManager.default.fileExists(atPath: file + suffix) {
                    #expect(FileManager.default.createFile(atPath: file + suffix, contents: nil))
                }
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file + suffix)
            }
            let run = try tally(["habit done Read"], in: old)
            #expect(run.status == 0, "\(run.errorText)")
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: file + suffix) {
                #expect(try mode(file + suffix) == 0o600, "\(suffix)")
            }
            #expect(try mode(file) == 0o600)
        }
    }
}
