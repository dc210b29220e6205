import TallyDiagnostics

/// The integer operators: bits with Python's rules and `a^b % m` by modular exponentiation.
extension Evaluator {
    /// `x op y` for the bit operators; both must be integers.
    func bitwise(
        _ operation: BinaryOperator, _ x: Number, _ y: Number, leftSpan: SourceSpan, rightSpan: SourceSpan,
        operatorSpan: SourceSpan
    ) throws(Diagnostic) -> Number {
        // The purpose is an autoclosure: its text is made only when an operand is no integer.
        let a = try settings.integer(
            .number(x), at: leftSpan, purpose: Diagnostic.integersNeeded(by: "'\(operation.rawValue)'"))
        let b = try settings.integer(
            .number(y), at: rightSpan, purpose: Diagnostic.integersNeeded(by: "'\(operation.rawValue)'"))
        try settings.chargeWork(a, b, at: operatorSpan)
        if let p = a.intValue, let q = b.intValue {
            switch operation {
            case .bitAnd: return Number(p & q)
            case .bitOr: return Number(p | q)
            case .bitXor: return Number(p ^ q)
            default: break
            }
        }
        switch operation {
        case .bitAnd: return Number(a.bigIntegerValue! & b.bigIntegerValue!)
        case .bitOr: return Number(a.bigIntegerValue! | b.bigIntegerValue!)
        case .bitXor: return Number(a.bigIntegerValue! ^ b.bigIntegerValue!)
        case .shiftLeft, .shiftRight:
            if b.signum < 0 {
                throw Diagnostic.negativeShift(at: rightSpan)
            }
            if a.isZero { return a }
            guard let count = b.intValue else {
                if operation == .shiftRight { return Number(a.signum < 0 ? -1 : 0) }
                throw settings.sizeError(.infinity, at: operatorSpan)
            }
            if operation == .shiftRight {
                if let p = a.intValue { return Number(count >= Int.bitWidth ? (p < 0 ? -1 : 0) : p >> count) }
                return Number(a.bigIntegerValue!.shifted(by: -count))
            }
            try settings.checkSize(Double(a.decimalSize) + Double(count) * 0.30103, at: operatorSpan)
            return Number(a.bigIntegerValue!.shifted(by: count))
        default:
            preconditionFailure("not a bit operator: \(operation)")
        }
    }

    /// `a^b % m` (also `a^b mod m`): by modular exponentiation when `a` and `b ≥ 0` are
    /// integers and `m` a non-zero integer, so `2^(10^18) % (10^9+7)` never builds `2^(10^18)`;
    /// otherwise the power, then the remainder. The result takes the sign of `m` (floored).
    func powerModulo(
        _ base: Operand, _ exponent: Operand, _ modulus: Operand, powerSpan: SourceSpan, operatorSpan: SourceSpan
    )
        throws(Diagnostic) -> Value
    {
        if case .number(let a) = base.value.kind, case .number(let b) = exponent.value.kind,
            case .number(let m) = modulus.value.kind, a.isInteger, b.isInteger, m.isInteger, b.signum >= 0
        {
            if m.isZero { throw Diagnostic.moduloByZero(at: modulus.span) }
            try settings.chargeModularPower(exponent: b, modulus: m, at: operatorSpan)
            guard let power = Evaluator.power(a, b, modulo: m) else { throw settings.workStopped(at: operatorSpan) }
            return .number(power)
        }
        let powerOperands = base.span.union(exponent.span)
        let power = Operand(
            value: try applyAny(.power, base, exponent, operatorSpan: powerSpan), span: powerOperands)
        return try applyAny(.modulo, power, modulus, operatorSpan: operatorSpan)
    }

    /// `lhs op rhs` whatever the kinds of the operands.
    private func applyAny(_ operation: BinaryOperator, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan)
        throws(Diagnostic) -> Value
    {
        if case .number(let x) = lhs.value.kind, case .number(let y) = rhs.value.kind {
            return try apply(
                operation, x, y, leftSpan: lhs.span, rightSpan: rhs.span, operatorSpan: operatorSpan,
                span: lhs.span.union(rhs.span))
        }
        return try applyReal(operation, lhs, rhs, operatorSpan: operatorSpan)
    }

    /// `a^b mod m` for integers, `b ≥ 0`, `m ≠ 0`, with the sign of `m`: machine words when
    /// everything fits, GMP's `mpz_powm` otherwise, in steps that Ctrl-C can stop (nil).
    static func power(_ a: Number, _ b: Number, modulo m: Number) -> Number? {
        // Everything in unsigned machine words, the everyday case (64-bit values up to 2^64-1):
        // no GMP objects for operands, base or result.
        if let base = a.uintValue, let exponent = b.uintValue, let modulus = m.uintValue, modulus > 0 {
            return Number(modularPower(base % modulus, exponent, modulus))
        }
        let modulusMagnitude = m.magnitude
        var result: Number
        if let modulus = modulusMagnitude.intValue, let exponent = b.intValue {
            let base = a.flooredRemainder(dividingBy: modulusMagnitude).intValue!
            result = Number(Int(modularPower(UInt(base), UInt(exponent), UInt(modulus))))
        } else {
            let modulus = modulusMagnitude.bigIntegerValue!
            let base = a.bigIntegerValue!.flooredDivision(by: modulus).remainder
            guard let power = base.power(b.bigIntegerValue!, modulo: modulus, stoppingWhen: { LineWork.isInterrupted })
            else { return nil }
            result = Number(power)
        }
        if m.signum < 0 && !result.isZero { result = result + m }
        return result
    }
}

/// `base^exponent mod modulus` in machine words (`modulus` > 0): square and multiply, in
/// Montgomery form for an odd modulus, with remainders of full-width products for an even one.
func modularPower(_ base: UInt, _ exponent: UInt, _ modulus: UInt) -> UInt {
    if modulus == 1 { return 0 }
    if modulus & 1 == 1 { return Montgomery(modulus: modulus).power(base, exponent) }
    var result: UInt = 1
    var factor = base
    var remaining = exponent
    @inline(__always) func multiply(_ x: UInt, _ y: UInt) -> UInt {
        let product = x.multipliedFullWidth(by: y)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }
    while remaining > 0 {
        if remaining & 1 == 1 { result = multiply(result, factor) }
        remaining >>= 1
        if remaining > 0 { factor = multiply(factor, factor) }
    }
    return result
}
