import TallyCore
import TallyDiagnostics

/// Batch output for files, pipes and `-e`: results on standard output, one per line, and
/// diagnostics on standard error in the `name:line:column: error:` form, after the results so
/// far so that the two streams keep the order the lines ran in. The init file's writer shows
/// only the diagnostics (``showsResults`` false).
public struct PlainWriter: OutcomeWriter {
    let output: OutputStream
    let errors: OutputStream
    let renderer: DiagnosticRenderer
    /// Whether a rounded value is marked `≈ ` (`--mark-rounded`).
    let marksRounded: Bool
    /// Whether results are written at all: not for the init file, whose lines only set up.
    let showsResults: Bool

    public init(
        output: OutputStream, errors: OutputStream, renderer: DiagnosticRenderer, marksRounded: Bool = false,
        showsResults: Bool = true
    ) {
        self.output = output
        self.errors = errors
        self.renderer = renderer
        self.marksRounded = marksRounded
        self.showsResults = showsResults
    }

    @inline(__always)
    public func write(_ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin, formatter: ValueFormatter) {
        // An exact number straight from its digits: no string made for it.
        if showsResults, !marksRounded, case .value(let value) = outcome.result, outcome.warnings.isEmpty {
            let output = output
            if formatter.withNumberText(value, { output.writeLine(bytes: $0) }) != nil { return }
        }
        writeInFull(outcome, of: line, at: origin, formatter: formatter)
    }

    /// Any outcome but an exact number written plainly: its text, then its report.
    @inline(never)
    private func writeInFull(
        _ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin, formatter: ValueFormatter
    ) {
        if showsResults,
            let text = outcome.output(style: marksRounded ? .batchMarkingRounded : .batch, formatter: formatter)
        {
            output.writeLine(text)
            if outcome.acknowledgesStoredChange { output.flush() }
        }
        if outcome.hasReport { report(outcome, for: line(), at: origin) }
    }

    public func writeUnreadable(_ sourceName: String, message: String) {
        output.flush()
        errors.write("tally: \(message)\n")
    }

    /// A line's warnings and error (or its interruption) on standard error.
    private func report(_ outcome: LineOutcome, for line: String, at origin: LineOrigin) {
        output.flush()
        let form = DiagnosticRenderer.Form.located(sourceName: origin.sourceName, lineNumber: origin.lineNumber)
        for diagnostic in outcome.warnings + (outcome.diagnostic.map { [$0] } ?? []) {
            errors.write(renderer.render(diagnostic, in: line, form: form))
        }
        if outcome.wasInterrupted {
            errors.write("\(TerminalSafeText.escaped(origin.sourceName)):\(origin.lineNumber): interrupted\n")
        }
    }
}
