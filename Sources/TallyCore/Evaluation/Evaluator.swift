import Glibc

/// What a statement did.
public enum StatementResult: Sendable {
    /// A blank or comment-only line.
    case nothing
    /// An expression's value (also stored in `ans`).
    case value(Value)
    /// An expression's value (stored in `ans`) and its text in the form the line asked for
    /// (`… to hex`, `factor(n)`).
    case shown(Value, ValueFormatter.Output)
    /// An assignment: the variable and its new value.
    case assigned(name: String, value: Value)
}

/// Why a line gave no result: it failed with a diagnostic, or Ctrl-C stopped it. Either way
/// the line changed nothing — no variable, no `ans`.
public enum EvaluationError: Error, Sendable, Equatable {
    case failed(Diagnostic)
    case interrupted

    /// The diagnostic of a failure; nil for an interruption.
    public var diagnostic: Diagnostic? {
        if case .failed(let diagnostic) = self { return diagnostic }
        return nil
    }
}

/// Evaluates statements against variables, the function table and settings. Runtime errors
/// point at the subexpression that caused them; sizes are checked against `maxdigits` before
/// computing.
///
/// The stack machine lives here; what each operator computes is in `Evaluator+Operators.swift`,
/// and the built-in functions are the entries of ``BuiltIns``.
public struct Evaluator: Sendable {
    /// User variables, by name.
    public private(set) var variables: [String: Value] = [:]
    /// The last expression result.
    public private(set) var lastResult: Value?
    public var settings: EvaluationSettings
    /// The functions and constants names may refer to.
    public private(set) var functions: FunctionTable
    /// Words the front end reserves for its commands (`help`, `bmi`, …): they cannot be assigned.
    public let commandWords: Set<String>

    /// An evaluator with no variables. `commandWords` are the words the front end reads as
    /// commands at the start of a line, which therefore cannot name variables.
    public init(
        settings: EvaluationSettings = EvaluationSettings(), functions: FunctionTable = .builtIn,
        commandWords: Set<String> = []
    ) {
        self.settings = settings
        self.functions = functions
        self.commandWords = commandWords
    }

    /// Parses and runs one line of the expression language.
    public mutating func run(line: String, startingAt offset: Int = 0) throws(EvaluationError) -> StatementResult {
        LineWork.reset()
        let statement: Statement
        do {
            statement = try Parser.parseStatement(line, startingAt: offset)
        } catch {
            throw .failed(error)
        }
        return try run(statement)
    }

    /// The value of the expression in `span` of `line` (for commands whose arguments may be
    /// expressions, such as `bmi (170+5) w`).
    public func evaluate(line: String, in span: SourceSpan) throws(EvaluationError) -> Value {
        LineWork.reset()
        let code: Code
        do {
            code = try Parser.parseExpression(line, in: span)
        } catch {
            throw .failed(error)
        }
        return try evaluate(code)
    }

    /// Runs a parsed statement. On any error nothing changes.
    public mutating func run(_ statement: consuming Statement) throws(EvaluationError) -> StatementResult {
        switch consume statement {
        case .empty:
            return .nothing
        case .expression(let expression, let conversion):
            let value = try evaluate(expression)
            if let target = displayTarget(of: expression, conversion) {
                let shown = try show(value, as: target, valueSpan: expression.span)
                lastResult = value
                return .shown(value, shown)
            }
            lastResult = value
            return .value(value)
        case .assignment(let name, let nameSpan, let expression):
            try checkAssignable(name, at: nameSpan)
            let value = try evaluate(expression)
            variables[name] = value
            return .assigned(name: name, value: value)
        }
    }

    /// `value` written as `target` asks.
    @inline(never)
    private func show(_ value: Value, as target: ConversionTarget, valueSpan: SourceSpan) throws(EvaluationError)
        -> ValueFormatter.Output
    {
        do throws(Diagnostic) {
            return try ConversionFormatter(settings: settings).format(value, as: target, valueSpan: valueSpan)
        } catch {
            throw Interruption.isRequested ? .interrupted : .failed(error)
        }
    }

    /// The form the line asked its value to be shown in: its `to` conversion, or its prime
    /// factors when the whole line is a call of the built-in `factor`.
    @inline(__always)
    private func displayTarget(of code: Code, _ conversion: Conversion?) -> ConversionTarget? {
        if let conversion { return conversion.target }
        if case .call(let index)? = code.instructions.last { return factorization(of: code, index) }
        return nil
    }

    /// `.factors` when call `index`, the whole line, is the built-in `factor`.
    @inline(never)
    private func factorization(of code: Code, _ index: Int) -> ConversionTarget? {
        if code.calls[index].name == "factor",
            code.calls[index].span == code.span, functions.entry(named: "factor")?.usage == BuiltIns.factorUsage
        {
            return .factors
        }
        return nil
    }

    /// How this evaluator's settings write values.
    public var formatter: ValueFormatter { ValueFormatter(settings: settings) }

    /// Sets `ans` (used by commands such as `bmi` whose result is a number).
    public mutating func recordResult(_ value: Value) {
        lastResult = value
    }

    /// Fails when `name` is a function, a constant, `ans` or a command word.
    private func checkAssignable(_ name: String, at span: SourceSpan) throws(EvaluationError) {
        if let reason = reservation(of: name) {
            throw .failed(Diagnostic(.reservedName, "cannot assign to '\(name)': it is \(reason)", at: span))
        }
    }

    /// Why `name` cannot be assigned, or nil when it can.
    private func reservation(of name: String) -> String? {
        if let entry = functions.entry(named: name) {
            return entry.isFunction ? "a built-in function" : "a built-in constant"
        }
        if name == "ans" { return "the last result" }
        if OperatorTable.isReserved(name) { return "an operator word" }
        if commandWords.contains(name) { return "a command" }
        return nil
    }

    // MARK: The stack machine

    /// A value on the evaluation stack, with the source it came from.
    struct Operand {
        var value: Value
        var span: SourceSpan
    }

    /// A stack of operands in borrowed memory; whoever creates it calls `removeAll()`.
    struct OperandStack {
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
    public func evaluate(_ code: Code) throws(EvaluationError) -> Value {
        // The stack never holds more values than there are instructions; it lives in scratch
        // space on the machine stack (the heap only for very long lines).
        try withUnsafeTemporaryAllocation(of: Operand.self, capacity: code.instructions.count) {
            buffer throws(EvaluationError) -> Value in
            var stack = OperandStack(storage: buffer)
            defer { stack.removeAll() }
            for instruction in code.instructions {
                do throws(Diagnostic) {
                    try execute(instruction, of: code, on: &stack)
                } catch {
                    // Work that Ctrl-C cut short may fail for that reason alone.
                    throw Interruption.isRequested ? .interrupted : .failed(error)
                }
                // An operation may stop early on Ctrl-C (a long series gives up): never let its
                // unfinished value go on.
                if Interruption.isRequested { throw .interrupted }
            }
            return stack.removeLast().value
        }
    }

    @inline(__always)
    private func execute(_ instruction: Instruction, of code: Code, on stack: inout OperandStack) throws(Diagnostic) {
        switch instruction {
        case .integer(let value, let span):
            stack.append(Operand(value: .number(Number(value)), span: span))
        case .smallDecimal(let significand, let exponent, let span):
            let value = Number(numerator: significand, denominator: powerOfTen(-exponent))
            stack.append(Operand(value: .number(value), span: span))
        case .literal(let index, let span):
            stack.append(Operand(value: .number(try value(of: code.literals[index], at: span)), span: span))
        case .name(let index, let span):
            stack.append(Operand(value: try lookUp(code.names[index], at: span), span: span))
        case .group(let span):
            stack.setTopSpan(span)
        case .prefix(let operation, let operatorSpan):
            let operand = stack.removeLast()
            let value = try apply(operation, operand.value, operandSpan: operand.span)
            stack.append(Operand(value: value, span: operatorSpan.union(operand.span)))
        case .postfix(let operation, let operatorSpan):
            let operand = stack.removeLast()
            let span = operand.span.union(operatorSpan)
            let value = try apply(operation, operand.value, operandSpan: operand.span, span: span)
            stack.append(Operand(value: value, span: span))
        case .binary(let operation, let operatorSpan):
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            let span = lhs.span.union(rhs.span)
            let value: Value
            // Two exact rationals, the everyday case, without a detour through the operands.
            if case .number(let x) = lhs.value.kind, case .number(let y) = rhs.value.kind {
                value = try apply(
                    operation, x, y, leftSpan: lhs.span, rightSpan: rhs.span, operatorSpan: operatorSpan, span: span)
            } else {
                value = try applyReal(operation, lhs, rhs, operatorSpan: operatorSpan)
            }
            stack.append(Operand(value: value, span: span))
        case .powerModulo(let powerSpan, let operatorSpan):
            try powerModulo(on: &stack, powerSpan: powerSpan, operatorSpan: operatorSpan)
        case .checkCall(let index):
            try check(code.calls[index])
        case .call(let index):
            let site = code.calls[index]
            let operands = stack.removeLast(site.argumentCount)
            let value = try call(site, operands)
            stack.append(Operand(value: value, span: site.span))
        }
    }

    /// `a^b % m` on the three values on top of the stack; out of line, as it is rare.
    @inline(never)
    private func powerModulo(on stack: inout OperandStack, powerSpan: SourceSpan, operatorSpan: SourceSpan)
        throws(Diagnostic)
    {
        let modulus = stack.removeLast()
        let exponent = stack.removeLast()
        let base = stack.removeLast()
        let value = try powerModulo(base, exponent, modulus, powerSpan: powerSpan, operatorSpan: operatorSpan)
        stack.append(Operand(value: value, span: base.span.union(modulus.span)))
    }

    // MARK: Names

    private func lookUp(_ name: String, at span: SourceSpan) throws(Diagnostic) -> Value {
        if let value = variables[name] { return value }
        if name == "ans" {
            if let lastResult { return lastResult }
            throw Diagnostic(.noLastResult, "'ans' has no value yet: it holds the last result", at: span)
        }
        if let entry = functions.entry(named: name) {
            switch entry.kind {
            case .constant(let value):
                return try value(settings)
            case .function:
                throw Diagnostic(.functionUsedAsValue, "'\(name)' is a function: call it as \(name)(…)", at: span)
            }
        }
        let candidates = Array(variables.keys).sorted() + functions.names + (lastResult == nil ? [] : ["ans"])
        throw Diagnostic(.unknownName, "unknown name '\(TerminalSafeText.excerpt(name))'", at: span)
            .suggesting(Suggestion.nearest(to: name, in: candidates))
    }

    // MARK: Literals

    private func value(of literal: NumberLiteral, at span: SourceSpan) throws(Diagnostic) -> Number {
        switch literal {
        case .digits(let text, let radix):
            try settings.checkSize(Double(text.utf8.count) * log10(Double(radix)), at: span)
            guard let value = BigInteger(text, radix: radix) else {
                throw Diagnostic(.malformedNumber, "malformed number", at: span)
            }
            return Number(value)
        case .decimal(let significand, let exponent):
            let digitCount = significand.utf8.count
            try settings.checkSize(Double(digitCount) + Double(Swift.max(exponent, 0)), at: span)
            try settings.checkSize(Double(-exponent), at: span)
            if digitCount <= 18, let small = Int(significand), (-18...0).contains(exponent) {
                return Number(numerator: small, denominator: powerOfTen(-exponent))
            }
            guard let mantissa = BigInteger(significand) else {
                throw Diagnostic(.malformedNumber, "malformed number", at: span)
            }
            let scale = BigInteger.power(10, UInt(exponent.magnitude))
            return exponent >= 0 ? Number(mantissa * scale) : Number(numerator: mantissa, denominator: scale)
        case .repeating(let digits, let fractionDigits, let repeatingDigits, let exponent):
            try settings.checkSize(Double(digits.utf8.count) + Double(exponent.magnitude), at: span)
            guard
                let value = Number(
                    repeating: digits, fractionDigits: fractionDigits, repeatingDigits: repeatingDigits, exponent: exponent)
            else {
                throw Diagnostic(.malformedNumber, "malformed number", at: span)
            }
            return value
        }
    }

    // MARK: Calls

    /// Fails unless the call names a function and passes it an acceptable number of arguments.
    private func check(_ site: CallSite) throws(Diagnostic) {
        let name = site.name
        guard let entry = functions.entry(named: name), case .function(let arity, _) = entry.kind else {
            let shown = TerminalSafeText.excerpt(name)
            if variables[name] != nil || name == "ans" || functions.entry(named: name) != nil {
                let what = functions.entry(named: name) != nil ? "a constant" : "a variable"
                throw Diagnostic(
                    .variableCalled, "missing operator between '\(shown)' and '(': '\(shown)' is \(what), not a function",
                    at: SourceSpan(at: site.nameSpan.end))
            }
            if let suggestion = Suggestion.nearest(to: name, in: functions.functionNames) {
                throw Diagnostic(.unknownFunction, "unknown function '\(shown)'", at: site.nameSpan)
                    .suggesting(suggestion)
            }
            throw Diagnostic(.unknownFunction, "unknown function '\(shown)' (see 'help functions')", at: site.nameSpan)
        }
        guard arity.accepts(site.argumentCount) else {
            let got = site.argumentCount == 1 ? "1 was given" : "\(site.argumentCount) were given"
            throw Diagnostic(
                .wrongArgumentCount, "\(name) takes \(arity.description), but \(got)", at: site.span)
        }
    }

    /// Applies a checked call to its evaluated arguments.
    private func call(_ site: CallSite, _ operands: [Operand]) throws(Diagnostic) -> Value {
        guard case .function(_, let implementation)? = functions.entry(named: site.name)?.kind else {
            preconditionFailure("a call runs only after its check")
        }
        // A function may do more with its arguments than an operator (a gcd of two million-digit
        // numbers takes half a second): its work counts 25 times their size.
        for operand in operands {
            if case .number(let number) = operand.value.kind, !number.isMachineWord {
                try settings.chargeWork(25 * Double(number.decimalSize), at: site.span)
            }
        }
        return try implementation(
            FunctionCall(
                name: site.name, arguments: operands.map(\.value), argumentSpans: operands.map(\.span),
                span: site.span, settings: settings))
    }
}
