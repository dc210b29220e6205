import TallyCore
import TallyDiagnostics

/// What handling one line produced: text for standard output, warnings and an error for
/// standard error, an interruption, or the end of the session. A session never prints; its
/// runner does.
public struct LineOutcome: Sendable {
    /// Text for standard output, without a final newline; nil when the line prints nothing.
    public var output: String?
    /// The value of an expression line of a batch session, which its runner writes (an exact
    /// number straight from its digits, with no string made for it); an interactive session
    /// gives ``output`` instead.
    public var value: Value?
    /// True when Ctrl-C stopped the line: it changed nothing and shows only "interrupted".
    public var wasInterrupted = false
    /// True for `exit` and `quit`.
    public var endsSession: Bool
    /// True when the line changed stored data: its output is the acknowledgement that the
    /// change is on disk, so it is written out at once rather than buffered.
    public var acknowledgesStoredChange = false
    /// Whether the printed text is a number written exactly (true), a rounding of one (false),
    /// or not a number at all (nil): what `--json` reports as `exact`.
    public var isExact: Bool?
    /// The error, warnings and JSON fields, which most lines have none of: kept in one box, so
    /// that an everyday line's outcome is a few words that copy and vanish cheaply.
    private var details: Details?

    public init(output: String? = nil, diagnostic: Diagnostic? = nil, endsSession: Bool = false) {
        self.output = output
        self.endsSession = endsSession
        if let diagnostic { details = Details(diagnostic: diagnostic) }
    }

    /// The error that failed the line, if any.
    public var diagnostic: Diagnostic? {
        get { details?.diagnostic }
        set { details = Details(diagnostic: newValue, warnings: warnings, jsonFields: jsonFields) }
    }

    /// Warnings about a line that still succeeded (shown with its output).
    public var warnings: [Diagnostic] {
        get { details?.warnings ?? [] }
        set { details = Details(diagnostic: diagnostic, warnings: newValue, jsonFields: jsonFields) }
    }

    /// The result's fields as a JSON object (a `bmi` line's BMI, category, …), for `--json`;
    /// nil for lines whose output is only text or a value.
    public var jsonFields: (name: String, object: String)? {
        get { details?.jsonFields }
        set { details = Details(diagnostic: diagnostic, warnings: warnings, jsonFields: newValue) }
    }

    /// The rarer parts of an outcome; replaced whole when one of them is set.
    private final class Details: Sendable {
        let diagnostic: Diagnostic?
        let warnings: [Diagnostic]
        let jsonFields: (name: String, object: String)?

        init(diagnostic: Diagnostic?, warnings: [Diagnostic] = [], jsonFields: (name: String, object: String)? = nil) {
            self.diagnostic = diagnostic
            self.warnings = warnings
            self.jsonFields = jsonFields
        }
    }

    /// Whether the line failed (an error or an interruption): the exit status counts it.
    public var failed: Bool { diagnostic != nil || wasInterrupted }

    /// An outcome that prints a value's text, marked `≈ ` when rounded as `style` asks.
    static func showing(_ output: ValueFormatter.Output, style: Session.Style) -> LineOutcome {
        LineOutcome(output: Session.marked(output, style: style), isExact: !output.isRounded)
    }

    /// An outcome that prints a number's text: exact, or a rounding of it.
    init(output: String, isExact: Bool) {
        self.output = output
        self.isExact = isExact
        endsSession = false
    }

    /// An outcome whose value the runner writes.
    init(value: Value) {
        self.value = value
        endsSession = false
    }

    /// This outcome with its ``value``, if any, written as text by `formatter` as a session of
    /// `style` shows it.
    public func showingValue(with formatter: ValueFormatter, style: Session.Style) -> LineOutcome {
        guard let value else { return self }
        let output = formatter.format(value)
        var shown = self
        shown.value = nil
        shown.output = Session.marked(output, style: style)
        shown.isExact = !output.isRounded
        return shown
    }

    /// An outcome that only prints `text`.
    public static func printing(_ text: String) -> LineOutcome { LineOutcome(output: text) }

    /// An outcome that failed with `diagnostic`.
    public static func failing(_ diagnostic: Diagnostic) -> LineOutcome { LineOutcome(diagnostic: diagnostic) }

    /// The outcome of a line stopped by Ctrl-C.
    public static var interrupted: LineOutcome {
        var outcome = LineOutcome()
        outcome.wasInterrupted = true
        return outcome
    }

    /// The outcome of an evaluation that did not finish.
    static func stopped(by error: EvaluationError) -> LineOutcome {
        switch error {
        case .failed(let diagnostic): return .failing(diagnostic)
        case .interrupted: return .interrupted
        }
    }

    /// An outcome with nothing to show.
    public static var silent: LineOutcome { LineOutcome() }
}
