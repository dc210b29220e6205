import Glibc
import TallyDiagnostics

/// The size checks every operation and built-in makes before computing, and the shared pieces of
/// their messages. A result over `maxdigits` digits is an error found before the work starts.
extension EvaluationSettings {
    /// Fails when a result of about `estimatedDigits` digits would exceed `maxdigits`, or when
    /// handling them would take the line's work past `maxwork`.
    @inline(__always)
    func checkSize(_ estimatedDigits: Double, at span: SourceSpan) throws(Diagnostic) {
        if !(estimatedDigits <= Double(maxDigits)) {
            throw sizeError(estimatedDigits, at: span)
        }
        try chargeWork(estimatedDigits, at: span)
    }

    /// Counts `steps` of work for the line (``LineWork``) before they are taken; fails at the
    /// operation that would cross `maxwork`, or when Ctrl-C has been pressed.
    @inline(__always)
    func chargeWork(_ steps: Double, at span: SourceSpan) throws(Diagnostic) {
        if !LineWork.charge(steps) { throw workStopped(at: span) }
    }

    /// Why the line's work stopped, at `span`: Ctrl-C, or the budget.
    func workStopped(at span: SourceSpan) -> Diagnostic {
        if LineWork.isInterrupted { return Diagnostic.interrupted(at: span) }
        return Diagnostic.lineWorkExceeded(maxWork: maxWork, at: span)
    }

    /// The work check for `a^b mod m` (integers), before it starts: about 1.2 products modulo
    /// `m` per bit of `b`. Machine words cost too little to count.
    @inline(__always)
    func chargeModularPower(exponent b: Number, modulus m: Number, at span: SourceSpan) throws(Diagnostic) {
        if b.isMachineWord && m.isMachineWord { return }
        try chargeWork(
            WorkCost.modularPower(exponentBits: Double(b.decimalSize) * 3.33, modulusDigits: Double(m.decimalSize)),
            at: span)
    }

    /// The work check for an integer addition or subtraction, which has no size limit of its
    /// own (its result is at most a digit longer than its operands).
    @inline(__always)
    func chargeWork(_ lhs: Number, _ rhs: Number, at span: SourceSpan) throws(Diagnostic) {
        if lhs.isMachineWord && rhs.isMachineWord { return }
        try chargeWork(Double(lhs.decimalSize + rhs.decimalSize), at: span)
    }

    /// The size check for an operation whose result has at most as many digits as both operands
    /// together. Two machine-word operands have at most 38, which any limit of 40 or more allows.
    @inline(__always)
    func checkCombinedSize(_ lhs: Number, _ rhs: Number, at span: SourceSpan) throws(Diagnostic) {
        if lhs.isMachineWord && rhs.isMachineWord && maxDigits >= 40 { return }
        try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: span)
    }

    func sizeError(_ estimatedDigits: Double, at span: SourceSpan) -> Diagnostic {
        // Rounded up, so that a count just past the limit never reads as the limit itself.
        sizeError(counted: roughCount(estimatedDigits.rounded(.up)), at: span)
    }

    /// The size error for a result of 10^`log10OfDigits` digits, a count that may overflow a
    /// double.
    func sizeError(log10OfDigits: Double, at span: SourceSpan) -> Diagnostic {
        if log10OfDigits < 17 { return sizeError(Glibc.pow(10, log10OfDigits), at: span) }
        return sizeError(counted: "10^\(Int(log10OfDigits))", at: span)
    }

    /// The size error for a result of `count` digits, written as given (`1,000,001`).
    func sizeError(counted count: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic.tooManyDigits(count, maxDigits: maxDigits, at: span)
    }

    /// A value as a message quotes it: rounded to the shown digits, and an integer of more
    /// digits than that in scientific notation (`(((3!)!)!)!` would otherwise quote 720! in full).
    func briefly(_ value: Value) -> String {
        switch value.kind {
        case .number(let number):
            if number.isInteger && number.decimalSize > digits {
                // Written as an approximation so that it takes scientific notation.
                return Real(number).formatted(significantDigits: digits, within: budget).text
            }
            // A rounded rational is marked, so that `asin(1 + 1e-30)` does not seem to quote 1.
            let formatted = number.formatted(significantDigits: digits)
            return (formatted.isRounded ? "≈ " : "") + formatted.text
        case .real(let real):
            return "≈ " + real.formatted(significantDigits: digits, within: budget).text
        case .quantity(let quantity):
            return briefly(quantity.magnitude) + " " + quantity.unit.text
        case .truth(let value):
            return value ? "true" : "false"
        case .calendar(let calendar):
            return calendar.text
        }
    }

    /// A value as a message quotes it; see ``briefly(_:)-(Value)``.
    func briefly(_ number: Number) -> String {
        briefly(.number(number))
    }
}

/// The number of digits of an integer whose log10 is `log10` (floor + 1).
func digits(fromLog10 log10: Double) -> Double {
    log10.rounded(.down) + 1
}

/// 10^exponent for 0...18 (a table: every decimal literal asks for one).
@inline(__always)
func powerOfTen(_ exponent: Int) -> Int {
    powersOfTen[exponent]
}

private let powersOfTen: [Int] = {
    var powers = [1]
    for _ in 1...18 { powers.append(powers[powers.count - 1] * 10) }
    return powers
}()

/// 1234567 → "1,234,567".
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return value < 0 ? "-" + result : result
}

/// A digit count for messages: grouped when it fits a machine word, else in powers of ten.
func roughCount(_ digits: Double) -> String {
    if digits < 1e18 { return grouped(Int(digits.rounded())) }
    // Infinite, or NaN from an estimate such as 0 × ∞: never convert those to an integer.
    if !digits.isFinite { return "infinitely many" }
    return "10^\(Int(log10(digits)))"
}
