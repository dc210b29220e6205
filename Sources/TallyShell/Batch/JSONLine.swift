import TallyCore
import TallyDiagnostics

/// One line's outcome as a JSON object on one line, for `--json` (docs/json.md has the
/// schema): where the line came from, its text, and its value, its other output, its error or
/// its interruption. Every input line gets exactly one object, so a script can pair them.
struct JSONLine {
    /// The object for `line`, number `lineNumber` of `sourceName`; a line of the init file is
    /// marked `"init":true` (only those with something to report get an object).
    static func render(
        _ outcome: LineOutcome, line: String, sourceName: String, lineNumber: Int, fromInitFile: Bool = false
    ) -> String {
        var fields: [(String, String)] = [
            ("source", JSONText.string(sourceName)), ("line", String(lineNumber)), ("input", JSONText.string(line)),
        ]
        if fromInitFile { fields.append(("init", "true")) }
        if let diagnostic = outcome.diagnostic {
            fields.append(("error", object(diagnostic, line: line, lineNumber: lineNumber)))
        } else if outcome.wasInterrupted {
            fields.append(("interrupted", "true"))
        } else if let isExact = outcome.isExact, let text = outcome.output {
            fields.append(("value", JSONText.string(text)))
            fields.append(("exact", isExact ? "true" : "false"))
        } else if let text = outcome.output {
            fields.append(("output", JSONText.string(text)))
            if let (name, object) = outcome.jsonFields { fields.append((name, object)) }
        } else {
            fields.append(("value", "null"))
        }
        if !outcome.warnings.isEmpty {
            let warnings = outcome.warnings.map { object($0, line: line, lineNumber: lineNumber) }
            fields.append(("warnings", "[" + warnings.joined(separator: ",") + "]"))
        }
        return "{" + fields.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A diagnostic: its kind, message, where it stands (1-based columns, the end just past
    /// it) and its notes.
    private static func object(_ diagnostic: Diagnostic, line: String, lineNumber: Int) -> String {
        let columns = DiagnosticRenderer.columns(of: diagnostic.span, in: line)
        let notes = diagnostic.notes.map { note in
            // A note about another line (a function's definition) says which line.
            if let source = note.source {
                let noteColumns = DiagnosticRenderer.columns(of: note.span ?? SourceSpan(at: 0), in: source.line)
                return
                    "{\"message\":\(JSONText.string(note.message)),\"source\":\(JSONText.string(source.origin.sourceName)),"
                    + "\"line\":\(source.origin.lineNumber),\"column\":\(noteColumns.start),\"end_column\":\(noteColumns.end)}"
            }
            let noteColumns = DiagnosticRenderer.columns(of: note.span ?? diagnostic.span, in: line)
            return
                "{\"message\":\(JSONText.string(note.message)),\"column\":\(noteColumns.start),\"end_column\":\(noteColumns.end)}"
        }
        return
            "{\"id\":\(JSONText.string(diagnostic.id.rawValue)),\"severity\":\(JSONText.string(diagnostic.severity.rawValue)),"
            + "\"message\":\(JSONText.string(diagnostic.message)),\"line\":\(lineNumber),\"column\":\(columns.start),"
            + "\"end_column\":\(columns.end),\"notes\":[\(notes.joined(separator: ","))]}"
    }
}
