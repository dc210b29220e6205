import TallyDiagnostics

/// The messages of the special functions (`BuiltIns+Special.swift`), each written once.
extension Diagnostic {
    /// `gamma(-10^20 + 1/3)`: the argument's bounds never leave a pole's neighbourhood, or lie
    /// beyond what the bounds of the function handle.
    static func specialFunctionUndecided(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .undecidable,
            "cannot decide \(name) here: the argument's bounds stay around a pole or beyond the range its bounds are proven in",
            at: span)
    }
}
