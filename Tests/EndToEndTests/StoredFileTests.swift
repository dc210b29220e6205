import Foundation
import TallyTestSupport
import Testing

/// The files Tally keeps, through the binary: private from their first moment, never a way to
/// a shell, and what is read back from them never acts on the terminal.
@Suite("Stored files through the binary")
struct StoredFileTests {
    /// A fresh directory, removed when `body` returns.
    private func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    /// Runs `program arguments` (Python, not `tally` itself) to completion; its exit status.
    @discardableResult
    private func run(_ program: String, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "TALLY_TODAY": "2026-11-29"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    @Test func theHabitDatabaseIsPrivateUnderAnOpenUmask() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("nested/data")
            // umask 000 would let a file created with default permissions be world-readable.
            let result = try TallyUnderTest.runInShell(
                #"umask 000; exec "$TALLY" --data-dir "$DATA" -e 'habit add Read' -e 'habit done Read'"#,
                environment: ["DATA": data.path, "HOME": directory.path, "TALLY_TODAY": "2026-11-29"],
                currentDirectory: directory)
            #expect(result.status == 0, "\(result.errors)")
            #expect(try mode(data.appendingPathComponent("habits.sqlite3")) == 0o600)
            #expect(try mode(data) == 0o700)
            #expect(try mode(directory.appendingPathComponent("nested")) == 0o700)
        }
    }

    @Test func shellSyntaxInInputIsOnlyText() throws {
        try withDirectory { directory in
            let lines = [
                "habit add \"$(touch made-by-dollar)\"", "habit add '`touch made-by-backtick`'",
                "1; touch made-by-semicolon", "x = 1 | touch made-by-pipe", "bmi $(touch made-by-bmi) 70",
                "help $(touch made-by-help)",
            ]
            let arguments =
                ["--data-dir", directory.appendingPathComponent("data; touch made-by-dir").path]
                + lines.flatMap { ["-e", $0] }
            // Started in `directory`, where a command run by a shell would leave its file.
            _ = try TallyUnderTest.run(
                arguments, environment: ["TALLY_TODAY": "2026-11-29"], currentDirectory: directory)
            let made = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasPrefix("made-by")
            }
            #expect(made.isEmpty)
        }
    }

    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func namesReadBackFromAHandEditedDatabaseAreEscaped() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            #expect(
                try TallyUnderTest.run(
                    ["--data-dir", data.path, "-e", "habit add Read"], environment: ["TALLY_TODAY": "2026-11-29"]
                ).status == 0)
            let edit = """
                import datetime, sqlite3, sys
                connection = sqlite3.connect(sys.argv[1])
                name = "Evil\\x1b[2J\\x1b]0;owned\\x07\\u009b31m name"
                # Days are stored as days since 1970-01-01 (schema v3).
                start = (datetime.date(2026, 11, 1) - datetime.date(1970, 1, 1)).days
                connection.execute("INSERT INTO habit (name, name_key, start_day) VALUES (?, ?, ?)", (name, name.lower(), start))
                connection.commit()
                """
            #expect(
                try run(
                    python3Executable!, ["-c", edit, data.appendingPathComponent("habits.sqlite3").path], in: directory)
                    == 0)
            // Commands that read every row name the bad one; the others never show it.
            let readingEveryRow: Set = ["habit list", "habit list all", "habit export csv", "habit export json"]
            for command in readingEveryRow.sorted() + ["habit show Read", "habit done Read"] {
                let result = try TallyUnderTest.run(
                    ["--data-dir", data.path, "-e", command], environment: ["TALLY_TODAY": "2026-11-29"])
                #expect(result.signal == nil, "\(command)")
                #expect(
                    !containsRawControlCharacters(result.outputText), "\(command): raw control characters on stdout")
                #expect(!containsRawControlCharacters(result.errorText), "\(command): raw control characters on stderr")
                if readingEveryRow.contains(command) {
                    #expect(result.status == 1, "\(command)")
                    #expect(result.errorText.contains("Evil␛[2J␛]0;owned␇"), "\(command): \(result.errorText)")
                }
            }
        }
    }
}
