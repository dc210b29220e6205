import TallyDiagnostics

extension DiagnosticID {
    /// A variable took the name of a physical constant.
    public static let shadowsConstant = DiagnosticID("shadows-constant")
}

/// The messages about physical constants (``PhysicalConstants``), each written once.
extension Diagnostic {
    /// `c = 3`: the variable `name` now hides the constant `constant` (its long name).
    static func shadowsConstant(_ name: String, constant: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .shadowsConstant,
            "'\(name)' is now your variable, not the constant \(constant); 'unset \(name)' brings the constant back",
            at: span, severity: .warning)
    }
}
