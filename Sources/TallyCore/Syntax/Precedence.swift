/// Binding power of the operators, loosest first. This is the one precedence table of the
/// language; `Grammar/tally.ebnf` lists the same levels and a test holds the two together.
public enum Precedence: Int, Sendable, Comparable, CaseIterable {
    /// Binary `+ -`.
    case additive
    /// Binary `* / // %` (also `×` `÷`).
    case multiplicative
    /// Prefix `- +` (also `−`): looser than `^`, so `-2^2` is `-4`.
    case prefix
    /// `^` and `**`, right-associative.
    case power
    /// Postfix `!`.
    case postfix

    public static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The operators at this level as written in the grammar, and their associativity.
    public var table: (operators: [String], associativity: String) {
        switch self {
        case .additive: return (["+", "-"], "left")
        case .multiplicative: return (["*", "/", "//", "%", "×", "÷"], "left")
        case .prefix: return (["-", "+", "−"], "prefix")
        case .power: return (["^", "**"], "right")
        case .postfix: return (["!"], "postfix")
        }
    }
}
