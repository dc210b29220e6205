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
        let writer = MarkedWriter(
            output: output, errors: errors, renderer: renderer, interruption: session.interruption,
            pager: Pager.command(environment: variables), prompt: prompt)
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
                    if let fullResult = writer.fullResult {
                        writer.page(fullResult)
                    } else {
                        errors.write("nothing to show: 'full' shows a long result in whole after it was shortened\n")
                    }
                }
                output.flush()
                continue
            }
            let origin = LineOrigin(sourceName: LineOrigin.interactiveSessionName, lineNumber: lineNumber)
            let outcome = session.handle(line, origin: origin)
            writer.write(outcome, of: { line }, at: origin, formatter: session.formatter)
            if !writer.completed {
                // Ctrl-C stopped the line while its result was being printed: it changes nothing.
                session.revertLastLine()
            } else if !outcome.failed, outcome.hasValue || isBMI(kind) {
                // The result stays reachable by the line's number: _3.
                session.recordNumberedResult(line: lineNumber)
            }
            if outcome.endsSession { return exitStatus(output: output, errors: errors) }
        }
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
}
