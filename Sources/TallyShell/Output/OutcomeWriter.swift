import TallyCore
import TallyDiagnostics

/// Shows line outcomes in one style: plain text for files and pipes (``PlainWriter``), JSON
/// Lines (``JSONWriter``), the interactive session's marked results with a caret under the
/// typed line (``MarkedWriter``), and the prompt's one-line preview (``PreviewWriter``). A session produces
/// outcomes and never knows which writer shows them, as ripgrep's searcher never knows its
/// printer.
public protocol OutcomeWriter {
    /// Shows the `outcome` of the line at `origin`, whose text `line` gives (made only when a
    /// diagnostic or a JSON object needs it); `formatter` writes a value the outcome left
    /// unformatted.
    func write(_ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin, formatter: ValueFormatter)

    /// Says that the source `sourceName` (a file, standard input, the init file) could not be
    /// read, or not to its end: `message` is the whole sentence ("cannot read 'x': …").
    func writeUnreadable(_ sourceName: String, message: String)
}

extension LineOutcome {
    /// Whether the outcome has something for standard error: a warning, an error or an
    /// interruption.
    var hasReport: Bool { failed || !warnings.isEmpty }
}
