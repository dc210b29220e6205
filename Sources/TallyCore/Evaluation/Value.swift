/// What an expression evaluates to, what a variable holds and what `ans` remembers.
///
/// A number is exact (``Number``, a rational) or a ``Real`` that is not known to be rational
/// (`sqrt(2)`, `pi`, `sin(1)`), kept so that it can be shown to any number of correct digits.
/// The kinds the language grows into take their place here — a truth value for comparisons, a
/// quantity with a unit — and each `switch` over `Value` then decides what the new kind means
/// there.
public enum Value: Sendable {
    /// An exact rational.
    case number(Number)
    /// A real number not known to be rational.
    case real(Real)

    /// `real` as a value: an exact rational when the real turned out to be one.
    static func from(_ real: Real) -> Value {
        if let rational = real.rational { return .number(rational) }
        return .real(real)
    }

    /// The value as a real (exact rationals included), or an error at `span` naming what it is
    /// instead.
    @inline(__always)
    public func real(at span: SourceSpan) throws(Diagnostic) -> Real {
        switch self {
        case .number(let number): return Real(number)
        case .real(let real): return real
        }
    }

    /// The number, when the value is an exact rational.
    public var number: Number? {
        switch self {
        case .number(let number): return number
        case .real: return nil
        }
    }

    /// How a message names the kind of value: "a number".
    public var kindDescription: String {
        switch self {
        case .number, .real: return "a number"
        }
    }
}
