import TallyDiagnostics
import Testing

@testable import TallyHealth

/// Any line either gives a result or a diagnostic inside the line: never a crash.
@Suite struct BMICommandRobustnessTests {
    /// A fixed-seed generator, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
    }

    @Test func randomLinesNeverCrash() {
        let pieces = [
            "1", "7", "0", ".", ",", "-", "−", "+", " ", " ", "(", ")", "cm", "m", "in", "ft", "kg", "lb", "st",
            "'", "\"", "″", "′", "h", "w", "키", "who", "asia", "#", "$", "*", "5ft", "9in", "175", "70", "\t",
            "\u{00A0}", "0x", "0b", "e", "E", "_", "1e3", "=", " age ", " sex ", "f", "girl", "boy", "10y6m", "y",
            "mo", "2015-04-12", "2015-02-30", "-04-", "１", "７", "ｃｍ", "pounds", "stone", "1m75", "12",
        ]
        var generator = Generator(state: 42)
        for _ in 0..<6000 {
            let count = Int.random(in: 0...10, using: &generator)
            let line = "bmi " + (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            do {
                let result = try runBMI(line)
                for warning in result.warnings {
                    #expect(warning.span.end <= line.utf8.count && warning.span.start >= 3, "\(line)")
                }
            } catch let diagnostic as Diagnostic {
                #expect(diagnostic.span.end <= line.utf8.count, "\(line)")
                #expect(diagnostic.span.start >= 3, "\(line)")
            } catch {
                Issue.record("unexpected error \(error) for \(line)")
            }
        }
    }
}
