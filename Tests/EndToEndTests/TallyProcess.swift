import Foundation

/// Runs the real `tally` binary, built by `swift test` next to the test bundle.
struct TallyProcess {
    /// What a run produced.
    struct Result {
        var standardOutput: String
        var standardError: String
        var status: Int32
        /// True when the process ended by a signal rather than exiting.
        var wasSignalled: Bool
    }

    /// The built binary: `.build/<configuration>/tally`, beside the test runner (on some
    /// toolchains the runner sits inside the `.xctest` bundle, so parents are searched too).
    /// The one place the end-to-end suites find it.
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("tally")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("cannot find the tally binary near \(bundle.path)")
    }()

    /// The repository root (for Grammar/ and other fixtures).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `tally arguments` with `input` on standard input and extra environment variables.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        try run(arguments, inputData: Data(input.utf8), environment: environment)
    }

    /// Runs `tally arguments` with raw bytes on standard input.
    static func run(_ arguments: [String], inputData: Data, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = "1"
        variables["TALLY_DATA_DIR"] = nil
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Feed and drain concurrently so large inputs and outputs cannot deadlock on pipes.
        let writer = Thread {
            input.fileHandleForWriting.write(inputData)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = DataBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return Result(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.data, as: UTF8.self),
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal)
    }

    /// Holds what a reader thread collected; read only after the thread is done.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
