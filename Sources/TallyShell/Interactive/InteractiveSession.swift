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
        let earlierLines = history.load()
        reader.addToHistory(earlierLines)

        var environment = environment
        environment.confirm = { question in reader.confirm(question) }
        environment.readAnswer = { question in reader.ask(question) }
        var session = Session(style: .interactive, settings: settings, environment: environment)

        TerminalSignals.install(interruption: session.interruption)
        if !options.quiet {
            let banner =
                "Tally \(Application.version): exact arithmetic, bmi and habits. Type help to start, Ctrl-D to leave."
            output.writeLine(TextWrapping.wrap(banner, width: TerminalSize.current.columns, hanging: .none))
            output.flush()
        }
        if let path = InitFile.path(options: options, interactive: true, environment: variables) {
            InitFile.run(
                path, into: &session,
                writer: PlainWriter(output: output, errors: errors, renderer: renderer, showsResults: false))
        }
        let decorations = LineDecorations.forTerminal(prompt: prompt, variables: variables)
        reader.decorations = decorations
        decorations?.remember(earlierLines)
        var lineNumber = 0
        var sessionLines: [(number: Int, line: String)] = []
        var fullResult: String?
        let pager = Pager.command(environment: variables)
        while true {
            // Tab reads a snapshot of the names, taken between lines: never the live session.
            let completer = session.completer()
            reader.completion = { word, prefix in completer.complete(word, after: prefix) }
            decorations?.suggests = session.environment.suggests
            decorations?.previews = session.environment.previews
            decorations?.colouring = session.environment.highlights ? SyntaxColouring(names: session.knownNames) : nil
            decorations?.previewer?.use(session.evaluator)
            let line: String
            switch reader.read(prompt: prompt) {
            case .end:
                // Readline has already ended the row (a newline of ours would leave an empty
                // one behind), so the shell's prompt is on a line of its own.
                output.flush()
                return exitStatus(output: output, errors: errors)
            case .interrupted:
                continue
            case .line(let text):
                line = text
            }
            lineNumber += 1
            if history.record(line) {
                reader.addToHistory([line])
                sessionLines.append((lineNumber, line))
            }
            let kind = LineKind.of(line, atPrompt: true)
            if case .promptCommand(let word, let argumentsStart) = kind,
                let command = InteractiveCommand(word, line: line, argumentsStart: argumentsStart)
            {
                switch command {
                case .clear:
                    output.write("\u{1B}[H\u{1B}[2J")
                case .history(let count, let filter):
                    output.writeLine(
                        InteractiveCommand.historyListing(
                            earlier: earlierLines, session: sessionLines, count: count, containing: filter))
                case .full:
                    if let fullResult {
                        page(fullResult, through: pager, output: output, interruption: session.interruption)
                    } else {
                        errors.write("nothing to show: 'full' shows a long result in whole after it was shortened\n")
                    }
                }
                output.flush()
                continue
            }
            let origin = LineOrigin(sourceName: LineOrigin.interactiveSessionName, lineNumber: lineNumber)
            let outcome = session.handle(line, origin: origin)
            let size = TerminalSize.current
            var text = outcome.output(style: .interactive, formatter: session.formatter)
            let isValue = outcome.values(formattedBy: session.formatter) != nil
            if let shown = text, isValue, let short = ResultAbbreviation.abbreviated(shown, columns: size.columns) {
                fullResult = shown
                text = short
            } else if let shown = text, case .command(let word, _) = kind, word == .help || word == .set {
                // The `set` listing's rows go on under their meaning, after the name and value.
                let hanging: TextWrapping.Hanging = word == .set ? .lastColumn : .secondColumn
                let wrapped = TextWrapping.wrap(shown, width: size.columns, hanging: hanging)
                text = wrapped
                if wrapped.utf8.reduce(1, { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }) >= size.rows {
                    page(wrapped, through: pager, output: output, interruption: session.interruption)
                    text = nil
                }
            }
            if !show(
                outcome, text: text, for: line, output: output, errors: errors, renderer: renderer,
                interruption: session.interruption)
            {
                // Ctrl-C stopped the line while its result was being printed: it changes nothing.
                session.revertLastLine()
            } else if !outcome.failed, isValue || isBMI(kind) {
                // The result stays reachable by the line's number: _3.
                session.recordNumberedResult(line: lineNumber)
            }
            if outcome.endsSession { return exitStatus(output: output, errors: errors) }
        }
    }

    /// Shows `text` through the pager, or plainly when there is none (in pieces, so Ctrl-C
    /// stops it).
    private static func page(
        _ text: String, through pager: String?, output: OutputStream, interruption: Interruption
    ) {
        output.flush()
        interruption.clear()
        if let pager, Pager.show(text, command: pager) {
            interruption.clear()
            return
        }
        show(
            .printing(text), text: text, for: "", output: output, errors: OutputStream.standardError,
            renderer: DiagnosticRenderer(useColour: false), interruption: interruption)
    }

    /// Whether the line is a `bmi` line (whose BMI becomes `ans`, and so `_N`).
    private static func isBMI(_ kind: LineKind) -> Bool {
        if case .command(.bmi, _) = kind { return true }
        return false
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
        _ outcome: LineOutcome, text: String?, for line: String, output: OutputStream, errors: OutputStream,
        renderer: DiagnosticRenderer, interruption: Interruption
    ) -> Bool {
        var interrupted = outcome.wasInterrupted
        var cutShort = false
        let interactiveForm = DiagnosticRenderer.Form.interactive(promptWidth: DisplayWidth.of(prompt))
        let columns = TerminalSize.current.columns
        let typedWidth = DisplayWidth.of(prompt) + DisplayWidth.of(line)
        let draw = { (diagnostic: Diagnostic) in
            TextWrapping.fitDiagnostic(
                renderer.render(diagnostic, in: line, form: interactiveForm), typedWidth: typedWidth, width: columns)
        }
        if !interrupted {
            // A warning's caret belongs under the typed line, so it comes before the output.
            for warning in outcome.warnings { errors.write(draw(warning)) }
        }
        if let text {
            if interruption.isRequested {
                interrupted = true
            } else if !output.writeLineInPieces(text, stoppingWhen: { interruption.isRequested }) {
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
            if let diagnostic = outcome.diagnostic { errors.write(draw(diagnostic)) }
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
