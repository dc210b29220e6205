import TallyCore
import TallyDiagnostics

/// `--json`: one JSON object per input line on one line (docs/json.md has the schema) — where
/// the line came from, its text, and its value, its other output, its error or its
/// interruption — built as a ``JSONValue`` and written by its one encoder. Every input line
/// gets exactly one object, so a script can pair them; the init file's lines get one only
/// when they have something to report, marked `"init":true`.
public struct JSONWriter: OutcomeWriter {
    let output: OutputStream
    /// Whether the lines are the init file's.
    let fromInitFile: Bool

    public init(output: OutputStream, fromInitFile: Bool = false) {
        self.output = output
        self.fromInitFile = fromInitFile
    }

    public func write(_ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin, formatter: ValueFormatter) {
        if fromInitFile && !outcome.hasReport { return }
        output.writeLine(
            Self.object(for: outcome, line: line(), origin: origin, formatter: formatter, initFile: fromInitFile)
                .encoded)
        if outcome.acknowledgesStoredChange { output.flush() }
    }

    /// The object of a source that could not be read (a file, standard input, the init
    /// file): `line` 0 stands for the source as a whole, and the error has no column.
    public func writeUnreadable(_ sourceName: String, message: String) {
        var error = Self.fields(id: "unreadable-file", severity: "error", message: message)
        error += [
            JSONMember("line", .integer(0)), JSONMember("column", .integer(0)), JSONMember("end_column", .integer(0)),
        ]
        error.append(JSONMember("notes", .array([])))
        var members = Self.place(sourceName: sourceName, lineNumber: 0, input: "", initFile: fromInitFile)
        members.append(JSONMember("error", .object(error)))
        output.writeLine(JSONValue.object(members).encoded)
    }

    /// The object for one line's outcome.
    static func object(
        for outcome: LineOutcome, line: String, origin: LineOrigin, formatter: ValueFormatter, initFile: Bool = false
    ) -> JSONValue {
        var members = place(
            sourceName: origin.sourceName, lineNumber: origin.lineNumber, input: line, initFile: initFile)
        switch outcome.result {
        case .failed(let diagnostic):
            members.append(JSONMember("error", object(diagnostic, line: line, lineNumber: origin.lineNumber)))
        case .interrupted:
            members.append(JSONMember("interrupted", .bool(true)))
        case .value, .values:
            let values = outcome.values(formattedBy: formatter) ?? []
            members.append(JSONMember("value", .string(values.map(\.text).joined(separator: "\n"))))
            members.append(JSONMember("exact", .bool(values.allSatisfy { !$0.isRounded })))
        case .text(let text, let data):
            members.append(JSONMember("output", .string(text)))
            if let data { members.append(data) }
        case .silent, .end:
            members.append(JSONMember("value", .null))
        }
        if !outcome.warnings.isEmpty {
            let warnings = outcome.warnings.map { object($0, line: line, lineNumber: origin.lineNumber) }
            members.append(JSONMember("warnings", .array(warnings)))
        }
        return .object(members)
    }

    /// The members that say which line an object is about.
    private static func place(sourceName: String, lineNumber: Int, input: String, initFile: Bool) -> [JSONMember] {
        var members = [
            JSONMember("source", .string(sourceName)), JSONMember("line", .integer(lineNumber)),
            JSONMember("input", .string(input)),
        ]
        if initFile { members.append(JSONMember("init", .bool(true))) }
        return members
    }

    private static func fields(id: String, severity: String, message: String) -> [JSONMember] {
        [
            JSONMember("id", .string(id)), JSONMember("severity", .string(severity)),
            JSONMember("message", .string(message)),
        ]
    }

    /// A diagnostic: its kind, message, where it stands (1-based columns, the end just past
    /// it) and its notes.
    static func object(_ diagnostic: Diagnostic, line: String, lineNumber: Int) -> JSONValue {
        let columns = DiagnosticRenderer.columns(of: diagnostic.span, in: line)
        let notes = diagnostic.notes.map { note -> JSONValue in
            var members = [JSONMember("message", .string(note.message))]
            // A note about another line (a function's definition) says which line.
            if let source = note.source {
                let noteColumns = DiagnosticRenderer.columns(of: note.span ?? SourceSpan(at: 0), in: source.line)
                members += [
                    JSONMember("source", .string(source.origin.sourceName)),
                    JSONMember("line", .integer(source.origin.lineNumber)),
                    JSONMember("column", .integer(noteColumns.start)),
                    JSONMember("end_column", .integer(noteColumns.end)),
                ]
            } else {
                let noteColumns = DiagnosticRenderer.columns(of: note.span ?? diagnostic.span, in: line)
                members += [
                    JSONMember("column", .integer(noteColumns.start)),
                    JSONMember("end_column", .integer(noteColumns.end)),
                ]
            }
            return .object(members)
        }
        var members = fields(
            id: diagnostic.id.rawValue, severity: diagnostic.severity.rawValue, message: diagnostic.message)
        members += [
            JSONMember("line", .integer(lineNumber)), JSONMember("column", .integer(columns.start)),
            JSONMember("end_column", .integer(columns.end)), JSONMember("notes", .array(notes)),
        ]
        return .object(members)
    }
}
