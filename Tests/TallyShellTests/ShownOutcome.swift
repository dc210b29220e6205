import TallyCore
import TallyDiagnostics

@testable import TallyShell

/// A line's outcome as a session of its style shows it on standard output, for tests that
/// compare the text.
struct ShownOutcome {
    let outcome: LineOutcome
    /// What standard output gets, as the session's style writes it; nil for nothing.
    let output: String?

    var diagnostic: Diagnostic? { outcome.diagnostic }
    var warnings: [Diagnostic] { outcome.warnings }
    var endsSession: Bool { outcome.endsSession }
}

extension Session {
    /// Handles `line` and writes its outcome as this session shows it.
    mutating func shown(_ line: String) -> ShownOutcome {
        let outcome = handle(line)
        return ShownOutcome(outcome: outcome, output: outcome.output(style: style, formatter: formatter))
    }
}
