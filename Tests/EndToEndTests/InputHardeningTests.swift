import Foundation
import Glibc
import TallyTestSupport
import Testing

/// Hostile and strange input to the language, the history file, JSON and input text, each run
/// through the binary. Each test failed before its fix.
@Suite("Hostile input through the binary")
struct InputHardeningTests {
    private static let budgetError =
        "error: too much work for one line: more than 100,000,000 steps (set maxwork N)\n"

    // MARK: Row 5 and 10: mode

    /// Equal reals are one value, whether their forms are the same or their bounds decide.
    @Test(arguments: [
        ("mode(sqrt(2), sqrt(2), pi, pi, pi)", "3.1415926535897932385"),
        ("mode(5, sqrt(2), sqrt(2))", "1.4142135623730950488"),
        ("mode(sin(1), 2, sin(1))", "0.84147098480789650665"),
        ("mode(sqrt(2) * sqrt(3), sqrt(6), 1)", "2.4494897427831780982"),
        ("mode(1, sin(1), 2, 2)", "2"),
        ("mode(1/3, 0.5, 1/3, sqrt(2))", "0.33333333333333333333"),
    ])
    func modeCountsEqualRealsAsOneValue(line: String, value: String) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == value + "\n")
    }

    /// Two values the bounds cannot separate are a "cannot decide" error that says how close
    /// the bounds got.
    @Test func modeOfValuesTooCloseToTellApartCannotDecide() throws {
        let run = try TallyUnderTest.run(["-e", "mode(10^20000*(sin(1)^2+cos(1)^2), 10^20000)"])
        #expect(run.status == 1)
        #expect(
            run.errorText.hasPrefix(
                "<eval>:1:1: error: cannot decide whether two arguments are equal: 1e20000 and ≈ 1e20000 are within 1e9732 of each other\n"
            ), "\(run.errorText)")
    }

    /// 99,990 arguments: sorted by hashing, not compared pair by pair (47 s before).
    @Test func modeOfNinetyNineThousandArguments() throws {
        var generator = SplitMix64(seed: 10)
        let values = (0..<99_990).map { _ in Int(generator.next() % 5_000) + 1 }
        var counts: [Int: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        let most = counts.values.max()!
        let expected = values.first { counts[$0] == most }!
        let line = "mode(" + values.map(String.init).joined(separator: ", ") + ")\n"
        let run = try TallyUnderTest.run(standardInput: line, timeout: 60)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == "\(expected)\n")
        #expect(run.processorSeconds < 5, "\(run.processorSeconds) s")
    }

    // MARK: Row 8 and the known issues: work refused up front

    /// A floor whose integer part alone is beyond the budget is refused before any of it is
    /// computed; a sine whose argument needs more bits of π than the budget allows too.
    @Test(arguments: ["floor(sin(1)*10^999998)", "floor(exp(exp(14.3)))", "sin(exp(10^6))", "sin(10^250000)"])
    func workBeyondTheBudgetIsRefusedAtOnce(line: String) throws {
        let run = try TallyUnderTest.run(["-e", line], timeout: 60)
        #expect(run.status == 1)
        #expect(run.outputText == "")
        #expect(run.errorText.hasPrefix("<eval>:1:1: " + Self.budgetError), "\(run.errorText)")
        #expect(run.processorSeconds < 1, "\(run.processorSeconds) s")
    }

    /// A composite fails one round of the test, which the budget allows; only a number that
    /// may be prime is charged the whole test.
    @Test func aLargeCompositeIsNotRefusedByTheBudget() throws {
        let run = try TallyUnderTest.run(["-e", "isprime(10^3000+1)", "-e", "isprime(2^9941-1)"], timeout: 60)
        #expect(run.outputText == "false\n")
        #expect(run.errorText.hasPrefix("<eval>:2:1: " + Self.budgetError), "\(run.errorText)")
    }

    // MARK: Row 9: no false limits

    /// A floor of exactly `maxdigits` digits is allowed; one digit more is refused, and the
    /// message's count is past the limit.
    @Test func aFloorOfExactlyTheLimitIsAllowed() throws {
        let run = try TallyUnderTest.run(
            standardInput: "set maxdigits 1000\nfloor(sin(1)*10^500*10^500)\nfloor(sin(1)*10^500*10^501)\n")
        #expect(run.status == 1)
        let lines = run.outputText.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.count == 1000)
        #expect(lines.first?.hasPrefix("8414709848078965066525023216302989996225630607983710656727517") == true)
        #expect(
            run.errorText.hasPrefix(
                "<stdin>:3:1: error: result would have about 1,001 digits, more than the limit of 1,000 (set maxdigits N)\n"
            ), "\(run.errorText)")
    }

    /// The variance of 60,000 six-digit values is a number of some 20 digits, not "about
    /// 1,059,903 digits".
    @Test func theVarianceOfSixtyThousandValuesHasAValue() throws {
        var generator = SplitMix64(seed: 9)
        let values = (0..<60_000).map { _ in Int(generator.next() % 900_000) + 100_000 }
        let run = try TallyUnderTest.run(
            standardInput: "variance(" + values.map(String.init).joined(separator: ", ") + ")\n", timeout: 60)
        #expect(run.status == 0, "\(run.errorText)")
        // Σ(x - mean)² / (n - 1) in exact integer arithmetic: n² times the variance is exact.
        let n = values.count
        let sum = values.reduce(0, +)
        let squares = values.reduce(0.0) { $0 + Double($1) * Double($1) }
        let variance = (squares - Double(sum) * Double(sum) / Double(n)) / Double(n - 1)
        let shown = Double(run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(abs(shown - variance) / variance < 1e-9, "\(run.outputText) against \(variance)")
    }

    // MARK: Row 13: true statements about bounds

    /// When the precision a decision may use runs out before the bounds narrow to 1e-1000, the
    /// message says how close they got.
    @Test(arguments: [
        (
            "10^20000*(sin(1)^2+cos(1)^2) - 10^20000 > 0",
            "cannot decide '>': the two sides are within 1e9732 of each other"
        ),
        (
            "median(10^20000*(sin(1)^2+cos(1)^2), 10^20000)",
            "cannot decide the order of the arguments: two are within 1e9732 of each other"
        ),
        (
            "1 // (sin(1)^2 + cos(1)^2 - 1 + 10^-900)",
            "cannot decide the floor division: the quotient is within 1e-1000 of 1000…0000 (901 digits)"
        ),
    ])
    func undecidedMessagesSayWhatTheBoundsShow(line: String, message: String) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.status == 1)
        #expect(run.errorText.hasPrefix("<eval>:1:1: error: " + message + "\n"), "\(run.errorText)")
    }

    // MARK: Row 17: JSON and the init file

    @Test func initFileErrorsAreJSONObjectsToo() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let initFile = directory.appendingPathComponent("init.tally")
        try "x = 1 +\ny = 2\nz = nosuchname\n".write(to: initFile, atomically: true, encoding: .utf8)
        let run = try TallyUnderTest.run(["--json", "--init", initFile.path, "-e", "y + 1"])
        #expect(run.status == 1)
        #expect(run.errorText == "")
        let path = initFile.path
        #expect(
            run.outputText == """
                {"source":"\(path)","line":1,"input":"x = 1 +","init":true,"error":{"id":"expected-operand","severity":"error","message":"expected a number, name or '(' after '+', found the end of the line","line":1,"column":8,"end_column":8,"notes":[]}}
                {"source":"\(path)","line":3,"input":"z = nosuchname","init":true,"error":{"id":"unknown-name","severity":"error","message":"unknown name 'nosuchname'","line":3,"column":5,"end_column":15,"notes":[]}}
                {"source":"<eval>","line":1,"input":"y + 1","value":"3","exact":true}

                """)
    }

    // MARK: Row 18: invisible characters and the byte order mark

    @Test func invisibleAndBidiCharactersAreEscapedInDiagnostics() throws {
        let run = try TallyUnderTest.run(standardInput: "1 + \u{202E}2\nabc\u{200B}d + 1\n\u{FEFF}\u{FEFF}3\n")
        #expect(run.status == 1)
        #expect(
            run.errorText == """
                <stdin>:1:5: error: unexpected character '<U+202E>'
                    1 + <U+202E>2
                        ^~~~~~~~
                <stdin>:2:4: error: unexpected character '<U+200B>'
                    abc<U+200B>d + 1
                       ^~~~~~~~
                <stdin>:3:1: error: unexpected character '<U+FEFF>'
                    <U+FEFF><U+FEFF>3
                    ^~~~~~~~

                """)
        #expect(!run.errorText.unicodeScalars.contains { [0x202E, 0x200B, 0xFEFF].contains($0.value) })
    }

    /// A byte order mark at the start of a file, a pipe or an init file is skipped; only
    /// there.
    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bom.tally")
        try Data([0xEF, 0xBB, 0xBF] + Array("1+1\n2+2\n".utf8)).write(to: file)
        let run = try TallyUnderTest.run([file.path])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == "2\n4\n")
        let piped = try TallyUnderTest.run(input: Data([0xEF, 0xBB, 0xBF] + Array("x = 6\nx * 7\n".utf8)))
        #expect(piped.outputText == "42\n")
        let initFile = directory.appendingPathComponent("init.tally")
        try Data([0xEF, 0xBB, 0xBF] + Array("y = 5\n".utf8)).write(to: initFile)
        let withInit = try TallyUnderTest.run(["--init", initFile.path, "-e", "y + 1"])
        #expect(withInit.status == 0, "\(withInit.errorText)")
        #expect(withInit.outputText == "6\n")
    }

    // MARK: Row 19: mixed units

    @Test(arguments: [
        ("59.99999999999999999999999 s to min s", "1 min 0 s"),
        ("-59.99999999999999999999999 s to min s", "-1 min 0 s"),
        ("3599.99999999999999999999 s to h min s", "1 h 0 min 0 s"),
        ("119.99999999999999999999 s to min s", "2 min 0 s"),
        ("90 s to min s", "1 min 30 s"),
        ("59.5 s to min s", "0 min 59.5 s"),
        ("71.99999999999999999999 in to ft in", "6 ft 0 in"),
    ])
    func noPartRoundsUpToAWholeUnitOfTheNext(line: String, value: String) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == value + "\n")
    }
}
