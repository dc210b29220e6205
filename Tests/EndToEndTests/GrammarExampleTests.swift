import Foundation
import TallyTestSupport
import Testing

/// Runs every `Grammar/examples/*.tally` file through the real binary and checks each line's
/// inline expectation (`# expect: …`, `# error: COLUMN: …`, where a note reads after the message
/// as `…; did you mean 'sqrt'?`).
@Suite struct GrammarExampleTests {
    static let exampleFiles: [String] = {
        let directory = TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".tally") }.sorted()
    }()

    @Test func examplesExist() {
        #expect(GrammarExampleTests.exampleFiles.count >= 6)
    }

    @Test(arguments: exampleFiles)
    func example(_ name: String) throws {
        let path = TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/examples/\(name)").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let expectations = ExampleExpectations(source)
        let dataDirectory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let result = try TallyUnderTest.run(
            ["--data-dir", dataDirectory.path, path],
            environment: ["TALLY_TODAY": "2026-11-29", "TALLY_NOW": "2026-11-29T09:30:00Z", "TZ": "Europe/Paris"])

        let outputLines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        #expect(outputLines == expectations.output, "standard output of \(name)")

        let actualErrors = parseDiagnostics(result.errorText, path: path)
        #expect(actualErrors.map(\.line) == expectations.errors.map(\.line), "lines that fail in \(name)")
        for (actual, expected) in zip(actualErrors, expectations.errors) where actual.line == expected.line {
            #expect(actual.column == expected.column, "column on line \(expected.line) of \(name): \(actual.message)")
            #expect(
                actual.message.contains(expected.message),
                "message on line \(expected.line) of \(name): \(actual.message)")
        }
        #expect(result.status == (expectations.errors.isEmpty ? 0 : 1))
    }

    /// The diagnostics on standard error, in order: each error or warning with its notes read
    /// after its message, as `message; note; note` (which is how the examples write them).
    private func parseDiagnostics(_ text: String, path: String) -> [(line: Int, column: Int, message: String)] {
        var found: [(line: Int, column: Int, message: String)] = []
        for line in text.split(separator: "\n") where line.hasPrefix(path + ":") {
            let rest = line.dropFirst(path.count + 1)
            let parts = rest.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let lineNumber = Int(parts[0]), let column = Int(parts[1]) else { continue }
            let text = parts[2].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("note: "), !found.isEmpty {
                found[found.count - 1].message += "; " + text.dropFirst("note: ".count)
            } else {
                let message = text.replacingOccurrences(of: "error: ", with: "")
                    .replacingOccurrences(of: "warning: ", with: "")
                found.append((lineNumber, column, message))
            }
        }
        return found
    }
}

/// The expectations written inline in an example file.
struct ExampleExpectations {
    var output: [String] = []
    var errors: [(line: Int, column: Int, message: String)] = []

    init(_ source: String) {
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: "# expect: ") {
                output.append(String(line[range.upperBound...]))
            } else if let range = line.range(of: "# error: ") {
                let rest = line[range.upperBound...]
                let parts = rest.split(separator: ":", maxSplits: 1)
                let column = Int(parts[0]) ?? -1
                let message = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                errors.append((index + 1, column, message))
            }
        }
    }
}
