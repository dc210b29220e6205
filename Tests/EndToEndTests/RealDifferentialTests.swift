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
        // One job: no worker processes, which the signals other end-to-end tests send their
        // children could only ever reach by accident, but which must not be able to hang it.
        let (status, report) = try runPythonScript(
            "Tests/Differential/reals.py",
            ["--tally", TallyUnderTest.executable.path, "--count", "10000", "--seed", "2026", "--jobs", "1"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("10000 expressions"), "\(report)")
    }

    /// The checker itself on hand-made cases (right and wrong digits, false exact claims,
    /// values within the budget of zero or of a rounding tie, expected and unexpected errors).
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func theCheckerJudgesHandMadeCasesRightly() throws {
        let (status, report) = try runPythonScript("Tests/Differential/reals.py", ["--self-test"])
        #expect(status == 0, "\(report)")
    }
}
