/// A problem with one line of input: what kind it is, how serious, what is wrong, exactly where,
/// and any notes that help (a "did you mean", the place a unit was guessed).
///
/// Diagnostics are data; ``DiagnosticRenderer`` is the one place that turns them into text.
/// Tests can assert the ``id`` rather than the wording.
public struct Diagnostic: Error, Sendable, Equatable {
    /// How serious a diagnostic is. An error fails its line; a warning is shown beside a result.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// A remark attached to a diagnostic, rendered under it as `note: …`.
    public struct Note: Sendable, Equatable {
        /// One sentence, lower-case first word, no final period: "did you mean 'sqrt'?".
        public var message: String
        /// The part of the line the note is about; nil when it is about the diagnostic's span.
        public var span: SourceSpan?
        /// The line `span` is in when it is another line than the diagnostic's: the definition
        /// of a user function an error happened inside.
        public var source: NoteSource?

        public init(_ message: String, at span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }

        /// A note about `span` of another line, `source`.
        public init(_ message: String, at span: SourceSpan, in source: NoteSource) {
            self.message = message
            self.span = span
            self.source = source
        }
    }

    /// Another line a note points into, and where that line came from.
    public struct NoteSource: Sendable, Equatable {
        public var line: String
        public var origin: LineOrigin

        public init(line: String, origin: LineOrigin) {
            self.line = line
            self.origin = origin
        }
    }

    /// Which kind of message this is; stable across changes of wording.
    public var id: DiagnosticID {
        get { storage.id }
        set { update { $0.id = newValue } }
    }
    public var severity: Severity {
        get { storage.severity }
        set { update { $0.severity = newValue } }
    }
    /// One sentence, lower-case first word, no final period: "expected a number after '+'".
    public var message: String {
        get { storage.message }
        set { update { $0.message = newValue } }
    }
    /// The part of the line the message is about (0-based UTF-8 byte offsets).
    public var span: SourceSpan {
        get { storage.span }
        set { update { $0.span = newValue } }
    }
    /// Remarks shown under the message, in order.
    public var notes: [Note] {
        get { storage.notes }
        set { update { $0.notes = newValue } }
    }

    /// The fields, behind one reference: a diagnostic is one word wide, so every function that
    /// may throw one — most of the parser and evaluator — and every outcome that may hold one
    /// stays cheap on the paths where nothing goes wrong.
    private var storage: Storage

    private struct Fields: Equatable {
        var id: DiagnosticID
        var severity: Severity
        var message: String
        var span: SourceSpan
        var notes: [Note]
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        var id: DiagnosticID { fields.id }
        var severity: Severity { fields.severity }
        var message: String { fields.message }
        var span: SourceSpan { fields.span }
        var notes: [Note] { fields.notes }
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    public init(
        _ id: DiagnosticID, _ message: String, at span: SourceSpan, severity: Severity = .error, notes: [Note] = []
    ) {
        storage = Storage(Fields(id: id, severity: severity, message: message, span: span, notes: notes))
    }

    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// The same diagnostic with one more note.
    public func noting(_ message: String, at span: SourceSpan? = nil) -> Diagnostic {
        var copy = self
        copy.notes.append(Note(message, at: span))
        return copy
    }

    /// The same diagnostic with one more note, about `span` of another line, `source`.
    public func noting(_ message: String, at span: SourceSpan, in source: NoteSource) -> Diagnostic {
        var copy = self
        copy.notes.append(Note(message, at: span, in: source))
        return copy
    }

    /// The same diagnostic with a "did you mean" note when there is a suggestion.
    public func suggesting(_ suggestion: String?) -> Diagnostic {
        guard let suggestion else { return self }
        return noting("did you mean '\(TerminalSafeText.excerpt(suggestion))'?")
    }

    /// The same diagnostic for a line in which this text started `distance` bytes further right.
    public func shifted(by distance: Int) -> Diagnostic {
        var copy = self
        copy.span = span.shifted(by: distance)
        copy.notes = notes.map { note in
            note.source != nil ? note : Note(note.message, at: note.span?.shifted(by: distance))
        }
        return copy
    }
}

/// The stable name of one kind of diagnostic, such as `division-by-zero`. Each module declares
/// its own in one catalog (`DiagnosticID+Core.swift`, `+Health`, `+Habits`, `+Shell`).
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

extension Diagnostic: CustomDebugStringConvertible {
    /// `division-by-zero at 5..<12: division by zero`, as test failures show a diagnostic.
    public var debugDescription: String {
        let noted = notes.map { "; note: \($0.message)" }.joined()
        return "\(severity.rawValue) \(id) at \(span): \(message)\(noted)"
    }
}
