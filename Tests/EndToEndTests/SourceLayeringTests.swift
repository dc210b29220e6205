import Foundation
import TallyTestSupport
import Testing

/// Rules of the source tree that the compiler cannot check, held by reading the sources.
@Suite struct SourceLayeringTests {
    /// A diagnostic's message is written once, in its module's catalog (`Diagnostic+*.swift`):
    /// everywhere else names a catalog entry (`Diagnostic.moduloByZero(at:)`) and never calls
    /// `Diagnostic(…)` itself.
    @Test func diagnosticsAreBuiltOnlyInCatalogs() throws {
        var found: [String] = []
        for file in try Self.sourceFiles() where !Self.isCatalog(file) {
            for (number, line) in try Self.codeLines(of: file) where Self.constructsDiagnostic(line) {
                found.append("\(file):\(number): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(
            found == [], "build these in the module's Diagnostic+*.swift catalog:\n\(found.joined(separator: "\n"))")
    }

    /// The scan sees what it must: a construction, and not a name that ends in `Diagnostic`.
    @Test(arguments: [
        ("throw Diagnostic(.x, \"m\", at: span)", true),
        ("return Diagnostic.init(.x, \"m\", at: span)", true),
        ("Diagnostic(", true),
        ("throw Diagnostic.moduloByZero(at: span)", false),
        ("text.lineDiagnostic(error)", false),
        ("TextWrapping.fitDiagnostic(rendered)", false),
    ])
    func scanRecognisesAConstruction(line: String, constructs: Bool) {
        #expect(Self.constructsDiagnostic(line) == constructs)
    }

    /// `@unchecked Sendable` and `nonisolated(unsafe)` outside the owners of unsafe code
    /// (`Numbers/`, `Reals/`, readline and signal handling, the evaluator's stack) say why
    /// they are sound, in a comment just above.
    @Test func uncheckedConcurrencyIsJustified() throws {
        let owners = [
            "Sources/TallyCore/Numbers/", "Sources/TallyCore/Reals/", "Sources/TallyCore/Evaluation/Stack/",
            "Sources/TallyShell/Interactive/LineReader", "Sources/TallyShell/Interactive/TerminalSignals",
            "Sources/TallyHabits/Store/",
        ]
        var unexplained: [String] = []
        for file in try Self.sourceFiles() where !owners.contains(where: file.hasPrefix) {
            let lines = try Self.lines(of: file)
            for (index, line) in lines.enumerated()
            where !Self.isComment(line)
                && (line.contains("@unchecked Sendable") || line.contains("nonisolated(unsafe)"))
            {
                let above = lines[max(0, index - 8)..<index].filter(Self.isComment)
                if !above.contains(where: { $0.contains("sound") }) {
                    unexplained.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(unexplained == [], "say why each is sound:\n\(unexplained.joined(separator: "\n"))")
    }

    /// No source file is over 500 lines: a longer one is split by concern (`Type+Concern.swift`).
    @Test func noSourceFileIsOverFiveHundredLines() throws {
        var long: [String] = []
        let tests = Self.swiftFiles(under: "Tests")
        #expect(tests.count > 50, "the scan found the tests")
        for file in try Self.sourceFiles() + tests {
            // The last piece is the empty one after the final newline, which `wc -l` does not count.
            let count = try Self.lines(of: file).count - 1
            if count > 500 { long.append("\(file): \(count) lines") }
        }
        #expect(long == [], "split these by concern:\n\(long.joined(separator: "\n"))")
    }

    // MARK: Reading the sources

    /// The Swift files under Sources/, as paths from the repository root, in order.
    static func sourceFiles() throws -> [String] {
        let files = swiftFiles(under: "Sources")
        #expect(files.count > 100, "the scan found the sources")
        return files
    }

    /// The Swift files below `folder` of the repository, as paths from its root, in order.
    static func swiftFiles(under folder: String) -> [String] {
        let directory = TallyUnderTest.repositoryRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        return files.sorted()
    }

    static func isCatalog(_ file: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        return name.hasPrefix("Diagnostic+") || file == "Sources/TallyDiagnostics/Diagnostic.swift"
    }

    static func lines(of file: String) throws -> [String] {
        let url = TallyUnderTest.repositoryRoot.appendingPathComponent(file)
        return try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    }

    /// The lines that are not comments, numbered from 1.
    static func codeLines(of file: String) throws -> [(number: Int, line: String)] {
        try lines(of: file).enumerated().filter { !isComment($0.element) }.map { ($0.offset + 1, $0.element) }
    }

    static func isComment(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
    }

    /// Whether `line` calls `Diagnostic(…)` or `Diagnostic.init(…)`: the word `Diagnostic` not
    /// part of a longer name nor a member of something else.
    static func constructsDiagnostic(_ line: String) -> Bool {
        for marker in ["Diagnostic(", "Diagnostic.init("] {
            var rest = line[...]
            while let range = rest.range(of: marker) {
                let before = line[line.startIndex..<range.lowerBound].last
                if before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }
}
