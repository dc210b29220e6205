import Foundation
import TallyTestSupport
import Testing

/// Input meant to break Tally, fed to the real binary: whatever comes in, every bad line gets a
/// diagnostic with a position, the exit status is 1 (0 when every line is valid), the process
/// is never killed by a signal, and nothing that would act on a terminal reaches standard error.
@Suite("Hostile input through the binary")
struct HostileInputTests {
    /// The (line, column) of every `<stdin>:LINE:COLUMN: error:` header on standard error.
    private func diagnostics(_ run: TallyRun, source: String = "<stdin>") -> [(line: Int, column: Int)] {
        run.errorText.split(separator: "\n").compactMap { header in
            guard header.hasPrefix(source + ":") else { return nil }
            let fields = header.dropFirst(source.count + 1).split(separator: ":", maxSplits: 2)
            guard fields.count == 3, fields[2].hasPrefix(" error: "), let line = Int(fields[0]),
                let column = Int(fields[1])
            else { return nil }
            return (line, column)
        }
    }

    /// Checks shared by every hostile run.
    private func expectSafe(_ run: TallyRun, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0)", sourceLocation: sourceLocation)
        #expect(run.status == status, "\(run.errorText.prefix(500))", sourceLocation: sourceLocation)
        #expect(
            !containsRawControlCharacters(run.errorText), "raw control characters on stderr",
            sourceLocation: sourceLocation)
        #expect(
            !containsRawControlCharacters(run.outputText), "raw control characters on stdout",
            sourceLocation: sourceLocation)
    }

    @Test func randomBytes() throws {
        var generator = SplitMix64(seed: 7)
        var bytes: [UInt8] = []
        for _ in 0..<200_000 {
            let byte = UInt8(truncatingIfNeeded: generator.next())
            bytes.append(generator.next() % 50 == 0 ? 0x0A : byte)
        }
        let run = try TallyUnderTest.run([], input: Data(bytes))
        expectSafe(run, status: 1)
        let lineCount = bytes.filter { $0 == 0x0A }.count
        #expect(diagnostics(run).count > lineCount / 2)
    }

    @Test(
        arguments: [
            [0xFF],
            [0x31, 0x2B, 0xC3, 0x28],  // '1+' then a lead byte with no continuation
            [0xED, 0xA0, 0x80],  // an encoded surrogate
            [0xC0, 0xAF],  // an overlong '/'
            [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
            [0x32, 0x20, 0x2A, 0x20, 0xE2, 0x88],  // '2 * ' and a truncated '−'
            [0x78, 0xFE, 0x20, 0x3D, 0x20, 0x31],  // 'x\xFE = 1'
        ] as [[UInt8]])
    func invalidUTF8IsAnErrorAtItsColumn(bytes: [UInt8]) throws {
        let run = try TallyUnderTest.run([], input: Data(bytes + [0x0A]))
        expectSafe(run, status: 1)
        let found = diagnostics(run)
        #expect(found.count == 1 && found[0].line == 1 && found[0].column >= 1)
    }

    @Test func nulBytes() throws {
        let run = try TallyUnderTest.run(standardInput: "1 +\u{0} 2\n\u{0}\n5\n4\u{0}")
        expectSafe(run, status: 1)
        #expect(diagnostics(run).map(\.line) == [1, 2, 4])
        #expect(run.outputText == "5\n")
        #expect(run.errorText.contains("␀"))
    }

    @Test func windowsAndUnixLineEndingsMixed() throws {
        let run = try TallyUnderTest.run(standardInput: "1+1\r\n2*3\n\r\n4\r\n\r\r\n7")
        expectSafe(run, status: 0)
        #expect(run.outputText == "2\n6\n4\n7\n")
    }

    @Test func aCarriageReturnInsideALineIsShownEscaped() throws {
        let run = try TallyUnderTest.run(standardInput: "1\r2\n3\r\n")
        expectSafe(run, status: 1)
        #expect(diagnostics(run).map(\.line) == [1])
        #expect(run.errorText.contains("1␍2"))
        #expect(run.outputText == "3\n")
    }

    /// A line of ten million bytes, described briefly (test names would otherwise print it).
    struct HugeLine: CustomTestStringConvertible, Sendable {
        var what: String
        var head = ""
        var repeated: String
        var tail = ""

        var testDescription: String { what }
        var text: String { head + String(repeating: repeated, count: 10_000_000 / repeated.utf8.count) + tail }
    }

    /// Whatever a line of ten megabytes holds, it is cut at 1 MiB: an error at the column where
    /// it crosses the limit, in little memory, and the lines around it still run.
    @Test(arguments: [
        HugeLine(what: "spaces then a number", repeated: " ", tail: "1"),
        HugeLine(what: "a sum of five million ones", repeated: "1+", tail: "1"),
        HugeLine(what: "ten million digits", repeated: "7"),
        HugeLine(what: "a ten-million-letter name", repeated: "a"),
        HugeLine(what: "ten million dollar signs", repeated: "$"),
        HugeLine(what: "a comment", head: "# ", repeated: "x"),
        HugeLine(what: "ten million NUL bytes", repeated: "\0"),
    ])
    func aTenMegabyteLine(line: HugeLine) throws {
        let run = try TallyUnderTest.run(standardInput: "1+1\n" + line.text + "\n2+2\n")
        expectSafe(run, status: 1)
        #expect(run.outputText == "2\n4\n")
        #expect(run.errorText.hasPrefix("<stdin>:2:1048577: error: line too long"), "\(run.errorText.prefix(200))")
        #expect(run.standardError.count < 2_000, "\(run.standardError.count) bytes of diagnostics")
        #expect(run.measurablePeakMegabytes < 100, "\(run.peakMegabytes) MB")
        #expect(run.seconds < 60, "\(run.seconds) s: hung?")
        #expect(diagnostics(run).count == 1)
    }

    /// The limit counts bytes, and the cut never splits a character: a line of three-byte
    /// characters is cut after the last whole one below the limit.
    @Test func aLongLineOfWideCharactersIsCutBetweenCharacters() throws {
        let run = try TallyUnderTest.run(standardInput: String(repeating: "키", count: 400_000) + "\n")
        expectSafe(run, status: 1)
        // 349,525 characters of three bytes fit in 1,048,576 bytes.
        #expect(run.errorText.hasPrefix("<stdin>:1:349526: error: line too long"), "\(run.errorText.prefix(200))")
    }

    @Test func aMillionLinesInFlatMemory() throws {
        let small = try TallyUnderTest.run(standardInput: String(repeating: "6*7\n", count: 1_000))
        let large = try TallyUnderTest.run(standardInput: String(repeating: "6*7\n", count: 1_000_000))
        expectSafe(large, status: 0)
        #expect(large.standardOutput.count == 3_000_000)
        #expect(large.measurablePeakMegabytes < 100, "\(large.peakMegabytes) MB")
        #expect(
            large.peakMegabytes - small.peakMegabytes < 10,
            "\(small.peakMegabytes) MB for 1,000 lines, \(large.peakMegabytes) MB for 1,000,000")
    }

    @Test(arguments: ControlCharacters.hostileSamples)
    func terminalEscapesAreShownEscaped(line: String) throws {
        let run = try TallyUnderTest.run(standardInput: line + "\n")
        expectSafe(run, status: 1)
        #expect(diagnostics(run).count == 1)
        if line.contains("\u{1B}") { #expect(run.errorText.contains("␛")) }
    }

    @Test func escapesInCommandLineArgumentsAreShownEscaped() throws {
        let option = try TallyUnderTest.run(["--\u{1B}]0;owned\u{07}"])
        expectSafe(option, status: 2)
        let evaluated = try TallyUnderTest.run(["-e", "1 +\n\u{1B}[31m 2"])
        expectSafe(evaluated, status: 1)
        #expect(diagnostics(evaluated, source: "<eval>").count == 1)

        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a\u{1B}[2Jb.txt")
        try Data("1 +\n".utf8).write(to: file)
        let named = try TallyUnderTest.run([file.path])
        expectSafe(named, status: 1)
        #expect(named.errorText.contains("a␛[2Jb.txt:1:4: error:"))
        let missing = try TallyUnderTest.run([directory.appendingPathComponent("no\u{1B}such").path])
        expectSafe(missing, status: 2)
    }
}
