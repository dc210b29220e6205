import Foundation

/// The `tally` executable `swift test` built, and the one way the tests run it: with
/// `posix_spawn`, so that each run's exit status, the signal that ended it and its peak memory
/// are known, in a fresh temporary `HOME`, with `NO_COLOR` set and no `TALLY_DATA_DIR` unless
/// a test gives them. (``PseudoTerminal`` runs it on a terminal instead of files.)
public enum TallyUnderTest {
    /// The built binary: `.build/<configuration>/tally`, beside the test runner (on some
    /// toolchains the runner sits inside the `.xctest` bundle, so parents are searched too).
    public static let executable: URL = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("tally")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("cannot find the tally binary near \(bundle.path)")
    }()

    /// The repository root (for Grammar/ and other fixtures): this file is in
    /// Tests/TallyTestSupport.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `tally arguments` to its end with `input` on standard input; `environment` adds to
    /// or overrides the inherited variables. With a `timeout`, a run still going after that
    /// many seconds is killed and ``RunningTally/Timeout`` thrown.
    public static func run(
        _ arguments: [String] = [], input: Data = Data(), environment: [String: String] = [:],
        currentDirectory: URL? = nil, timeout: Double? = nil
    ) throws -> TallyRun {
        try start(arguments, input: input, environment: environment, currentDirectory: currentDirectory)
            .wait(timeout: timeout)
    }

    /// Runs `tally arguments` to its end with `text` on standard input.
    public static func run(
        _ arguments: [String] = [], standardInput text: String, environment: [String: String] = [:],
        timeout: Double? = nil
    ) throws -> TallyRun {
        try run(arguments, input: Data(text.utf8), environment: environment, timeout: timeout)
    }

    /// Starts `tally arguments` with `input` on standard input and returns at once, for a test
    /// that watches its output or signals it while it runs; `currentDirectory` is where it
    /// starts (the test runner's own directory when nil).
    public static func start(
        _ arguments: [String] = [], input: Data = Data(), environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> RunningTally {
        try RunningTally(
            arguments: arguments, input: input, environment: environment, currentDirectory: currentDirectory)
    }

    /// What a shell script printed and how it ended.
    public struct ShellRun: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// Runs `script` under `/bin/sh` with `$TALLY` naming the built binary, for what the test
    /// runner cannot set up itself: a umask, a closed standard input, output to `/dev/full`.
    /// The environment holds only `PATH`, `NO_COLOR`, `TALLY` and `environment`.
    public static func runInShell(
        _ script: String, environment: [String: String] = [:], currentDirectory: URL? = nil
    ) throws -> ShellRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1", "TALLY": executable.path]
            .merging(environment) { $1 }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ShellRun(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
