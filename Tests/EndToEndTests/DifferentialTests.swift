import Foundation
import TallyTestSupport
import Testing

/// A fixed slice of the differential test (Tests/Differential/differential.py): random
/// expressions evaluated by the built `tally` and by an independent exact evaluator in Python,
/// compared value for value and error for error, and 20,000 comparison lines (chains, `and`,
/// `or`, `not`, short-circuits) against Python's `fractions`. The full run is 100,000+
/// expressions by hand.
@Suite("Differential against an exact Python evaluator")
struct DifferentialTests {
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func tenThousandExpressionsAgree() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/differential.py",
            [
                "--tally", TallyUnderTest.executable.path, "--count", "10000", "--comparisons", "20000", "--seed",
                "2026",
            ])
        #expect(status == 0, "\(report)")
        #expect(report.contains("10000 lines compared"), "\(report)")
        #expect(report.contains("20000 comparisons compared"), "\(report)")
    }

    /// The operators and conversions of their own: percentages, bits, and `to fraction` /
    /// `to exact` / `to sci` with what they print read back, against Python's `fractions` and
    /// `int`; 20,000 lines each.
    @Test(
        .enabled(if: python3Executable != nil, "python3 is not installed"),
        arguments: ["percent", "bitwise", "convert"])
    func suiteAgrees(_ suite: String) throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/differential.py",
            ["--tally", TallyUnderTest.executable.path, "--suite", suite, "--count", "20000", "--seed", "2026"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("20000 lines compared"), "\(report)")
        #expect(report.contains("0 mismatches"), "\(report)")
    }
}
