import Foundation
import TallyCore
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyShell

/// A rewrite a diagnostic suggests ("write (7 mod 2)*x for the other reading", "a decimal comma?
/// write 1.5") is itself a line Tally reads: for every line the surfaces are held to, and the
/// forms that once suggested what did not parse, each suggested rewrite parses.
struct SuggestionsParseTests {
    /// The rewrites a message or note proposes, by the phrases that introduce them.
    static func rewrites(in text: String) -> [String] {
        let patterns = [
            #/write (?<rewrite>[^;]+?) for the other reading/#, #/write (?<rewrite>[^;]+?) for one number/#,
            #/decimal comma\? write (?<rewrite>[^;]+?);/#,
        ]
        return patterns.flatMap { pattern in text.matches(of: pattern).map { String($0.output.rewrite) } }
    }

    static let formsThatOnceFailed = [
        "x = 2", "7 mod 2x", "max(0,123)", "1.234,5", "1,5", "1/2x", "2^3x", "2³!", "6/2(1+2)", "max(1,000)",
    ]

    @Test func everySuggestedRewriteParses() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var session = Session(
            style: .batch, environment: SessionEnvironment(dataDirectory: directory.path, pinnedToday: "2026-11-29"))
        var checked = 0
        for line in Self.formsThatOnceFailed + SurfaceLines.all {
            let outcome = session.handle(line)
            let diagnostics = outcome.warnings + (outcome.diagnostic.map { [$0] } ?? [])
            for diagnostic in diagnostics {
                let text = ([diagnostic.message] + diagnostic.notes.map(\.message)).joined(separator: "; ")
                for rewrite in Self.rewrites(in: text) {
                    #expect(throws: Never.self, "\(line): suggests \(rewrite)") { try Parser.parseStatement(rewrite) }
                    checked += 1
                }
            }
        }
        #expect(checked >= 8)
    }
}
