import TallyDiagnostics

/// A function a person defined, `f(x) = x^2 + 1`: its body compiled once, when it was defined,
/// and where it was written, for `vars` and for the notes of errors raised inside it.
///
/// Other names in the body are looked up when it runs, so a function may call one defined
/// later, or itself. A class, so that a call frame holds it with one reference.
public final class UserFunction: Sendable {
    public let name: String
    public let parameters: [String]
    /// The body, whose spans are offsets into ``source``.
    let body: Code
    /// The line the function was defined on, as typed.
    public let source: String
    /// The definition within ``source``: from the name to the end of the body.
    public let span: SourceSpan
    /// Where ``source`` came from.
    public let origin: LineOrigin

    init(_ definition: FunctionDefinition, source: String, origin: LineOrigin) {
        name = definition.name
        parameters = definition.parameters
        body = definition.body
        self.source = source
        span = definition.span
        self.origin = origin
    }

    /// The definition as written, `f(x) = x^2 + 1`.
    public var text: String {
        let bytes = source.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: Swift.min(span.start, bytes.count))
        let end = bytes.index(bytes.startIndex, offsetBy: Swift.min(span.end, bytes.count))
        return String(Substring(bytes[start..<end]))
    }
}
