import Foundation
import TallyTestSupport
import Testing

/// A long line costs in proportion to its length: its functions share one copy of its text, and
/// its warnings are summed up past the first few of a kind.
struct LineBoundsTests {
    /// 20,000 definitions on one line keep one copy of the line, not one each (which took 4 GB).
    @Test func functionsDefinedOnOneLineShareItsText() throws {
        let line = (0..<20_000).map { String(format: "f%05d(x)=x", $0) }.joined(separator: ";")
        let result = try TallyUnderTest.run([], standardInput: line + "\nf19999(3) + f00000(4)\n", timeout: 120)
        #expect(result.status == 0, "\(result.errorText.prefix(300))")
        #expect(result.outputText == "7\n")
        #expect(result.measurablePeakMegabytes < 200, "peak \(result.peakMegabytes) MB")
    }

    /// 5,000 `1,234+` terms: three warnings and a note for the rest, not 5,000 warnings.
    @Test func aLinesWarningsOfAKindAreSummedUpPastThree() throws {
        let line = Array(repeating: "1,234", count: 5_000).joined(separator: "+")
        let result = try TallyUnderTest.run(["-e", line], timeout: 120)
        #expect(result.status == 0)
        #expect(result.outputText == "6170000\n")
        let warnings = result.errorText.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 3)
        #expect(result.errorText.contains("note: and 4,997 more like it on this line"))
        let json = try TallyUnderTest.run(["--json", "-e", line], timeout: 120)
        let object = try #require(JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect((object["warnings"] as? [Any])?.count == 3)
    }

    /// Warnings of different kinds each keep their own first three.
    @Test func eachKindKeepsItsOwnFirstWarnings() throws {
        let result = try TallyUnderTest.run(["-e", "x = 1", "-e", "1,234 + 1/2x + 1,234 + 1/2x + 1,234 + 1,234"])
        let warnings = result.errorText.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 5, "\(result.errorText)")
        #expect(result.errorText.contains("note: and 1 more like it on this line"))
    }
}
