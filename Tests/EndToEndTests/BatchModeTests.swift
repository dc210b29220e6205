import Foundation
import TallyTestSupport
import Testing

/// Files, pipes and `-e` through the real binary: streams, names, exit statuses.
@Suite struct BatchModeTests {
    @Test func resultsInOrderOnStandardOutputAndErrorsOnStandardError() throws {
        let result = try TallyUnderTest.run(standardInput: "1 + 2\n12 + * 3\n2^10\n10 / 0\n7 / 2\n")
        #expect(result.outputText == "3\n1024\n3.5\n")
        #expect(
            result.errorText == """
                <stdin>:2:6: error: expected a number, name or '(' after '+', found '*'
                    12 + * 3
                         ^
                <stdin>:4:6: error: division by zero
                    10 / 0
                         ^

                """)
        #expect(result.status == 1)
    }

    @Test func everyLineSucceedingExitsZero() throws {
        let result = try TallyUnderTest.run(standardInput: "x = 2\n# a comment\n\nx * 21  # the answer\n")
        #expect(result.outputText == "42\n")
        #expect(result.errorText == "")
        #expect(result.status == 0)
    }

    @Test func evalLinesAreNumberedInOrder() throws {
        let result = try TallyUnderTest.run(["-e", "x = 6", "--eval", "x * 7", "-e", "x +"])
        #expect(result.outputText == "42\n")
        #expect(
            result.errorText.hasPrefix(
                "<eval>:3:4: error: expected a number, name or '(' after '+', found the end of the line\n"))
        #expect(result.status == 1)
    }

    @Test func filesAreNamedInDiagnosticsAndShareVariables() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("prices.txt")
        let second = directory.appendingPathComponent("total.txt")
        try "price = 12.50\ntax = 0.2\n\nprice * (1 + tax\n".write(to: first, atomically: true, encoding: .utf8)
        try "price * (1 + tax)\n".write(to: second, atomically: true, encoding: .utf8)
        let result = try TallyUnderTest.run([first.path, second.path])
        #expect(result.outputText == "15\n")
        #expect(result.errorText.hasPrefix("\(first.path):4:9: error: this '(' is never closed\n"))
        #expect(result.status == 1)
    }

    @Test func unreadableFileIsAUsageError() throws {
        let result = try TallyUnderTest.run(["-e", "1+1", "/nonexistent/file.txt"])
        #expect(result.outputText == "2\n")
        #expect(result.errorText == "tally: cannot read '/nonexistent/file.txt': No such file or directory\n")
        #expect(result.status == 2)
        let directory = try TallyUnderTest.run(["/tmp"])
        #expect(directory.errorText == "tally: cannot read '/tmp': Is a directory\n")
        #expect(directory.status == 2)
    }

    @Test(arguments: [["--frobnicate"], ["-x"], ["--digits"], ["--digits", "0"], ["--color", "sometimes"], ["-e"]])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let result = try TallyUnderTest.run(arguments)
        #expect(result.status == 2)
        #expect(result.errorText.hasPrefix("tally: "))
        #expect(result.errorText.hasSuffix("(see 'tally --help')\n"))
        #expect(result.outputText == "")
    }

    @Test func helpAndVersion() throws {
        let help = try TallyUnderTest.run(["--help"])
        #expect(help.status == 0)
        #expect(help.outputText.hasPrefix("usage: tally"))
        #expect(help.outputText.contains("--digits N"))
        let version = try TallyUnderTest.run(["--version"])
        #expect(version.status == 0)
        #expect(version.outputText.hasPrefix("tally "))
    }

    @Test func digitsOption() throws {
        let result = try TallyUnderTest.run(["--digits", "5", "-e", "1/3", "-e", "2/3", "-e", "1/8"])
        #expect(result.outputText == "0.33333\n0.66667\n0.125\n")
    }

    @Test func batchOutputHasNoApproximationMarker() throws {
        let result = try TallyUnderTest.run(["-e", "sqrt(2)", "-e", "1/3"])
        #expect(result.outputText == "1.4142135623730950488\n0.33333333333333333333\n")
    }

    @Test func exitEndsTheInputEarly() throws {
        let result = try TallyUnderTest.run(standardInput: "1\nexit\n2\n")
        #expect(result.outputText == "1\n")
        #expect(result.status == 0)
    }

    @Test func crlfLinesAndDashForStandardInput() throws {
        let result = try TallyUnderTest.run(["-"], standardInput: "1 + 1\r\n2 * 3\r\n")
        #expect(result.outputText == "2\n6\n")
        #expect(result.status == 0)
    }

    @Test func colourFollowsTheOptionAndNoColor() throws {
        let always = try TallyUnderTest.run(["--color", "always", "-e", "1 +"])
        #expect(always.errorText.contains("\u{1B}[1;31merror:"))
        let never = try TallyUnderTest.run(["--color", "never", "-e", "1 +"], environment: ["NO_COLOR": ""])
        #expect(!containsRawControlCharacters(never.errorText))
        // Standard error is a pipe here, so `auto` means no colour.
        let auto = try TallyUnderTest.run(["-e", "1 +"], environment: ["NO_COLOR": ""])
        #expect(!containsRawControlCharacters(auto.errorText))
    }

    @Test func wideCharactersBeforeTheErrorKeepTheCaretAligned() throws {
        let result = try TallyUnderTest.run(["-e", "키 = 175 + $"])
        let lines = result.errorText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "<eval>:1:11: error: unexpected character '$'")
        #expect(lines[1] == "    키 = 175 + $")
        #expect(lines[2] == String(repeating: " ", count: 15) + "^")
    }

    @Test func hugeResultsAreErrorsFast() throws {
        let started = Date()
        let result = try TallyUnderTest.run([
            "-e", "2^2^2^30", "-e", "100000000!", "-e", String(repeating: "(", count: 100_000),
        ])
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.status == 1)
        #expect(result.errorText.contains("more than the limit of 1,000,000"))
        #expect(result.errorText.contains("nesting deeper than 256 levels"))
        #expect(result.signal == nil)
    }
}
