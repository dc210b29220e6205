/// Turns a ``Diagnostic`` into the text a person reads: a pure function of the source line, the
/// diagnostic and the style.
public struct DiagnosticRenderer: Sendable {
    /// Where the line came from, which decides the layout.
    public enum Form: Sendable {
        /// Files, pipes and `-e`: `name:line:column: error: message`, the line, a caret. The
        /// `file:line:col` prefix is what editors and CI tools parse.
        case located(sourceName: String, lineNumber: Int)
        /// The interactive session: the line is already on the screen after a prompt of
        /// `promptWidth` columns, so only the caret and the message are drawn.
        case interactive(promptWidth: Int)
    }

    /// Whether to use ANSI colours.
    public var useColour: Bool

    public init(useColour: Bool) {
        self.useColour = useColour
    }

    /// The most columns of a long source line shown around the problem.
    static let sourceWindow = 100

    /// The rendered diagnostic and its notes, ending in a newline. A note about another part
    /// of the line gets that part drawn and underlined; a note about the same part only its
    /// header, under the drawing of the diagnostic.
    public func render(_ diagnostic: Diagnostic, in line: String, form: Form) -> String {
        var text = render(diagnostic.severity, diagnostic.message, at: diagnostic.span, in: line, form: form)
        for note in diagnostic.notes {
            if let source = note.source {
                // A note about another line (a function's definition) draws that line, with
                // its own place.
                let place = Form.located(sourceName: source.origin.sourceName, lineNumber: source.origin.lineNumber)
                switch form {
                case .located:
                    text += render(
                        .note, note.message, at: note.span ?? SourceSpan(at: 0), in: source.line, form: place)
                case .interactive:
                    text += render(
                        .note, note.message, at: note.span ?? SourceSpan(at: 0), in: source.line, form: form,
                        drawsLine: false)
                    text += sourceDrawing(of: note.span ?? SourceSpan(at: 0), in: source.line)
                }
                continue
            }
            let span = note.span ?? diagnostic.span
            text += render(
                .note, note.message, at: span, in: line, form: form,
                drawsLine: note.span.map { $0 != diagnostic.span } ?? false)
        }
        return text
    }

    private func render(
        _ severity: Diagnostic.Severity, _ message: String, at span: SourceSpan, in line: String, form: Form,
        drawsLine: Bool = true
    ) -> String {
        let location = SourceLocation(of: span, in: line)
        let label = paint("\(severity.rawValue):", Self.colour(of: severity))
        let message = TerminalSafeText.escaped(message)
        switch form {
        case .located(let sourceName, let lineNumber):
            // A file name is input too: one named with escape codes must not reach the terminal raw.
            let name = TerminalSafeText.escaped(sourceName)
            let header = "\(name):\(lineNumber):\(location.column): \(label) \(paint(message, "1"))\n"
            guard drawsLine else { return header }
            return header + sourceDrawing(of: span, in: line)
        case .interactive(let promptWidth):
            let body = label + " " + paint(message, "1") + "\n"
            guard drawsLine else { return body }
            let padding = String(repeating: " ", count: promptWidth + location.caretOffset)
            return padding + caretText(width: location.underlineWidth) + "\n" + body
        }
    }

    /// `line` (a window of it when long) and a caret under `span`, indented four columns.
    private func sourceDrawing(of span: SourceSpan, in line: String) -> String {
        let location = SourceLocation(of: span, in: line)
        let (shown, caretOffset) = location.window(width: DiagnosticRenderer.sourceWindow)
        // The underline ends where the shown part of the line ends: a span of a megabyte
        // gets a hundred columns of '~', not a megabyte of them.
        let visibleWidth = Swift.max(1, DisplayWidth.of(shown) - caretOffset)
        let caret = caretText(width: Swift.min(location.underlineWidth, visibleWidth))
        return "    " + shown + "\n" + String(repeating: " ", count: 4 + caretOffset) + caret + "\n"
    }

    /// Red for errors, magenta for warnings, cyan for notes, as GCC and Clang colour them.
    private static func colour(of severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "1;31"
        case .warning: return "1;35"
        case .note: return "1;36"
        }
    }

    private func caretText(width: Int) -> String {
        paint("^" + String(repeating: "~", count: Swift.max(0, width - 1)), "1;32")
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Where a span falls in a line, in the units people and terminals use.
struct SourceLocation {
    /// The line with control characters made visible.
    let safeLine: String
    /// 1-based column of the span's first character, counted in characters.
    let column: Int
    /// Display columns before the span.
    let caretOffset: Int
    /// Display columns of the span (at least 1, so an empty span still gets a caret).
    let underlineWidth: Int

    init(of span: SourceSpan, in line: String) {
        let utf8 = line.utf8
        let startOffset = Swift.min(span.start, utf8.count)
        let endOffset = Swift.min(Swift.max(span.end, startOffset), utf8.count)
        let start = utf8.index(utf8.startIndex, offsetBy: startOffset)
        let end = utf8.index(utf8.startIndex, offsetBy: endOffset)
        let before = TerminalSafeText.escaped(Substring(utf8[..<start]))
        let inside = TerminalSafeText.escaped(Substring(utf8[start..<end]))
        safeLine = TerminalSafeText.escaped(line)
        column = before.count + 1
        caretOffset = DisplayWidth.of(before)
        underlineWidth = Swift.max(1, DisplayWidth.of(inside))
    }

    /// The line (or a window of it around the caret when it is long) and the caret's display
    /// offset within what is shown.
    func window(width: Int) -> (text: String, caretOffset: Int) {
        let total = DisplayWidth.of(safeLine)
        if total <= width { return (safeLine, caretOffset) }
        let firstColumn = Swift.max(0, Swift.min(caretOffset - width / 2, total - width))
        var text = firstColumn > 0 ? "…" : ""
        var column = 0
        var shownCaret = caretOffset - firstColumn + (firstColumn > 0 ? 1 : 0)
        for character in safeLine {
            let characterWidth = DisplayWidth.of(character)
            if column >= firstColumn && column + characterWidth <= firstColumn + width {
                text.append(character)
            } else if column < firstColumn && column + characterWidth > firstColumn {
                // A wide character cut by the window's edge: shift the caret for the gap.
                shownCaret -= 1
            }
            column += characterWidth
            if column >= firstColumn + width { break }
        }
        if firstColumn + width < total { text += "…" }
        return (text, shownCaret)
    }
}

extension DiagnosticRenderer {
    /// The 1-based columns where `span` starts and just after it ends, counted in characters
    /// as the `name:line:column:` header counts them: what `--json` reports.
    public static func columns(of span: SourceSpan, in line: String) -> (start: Int, end: Int) {
        let start = SourceLocation(of: span, in: line).column
        let end = SourceLocation(of: SourceSpan(at: span.end), in: line).column
        return (start, Swift.max(start, end))
    }
}
