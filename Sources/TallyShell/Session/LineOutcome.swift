import TallyCore

/// What handling one line produced: text for standard output, a diagnostic for standard
/// error, or the end of the session. A session never prints; its runner does.
public struct LineOutcome: Sendable {
    /// Text for standard output, without a final newline; nil when the line prints nothing.
    public var output: String?
    /// The problem with the line, if any.
    public var diagnostic: Diagnostic?
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

    /// An outcome that only prints `text`.
    public static func printing(_ text: String) -> LineOutcome { LineOutcome(output: text) }

    /// An outcome that failed with `diagnostic`.
    public static func failing(_ diagnostic: Diagnostic) -> LineOutcome { LineOutcome(diagnostic: diagnostic) }

    /// An outcome with nothing to show.
    public static let silent = LineOutcome()
}
