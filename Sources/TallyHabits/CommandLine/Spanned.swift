import TallyDiagnostics

/// A value from the command line together with where it was written.
public struct Spanned<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value.
    public var value: Value
    /// Where it was written: 0-based UTF-8 byte offsets into the whole line.
    public var span: SourceSpan

    /// `value`, written at `span`.
    public init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }
}
