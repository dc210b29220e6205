import Glibc

/// What each operator computes, with its size checks and errors. Errors about an operand point
/// at the operand (the divisor of a division by zero); size errors at the operator or the whole
/// operation.
extension Evaluator {
    func apply(_ operation: PrefixOperator, _ operand: Value, operandSpan: SourceSpan) throws(Diagnostic) -> Value {
        let x = try operand.number(at: operandSpan)
        switch operation {
        case .negate: return .number(-x)
        case .plus: return .number(x)
        }
    }

    func apply(_ operation: PostfixOperator, _ operand: Value, operandSpan: SourceSpan, span: SourceSpan)
        throws(Diagnostic) -> Value
    {
        let x = try operand.number(at: operandSpan)
        switch operation {
        case .factorial: return .number(try factorial(of: x, operandSpan: operandSpan, span: span))
        }
    }

    func apply(_ operation: BinaryOperator, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan)
        throws(Diagnostic) -> Value
    {
        let x = try lhs.value.number(at: lhs.span)
        let y = try rhs.value.number(at: rhs.span)
        switch operation {
        case .add, .subtract:
            if !(x.isInteger && y.isInteger) {
                try settings.checkCombinedSize(x, y, at: operatorSpan)
            }
            return .number(settings.settled(operation == .add ? x + y : x - y))
        case .multiply:
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            return .number(settings.settled(x * y))
        case .divide:
            if y.isZero { throw Diagnostic(.divisionByZero, "division by zero", at: rhs.span) }
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            return .number(settings.settled(x / y))
        case .floorDivide:
            if y.isZero { throw Diagnostic(.divisionByZero, "division by zero", at: rhs.span) }
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            return .number(x.flooredQuotient(dividingBy: y))
        case .modulo:
            if y.isZero { throw Diagnostic(.moduloByZero, "modulo by zero", at: rhs.span) }
            try settings.checkCombinedSize(x, y, at: operatorSpan)
            return .number(settings.settled(x.flooredRemainder(dividingBy: y)))
        case .power:
            return .number(try power(x, y, span: lhs.span.union(rhs.span)))
        }
    }

    private func factorial(of value: Number, operandSpan: SourceSpan, span: SourceSpan) throws(Diagnostic) -> Number {
        guard value.isExact, value.isInteger, value.signum >= 0 else {
            throw Diagnostic(
                .notAnInteger, "factorial needs a non-negative integer, got \(settings.briefly(value))", at: operandSpan)
        }
        guard let n = value.intValue, n <= 1 << 40 else {
            throw Diagnostic(
                .resultTooLarge,
                "result would be astronomically large: \(settings.briefly(value))! is far beyond the limit of \(grouped(settings.maxDigits)) digits",
                at: span)
        }
        // log10(n!) = lgamma(n + 1) / ln 10
        try settings.checkSize(digits(fromLog10: lgamma(Double(n) + 1) / 2.302585092994046), at: span)
        return Number(BigInteger.factorial(UInt(n)))
    }

    private func power(_ base: Number, _ exponent: Number, span: SourceSpan) throws(Diagnostic) -> Number {
        if base.isZero {
            if exponent.signum < 0 {
                throw Diagnostic(.zeroToNegativePower, "zero cannot be raised to a negative power", at: span)
            }
            return exponent.isZero ? Number(1).withExactness(exponent.isExact) : base
        }
        if exponent.isZero { return Number(1).withExactness(exponent.isExact) }
        var magnitudeLog10: Double { base.log10Magnitude * exponent.approximateDouble }
        if exponent.isInteger && exponent.isExact {
            guard let n = exponent.intValue else {
                if base.isExact && base.isInteger && base.magnitude.intValue == 1 {
                    let odd = !(exponent.bigIntegerValue?.isEven ?? true)
                    return base.signum < 0 && odd ? Number(-1) : Number(1)
                }
                throw settings.sizeError(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
            }
            if base.isExact {
                // Both the numerator and the denominator grow |n| times. The result has at most
                // |n| times the base's digits, so when that is within the limit no logarithms
                // are needed.
                if Double(base.decimalSize) * Double(n.magnitude) > Double(settings.maxDigits) {
                    try settings.checkSize(
                        digits(
                            fromLog10: Double(n.magnitude)
                                * Swift.max(Swift.abs(base.numerator.log10Magnitude), base.denominator.log10Magnitude)),
                        at: span)
                }
                return base.raised(to: n)
            }
            try settings.checkSize(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
            if n.magnitude <= 64 { return settings.settled(base.raised(to: n)) }
            let result = base.magnitude.approximatePower(exponent, bits: settings.precisionBits)
            return base.signum < 0 && n % 2 != 0 ? -result : result
        }
        // A non-integer exponent: a root, exact when the root comes out exact.
        var negativeResult = false
        if base.signum < 0 {
            let denominatorIsOdd = exponent.isExact && !exponent.denominator.isEven
            guard denominatorIsOdd else {
                throw Diagnostic(
                    .noRealValue,
                    "a negative number to this power has no real value (that needs an exponent with an odd denominator, like 1/3)",
                    at: span)
            }
            negativeResult = !exponent.numerator.isEven
        }
        try settings.checkSize(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
        let magnitude = base.magnitude
        if base.isExact && exponent.isExact, let q = exponent.denominator.intValue, q <= 1 << 20,
            let p = exponent.numerator.intValue, let root = magnitude.exactRoot(q)
        {
            try settings.checkSize(
                digits(
                    fromLog10: Double(p.magnitude)
                        * Swift.max(Swift.abs(root.numerator.log10Magnitude), root.denominator.log10Magnitude)),
                at: span)
            let result = root.raised(to: p)
            return negativeResult ? -result : result
        }
        let result = magnitude.approximatePower(exponent, bits: settings.precisionBits)
        return negativeResult ? -result : result
    }
}
