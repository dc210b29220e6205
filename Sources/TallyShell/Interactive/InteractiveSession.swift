import Glibc
import TallyCore
import TallyDiagnostics

/// The session a person gets by typing `tally` in a terminal: a banner, the `> ` prompt on
/// GNU readline with history and completion, results marked `≈ ` when rounded, diagnostics with
/// a caret under the typed line, Ctrl-C to stop, Ctrl-D or `exit` to leave (status 0).
enum InteractiveSession {
    static let prompt = "> "

    static func run(
        options: Options, settings: EvaluationSettings, environment: SessionEnvironment, variables: [String: String]
    ) -> Int32 {
        let output = OutputStream.standardOutput
        let errors = OutputStream.standardError
        let renderer = DiagnosticRenderer(useColour: Application.colourEnabled(options.colour, for: errors))
        let reader = LineReader(name: "tally")

        var history = History(
            path: History.location(option: options.historyFile, noHistory: options.noHistory, environment: variables),
            limit: History.limit(environment: variables),
            warn: { errors.write($0 + "\n") })
        reader.limitHistory(to: history.limit)
        reader.addToHistory(history.load())

        var environment = environment
        environment.confirm = { question in reader.confirm(question) }
        var session = Session(style: .interactive, settings: settings, environment: environment)

        TerminalSignals.install()
        if !options.quiet {
            output.writeLine(
                "Tally \(Application.version): exact arithmetic, bmi and habits. Type help to start, Ctrl-D to leave.")
            output.flush()
        }
        if let path = InitFile.path(options: options, interactive: true, environment: variables) {
            InitFile.run(path, into: &session, errors: errors, renderer: renderer)
        }
        var lineNumber = 0
        while true {
            // Tab reads a snapshot of the names, taken between lines: never the live session.
            let completer = session.completer()
            reader.completion = { word, prefix in completer.complete(word, after: prefix) }
            let line: String
            switch reader.read(prompt: prompt) {
            case .end:
                // Leave the shell's prompt on a line of its own.
                output.write("\n")
                output.flush()
                return exitStatus(output: output, errors: errors)
            case .interrupted:
                continue
            case .line(let text):
                line = text
            }
            if history.record(line) { reader.addToHistory([line]) }
            lineNumber += 1
            let outcome = session.handle(line, origin: LineOrigin(sourceName: "<stdin>", lineNumber: lineNumber))
            if !show(outcome, for: line, output: output, errors: errors, renderer: renderer) {
                // Ctrl-C stopped the line while its result was being printed: it changes nothing.
                session.revertLastLine()
            }
            if outcome.endsSession { return exitStatus(output: output, errors: errors) }
        }
    }

    /// 0, or 1 after saying so when standard output could not be written (a full disk).
    private static func exitStatus(output: OutputStream, errors: OutputStream) -> Int32 {
        guard let report = output.failureReport else { return 0 }
        errors.write(report)
        return 1
    }

    /// Prints a result in pieces (a million digits take a while on a terminal, and Ctrl-C must
    /// stop them) or a diagnostic drawn under the line still on the screen.
    /// Whether the whole outcome was shown; false when Ctrl-C stopped it.
    @discardableResult
    private static func show(
        _ outcome: LineOutcome, for line: String, output: OutputStream, errors: OutputStream,
        renderer: DiagnosticRenderer
    ) -> Bool {
        var interrupted = outcome.wasInterrupted
        var cutShort = false
        if let text = outcome.output {
            if Interruption.isRequested {
                interrupted = true
            } else if !output.writeLineInPieces(text, stoppingWhen: { Interruption.isRequested }) {
                output.writeLine("")
                interrupted = true
                cutShort = true
            }
        }
        output.flush()
        if interrupted {
            // The terminal itself may have echoed ^C after the typed line; start a new line.
            let newline = !cutShort && terminalEchoesControlCharacters
            errors.write((newline ? "\n" : "") + "interrupted\n")
        } else {
            for diagnostic in outcome.warnings + (outcome.diagnostic.map { [$0] } ?? []) {
                errors.write(
                    renderer.render(diagnostic, in: line, form: .interactive(promptWidth: DisplayWidth.of(prompt))))
            }
        }
        return !interrupted
    }

    /// Whether the terminal echoes control characters (`^C`) while a line is being evaluated.
    private static var terminalEchoesControlCharacters: Bool {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0 && settings.c_lflag & tcflag_t(ECHOCTL) != 0
    }
}
