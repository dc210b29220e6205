import TallyCore
import TallyDiagnostics

/// What handling one line produced — exactly one ``Result`` — and the warnings that came with
/// it. A session never prints; a writer (``OutcomeWriter``) shows the outcome in its style.
public struct LineOutcome: Sendable {
    /// The one thing a line produced.
    public enum Result: Sendable {
        /// Nothing to show: a blank line, a comment, an assignment, a definition, `set x y`.
        case silent
        /// An expression's value, for the writer to format (a batch writer writes an exact
        /// number straight from its digits, with no string made for it).
        case value(Value)
        /// Values already written as text, one line each (the line asked for a form, `to hex`;
        /// a line of `;` statements; an interactive line, formatted where Ctrl-C can stop it).
        case values([ValueFormatter.Output])
        /// A command's text, with its data as a JSON member for `--json` (a `bmi` result, a
        /// habit view).
        case text(String, data: JSONMember?)
        /// The line failed: it changed nothing.
        case failed(Diagnostic)
        /// Ctrl-C stopped the line: it changed nothing.
        case interrupted
        /// `exit` or `quit`.
        case end
    }

    public var result: Result
    /// Warnings about a line that still succeeded (shown with its result).
    public var warnings: [Diagnostic] = []
    /// True when the line changed stored data: its text is the acknowledgement that the change
    /// is on disk, so a writer sends it out at once rather than buffering it.
    public var acknowledgesStoredChange = false

    public init(_ result: Result, warnings: [Diagnostic] = []) {
        self.result = result
        self.warnings = warnings
    }

    /// An outcome that only prints `text`.
    public static func printing(_ text: String) -> LineOutcome { LineOutcome(.text(text, data: nil)) }

    /// An outcome that failed with `diagnostic`.
    public static func failing(_ diagnostic: Diagnostic) -> LineOutcome { LineOutcome(.failed(diagnostic)) }

    /// The outcome of a line stopped by Ctrl-C.
    public static var interrupted: LineOutcome { LineOutcome(.interrupted) }

    /// An outcome with nothing to show.
    public static var silent: LineOutcome { LineOutcome(.silent) }

    /// The outcome of an evaluation that did not finish.
    static func stopped(by error: EvaluationError) -> LineOutcome {
        switch error {
        case .failed(let diagnostic): return .failing(diagnostic)
        case .interrupted: return .interrupted
        }
    }
}

extension LineOutcome {
    /// The error that failed the line, if any.
    public var diagnostic: Diagnostic? {
        if case .failed(let diagnostic) = result { return diagnostic }
        return nil
    }

    /// True when Ctrl-C stopped the line.
    public var wasInterrupted: Bool {
        if case .interrupted = result { return true }
        return false
    }

    /// True for `exit` and `quit`.
    public var endsSession: Bool {
        if case .end = result { return true }
        return false
    }

    /// Whether the line failed (an error or an interruption): the exit status counts it.
    public var failed: Bool {
        switch result {
        case .failed, .interrupted: return true
        default: return false
        }
    }

    /// The value of an expression line left for the writer to format.
    public var value: Value? {
        if case .value(let value) = result { return value }
        return nil
    }

    /// Whether the line has a value (formatted or not): what becomes `ans` and `_N`, and what
    /// the prompt shortens to the window.
    public var hasValue: Bool {
        switch result {
        case .value, .values: return true
        default: return false
        }
    }

    /// The values a line wrote as text, with `formatter` writing a value left unformatted;
    /// nil when the line has no value.
    public func values(formattedBy formatter: ValueFormatter) -> [ValueFormatter.Output]? {
        switch result {
        case .value(let value): return [formatter.format(value)]
        case .values(let outputs): return outputs
        default: return nil
        }
    }

    /// The text a session of `style` prints for this outcome on standard output (a value
    /// formatted by `formatter`); nil when it prints nothing there.
    public func output(style: Session.Style, formatter: ValueFormatter) -> String? {
        if let values = values(formattedBy: formatter) {
            return values.map { $0.text(markingRounded: style.marksRounded) }.joined(separator: "\n")
        }
        if case .text(let text, _) = result { return text }
        return nil
    }

    /// Whether the values are written exactly (true), any of them rounded (false), or the line
    /// has none (nil): what `--json` reports as `exact`.
    public func isExact(formattedBy formatter: ValueFormatter) -> Bool? {
        values(formattedBy: formatter).map { $0.allSatisfy { !$0.isRounded } }
    }
}

extension ValueFormatter.Output {
    /// The text as a result line shows it: a rounded value marked `≈ ` when `markingRounded`
    /// (interactively, and in batch with `--mark-rounded`). The one place that decides how a
    /// value looks once formatted.
    public func text(markingRounded: Bool) -> String {
        markingRounded && isRounded ? "≈ " + text : text
    }
}
