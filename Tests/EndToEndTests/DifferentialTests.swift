import Foundation
import Testing

/// Where `python3` is, if anywhere on PATH.
private let python3: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/python3"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

/// A fixed slice of the differential test (Tests/Differential/differential.py): random
/// expressions evaluated by the built `tally` and by an independent exact evaluator in Python,
/// compared value for value and error for error. The full run is 100,000+ expressions by hand.
@Suite("Differential against an exact Python evaluator")
struct DifferentialTests {
    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func tenThousandExpressionsAgree() throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Differential/differential.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3!)
        process.arguments = [script.path, "--tally", TallyUnderTest.path, "--count", "10000", "--seed", "2026"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains("10000 lines compared"), "\(report)")
    }
}
