import Glibc
import TallyCore
import TallyDiagnostics

/// The interactive session's writer: results marked `≈ ` when rounded, a long result shortened
/// to the window (kept whole for `full`), `help` and `set` wrapped at words and paged when taller
/// than the window, diagnostics drawn with a caret under the typed line, and output written in
/// pieces so that Ctrl-C stops a million digits at once.
final class MarkedWriter: OutcomeWriter {
    let output: OutputStream
    let errors: OutputStream
    let renderer: DiagnosticRenderer
    let interruption: Interruption
    /// The pager a long text goes through (`PAGER`), if any.
    let pager: String?
    /// The prompt the typed line stands after, for the caret's column.
    let prompt: String
    /// The last result that was shortened, whole, for `full`.
    private(set) var fullResult: String?
    /// Whether the last outcome was shown whole; false when Ctrl-C stopped its printing (then
    /// the line must change nothing).
    private(set) var completed = true

    init(
        output: OutputStream, errors: OutputStream, renderer: DiagnosticRenderer, interruption: Interruption,
        pager: String?, prompt: String
    ) {
        self.output = output
        self.errors = errors
        self.renderer = renderer
        self.interruption = interruption
        self.pager = pager
        self.prompt = prompt
    }

    func write(_ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin, formatter: ValueFormatter) {
        let line = line()
        let size = TerminalSize.current
        var text = outcome.output(style: .interactive, formatter: formatter)
        if let shown = text, outcome.hasValue,
            let short = ResultAbbreviation.abbreviated(shown, columns: size.columns)
        {
            fullResult = shown
            text = short
        } else if let shown = text, case .command(let word, _) = LineKind.of(line, atPrompt: true),
            word == .help || word == .set
        {
            // The `set` listing's rows go on under their meaning, after the name and value.
            let hanging: TextWrapping.Hanging = word == .set ? .lastColumn : .secondColumn
            let wrapped = TextWrapping.wrap(shown, width: size.columns, hanging: hanging)
            text = wrapped
            if wrapped.utf8.reduce(1, { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }) >= size.rows {
                page(wrapped)
                text = nil
            }
        }
        completed = show(outcome, text: text, for: line)
    }

    func writeUnreadable(_ sourceName: String, message: String) {
        errors.write("tally: \(message)\n")
    }

    /// Shows `text` through the pager, or plainly when there is none (in pieces, so Ctrl-C
    /// stops it).
    func page(_ text: String) {
        output.flush()
        interruption.clear()
        if let pager, Pager.show(text, command: pager) {
            interruption.clear()
            return
        }
        show(.printing(text), text: text, for: "")
    }

    /// Prints a result in pieces or a diagnostic drawn under the line still on the screen;
    /// whether the whole outcome was shown (false when Ctrl-C stopped it).
    @discardableResult
    private func show(_ outcome: LineOutcome, text: String?, for line: String) -> Bool {
        var interrupted = outcome.wasInterrupted
        var cutShort = false
        let interactiveForm = DiagnosticRenderer.Form.interactive(promptWidth: DisplayWidth.of(prompt))
        let columns = TerminalSize.current.columns
        let typedWidth = DisplayWidth.of(prompt) + DisplayWidth.of(line)
        let draw = { [renderer] (diagnostic: Diagnostic) in
            TextWrapping.fitDiagnostic(
                renderer.render(diagnostic, in: line, form: interactiveForm), typedWidth: typedWidth, width: columns)
        }
        if !interrupted {
            // A warning's caret belongs under the typed line, so it comes before the output.
            for warning in outcome.warnings { errors.write(draw(warning)) }
        }
        if let text {
            let interruption = interruption
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
            let newline = !cutShort && Self.terminalEchoesControlCharacters
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
