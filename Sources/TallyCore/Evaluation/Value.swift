import TallyCalendar
import TallyDiagnostics

/// What an expression evaluates to, what a variable holds and what `ans` remembers.
///
/// A number is exact (``Number``, a rational) or a ``Real`` that is not known to be rational
/// (`sqrt(2)`, `pi`, `sin(1)`), kept so that it can be shown to any number of correct digits.
/// A comparison gives a truth value, `true` or `false`.
/// The kinds the language grows into take their place here — a truth value for comparisons, a
/// quantity with a unit — and each `switch` over ``kind`` then decides what the new kind means
/// there.
///
/// The storage is one flat enum, a rational's cases beside a real's: every value on the
/// evaluator's stack is copied and destroyed, and a value nested in a value costs the exact
/// path a tenth of its speed.
public struct Value: Sendable {
    enum Storage: Sendable {
        case small(Int)
        case smallFraction(Int, Int)
        case bigInteger(BigInteger)
        case bigFraction(BigRational)
        case real(Real)
        case quantity(Quantity)
        case truth(Bool)
        case calendar(CalendarValue)
    }

    let storage: Storage

    /// The kinds of value, for `switch`.
    public enum Kind: Sendable {
        /// An exact rational.
        case number(Number)
        /// A real number not known to be rational.
        case real(Real)
        /// A number with a unit.
        case quantity(Quantity)
        /// `true` or `false`.
        case truth(Bool)
        /// A date, time of day, date-time or calendar period (TallyCalendar).
        case calendar(CalendarValue)
    }

    /// An exact rational.
    public static func number(_ number: Number) -> Value {
        switch number.storage {
        case .small(let value): return Value(storage: .small(value))
        case .smallFraction(let numerator, let denominator):
            return Value(storage: .smallFraction(numerator, denominator))
        case .bigInteger(let value): return Value(storage: .bigInteger(value))
        case .bigFraction(let value): return Value(storage: .bigFraction(value))
        }
    }

    /// A real not known to be rational; use ``from(_:)`` for one that may be.
    public static func real(_ real: Real) -> Value {
        Value(storage: .real(real))
    }

    /// A number with a unit; `magnitude` is a plain number.
    public static func quantity(_ magnitude: Value, _ unit: CompoundUnit) -> Value {
        Value(storage: .quantity(Quantity(magnitude: magnitude, unit: unit)))
    }

    /// The value as a number when it is an exact rational in machine words; nil otherwise.
    /// Reads the payload alone, so that the hot path of the evaluator copies no reference.
    @inline(__always)
    var machineWordNumber: Number? {
        switch storage {
        case .small(let value): return Number(storage: .small(value))
        case .smallFraction(let numerator, let denominator):
            return Number(storage: .smallFraction(numerator, denominator))
        default: return nil
        }
    }

    /// Whether the value has a unit.
    @inline(__always)
    public var isQuantity: Bool {
        if case .quantity = storage { return true }
        return false
    }

    /// A truth value.
    public static func truth(_ value: Bool) -> Value {
        Value(storage: .truth(value))
    }

    /// A date, time of day, date-time or calendar period.
    public static func calendar(_ value: CalendarValue) -> Value {
        Value(storage: .calendar(value))
    }

    /// Whether the value is a date, time of day, date-time or calendar period.
    @inline(__always)
    public var isCalendar: Bool {
        if case .calendar = storage { return true }
        return false
    }

    /// `real` as a value: an exact rational when the real turned out to be one.
    static func from(_ real: Real) -> Value {
        if let rational = real.rational { return .number(rational) }
        return .real(real)
    }

    /// What kind of value this is.
    @inline(__always)
    public var kind: Kind {
        switch storage {
        case .small(let value): return .number(Number(storage: .small(value)))
        case .smallFraction(let numerator, let denominator):
            return .number(Number(storage: .smallFraction(numerator, denominator)))
        case .bigInteger(let value): return .number(Number(storage: .bigInteger(value)))
        case .bigFraction(let value): return .number(Number(storage: .bigFraction(value)))
        case .real(let real): return .real(real)
        case .quantity(let quantity): return .quantity(quantity)
        case .truth(let value): return .truth(value)
        case .calendar(let value): return .calendar(value)
        }
    }

    /// Whether the value is a truth value rather than a number.
    @inline(__always)
    public var isTruth: Bool {
        if case .truth = storage { return true }
        return false
    }

    /// The number, when the value is an exact rational.
    public var number: Number? {
        if case .number(let number) = kind { return number }
        return nil
    }

    /// The value as a real (exact rationals included), or an error at `span` naming what it is
    /// instead.
    @inline(__always)
    public func real(at span: SourceSpan) throws(Diagnostic) -> Real {
        switch kind {
        case .number(let number): return Real(number)
        case .real(let real): return real
        case .quantity(let quantity): throw Diagnostic.expectedPlainNumber(quantity, at: span)
        case .truth: throw Diagnostic.expectedNumber(at: span)
        case .calendar(let value): throw Value.expectedNumber(at: span, found: value)
        }
    }

    /// The error for a date or time where a number is needed.
    public static func expectedNumber(at span: SourceSpan, found value: CalendarValue) -> Diagnostic {
        Diagnostic.expectedNumber(found: value.described, at: span)
    }
}

extension Value.Kind {
    /// The sign, exact for rationals and decided within `budget` for reals; nil when a real is
    /// too close to zero for the budget.
    func sign(within budget: Real.Budget) -> Int? {
        switch self {
        case .number(let number): return number.signum
        case .real(let real): return real.sign(within: budget)
        case .quantity(let quantity): return quantity.magnitude.kind.sign(within: budget)
        case .truth, .calendar:
            preconditionFailure("the sign of a truth value or date: arguments are checked to be numbers first")
        }
    }
}
