import Foundation
import TallyTestSupport

/// Tests/Dialect/corpus.txt: what users of other calculators type, each case with the same
/// question in Tally's syntax of today and the answer both must give (the file's header
/// describes the format).
struct DialectCorpus {
    /// One case: a line of the corpus.
    struct Case: Sendable {
        enum Expectation: Sendable {
            /// The input prints `output` (and the respelled lines print `today` when given,
            /// else `output` too), with a warning containing `warning` when given, else none.
            case output(respelled: [String], output: [String], today: [String]?, warning: String?)
            /// The input is an error whose message or notes contain `text`; `isNew` when the
            /// text is the dialect's message, not today's.
            case error(text: String, isNew: Bool)
        }

        /// The 1-based line of the case in corpus.txt.
        var corpusLine: Int
        var input: String
        var expectation: Expectation

        /// The lines that ask this case's question in today's syntax (the input itself for an
        /// error, which must already fail).
        var respelledLines: [String] {
            if case .output(let respelled, _, _, _) = expectation { return respelled }
            return [input]
        }

        var isError: Bool {
            if case .error = expectation { return true }
            return false
        }
    }

    static let fieldSeparator: Character = "‖"
    static let lineBreak = " ⏎ "

    var cases: [Case]

    /// The corpus as the repository holds it.
    static let repositoryCorpus: DialectCorpus = {
        let url = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/Dialect/corpus.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return DialectCorpus(parsing: text)
    }()

    /// Lines that break the format, as `line N: problem`, found while parsing.
    private(set) var problems: [String] = []

    init(parsing text: String) {
        cases = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: Self.fieldSeparator, omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let number = index + 1
            if let parsed = Self.parse(fields, line: number) {
                cases.append(parsed)
            } else {
                problems.append("line \(number): \(line)")
            }
        }
    }

    private static func parse(_ fields: [String], line: Int) -> Case? {
        guard fields.count >= 2, !fields[0].isEmpty else { return nil }
        for (prefix, isNew) in [("error: ", false), ("new error: ", true)] where fields[1].hasPrefix(prefix) {
            guard fields.count == 2 else { return nil }
            return Case(
                corpusLine: line, input: fields[0],
                expectation: .error(text: String(fields[1].dropFirst(prefix.count)), isNew: isNew))
        }
        guard fields.count >= 3 else { return nil }
        var warning: String?
        var today: [String]?
        for extra in fields.dropFirst(3) {
            if extra.hasPrefix("warning: ") {
                warning = String(extra.dropFirst("warning: ".count))
            } else if extra.hasPrefix("today: ") {
                today = lines(String(extra.dropFirst("today: ".count)))
            } else {
                return nil
            }
        }
        return Case(
            corpusLine: line, input: fields[0],
            expectation: .output(respelled: lines(fields[1]), output: lines(fields[2]), today: today, warning: warning))
    }

    /// A field's lines: split at " ⏎ "; an empty field is no line.
    private static func lines(_ field: String) -> [String] {
        field.isEmpty
            ? []
            : field.components(separatedBy: lineBreak.trimmingCharacters(in: .whitespaces)).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
    }
}

/// What the binary did with one line of a file run with `--json`.
struct LineResult {
    var values: [String] = []
    /// The error's message and its notes, joined by "; ".
    var error: String?
    /// Each warning's message and its notes, joined by "; ".
    var warnings: [String] = []

    var shown: String { values.joined(separator: "\n") }
}

/// One run of the binary over a file of lines, in `--json` and in plain form.
struct CorpusRun {
    /// By 1-based line of the file.
    var results: [Int: LineResult] = [:]
    var plainOutput: String
    /// The plain run's diagnostics, as (line, severity) from each `file:line:col: severity:`.
    var plainDiagnostics: [(line: Int, severity: String)] = []

    init(lines: [String]) throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("corpus.tally")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let json = try TallyUnderTest.run(["--json", file.path], timeout: 120)
        for text in json.outputText.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let line = object["line"] as? Int
            else { continue }
            var result = results[line] ?? LineResult()
            if let value = object["value"] as? String { result.values += value.split(separator: "\n").map(String.init) }
            if let values = object["values"] as? [String] { result.values += values }
            if let error = object["error"] as? [String: Any] { result.error = CorpusRun.text(of: error) }
            for warning in object["warnings"] as? [[String: Any]] ?? [] {
                result.warnings.append(CorpusRun.text(of: warning))
            }
            results[line] = result
        }
        let plain = try TallyUnderTest.run([file.path], timeout: 120)
        plainOutput = plain.outputText
        let prefix = file.path + ":"
        for text in plain.errorText.split(separator: "\n") where text.hasPrefix(prefix) {
            let parts = text.dropFirst(prefix.count).split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let line = Int(parts[0]) else { continue }
            let severity = parts[2].trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
            plainDiagnostics.append((line, String(severity)))
        }
    }

    private static func text(of diagnostic: [String: Any]) -> String {
        let notes = (diagnostic["notes"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        return ([diagnostic["message"] as? String ?? ""] + notes).joined(separator: "; ")
    }
}
