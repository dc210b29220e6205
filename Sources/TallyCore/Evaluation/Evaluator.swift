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
    public static let reservedWords: Set<String> = Set(Functions.names + ["ans", "help", "bmi", "habit", "set", "vars", "exit", "quit"])

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
    public mutating func run(_ statement: Statement) throws(Diagnostic) -> StatementResult {
        switch statement {
        case .empty:
            return .nothing
        case .expression(let expression):
            let value = try evaluate(expression)
            lastResult = value
            return .value(value)
        case .assignment(let name, let nameSpan, let expression):
            if Evaluator.reservedWords.contains(name) {
                let what = Functions.isBuiltIn(name) ? "a built-in function" : (name == "ans" ? "the last result" : "a command")
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

    /// Removes every variable.
    public mutating func clearVariables() {
        variables.removeAll()
    }

    // MARK: Expressions

    /// The value of an expression.
    public func evaluate(_ expression: Expression) throws(Diagnostic) -> Number {
        switch expression {
        case .number(let literal, let span):
            return try value(of: literal, at: span)
        case .variable(let name, let span):
            return try lookUp(name, at: span)
        case .group(let inner, _):
            return try evaluate(inner)
        case .prefix(let operation, let operand, _):
            let value = try evaluate(operand)
            switch operation {
            case .negate: return -value
            case .plus: return value
            }
        case .postfix(.factorial, let operand, let operatorSpan):
            return try factorial(of: evaluate(operand), operand: operand, operatorSpan: operatorSpan)
        case .power(let base, let exponent, _):
            return try power(evaluate(base), evaluate(exponent), expression: expression, exponentSpan: exponent.span)
        case .chain(let first, let rest):
            var accumulator = try evaluate(first)
            for link in rest {
                try Interruption.check(at: link.operatorSpan)
                let operand = try evaluate(link.operand)
                accumulator = try apply(link.operation, accumulator, operand, link: link)
            }
            return accumulator
        case .call(let name, let nameSpan, let arguments, let span):
            return try call(name, nameSpan: nameSpan, arguments: arguments, span: span)
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
            throw Diagnostic(
                "result would have about \(roughCount(estimatedDigits)) digits, more than the limit of \(grouped(settings.maxDigits)) (set maxdigits N)",
                at: span)
        }
    }

    // MARK: Literals

    private func value(of literal: NumberLiteral, at span: SourceSpan) throws(Diagnostic) -> Number {
        switch literal {
        case .integer(let value):
            return Number(value)
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

    private func apply(_ operation: InfixOperator, _ lhs: Number, _ rhs: Number, link: ChainLink) throws(Diagnostic) -> Number {
        let span = link.operand.span
        switch operation {
        case .add, .subtract:
            if !(lhs.isInteger && rhs.isInteger) {
                try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: link.operatorSpan)
            }
            return settled(operation == .add ? lhs + rhs : lhs - rhs)
        case .multiply:
            try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: link.operatorSpan)
            return settled(lhs * rhs)
        case .divide:
            if rhs.isZero { throw Diagnostic("division by zero", at: span) }
            try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: link.operatorSpan)
            return settled(lhs / rhs)
        case .floorDivide:
            if rhs.isZero { throw Diagnostic("division by zero", at: span) }
            try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: link.operatorSpan)
            return lhs.flooredQuotient(dividingBy: rhs)
        case .modulo:
            if rhs.isZero { throw Diagnostic("modulo by zero", at: span) }
            try checkSize(Double(lhs.decimalSize + rhs.decimalSize), at: link.operatorSpan)
            return settled(lhs.flooredRemainder(dividingBy: rhs))
        }
    }

    private func factorial(of value: Number, operand: Expression, operatorSpan: SourceSpan) throws(Diagnostic) -> Number {
        guard value.isExact, value.isInteger, value.signum >= 0 else {
            throw Diagnostic("factorial needs a non-negative integer, got \(briefly(value))", at: operand.span)
        }
        guard let n = value.intValue, n <= 1 << 40 else {
            throw Diagnostic("result would be astronomically large: \(briefly(value))! is far beyond the limit of \(grouped(settings.maxDigits)) digits", at: operand.span.union(operatorSpan))
        }
        // log10(n!) = lgamma(n + 1) / ln 10
        try checkSize(lgamma(Double(n) + 1) / 2.302585092994046, at: operand.span.union(operatorSpan))
        return Number(BigInteger.factorial(UInt(n)))
    }

    private func power(_ base: Number, _ exponent: Number, expression: Expression, exponentSpan: SourceSpan) throws(Diagnostic) -> Number {
        let span = expression.span
        if base.isZero {
            if exponent.signum < 0 { throw Diagnostic("zero cannot be raised to a negative power", at: span) }
            return exponent.isZero ? Number(1).withExactness(exponent.isExact) : base
        }
        if exponent.isZero { return Number(1).withExactness(exponent.isExact) }
        let magnitudeLog10 = base.log10Magnitude * exponent.approximateDouble
        if exponent.isInteger && exponent.isExact {
            guard let n = exponent.intValue else {
                if base.isExact && base.isInteger && base.magnitude.intValue == 1 {
                    let odd = !(exponent.bigIntegerValue?.isEven ?? true)
                    return base.signum < 0 && odd ? Number(-1) : Number(1)
                }
                throw sizeError(Swift.abs(magnitudeLog10), at: span)
            }
            if base.isExact {
                // Both the numerator and the denominator grow |n| times.
                try checkSize(Double(n.magnitude) * Swift.max(Swift.abs(base.numerator.log10Magnitude), base.denominator.log10Magnitude), at: span)
                return base.raised(to: n)
            }
            try checkSize(Swift.abs(magnitudeLog10), at: span)
            if n.magnitude <= 64 { return settled(base.raised(to: n)) }
            let result = base.magnitude.approximatePower(exponent, bits: settings.precisionBits)
            return base.signum < 0 && n % 2 != 0 ? -result : result
        }
        // A non-integer exponent: a root, exact when the root comes out exact.
        var negativeResult = false
        if base.signum < 0 {
            let denominatorIsOdd = exponent.isExact && !exponent.denominator.isEven
            guard denominatorIsOdd else {
                throw Diagnostic("a negative number to this power has no real value (that needs an exponent with an odd denominator, like 1/3)", at: span)
            }
            negativeResult = !exponent.numerator.isEven
        }
        try checkSize(Swift.abs(magnitudeLog10), at: span)
        let magnitude = base.magnitude
        if base.isExact && exponent.isExact, let q = exponent.denominator.intValue, q <= 1 << 20,
            let p = exponent.numerator.intValue, let root = magnitude.exactRoot(q)
        {
            try checkSize(Double(p.magnitude) * Swift.max(Swift.abs(root.numerator.log10Magnitude), root.denominator.log10Magnitude), at: span)
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

    private func call(_ name: String, nameSpan: SourceSpan, arguments: [Expression], span: SourceSpan) throws(Diagnostic) -> Number {
        guard let signature = Functions.signature(of: name) else {
            let shown = TerminalSafeText.excerpt(name)
            if variables[name] != nil || name == "ans" {
                throw Diagnostic("missing operator between '\(shown)' and '(': '\(shown)' is a variable, not a function", at: SourceSpan(at: nameSpan.end))
            }
            if let suggestion = Suggestion.nearest(to: name, in: Functions.names) {
                throw Diagnostic("unknown function '\(shown)'; did you mean '\(suggestion)'?", at: nameSpan)
            }
            throw Diagnostic("unknown function '\(shown)' (see 'help functions')", at: nameSpan)
        }
        guard signature.arity.accepts(arguments.count) else {
            let got = arguments.count == 1 ? "1 was given" : "\(arguments.count) were given"
            throw Diagnostic("\(name) takes \(signature.arity.description), but \(got)", at: span)
        }
        var values: [Number] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments {
            values.append(try evaluate(argument))
        }
        switch name {
        case "abs":
            return values[0].magnitude
        case "sqrt":
            if values[0].signum < 0 { throw Diagnostic("square root of a negative number", at: arguments[0].span) }
            return root(values[0], 2)
        case "cbrt":
            return root(values[0], 3)
        case "root":
            let n = try positiveInteger(values[1], at: arguments[1].span, what: "the root's degree")
            if n % 2 == 0 && values[0].signum < 0 {
                throw Diagnostic("even root of a negative number", at: arguments[0].span)
            }
            return root(values[0], n)
        case "round":
            var places = 0
            if values.count == 2 {
                guard values[1].isInteger, let p = values[1].intValue, p.magnitude <= UInt(settings.maxDigits) else {
                    throw Diagnostic("round's places must be an integer within ±\(grouped(settings.maxDigits))", at: arguments[1].span)
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
            for (value, argument) in zip(values, arguments) {
                guard value.isExact, let integer = value.bigIntegerValue else {
                    throw Diagnostic("\(name) needs integers", at: argument.span)
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

/// 10^exponent for 0...18.
private func powerOfTen(_ exponent: Int) -> Int {
    var result = 1
    for _ in 0..<exponent { result *= 10 }
    return result
}

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
