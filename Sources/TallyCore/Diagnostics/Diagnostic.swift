/// A problem with one line of input: what is wrong, and exactly where.
///
/// Diagnostics are data; ``DiagnosticRenderer`` is the one place that turns them into text.
public struct Diagnostic: Error, Sendable, Equatable {
    /// One sentence, lower-case first word, no final period: "expected a number after '+'".
    public var message: String
    /// The part of the line the message is about.
    public var span: SourceSpan

    /// Whether the work was stopped by Ctrl-C rather than failing: shown as a plain
    /// "interrupted", with no caret.
    public var isInterruption: Bool

    public init(_ message: String, at span: SourceSpan, isInterruption: Bool = false) {
        self.message = message
        self.span = span
        self.isInterruption = isInterruption
    }

    /// The same diagnostic for a line in which this text started `distance` bytes further right.
    public func shifted(by distance: Int) -> Diagnostic {
        Diagnostic(message, at: span.shifted(by: distance), isInterruption: isInterruption)
    }
}
