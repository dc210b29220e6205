/// What an expression evaluates to, what a variable holds and what `ans` remembers.
///
/// Today every value is a number. The kinds the language grows into take their place here — a
/// truth value for comparisons, a quantity with a unit — and each `switch` over `Value` then
/// decides what the new kind means there; an operation that needs a number and is given
/// something else says so at the operand's position (``number(at:)``).
public enum Value: Sendable {
    /// An exact or approximate real number.
    case number(Number)

    /// The value as a number, or an error at `span` naming what it is instead.
    @inline(__always)
    public func number(at span: SourceSpan) throws(Diagnostic) -> Number {
        switch self {
        case .number(let number): return number
        }
    }

    /// The number, when the value is one.
    public var number: Number? {
        switch self {
        case .number(let number): return number
        }
    }

    /// How a message names the kind of value: "a number".
    public var kindDescription: String {
        switch self {
        case .number: return "a number"
        }
    }
}
