import TallyDiagnostics

/// A sum or product over a bound variable, `sum(k^2, k, 1, 100)`: the term's code, compiled on
/// its own with the variable as its last parameter, which ``Instruction/series(_:_:)`` runs
/// once for each integer from the lower bound to the upper one.
///
/// Held in ``Code/series``, so that instructions stay plain values (a line's code is freed in
/// one step, with nothing to release per instruction); immutable.
public final class Series: Sendable {
    /// The term, compiled as a function's body: its parameters are those of the function the
    /// series is written in (none on a line), then the bound variable.
    public let term: Code
    /// The bound variable, as written.
    public let variable: String
    /// Whether the terms are multiplied (`prod`, `product`, `∏`) rather than added.
    public let isProduct: Bool
    /// How many parameters of the enclosing function's body the term reads before the variable.
    public let outerParameterCount: Int

    init(term: Code, variable: String, isProduct: Bool, outerParameterCount: Int) {
        self.term = term
        self.variable = variable
        self.isProduct = isProduct
        self.outerParameterCount = outerParameterCount
    }
}
