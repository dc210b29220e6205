import Foundation
import TallyTestSupport
import Testing

/// Fixed slices of the differential scripts of the scientific vocabulary, through the built
/// `tally`: the physical constants against CODATA 2022 (`scipy.constants`), the special
/// functions against mpmath, and sums and products against Python's fractions. The full runs
/// (2,000 arguments a function, 1,000 series) are by hand; the scripts install scipy and
/// mpmath with pip when they are missing.
@Suite("Differential: constants, special functions, sums")
struct ScienceDifferentialTests {
    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func constantsAreCODATA2022() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/constants.py", ["--tally", TallyUnderTest.executable.path])
        #expect(status == 0, "\(report)")
        #expect(report.contains("0 failures"), "\(report)")
    }

    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func specialFunctionsShowNoWrongDigit() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/special_functions.py",
            ["--tally", TallyUnderTest.executable.path, "--count", "40", "--seed", "2026"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("li2: 40 arguments, 0 with a wrong digit"), "\(report)")
    }

    @Test(.enabled(if: python3Executable != nil, "python3 is not installed"))
    func sumsAndProductsAreExact() throws {
        let (status, report) = try runPythonScript(
            "Tests/Differential/sums.py",
            ["--tally", TallyUnderTest.executable.path, "--count", "300", "--seed", "2026"])
        #expect(status == 0, "\(report)")
        #expect(report.contains("300 sums and products against Python's fractions: 0 failures"), "\(report)")
    }
}
