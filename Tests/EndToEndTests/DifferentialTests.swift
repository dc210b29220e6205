import Foundation
import TallyTestSupport
import Testing

/// A fixed slice of the differential test (Tests/Differential/differential.py): random
/// expressions evaluated by the built `tally` and by an independent exact evaluator in Python,
/// compared value for value and error for error. The full run is 100,000+ expressions by hand.
@Suite("Differential against an exact Python evaluator")
struct DifferentialTests {
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func tenThousandExpressionsAgree() throws {
        let script = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/Differential/differential.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3Executable!)
        process.arguments = [
            script.path, "--tally", TallyUnderTest.executable.path, "--count", "10000", "--seed", "2026",
        ]
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
