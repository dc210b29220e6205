import TallyCore

/// What handling one line produced: text for standard output, warnings and an error for
/// standard error, an interruption, or the end of the session. A session never prints; its
/// runner does.
public struct LineOutcome: Sendable {
    /// Text for standard output, without a final newline; nil when the line prints nothing.
    public var output: String?
    /// The error that failed the line, if any.
    public var diagnostic: Diagnostic?
    /// The values of a `bmi` result as a JSON object, for `--json`'s `bmi` field.
    public var bmiJSON: String?
    /// Warnings about a line that still succeeded (shown with its output).
    public var warnings: [Diagnostic] = []
    /// True when Ctrl-C stopped the line: it changed nothing and shows only "interrupted".
    public var wasInterrupted = false
    /// True for `exit` and `quit`.
    public var endsSession: Bool
    /// True when the line changed stored data: its output is the acknowledgement that the
    /// change is on disk, so it is written out at once rather than buffered.
    public var acknowledgesStoredChange = false

    public init(output: String? = nil, diagnostic: Diagnostic? = nil, endsSession: Bool = false) {
        self.output = output
        self.diagnostic = diagnostic
        self.endsSession = endsSession
    }

    /// Whether the line failed (an error or an interruption): the exit status counts it.
    public var failed: Bool { diagnostic != nil || wasInterrupted }

    /// Whether the printed text is a number written exactly (true), a rounding of one (false),
    /// or not a number at all (nil): what `--json` reports as `exact`.
    public var isExact: Bool?

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
