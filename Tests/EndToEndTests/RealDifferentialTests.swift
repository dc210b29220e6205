import Foundation
import TallyTestSupport
import Testing

/// A fixed slice of the real-number differential test (Tests/Differential/reals.py): random
/// expressions over every function and constant, exact identities, cancellation and domain
/// errors, run through the built `tally --mark-rounded` at `--digits` 5, 20 and 100 and checked
/// against mpmath at a much higher precision: every printed digit correctly rounded, no exact
/// claim that is not exact, no error where there is a value. The full run is 100,000
/// expressions by hand (Tests/Differential/README.md). reals.py installs mpmath with pip when
/// it is missing; Tally itself never needs it.
@Suite("Differential of real numbers against mpmath")
struct RealDifferentialTests {
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func tenThousandExpressionsAreCorrectlyRounded() throws {
        let script = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/Differential/reals.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3Executable!)
        process.arguments = [
            // One job: no worker processes, which the signals other end-to-end tests send their
            // children could only ever reach by accident, but which must not be able to hang it.
            script.path, "--tally", TallyUnderTest.executable.path, "--count", "10000", "--seed", "2026", "--jobs", "1",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains("10000 expressions"), "\(report)")
    }

    /// The checker itself on hand-made cases (right and wrong digits, false exact claims,
    /// values within the budget of zero or of a rounding tie, expected and unexpected errors).
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func theCheckerJudgesHandMadeCasesRightly() throws {
        let script = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/Differential/reals.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3Executable!)
        process.arguments = [script.path, "--self-test"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
    }
}
