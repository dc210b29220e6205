import Foundation
import TallyTestSupport

/// Where `python3` is, if anywhere on PATH: tests that need it skip cleanly without it.
let python3Executable: String? = ProcessInfo.processInfo.environment["PATH"]?
    .split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// Runs one of the repository's Python scripts (a path under `Tests/Differential`) with
/// `arguments`, and returns its exit status and its standard output and error together.
func runPythonScript(_ path: String, _ arguments: [String]) throws -> (status: Int32, report: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3Executable!)
    process.arguments = [TallyUnderTest.repositoryRoot.appendingPathComponent(path).path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, report)
}
