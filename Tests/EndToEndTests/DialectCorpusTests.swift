import Foundation
import TallyTestSupport
import Testing

/// Tests/Dialect/corpus.txt through the built binary, each side in one run of one file: the
/// respelled forms (Tally's syntax of today) must print every case's expected output and the
/// error lines must fail, always; the inputs as other calculators' users type them must print
/// the same, with the warnings the corpus names and no others, once the parser reads them —
/// until then that half runs only with TALLY_DIALECT_CORPUS=1.
@Suite struct DialectCorpusTests {
    static let dialectEnabled = ProcessInfo.processInfo.environment["TALLY_DIALECT_CORPUS"] == "1"
    static let corpus = DialectCorpus.repositoryCorpus

    @Test func theCorpusIsWellFormedAndLargeEnough() {
        #expect(Self.corpus.problems.isEmpty, "malformed lines: \(Self.corpus.problems)")
        #expect(Self.corpus.cases.count >= 500)
        let errors = Self.corpus.cases.filter(\.isError)
        #expect(errors.count >= 50, "inputs that must stay errors")
        let warned = Self.corpus.cases.filter {
            if case .output(_, _, _, let warning) = $0.expectation { return warning != nil }
            return false
        }
        #expect(warned.count >= 10, "inputs that must warn")
    }

    /// The respelled forms print what the corpus expects (or its `today:` text), with no error
    /// and no warning; the error lines, run in their places, fail as the corpus says.
    @Test func respelledFormsPrintTheExpectedOutput() throws {
        let cases = Self.corpus.cases
        var lines: [String] = []
        var firstLine: [Int] = []
        for item in cases {
            firstLine.append(lines.count + 1)
            lines += item.respelledLines
        }
        let run = try CorpusRun(lines: lines)
        var expectedPlain = ""
        for (index, item) in cases.enumerated() {
            let span = firstLine[index]..<(firstLine[index] + item.respelledLines.count)
            let results = span.map { run.results[$0] ?? LineResult() }
            let place = "corpus.txt:\(item.corpusLine): \(item.input)"
            switch item.expectation {
            case .output(let respelled, let output, let today, _):
                let expected = today ?? output
                let shown = results.flatMap(\.values)
                let failures = results.compactMap(\.error) + results.flatMap(\.warnings)
                #expect(failures.isEmpty, "\(place): respelled \(respelled) gave \(failures)")
                #expect(
                    shown == expected, "\(place): respelled \(respelled) → expected \(expected), got \(brief(shown))")
                expectedPlain += expected.map { $0 + "\n" }.joined()
            case .error(let text, let isNew):
                let error = results.first?.error
                #expect(error != nil, "\(place): must be an error today, got \(brief(results.first?.values ?? []))")
                if !isNew, let error {
                    #expect(error.contains(text), "\(place): expected an error with '\(text)', got '\(error)'")
                }
            }
        }
        expectSamePlainOutput(run.plainOutput, expectedPlain)
        let errorLines = Set(cases.indices.filter { cases[$0].isError }.map { firstLine[$0] })
        let stray = run.plainDiagnostics.filter { !errorLines.contains($0.line) }
        #expect(stray.isEmpty, "diagnostics on lines that must succeed: \(stray)")
    }

    /// The inputs as other calculators' users type them: one failing expectation per case that
    /// prints the wrong thing, fails, or warns otherwise than the corpus says.
    @Test(.enabled(if: dialectEnabled)) func dialectInputsPrintTheExpectedOutput() throws {
        let cases = Self.corpus.cases
        let run = try CorpusRun(lines: cases.map(\.input))
        var expectedPlain = ""
        for (index, item) in cases.enumerated() {
            let result = run.results[index + 1] ?? LineResult()
            let place = "corpus.txt:\(item.corpusLine): \(item.input)"
            switch item.expectation {
            case .output(_, let output, _, let warning):
                expectedPlain += output.map { $0 + "\n" }.joined()
                if let error = result.error {
                    Issue.record("\(place) → expected \(output), got the error '\(error)'")
                    continue
                }
                #expect(result.values == output, "\(place) → expected \(output), got \(brief(result.values))")
                if let warning {
                    #expect(
                        result.warnings.contains { $0.contains(warning) },
                        "\(place): expected a warning with '\(warning)', got \(result.warnings)")
                } else {
                    #expect(result.warnings.isEmpty, "\(place): expected no warning, got \(result.warnings)")
                }
            case .error(let text, _):
                if let error = result.error {
                    #expect(error.contains(text), "\(place): expected an error with '\(text)', got '\(error)'")
                } else {
                    Issue.record("\(place): must stay an error ('\(text)'), printed \(brief(result.values))")
                }
            }
        }
        expectSamePlainOutput(run.plainOutput, expectedPlain)
        let warningLines = Set(run.plainDiagnostics.filter { $0.severity == "warning" }.map(\.line))
        for (index, item) in cases.enumerated() {
            guard case .output(_, _, _, let warning) = item.expectation else { continue }
            #expect(
                warningLines.contains(index + 1) == (warning != nil),
                "corpus.txt:\(item.corpusLine): \(item.input): a warning on standard error \(warning == nil ? "not " : "")expected"
            )
        }
    }

    /// The plain run prints the values the `--json` run gave, in order: the first line that
    /// differs is named, not two megabytes of output.
    private func expectSamePlainOutput(_ shown: String, _ expected: String) {
        guard shown != expected else { return }
        let shownLines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let common = min(shownLines.count, expectedLines.count)
        let index = (0..<common).first { shownLines[$0] != expectedLines[$0] } ?? common
        let got = index < shownLines.count ? brief([shownLines[index]]) : ["(end of output)"]
        let wanted = index < expectedLines.count ? brief([expectedLines[index]]) : ["(end of output)"]
        Issue.record("plain output line \(index + 1): expected \(wanted), got \(got)")
    }

    /// Printed values shortened for a failure message: a 2,000-digit factorial in full helps
    /// no one.
    private func brief(_ values: [String]) -> [String] {
        values.map { $0.count > 80 ? "\($0.prefix(40))…\($0.suffix(20)) (\($0.count) characters)" : $0 }
    }

    /// The parser of the corpus itself: fields, line breaks, the optional parts, bad lines.
    @Test func theFormatReadsAsDocumented() {
        let corpus = DialectCorpus(
            parsing: """
                # a comment ‖ not a case
                x = 3 ‖ x = 3 ‖
                1; 2 ‖ 1 ⏎ 2 ‖ 1 ⏎ 2
                1/2x ‖ 1/(2*x) ‖ 0.5 ‖ warning: (1/2)
                30 mpg to L/100km ‖ 7.84 ‖ 7.84 L/100km ‖ today: 7.84
                007 ‖ error: leading zeros
                1,5 ‖ new error: 1.5
                only one field
                1 ‖ 1 ‖ 1 ‖ surprise: 2
                """)
        #expect(corpus.cases.count == 6)
        #expect(corpus.problems.count == 2)
        guard corpus.cases.count == 6 else { return }
        if case .output(let respelled, let output, let today, let warning) = corpus.cases[0].expectation {
            #expect(respelled == ["x = 3"] && output.isEmpty && today == nil && warning == nil)
        } else {
            Issue.record("an assignment is an output case")
        }
        if case .output(let respelled, let output, _, _) = corpus.cases[1].expectation {
            #expect(respelled == ["1", "2"] && output == ["1", "2"])
        }
        if case .output(_, _, _, let warning) = corpus.cases[2].expectation { #expect(warning == "(1/2)") }
        if case .output(_, let output, let today, _) = corpus.cases[3].expectation {
            #expect(output == ["7.84 L/100km"] && today == ["7.84"])
        }
        if case .error(let text, let isNew) = corpus.cases[4].expectation { #expect(text == "leading zeros" && !isNew) }
        if case .error(let text, let isNew) = corpus.cases[5].expectation { #expect(text == "1.5" && isNew) }
        #expect(corpus.cases[5].corpusLine == 7)
    }
}
