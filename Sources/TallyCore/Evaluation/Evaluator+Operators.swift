import Glibc
import TallyDiagnostics

/// What each operator computes, with its size checks and errors. Two exact rationals take the
/// exact path (machine words or GMP); anything else is a ``Real``, exact where it stays a known
/// form and decided from intervals where an answer must be an integer (`//`, `%`, `!`). Errors
/// about an operand point at the operand (the divisor of a division by zero); size errors at
/// the operator or the whole operation.
extension Evaluator {
    func apply(_ operation: PrefixOperator, _ operand: Value, operandSpan: SourceSpan) throws(Diagnostic) -> Value {
        switch (operation, operand.kind) {
        case (.negate, .number(let x)): return .number(-x)
        case (.negate, .real(let x)): return .real(-x)
        case (.negate, .quantity(let x)):
            return .quantity(try apply(.negate, x.magnitude, operandSpan: operandSpan), x.unit)
        case (.plus, .number), (.plus, .real), (.plus, .quantity): return operand
        case (.complement, .number), (.complement, .real), (.complement, .quantity):
            let x = try settings.integer(operand, at: operandSpan, purpose: "'~' needs an integer")
            return .number(-x - Number(1))
        case (.negate, .truth), (.plus, .truth), (.complement, .truth): throw Diagnostic.expectedNumber(at: operandSpan)
        case (.not, .truth(let value)): return .truth(!value)
        case (.not, .number), (.not, .real), (.not, .quantity): throw Diagnostic.expectedTruth(at: operandSpan)
        case (_, .calendar(let calendar)):
            throw Diagnostic.operatorMeaningless(operation.rawValue, for: calendar.described, at: operandSpan)
        }
    }

    /// Whether `lhs comparison rhs` holds: exact on rationals, decided from the bounds of the
    /// difference otherwise (exact when the difference is a recognised form: `sqrt(2)^2 == 2`),
    /// and an error when the budget cannot tell the two sides apart. Truth values answer `==`
    /// and `!=` only.
    func compare(_ comparison: Comparison, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan) throws(Diagnostic)
        -> Bool
    {
        switch (lhs.value.kind, rhs.value.kind) {
        case (.number(let x), .number(let y)):
            return comparison.holds(forOrder: Number.compare(x, y))
        case (.truth(let x), .truth(let y)):
            guard comparison.isEquality else { throw Diagnostic.expectedNumber(at: lhs.span) }
            return comparison.holds(forOrder: x == y ? 0 : 1)
        case (.calendar, _), (_, .calendar):
            return try compareCalendar(comparison, lhs, rhs)
        case (.truth, _):
            throw Diagnostic.expectedNumber(at: lhs.span)
        case (_, .truth):
            throw Diagnostic.expectedNumber(at: rhs.span)
        case (.quantity, _), (_, .quantity):
            return try compareQuantities(comparison, lhs, rhs, operatorSpan: operatorSpan)
        default:
            let span = lhs.span.union(rhs.span)
            let difference = try settings.checked(lhs.value - rhs.value, at: span)
            guard let order = difference.kind.sign(within: settings.budget) else {
                throw Diagnostic.undecidable(
                    "'\(comparison.rawValue)'", "the two sides", areWithin: settings.distanceText(difference), at: span)
            }
            return comparison.holds(forOrder: order)
        }
    }

    func apply(_ operation: PostfixOperator, _ operand: Value, operandSpan: SourceSpan, span: SourceSpan)
        throws(Diagnostic) -> Value
    {
        if case .quantity(let quantity) = operand.kind, operation != .factorial, operation != .doubleFactorial {
            throw Diagnostic.expectedPlainNumber(
                quantity, at: operandSpan, purpose: "'\(operation.rawValue)' needs a plain number")
        }
        switch operation {
        case .factorial:
            if let x = try settings.nonIntegerReal(operand, at: operandSpan) {
                // A fraction's factorial is Γ(x + 1) (`0.5!` is √π/2), as `factorial(x)` is.
                return try settings.checked(.from(Real.gamma(x + Real(Number(1)))), at: span)
            }
            let n = try settings.integer(operand, at: operandSpan, purpose: "factorial needs a non-negative integer")
            return .number(try settings.factorial(of: n, operandSpan: operandSpan, span: span))
        case .doubleFactorial:
            let n = try settings.integer(
                operand, at: operandSpan, purpose: "the double factorial needs a non-negative integer")
            return .number(try settings.factorial(of: n, operandSpan: operandSpan, span: span, double: true))
        case .degrees:
            // An angle in degrees, in the unit the trigonometric functions take now.
            if operand.isTruth { throw Diagnostic.expectedNumber(at: operandSpan) }
            if settings.angle == .degrees { return operand }
            return try settings.checked(operand * .real(Real.radiansPerDegree), at: span)
        case .percent:
            if operand.isTruth { throw Diagnostic.expectedNumber(at: operandSpan) }
            if let x = operand.number { return .number(x / Number(100)) }
            return try settings.checked(operand / .number(Number(100)), at: span)
        }
    }

    /// `x op y` for two exact rationals; `rightSpan` is the right operand's source (the divisor
    /// of a division by zero), `span` the whole operation's.
    func apply(
        _ operation: BinaryOperator, _ x: Number, _ y: Number, leftSpan: SourceSpan, rightSpan: SourceSpan,
        operatorSpan: SourceSpan, span: SourceSpan
    ) throws(Diagnostic) -> Value {
        switch operation {
        case .add, .subtract:
            if !(x.isInteger && y.isInteger) {
                try settings.checkCombinedSize(x, y, at: operatorSpan)
            } else {
                try settings.chargeWork(x, y, at: operatorSpan)
            }
            return .number(operation == .add ? x + y : x - y)
        case .multiply:
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            return .number(x * y)
        case .divide:
            if y.isZero { throw Diagnostic.divisionByZero(at: rightSpan) }
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            return .number(x / y)
        case .floorDivide:
            if y.isZero { throw Diagnostic.divisionByZero(at: rightSpan) }
            // Sized by the result: an integer quotient or remainder is no longer than the
            // operands that already exist (`10^999999 % 7` is 1); a fraction's may be.
            if !(x.isInteger && y.isInteger) {
                try settings.checkCombinedSize(x, y, at: operatorSpan)
            } else {
                try settings.chargeWork(x, y, at: operatorSpan)
            }
            return .number(x.flooredQuotient(dividingBy: y))
        case .modulo:
            if y.isZero { throw Diagnostic.moduloByZero(at: rightSpan) }
            if !(x.isInteger && y.isInteger) {
                try settings.checkCombinedSize(x, y, at: operatorSpan)
            } else {
                try settings.chargeWork(x, y, at: operatorSpan)
            }
            return .number(x.flooredRemainder(dividingBy: y))
        case .power:
            return try power(x, y, span: span)
        case .addPercentage, .subtractPercentage, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
            return try applyRare(operation, x, y, leftSpan: leftSpan, rightSpan: rightSpan, operatorSpan: operatorSpan)
        }
    }

    /// The operators that everyday arithmetic does not use, out of line so that the common
    /// ones stay small enough to inline into the evaluation loop.
    @inline(never)
    private func applyRare(
        _ operation: BinaryOperator, _ x: Number, _ y: Number, leftSpan: SourceSpan, rightSpan: SourceSpan,
        operatorSpan: SourceSpan
    ) throws(Diagnostic) -> Value {
        if operation == .addPercentage || operation == .subtractPercentage {
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            let change = x * y
            return .number(operation == .addPercentage ? x + change : x - change)
        }
        return .number(
            try bitwise(operation, x, y, leftSpan: leftSpan, rightSpan: rightSpan, operatorSpan: operatorSpan))
    }

    /// A binary operation with a real operand.
    func applyReal(_ operation: BinaryOperator, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan)
        throws(Diagnostic) -> Value
    {
        let span = lhs.span.union(rhs.span)
        if lhs.value.isTruth { throw Diagnostic.expectedNumber(at: lhs.span) }
        if rhs.value.isTruth { throw Diagnostic.expectedNumber(at: rhs.span) }
        switch operation {
        case .add: return try settings.checked(lhs.value + rhs.value, at: span)
        case .subtract: return try settings.checked(lhs.value - rhs.value, at: span)
        case .multiply: return try settings.checked(lhs.value * rhs.value, at: span)
        case .divide:
            try requireNonZero(rhs, else: Diagnostic.divisionByZero)
            return try settings.checked(lhs.value / rhs.value, at: span)
        case .floorDivide, .modulo:
            try requireNonZero(rhs, else: operation == .modulo ? Diagnostic.moduloByZero : Diagnostic.divisionByZero)
            let x = try lhs.value.real(at: lhs.span)
            let y = try rhs.value.real(at: rhs.span)
            let quotient = x / y
            try settings.checkIntegerSize(of: quotient, scaledBy: 0, at: span)
            guard let floor = quotient.floor(within: settings.budget, largestDigits: settings.maxDigits) else {
                throw Diagnostic.undecidable(
                    operation == .modulo ? "the remainder" : "the floor division", the: "quotient",
                    is: settings.nearness(of: quotient), at: span)
            }
            if operation == .floorDivide { return .number(Number(floor)) }
            return try settings.checked(.from(x - y * Real(Number(floor))), at: span)
        case .power:
            return try realPower(lhs, rhs, span: span)
        case .addPercentage, .subtractPercentage:
            let change = lhs.value * rhs.value
            return try settings.checked(operation == .addPercentage ? lhs.value + change : lhs.value - change, at: span)
        case .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
            // Bits need integers: a real is one only when its bounds say so, and then it is exact.
            let x = try settings.integer(
                lhs.value, at: lhs.span, purpose: Diagnostic.integersNeeded(by: "'\(operation.rawValue)'"))
            let y = try settings.integer(
                rhs.value, at: rhs.span, purpose: Diagnostic.integersNeeded(by: "'\(operation.rawValue)'"))
            return .number(
                try bitwise(operation, x, y, leftSpan: lhs.span, rightSpan: rhs.span, operatorSpan: operatorSpan))
        }
    }

    /// Fails unless the operand (a divisor, a base under a negative power) is known not to be
    /// zero.
    /// `error` is the catalog's message for a zero (``Diagnostic/divisionByZero(at:)``, …).
    func requireNonZero(
        _ operand: Operand, else error: (SourceSpan) -> Diagnostic, role: String = "the divisor"
    ) throws(Diagnostic) {
        switch operand.value.kind {
        case .number(let y):
            if y.isZero { throw error(operand.span) }
        case .quantity(let y):
            try requireNonZero(Operand(value: y.magnitude, span: operand.span), else: error, role: role)
        case .real(let y):
            if y.sign(within: settings.budget) == nil {
                throw Diagnostic.undecidable(
                    "whether \(role) is zero", itIsWithin: settings.distanceText(.real(y)), at: operand.span)
            }
        case .truth:
            throw Diagnostic.expectedNumber(at: operand.span)
        case .calendar(let calendar):
            throw Value.expectedNumber(at: operand.span, found: calendar)
        }
    }

    // MARK: Powers

    /// A power of two exact rationals: exact when it can be (`(-8)^(1/3)` is -2), a root form
    /// otherwise (`2^(1/2)` is √2, `2^0.3` is ¹⁰√8).
    private func power(_ base: Number, _ exponent: Number, span: SourceSpan) throws(Diagnostic) -> Value {
        if base.isZero {
            if exponent.signum < 0 {
                throw Diagnostic.zeroToNegativePower(at: span)
            }
            return .number(exponent.isZero ? Number(1) : base)
        }
        if exponent.isZero { return .number(Number(1)) }
        var magnitudeLog10: Double { base.log10Magnitude * exponent.approximateDouble }
        if exponent.isInteger {
            guard let n = exponent.intValue else {
                if base.isInteger && base.magnitude.intValue == 1 {
                    let odd = !(exponent.bigIntegerValue?.isEven ?? true)
                    return .number(base.signum < 0 && odd ? Number(-1) : Number(1))
                }
                // |n| times the digits of the base's numerator or denominator, whichever is longer
                // (never 0: the base is not ±1): written as a power of ten, as it overflows a double.
                let baseDigits = Swift.max(base.numerator.log10Magnitude, base.denominator.log10Magnitude)
                throw settings.sizeError(log10OfDigits: exponent.log10Magnitude + log10(baseDigits), at: span)
            }
            // Both the numerator and the denominator grow |n| times. The result has at most |n|
            // times the base's digits, so when that is within the limit no logarithms are needed.
            if Double(base.decimalSize) * Double(n.magnitude) > Double(settings.maxDigits) {
                try settings.checkSize(
                    digits(
                        fromLog10: Double(n.magnitude)
                            * Swift.max(Swift.abs(base.numerator.log10Magnitude), base.denominator.log10Magnitude)),
                    at: span)
            }
            return .number(base.raised(to: n))
        }
        // A non-integer exponent p/q: a q-th root, exact when the root comes out exact.
        var negativeResult = false
        if base.signum < 0 {
            guard !exponent.denominator.isEven else {
                throw Diagnostic.negativeToFractionalPower(at: span)
            }
            negativeResult = !exponent.numerator.isEven
        }
        let magnitude = base.magnitude
        if magnitude == Number(1) { return .number(Number(negativeResult ? -1 : 1)) }
        // A base within a double's precision of 1 and a huge exponent make 0 × ∞: no estimate,
        // so the real power below, which bounds itself, decides.
        if !magnitudeLog10.isNaN { try checkPowerSize(magnitudeLog10, at: span) }
        if let q = exponent.denominator.intValue, q <= 1 << 20, let p = exponent.numerator.intValue,
            let root = magnitude.exactRoot(q)
        {
            try settings.checkSize(
                digits(
                    fromLog10: Double(p.magnitude)
                        * Swift.max(Swift.abs(root.numerator.log10Magnitude), root.denominator.log10Magnitude)),
                at: span)
            let result = root.raised(to: p)
            return .number(negativeResult ? -result : result)
        }
        let result = Real(magnitude).raisedPositive(to: Real(exponent))
        return try settings.checked(.from(negativeResult ? -result : result), at: span)
    }

    /// A power with a real base or exponent.
    private func realPower(_ lhs: Operand, _ rhs: Operand, span: SourceSpan) throws(Diagnostic) -> Value {
        let x = try lhs.value.real(at: lhs.span)
        let y = try rhs.value.real(at: rhs.span)
        if let k = y.rational, k.isInteger, let n = k.intValue, n.magnitude <= 1 << 20 {
            if n < 0 || n == 0 {
                if n == 0 { return .number(Number(1)) }
                try requireNonZero(lhs, else: Diagnostic.zeroToNegativePower, role: "the base")
            }
            return try settings.checked(.from(x.raised(to: n)), at: span)
        }
        guard let sign = x.sign(within: settings.budget) else {
            throw Diagnostic.undecidable(
                "the sign of the base", itIsWithin: settings.distanceText(.real(x)), at: lhs.span)
        }
        if sign > 0 { return try settings.checked(.from(x.raisedPositive(to: y)), at: span) }
        if sign == 0 {
            guard let exponentSign = y.sign(within: settings.budget) else {
                throw Diagnostic.undecidable(
                    "the sign of the exponent", itIsWithin: settings.distanceText(.real(y)), at: rhs.span)
            }
            if exponentSign < 0 {
                throw Diagnostic.zeroToNegativePower(at: span)
            }
            return .number(Number(0))
        }
        // A negative base: only an exact exponent with an odd denominator has a real power.
        guard let q = y.rational, !q.denominator.isEven else {
            throw Diagnostic.negativeToFractionalPower(at: span)
        }
        let magnitude = (-x).raisedPositive(to: y)
        return try settings.checked(.from(q.numerator.isEven ? magnitude : -magnitude), at: span)
    }

    /// Fails when a power's result would be far beyond what any precision can hold.
    private func checkPowerSize(_ magnitudeLog10: Double, at span: SourceSpan) throws(Diagnostic) {
        try settings.checkSize(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
    }

}

extension EvaluationSettings {
    /// The operand as a real when it is a number that is not an integer, nor a negative
    /// integer once 1 is added (a pole of Γ(x + 1)); nil for an integer (or another kind of
    /// value), which the factorial of integers handles.
    func nonIntegerReal(_ value: Value, at span: SourceSpan) throws(Diagnostic) -> Real? {
        switch value.kind {
        case .number(let x): return x.isInteger ? nil : Real(x)
        case .real(let x):
            // Sized before deciding, as `integer(_:at:purpose:)` does: `sinh(10^14)!` would build
            // an integer of 43 trillion digits.
            try checkIntegerSize(of: x, scaledBy: 0, at: span)
            return x.isInteger(within: budget) == false ? x : nil
        default: return nil
        }
    }

    /// n! or n!! of an exact integer, its size checked first.
    func factorial(of value: Number, operandSpan: SourceSpan, span: SourceSpan, double: Bool = false)
        throws(Diagnostic) -> Number
    {
        let name = double ? "the double factorial" : "factorial"
        guard value.signum >= 0 else {
            throw Diagnostic.factorialOfNonNatural(name, briefly(value), at: operandSpan)
        }
        guard let n = value.intValue, n <= 1 << 40 else {
            throw Diagnostic.factorialTooLarge(
                briefly(value), mark: double ? "!!" : "!", maxDigits: maxDigits, at: span)
        }
        // log10(n!) = lgamma(n + 1) / ln 10; n!! is at most sqrt(n! · (n + 1)).
        let log10Factorial = lgamma(Double(n) + 1) / 2.302585092994046
        let log10Result = double ? (log10Factorial + log10(Double(n) + 1)) / 2 : log10Factorial
        try checkSize(TallyCore.digits(fromLog10: log10Result), at: span)
        return Number(double ? BigInteger.doubleFactorial(UInt(n)) : BigInteger.factorial(UInt(n)))
    }
}

/// Arithmetic on values: exact on two rationals, real otherwise.
extension Value {
    static func + (lhs: Value, rhs: Value) -> Value { combine(lhs, rhs, { $0 + $1 }, { $0 + $1 }) }
    static func - (lhs: Value, rhs: Value) -> Value { combine(lhs, rhs, { $0 - $1 }, { $0 - $1 }) }
    static func * (lhs: Value, rhs: Value) -> Value { combine(lhs, rhs, { $0 * $1 }, { $0 * $1 }) }
    /// The divisor is not zero.
    static func / (lhs: Value, rhs: Value) -> Value { combine(lhs, rhs, { $0 / $1 }, { $0 / $1 }) }

    private static func combine(
        _ lhs: Value, _ rhs: Value, _ exact: (Number, Number) -> Number, _ real: (Real, Real) -> Real
    ) -> Value {
        switch (lhs.kind, rhs.kind) {
        case (.number(let x), .number(let y)): return .number(exact(x, y))
        case (.number(let x), .real(let y)): return .from(real(Real(x), y))
        case (.real(let x), .number(let y)): return .from(real(x, Real(y)))
        case (.real(let x), .real(let y)): return .from(real(x, y))
        case (.quantity, _), (_, .quantity):
            preconditionFailure("quantities are combined by the evaluator's quantity arithmetic")
        case (.truth, _), (_, .truth): preconditionFailure("arithmetic on a truth value: operands are checked first")
        case (.calendar, _), (_, .calendar):
            preconditionFailure("dates are combined by the evaluator's calendar arithmetic")
        }
    }
}
