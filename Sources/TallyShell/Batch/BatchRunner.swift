import TallyCore

/// Evaluates files, pipes and `-e` lines: results to standard output in order, diagnostics to
/// standard error in the `name:line:column: error:` form, every line evaluated even after an
/// error.
public struct BatchRunner {
    public private(set) var session: Session
    private let output: OutputStream
    private let errors: OutputStream
    private let renderer: DiagnosticRenderer
    /// True once any line has failed.
    public private(set) var anyLineFailed = false
    /// True after `exit` or `quit`.
    public private(set) var ended = false

    public init(session: Session, output: OutputStream, errors: OutputStream, useColour: Bool) {
        self.session = session
        self.output = output
        self.errors = errors
        renderer = DiagnosticRenderer(useColour: useColour)
    }

    /// Runs one line from `sourceName` at 1-based `lineNumber`.
    public mutating func run(_ line: String, sourceName: String, lineNumber: Int) {
        let outcome = session.handle(line)
        if let text = outcome.output {
            output.writeLine(text)
            if outcome.acknowledgesStoredChange { output.flush() }
        }
        let diagnostics = outcome.warnings + (outcome.diagnostic.map { [$0] } ?? [])
        if !diagnostics.isEmpty || outcome.wasInterrupted {
            // Keep standard output and standard error in the order the lines ran.
            output.flush()
        }
        for diagnostic in diagnostics {
            errors.write(
                renderer.render(diagnostic, in: line, form: .located(sourceName: sourceName, lineNumber: lineNumber)))
        }
        if outcome.wasInterrupted {
            errors.write("\(TerminalSafeText.escaped(sourceName)):\(lineNumber): interrupted\n")
        }
        if outcome.failed { anyLineFailed = true }
        if outcome.endsSession { ended = true }
    }

    /// Runs every line of `source` until its end or `exit`.
    public mutating func run(_ source: LineSource, sourceName: String) {
        var lineNumber = 0
        while !ended, let line = source.nextLine() {
            lineNumber += 1
            run(line, sourceName: sourceName, lineNumber: lineNumber)
        }
        output.flush()
    }
}
