import Glibc

/// What a statement did.
public enum StatementResult: Sendable {
    /// A blank or comment-only line.
    case nothing
    /// An expression's value (also stored in `ans`).
    case value(Number)
    /// An assignment: the variable and its new value.
    case assigned(name: String, value: Number)
}

/// Evaluates statements against variables and settings. Runtime errors point at the
/// subexpression that caused them; sizes are checked against `maxdigits` before computing.
public struct Evaluator: Sendable {
    /// User variables, by name.
    public private(set) var variables: [String: Number] = [:]
    /// The last expression result.
    public private(set) var lastResult: Number?
    public var settings: EvaluationSettings

    /// Names that cannot be assigned: functions, command words and `ans`.
    public static let reservedWords: Set<String> = Set(
        Functions.names + ["ans", "help", "bmi", "habit", "set", "vars", "exit", "quit"])

    public init(settings: EvaluationSettings = EvaluationSettings()) {
        self.settings = settings
    }

    /// Parses and runs one line of the expression language.
    public mutating func run(line: String, startingAt offset: Int = 0) throws(Diagnostic) -> StatementResult {
        try run(Parser.parseStatement(line, startingAt: offset))
    }

    /// The value of the expression in `span` of `line` (for commands whose arguments may be
    /// expressions, such as `bmi (170+5) w`).
    public func evaluate(line: String, in span: SourceSpan) throws(Diagnostic) -> Number {
        try evaluate(Parser.parseExpression(line, in: span))
    }

    /// Runs a parsed statement.
    public mutating func run(_ statement: consuming Statement) throws(Diagnostic) -> StatementResult {
        switch consume statement {
        case .empty:
            return .nothing
        case .expression(let expression):
            let value = try evaluate(expression)
            lastResult = value
            return .value(value)
        case .assignment(let name, let nameSpan, let expression):
            if Evaluator.reservedWords.contains(name) {
                let what =
                    Functions.isBuiltIn(name)
                    ? "a built-in function" : (name == "ans" ? "the last result" : "a command")
                throw Diagnostic("cannot assign to '\(name)': it is \(what)", at: nameSpan)
            }
            let value = try evaluate(expression)
            variables[name] = value
            return .assigned(name: name, value: value)
        }
    }

    /// Sets `ans` (used by commands such as `bmi` whose result is a number).
    public mutating func recordResult(_ value: Number) {
        lastResult = value
    }

    // MARK: Expressions

    /// A value on the evaluation stack, with the source it came from.
    private struct Operand {
        var value: Number
        var span: SourceSpan
    }

    /// A stack of operands in borrowed memory; whoever creates it calls `removeAll()`.
    private struct OperandStack {
        let storage: UnsafeMutableBufferPointer<Operand>
        var count = 0

        mutating func append(_ operand: Operand) {
            (storage.baseAddress! + count).initialize(to: operand)
            count += 1
        }

        mutating func removeLast() -> Operand {
            count -= 1
            return (storage.baseAddress! + count).move()
        }

        /// The top `n` operands, bottom first.
        mutating func removeLast(_ n: Int) -> [Operand] {
            count -= n
            return (0..<n).map { (storage.baseAddress! + count + $0).move() }
        }

        mutating func setTopSpan(_ span: SourceSpan) {
            storage[count - 1].span = span
        }

        mutating func removeAll() {
            if count > 0 { storage.baseAddress!.deinitialize(count: count) }
            count = 0
        }
    }

    /// The value of an expression: runs its postfix code on a stack of values and their spans.
    public func evaluate(_ code: Code) throws(Diagnostic) -> Number {
        // The stack never holds more values than there are instructions; it lives in scratch
        // space on the machine stack (the heap only for very long lines).
        try withUnsafeTemporaryAllocation(of: Operand.self, capacity: code.instructions.count) {
            buffer throws(Diagnostic) -> Number in
            var stack = OperandStack(storage: buffer)
            defer { stack.removeAll() }
            try run(code, on: &stack)
            return stack.removeLast().value
        }
    }

    private func run(_ code: Code, on stack: inout OperandStack) throws(Diagnostic) {
        for instruction in code.instructions {
            switch instruction {
            case .integer(let value, let span):
                stack.append(Operand(value: Number(value), span: span))
            case .smallDecimal(let significand, let exponent, let span):
                stack.append(
                    Operand(value: Number(numerator: significand, denominator: powerOfTen(-exponent)), span: span))
            case .literal(let index, let span):
                stack.append(Operand(value: try value(of: code.literals[index], at: span), span: span))
            case .variable(let index, let span):
                stack.append(Operand(value: try lookUp(code.names[index], at: span), span: span))
            case .group(let span):
                stack.setTopSpan(span)
            case .prefix(let operation, let operatorSpan):
                let operand = stack.removeLast()
                let value = operation == .negate ? -operand.value : operand.value
                stack.append(Operand(value: value, span: operatorSpan.union(operand.span)))
            case .factorial(let operatorSpan):
                let operand = stack.removeLast()
                let value = try factorial(of: operand.value, operandSpan: operand.span, operatorSpan: operatorSpan)
                stack.append(Operand(value: value, span: operand.span.union(operatorSpan)))
            case .power:
                let exponent = stack.removeLast()
                let base = stack.removeLast()
                let span = base.span.union(exponent.span)
                let value = try power(base.value, exponent.value, span: span)
                // A non-integer power is a series that gives up early on Ctrl-C: never show its
                // unfinished value.
                try Interruption.check(at: span)
                stack.append(Operand(value: value, span: span))
            case .infix(let operation, let operatorSpan):
                try Interruption.check(at: operatorSpan)
                let rhs = stack.removeLast()
                let lhs = stack.removeLast()
                let value = try apply(
                    operation, lhs.value, rhs.value, operatorSpan: operatorSpan, divisorSpan: rhs.span)
                stack.append(Operand(value: value, span: lhs.span.union(rhs.span)))
            case .checkCall(let index):
                try check(code.calls[index])
            case .call(let index):
                let site = code.calls[index]
                var values: [Number] = []
                var spans: [SourceSpan] = []
                values.reserveCapacity(site.argumentCount)
                spans.reserveCapacity(site.argumentCount)
                for operand in stack.removeLast(site.argumentCount) {
                    values.append(operand.value)
                    spans.append(operand.span)
                }
                let value = try call(site, values: values, spans: spans)
                stack.append(Operand(value: value, span: site.span))
            }
        }
    }

    private func lookUp(_ name: String, at span: SourceSpan) throws(Diagnostic) -> Number {
        if let value = variables[name] { return value }
        let shown = TerminalSafeText.excerpt(name)
        if name == "ans" {
            if let lastResult { return lastResult }
            throw Diagnostic("'ans' has no value yet: it holds the last result", at: span)
        }
        if Functions.isBuiltIn(name) {
            throw Diagnostic("'\(name)' is a function: call it as \(name)(…)", at: span)
        }
        let candidates = Array(variables.keys).sorted() + Functions.names + (lastResult == nil ? [] : ["ans"])
        if let suggestion = Suggestion.nearest(to: name, in: candidates) {
            throw Diagnostic("unknown name '\(shown)'; did you mean '\(suggestion)'?", at: span)
        }
        throw Diagnostic("unknown name '\(shown)'", at: span)
    }

    /// Rounds approximate values to the working precision so they stay small.
    private func settled(_ value: Number) -> Number {
        value.isExact ? value : value.roundedToSignificantBits(settings.precisionBits)
    }

    private func checkSize(_ estimatedDigits: Double, at span: SourceSpan) throws(Diagnostic) {
        if !(estimatedDigits <= Double(settings.maxDigits)) {
            throw sizeError(estimatedDigits, at: span)
        }
    }

    /// The size check for an operation whose result has at most as many digits as both operands
    /// together. Two machine-word operands have at most 38, which any limit of 40 or more allows.
    @inline(__always)
    private func checkCombinedSize(_ lhs: Number, _ rhs: Number, at span: SourceSpan) throws(Diagnostic) {
        if lhs.isMachineWord && rhs.isMachineWord && settings.maxDigits >= 40 { return }
        try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: span)
    }

    // MARK: Literals

    private func value(of literal: NumberLiteral, at span: SourceSpan) throws(Diagnostic) -> Number {
        switch literal {
        case .digits(let text, let radix):
            try checkSize(Double(text.utf8.count) * log10(Double(radix)), at: span)
            guard let value = BigInteger(text, radix: radix) else {
                throw Diagnostic("malformed number", at: span)
            }
            return Number(value)
        case .decimal(let significand, let exponent):
            let digitCount = significand.utf8.count
            try checkSize(Double(digitCount) + Double(Swift.max(exponent, 0)), at: span)
            try checkSize(Double(-exponent), at: span)
            if digitCount <= 18, let small = Int(significand), (-18...0).contains(exponent) {
                return Number(numerator: small, denominator: powerOfTen(-exponent))
            }
            guard let mantissa = BigInteger(significand) else { throw Diagnostic("malformed number", at: span) }
            let scale = BigInteger.power(10, UInt(exponent.magnitude))
            return exponent >= 0 ? Number(mantissa * scale) : Number(numerator: mantissa, denominator: scale)
        }
    }

    // MARK: Operators

    private func apply(
        _ operation: InfixOperator, _ lhs: Number, _ rhs: Number, operatorSpan: SourceSpan, divisorSpan span: SourceSpan
    ) throws(Diagnostic) -> Number {
        switch operation {
        case .add, .subtract:
            if !(lhs.isInteger && rhs.isInteger) {
                try checkCombinedSize(lhs, rhs, at: operatorSpan)
            }
            return settled(operation == .add ? lhs + rhs : lhs - rhs)
        case .multiply:
            try checkCombinedSize(lhs, rhs, at: operatorSpan)
            return settled(lhs * rhs)
        case .divide:
            if rhs.isZero { throw Diagnostic("division by zero", at: span) }
            try checkCombinedSize(lhs, rhs, at: operatorSpan)
            return settled(lhs / rhs)
        case .floorDivide:
            if rhs.isZero { throw Diagnostic("division by zero", at: span) }
            try checkCombinedSize(lhs, rhs, at: operatorSpan)
            return lhs.flooredQuotient(dividingBy: rhs)
        case .modulo:
            if rhs.isZero { throw Diagnostic("modulo by zero", at: span) }
            try checkCombinedSize(lhs, rhs, at: operatorSpan)
            return settled(lhs.flooredRemainder(dividingBy: rhs))
        }
    }

    private func factorial(of value: Number, operandSpan: SourceSpan, operatorSpan: SourceSpan) throws(Diagnostic)
        -> Number
    {
        guard value.isExact, value.isInteger, value.signum >= 0 else {
            throw Diagnostic("factorial needs a non-negative integer, got \(briefly(value))", at: operandSpan)
        }
        guard let n = value.intValue, n <= 1 << 40 else {
            throw Diagnostic(
                "result would be astronomically large: \(briefly(value))! is far beyond the limit of \(grouped(settings.maxDigits)) digits",
                at: operandSpan.union(operatorSpan))
        }
        // log10(n!) = lgamma(n + 1) / ln 10
        try checkSize(digits(fromLog10: lgamma(Double(n) + 1) / 2.302585092994046), at: operandSpan.union(operatorSpan))
        return Number(BigInteger.factorial(UInt(n)))
    }

    private func power(_ base: Number, _ exponent: Number, span: SourceSpan) throws(Diagnostic) -> Number {
        if base.isZero {
            if exponent.signum < 0 { throw Diagnostic("zero cannot be raised to a negative power", at: span) }
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
                throw sizeError(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
            }
            if base.isExact {
                // Both the numerator and the denominator grow |n| times. The result has at most
                // |n| times the base's digits, so when that is within the limit no logarithms
                // are needed.
                if Double(base.decimalSize) * Double(n.magnitude) > Double(settings.maxDigits) {
                    try checkSize(
                        digits(
                            fromLog10: Double(n.magnitude)
                                * Swift.max(Swift.abs(base.numerator.log10Magnitude), base.denominator.log10Magnitude)),
                        at: span)
                }
                return base.raised(to: n)
            }
            try checkSize(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
            if n.magnitude <= 64 { return settled(base.raised(to: n)) }
            let result = base.magnitude.approximatePower(exponent, bits: settings.precisionBits)
            return base.signum < 0 && n % 2 != 0 ? -result : result
        }
        // A non-integer exponent: a root, exact when the root comes out exact.
        var negativeResult = false
        if base.signum < 0 {
            let denominatorIsOdd = exponent.isExact && !exponent.denominator.isEven
            guard denominatorIsOdd else {
                throw Diagnostic(
                    "a negative number to this power has no real value (that needs an exponent with an odd denominator, like 1/3)",
                    at: span)
            }
            negativeResult = !exponent.numerator.isEven
        }
        try checkSize(digits(fromLog10: Swift.abs(magnitudeLog10)), at: span)
        let magnitude = base.magnitude
        if base.isExact && exponent.isExact, let q = exponent.denominator.intValue, q <= 1 << 20,
            let p = exponent.numerator.intValue, let root = magnitude.exactRoot(q)
        {
            try checkSize(
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

    /// A value as a message quotes it: rounded to the shown digits, and an integer of more
    /// digits than that in scientific notation (`3!!!!` would otherwise quote 720! in full).
    private func briefly(_ value: Number) -> String {
        value.withExactness(false).formatted(significantDigits: settings.digits).text
    }

    private func sizeError(_ estimatedDigits: Double, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            "result would have about \(roughCount(estimatedDigits)) digits, more than the limit of \(grouped(settings.maxDigits)) (set maxdigits N)",
            at: span)
    }

    // MARK: Functions

    /// Fails unless the call names a function and passes it an acceptable number of arguments.
    private func check(_ site: CallSite) throws(Diagnostic) {
        let name = site.name
        guard let signature = Functions.signature(of: name) else {
            let shown = TerminalSafeText.excerpt(name)
            if variables[name] != nil || name == "ans" {
                throw Diagnostic(
                    "missing operator between '\(shown)' and '(': '\(shown)' is a variable, not a function",
                    at: SourceSpan(at: site.nameSpan.end))
            }
            if let suggestion = Suggestion.nearest(to: name, in: Functions.names) {
                throw Diagnostic("unknown function '\(shown)'; did you mean '\(suggestion)'?", at: site.nameSpan)
            }
            throw Diagnostic("unknown function '\(shown)' (see 'help functions')", at: site.nameSpan)
        }
        guard signature.arity.accepts(site.argumentCount) else {
            let got = site.argumentCount == 1 ? "1 was given" : "\(site.argumentCount) were given"
            throw Diagnostic("\(name) takes \(signature.arity.description), but \(got)", at: site.span)
        }
    }

    /// Applies a checked call to its evaluated arguments.
    private func call(_ site: CallSite, values: [Number], spans: [SourceSpan]) throws(Diagnostic) -> Number {
        let name = site.name
        let span = site.span
        switch name {
        case "abs":
            return values[0].magnitude
        case "sqrt":
            if values[0].signum < 0 { throw Diagnostic("square root of a negative number", at: spans[0]) }
            return root(values[0], 2)
        case "cbrt":
            return root(values[0], 3)
        case "root":
            let n = try positiveInteger(values[1], at: spans[1], what: "the root's degree")
            if n % 2 == 0 && values[0].signum < 0 {
                throw Diagnostic("even root of a negative number", at: spans[0])
            }
            return root(values[0], n)
        case "round":
            var places = 0
            if values.count == 2 {
                guard values[1].isInteger, let p = values[1].intValue, p.magnitude <= UInt(settings.maxDigits) else {
                    throw Diagnostic(
                        "round's places must be an integer within ±\(grouped(settings.maxDigits))", at: spans[1])
                }
                places = p
            }
            try checkSize(Double(values[0].decimalSize + Swift.max(places, 0)), at: span)
            return values[0].rounded(toPlaces: places)
        case "floor":
            return values[0].floor
        case "ceil":
            return values[0].ceiling
        case "trunc":
            return values[0].truncated
        case "min", "max":
            var best = values[0]
            for value in values.dropFirst() {
                let order = Number.compare(value, best)
                if (name == "min" && order < 0) || (name == "max" && order > 0) { best = value }
            }
            return best
        case "gcd", "lcm":
            var integers: [BigInteger] = []
            for (value, argumentSpan) in zip(values, spans) {
                guard value.isExact, let integer = value.bigIntegerValue else {
                    throw Diagnostic("\(name) needs integers", at: argumentSpan)
                }
                integers.append(integer)
            }
            if name == "lcm" {
                try checkSize(Double(values.reduce(0) { $0 + $1.decimalSize }), at: span)
            }
            var result = integers[0].magnitude
            for integer in integers.dropFirst() {
                result = name == "gcd" ? BigInteger.gcd(result, integer) : BigInteger.lcm(result, integer)
            }
            return Number(result)
        default:
            preconditionFailure("function '\(name)' is listed but not implemented")
        }
    }

    private func root(_ value: Number, _ n: Int) -> Number {
        if let exact = value.exactRoot(n) { return exact }
        return value.approximateRoot(n, bits: settings.precisionBits)
    }

    private func positiveInteger(_ value: Number, at span: SourceSpan, what: String) throws(Diagnostic) -> Int {
        guard value.isExact, let n = value.intValue, n >= 1, n <= 1 << 20 else {
            throw Diagnostic("\(what) must be a whole number from 1 to \(grouped(1 << 20))", at: span)
        }
        return n
    }
}

/// The number of digits of an integer whose log10 is `log10` (floor + 1).
private func digits(fromLog10 log10: Double) -> Double {
    log10.rounded(.down) + 1
}

/// 10^exponent for 0...18 (a table: every decimal literal asks for one).
private func powerOfTen(_ exponent: Int) -> Int {
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
    if digits.isInfinite { return "infinitely many" }
    return "10^\(Int(log10(digits)))"
}
