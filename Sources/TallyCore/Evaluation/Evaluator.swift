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
    /// A definition: the function, new or replacing one of the same name.
    case defined(UserFunction)
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
/// the built-in functions are the entries of ``BuiltIns``, and definitions, `unset` and the
/// notes of errors inside user functions are in `Evaluator+Definitions.swift`.
public struct Evaluator: Sendable {
    /// User variables, by name.
    public internal(set) var variables: [String: Value] = [:]
    /// The last expression result.
    public private(set) var lastResult: Value?
    /// The instruction storage of the last expression line, handed to the next line's parser
    /// so that an everyday line allocates none (kept only while small).
    private var spareInstructions: [Instruction] = []
    public var settings: EvaluationSettings
    /// The functions and constants names may refer to.
    public internal(set) var functions: FunctionTable
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

    /// The deepest that calls of user functions may nest: a recursion that does not end stops
    /// here with an error rather than exhausting memory. Frames live on the heap, so the limit
    /// is about memory and patience, not the machine stack.
    public static let maximumCallDepth = 100_000

    /// The work steps (``LineWork``) an instruction of a user function's body counts: measured so
    /// that a budget's steps take about as long in a recursion as in arithmetic on long numbers
    /// (Benchmarks/RESULTS.md).
    static let stepsPerInstruction = 2.0

    /// Parses and runs one line of the expression language; `origin` is where the line came
    /// from, which a function defined on it remembers.
    public mutating func run(line: String, startingAt offset: Int = 0, origin: LineOrigin = .unnamed)
        throws(EvaluationError) -> StatementResult
    {
        var storage = line
        let result: Result<StatementResult, EvaluationError> = storage.withUTF8 { bytes in
            do throws(EvaluationError) {
                return .success(try run(bytes: bytes, startingAt: offset, origin: origin, text: { line }))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses and runs a line given as its UTF-8 `bytes`, as ``run(line:startingAt:origin:)``
    /// runs its text; the text is made only if the line defines a function, which keeps it.
    public mutating func run(lineBytes bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin = .unnamed)
        throws(EvaluationError) -> StatementResult
    {
        try run(bytes: bytes, startingAt: 0, origin: origin, text: { String(decoding: bytes, as: UTF8.self) })
    }

    /// Parses and runs the line `bytes`, whose text `text` gives when a definition keeps it.
    @inline(__always)
    private mutating func run(
        bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int, origin: LineOrigin, text: () -> String
    ) throws(EvaluationError) -> StatementResult {
        LineWork.reset(limit: Double(settings.maxWork))
        let statement: Statement
        do {
            statement = try Parser.parseStatement(bytes: bytes, startingAt: offset, reusing: &spareInstructions)
        } catch {
            throw .failed(error)
        }
        // Kept past the statement, whose code is gone once it has run: the storage is then
        // this reference's alone, ready for the next line.
        let instructions = statement.expressionInstructions
        let result: StatementResult
        if case .definition = statement {
            result = try run(statement, line: text(), origin: origin)
        } else {
            result = try run(statement, origin: origin)
        }
        if let instructions, instructions.capacity <= 1024 { spareInstructions = instructions }
        return result
    }

    /// The value of the expression in `span` of `line` (for commands whose arguments may be
    /// expressions, such as `bmi (170+5) w`).
    public func evaluate(line: String, in span: SourceSpan) throws(EvaluationError) -> Value {
        LineWork.reset(limit: Double(settings.maxWork))
        let code: Code
        do {
            code = try Parser.parseExpression(line, in: span)
        } catch {
            throw .failed(error)
        }
        return try evaluate(code)
    }

    /// Runs a parsed statement of `line`. On any error nothing changes.
    public mutating func run(_ statement: consuming Statement, line: String = "", origin: LineOrigin = .unnamed)
        throws(EvaluationError) -> StatementResult
    {
        switch consume statement {
        case .empty:
            return .nothing
        case .expression(let expression, let conversion):
            let value = try evaluate(expression)
            if let conversion, conversion.target.isUnitConversion {
                return try runUnitConversion(value, of: expression, conversion)
            }
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
        case .definition(let definition):
            return .defined(try define(definition, line: line, origin: origin))
        }
    }

    /// A line's value converted as its `to UNIT` asks; `ans` becomes the converted quantity.
    /// Out of line, so that `run` stays small for the lines without units.
    @inline(never)
    private mutating func runUnitConversion(_ value: Value, of expression: Code, _ conversion: Conversion)
        throws(EvaluationError) -> StatementResult
    {
        let converted: Value
        let shown: ValueFormatter.Output?
        do throws(Diagnostic) {
            (converted, shown) = try convert(value, valueSpan: expression.span, to: conversion, units: expression.units)
        } catch {
            throw stopped(error)
        }
        lastResult = converted
        if let shown { return .shown(converted, shown) }
        return .value(converted)
    }

    /// `value` written as `target` asks.
    @inline(never)
    private func show(_ value: Value, as target: ConversionTarget, valueSpan: SourceSpan) throws(EvaluationError)
        -> ValueFormatter.Output
    {
        do throws(Diagnostic) {
            return try ConversionFormatter(settings: settings).format(value, as: target, valueSpan: valueSpan)
        } catch {
            throw stopped(error)
        }
    }

    /// The form the line asked its value to be shown in: its `to` conversion, or its prime
    /// factors when the whole line is a call of the built-in `factor`.
    @inline(__always)
    private func displayTarget(of code: Code, _ conversion: Conversion?) -> ConversionTarget? {
        if let conversion { return conversion.target }
        if case .callBuiltIn(let function, _, let span)? = code.instructions.last, span == code.span,
            Int(function) == BuiltIns.factorIndex
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

    /// Fails when `name` is a function, a constant, `ans`, an operator word or a command word.
    private func checkAssignable(_ name: String, at span: SourceSpan) throws(EvaluationError) {
        if let reason = reservation(of: name) {
            throw .failed(Diagnostic(.reservedName, "cannot assign to '\(name)': it is \(reason)", at: span))
        }
        if case .user? = functions.entry(named: name)?.kind {
            throw .failed(
                Diagnostic(.reservedName, "cannot assign to '\(name)': it is a function (unset \(name) first)", at: span))
        }
    }

    /// Why `name` cannot name a variable, a function or a parameter, or nil when it can.
    func reservation(of name: String) -> String? {
        if let entry = functions.entry(named: name), entry.isBuiltIn {
            return entry.isFunction ? "a built-in function" : "a built-in constant"
        }
        if name == "ans" { return "the last result" }
        if OperatorTable.reservedWords.contains(name) { return "an operator" }
        if commandWords.contains(name) { return "a command" }
        return nil
    }

    // MARK: The stack machine

    /// A value on the evaluation stack, with the source it came from.
    struct Operand {
        var value: Value
        var span: SourceSpan
    }

    /// A stack of operands, in scratch memory lent by the caller until it outgrows it (calls of
    /// user functions push their arguments), then on the heap. Whoever creates it calls
    /// `removeAll()`.
    struct OperandStack {
        private(set) var storage: UnsafeMutablePointer<Operand>
        private var capacity: Int
        private var ownsStorage = false
        private(set) var count = 0

        init(borrowing buffer: UnsafeMutableBufferPointer<Operand>) {
            storage = buffer.baseAddress ?? UnsafeMutablePointer<Operand>.allocate(capacity: 0)
            capacity = buffer.count
            ownsStorage = buffer.baseAddress == nil
        }

        @inline(__always)
        mutating func append(_ operand: Operand) {
            if count == capacity { grow() }
            (storage + count).initialize(to: operand)
            count += 1
        }

        /// Pushes `operand` where an operand was just removed, which needs no room check.
        @inline(__always)
        mutating func replaceRemoved(with operand: Operand) {
            (storage + count).initialize(to: operand)
            count += 1
        }

        @inline(never)
        private mutating func grow() {
            let larger = Swift.max(2 * capacity, 64)
            let moved = UnsafeMutablePointer<Operand>.allocate(capacity: larger)
            moved.moveInitialize(from: storage, count: count)
            if ownsStorage { storage.deallocate() }
            storage = moved
            capacity = larger
            ownsStorage = true
        }

        @inline(__always)
        mutating func removeLast() -> Operand {
            count -= 1
            return (storage + count).move()
        }

        /// The two values on top when both are exact rationals in machine words, read without
        /// touching reference counts: the everyday binary operation.
        @inline(__always)
        func topMachineWordPair() -> (Number, Number)? {
            guard count >= 2, let y = storage[count - 1].value.machineWordNumber,
                let x = storage[count - 2].value.machineWordNumber
            else { return nil }
            return (x, y)
        }

        /// Drops the two operands on top, which ``topMachineWordPair()`` found to hold machine
        /// words only: nothing to release.
        @inline(__always)
        mutating func dropMachineWordPair() {
            count -= 2
        }

        /// The top `n` operands, in place: a call's arguments, read while the call runs.
        @inline(__always)
        func top(_ n: Int) -> UnsafeMutableBufferPointer<Operand> {
            UnsafeMutableBufferPointer(start: storage + (count - n), count: n)
        }

        /// The operand at `index` from the bottom.
        @inline(__always)
        subscript(index: Int) -> Operand { storage[index] }

        @inline(__always)
        mutating func setTopSpan(_ span: SourceSpan) {
            storage[count - 1].span = span
        }

        /// Drops the operands above the first `newCount`.
        mutating func truncate(to newCount: Int) {
            if count > newCount { (storage + newCount).deinitialize(count: count - newCount) }
            count = newCount
        }

        mutating func removeAll() {
            truncate(to: 0)
            if ownsStorage { storage.deallocate() }
            ownsStorage = false
            capacity = 0
        }
    }

    /// A call of a user function in progress: what to resume when its body ends.
    struct Frame {
        /// The function running in this frame.
        let function: UserFunction
        /// The function to return to (nil for the line itself), and where in its code.
        let returnFunction: UserFunction?
        let returnIndex: Int
        /// Where the caller's arguments, this frame's parameters, start on the stack.
        let base: Int
        /// The caller's frame base, restored on return.
        let callerBase: Int
        /// The call, in the caller's code: the span the result takes.
        let callSpan: SourceSpan
    }

    /// The value of an expression: runs its postfix code on a stack of values and their spans.
    /// Jumps make `and`, `or`, `if` and comparison chains lazy; a call of a user function runs
    /// its compiled body in frames of its own (``runCall(_:of:on:frames:)``), on the same
    /// stack, without recursion in Swift.
    public func evaluate(_ code: Code) throws(EvaluationError) -> Value {
        // Without calls the stack never holds more values than there are instructions; it
        // starts in scratch space on the machine stack (the heap only for very long lines).
        try withUnsafeTemporaryAllocation(of: Operand.self, capacity: code.instructions.count) {
            buffer throws(EvaluationError) -> Value in
            var stack = OperandStack(borrowing: buffer)
            var frames: [Frame] = []
            defer { stack.removeAll() }
            var index = 0
            // The line's own loop is kept small, so that the instructions' work inlines into
            // it: plain arithmetic, most lines, pays nothing for user functions.
            while index < code.instructions.count {
                let instruction = code.instructions[index]
                index += 1
                do throws(Diagnostic) {
                    if case .call(let callIndex) = instruction {
                        try runCall(code.calls[callIndex], of: code, on: &stack, frames: &frames)
                    } else {
                        try execute(instruction, of: code, on: &stack, index: &index, base: 0)
                    }
                } catch {
                    throw stopped(attributed(error, to: frames))
                }
                // An operation may stop early on Ctrl-C (a long series gives up): never let its
                // unfinished value go on.
                if LineWork.isInterrupted { throw .interrupted }
            }
            return stack.removeLast().value
        }
    }

    /// A failure as the line reports it: work that Ctrl-C or the work budget cut short may fail
    /// for that reason alone (a decision that gave up says "cannot decide"), so then the reason
    /// is the error, at the failing operation.
    private func stopped(_ error: Diagnostic) -> EvaluationError {
        if LineWork.isInterrupted { return .interrupted }
        if LineWork.isExhausted && error.id != .lineWorkExceeded {
            return .failed(settings.workStopped(at: error.span))
        }
        return .failed(error)
    }

    /// `x op y` for the two operands on top, which ``OperandStack/topMachineWordPair()`` read
    /// as `x` and `y`: the everyday binary operation, with no reference counting.
    @inline(__always)
    private func applyMachineWords(
        _ operation: BinaryOperator, _ x: Number, _ y: Number, operatorSpan: SourceSpan, on stack: inout OperandStack
    ) throws(Diagnostic) {
        let leftSpan = stack[stack.count - 2].span
        let rightSpan = stack[stack.count - 1].span
        let span = leftSpan.union(rightSpan)
        stack.dropMachineWordPair()
        let value = try apply(
            operation, x, y, leftSpan: leftSpan, rightSpan: rightSpan, operatorSpan: operatorSpan, span: span)
        stack.replaceRemoved(with: Operand(value: value, span: span))
    }

    /// Runs a call in the line itself: a built-in function at once; a user function by running
    /// its body, and the bodies of the calls it makes, in frames on the heap, until it returns
    /// its value onto the stack. On an error `frames` holds the calls in progress, for the
    /// error's notes. Ctrl-C stops it between instructions.
    @inline(never)
    private func runCall(_ site: CallSite, of line: Code, on stack: inout OperandStack, frames: inout [Frame])
        throws(Diagnostic)
    {
        guard let entry = functions.entry(named: site.name) else { preconditionFailure("a call runs only after its check") }
        let first: UserFunction
        switch entry.kind {
        case .user(let function):
            first = function
        case .function(_, let implementation):
            try call(
                site.name, implementation, acceptsTruth: site.name == "if", argumentCount: site.argumentCount,
                span: site.span, on: &stack)
            return
        case .constant:
            preconditionFailure("a call runs only after its check")
        }
        var function = first
        var code = first.body
        // The running body's call sites, fetched once per body rather than once per use.
        var calls = code.calls
        var index = 0
        var base = stack.count - site.argumentCount
        frames.append(Frame(function: first, returnFunction: nil, returnIndex: 0, base: base, callerBase: 0, callSpan: site.span))
        // The user function called last, by name: a recursion calls one function over and
        // over, and the table cannot change while a line runs.
        var cachedName = first.name
        var cachedFunction = first
        while true {
            guard index < code.instructions.count else {
                let frame = frames.removeLast()
                // The body's value becomes the call's, in place of the arguments.
                let result = stack.removeLast()
                stack.truncate(to: frame.base)
                stack.append(Operand(value: result.value, span: frame.callSpan))
                guard let caller = frame.returnFunction else { return }
                function = caller
                code = caller.body
                calls = code.calls
                index = frame.returnIndex
                base = frame.callerBase
                continue
            }
            let instruction = code.instructions[index]
            index += 1
            dispatch: switch instruction {
            case .checkCall(let callIndex):
                if calls[callIndex].name == cachedName,
                    calls[callIndex].argumentCount == cachedFunction.parameters.count
                {
                    break
                }
                try check(calls[callIndex])
            case .call(let callIndex):
                let callee: UserFunction
                if calls[callIndex].name == cachedName {
                    callee = cachedFunction
                } else {
                    let site = calls[callIndex]
                    guard let entry = functions.entry(named: site.name) else {
                        preconditionFailure("a call runs only after its check")
                    }
                    switch entry.kind {
                    case .user(let found):
                        callee = found
                        cachedName = site.name
                        cachedFunction = found
                    case .function(_, let implementation):
                        try call(
                            site.name, implementation, acceptsTruth: site.name == "if",
                            argumentCount: site.argumentCount, span: site.span, on: &stack)
                        break dispatch
                    case .constant:
                        preconditionFailure("a call runs only after its check")
                    }
                }
                // A call's own work is known before it runs: its body's instructions (the
                // calls it makes are charged as they start). This is also where a long
                // recursion stops on Ctrl-C.
                try settings.chargeWork(
                    Evaluator.stepsPerInstruction * Double(callee.body.instructions.count), at: calls[callIndex].span)
                if frames.count >= Evaluator.maximumCallDepth {
                    throw Diagnostic(
                        .recursionTooDeep,
                        "calls of functions nested more than \(grouped(Evaluator.maximumCallDepth)) deep (does the recursion reach its end?)",
                        at: calls[callIndex].span)
                }
                let frameBase = stack.count - calls[callIndex].argumentCount
                frames.append(
                    Frame(
                        function: callee, returnFunction: function, returnIndex: index, base: frameBase, callerBase: base,
                        callSpan: calls[callIndex].span))
                function = callee
                code = callee.body
                calls = code.calls
                index = 0
                base = frameBase
            default:
                try execute(instruction, of: code, on: &stack, index: &index, base: base)
            }
        }
    }

    /// The instructions that read one of the code's tables (a long literal, a name, a unit, a
    /// call's check): out of line, so that ``execute(_:of:on:index:base:)`` stays small enough
    /// to inline into both evaluation loops.
    @inline(never)
    private func executeTableInstruction(_ instruction: Instruction, of code: Code, on stack: inout OperandStack)
        throws(Diagnostic)
    {
        switch instruction {
        case .literal(let literal, let span):
            stack.append(Operand(value: .number(try value(of: code.literals[literal], at: span)), span: span))
        case .name(let name, let span):
            stack.append(Operand(value: try lookUp(code.names[name], at: span), span: span))
        case .unit(let unitIndex, let span):
            let operand = stack.removeLast()
            let value = try quantity(operand, in: code.units[unitIndex], unitSpan: span)
            stack.replaceRemoved(with: Operand(value: value, span: operand.span.union(span)))
        case .checkCall(let call):
            try check(code.calls[call])
        default:
            preconditionFailure("not an instruction that reads a table")
        }
    }

    /// Runs one instruction other than a call; jumps move `index`, and parameters are read
    /// from the frame whose arguments start at `base`.
    @inline(__always)
    private func execute(
        _ instruction: Instruction, of code: Code, on stack: inout OperandStack, index: inout Int, base: Int
    ) throws(Diagnostic) {
        switch instruction {
        case .integer(let value, let span):
            stack.append(Operand(value: .number(Number(value)), span: span))
        case .smallDecimal(let significand, let exponent, let span):
            let value = Number(significand: significand, decimalPlaces: -exponent)
            stack.append(Operand(value: .number(value), span: span))
        case .unsigned(let value, let span):
            // The size check a long literal passes: its digits (no `_` in a plain one).
            try settings.checkSize(Double(span.end - span.start), at: span)
            stack.append(Operand(value: .number(Number(value)), span: span))
        case .literal, .name, .unit, .checkCall:
            try executeTableInstruction(instruction, of: code, on: &stack)
        case .callBuiltIn(let function, let argumentCount, let span):
            try callBuiltIn(Int(function), argumentCount: Int(argumentCount), span: span, on: &stack)
        case .group(let span), .setSpan(let span):
            stack.setTopSpan(span)
        case .prefix(let operation, let operatorSpan):
            let operand = stack.removeLast()
            let value = try apply(operation, operand.value, operandSpan: operand.span)
            stack.replaceRemoved(with: Operand(value: value, span: operatorSpan.union(operand.span)))
        case .postfix(let operation, let operatorSpan):
            let operand = stack.removeLast()
            let span = operand.span.union(operatorSpan)
            let value = try apply(operation, operand.value, operandSpan: operand.span, span: span)
            stack.replaceRemoved(with: Operand(value: value, span: span))
        case .binary(let operation, let operatorSpan):
            if let (x, y) = stack.topMachineWordPair() {
                try applyMachineWords(operation, x, y, operatorSpan: operatorSpan, on: &stack)
                return
            }
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            let span = lhs.span.union(rhs.span)
            let value: Value
            // Two exact rationals, the everyday case, without a detour through the operands.
            if case .number(let x) = lhs.value.kind, case .number(let y) = rhs.value.kind {
                value = try apply(
                    operation, x, y, leftSpan: lhs.span, rightSpan: rhs.span, operatorSpan: operatorSpan, span: span)
            } else if lhs.value.isQuantity || rhs.value.isQuantity {
                value = try applyQuantity(operation, lhs, rhs, operatorSpan: operatorSpan)
            } else {
                value = try applyReal(operation, lhs, rhs, operatorSpan: operatorSpan)
            }
            stack.replaceRemoved(with: Operand(value: value, span: span))
        case .powerModulo(let powerSpan, let operatorSpan):
            try powerModulo(on: &stack, powerSpan: powerSpan, operatorSpan: operatorSpan)
        case .parameter(let position, let span):
            stack.append(Operand(value: stack[base + position].value, span: span))
        case .compare(let comparison, let operatorSpan):
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            let holds = try compare(comparison, lhs, rhs, operatorSpan: operatorSpan)
            stack.replaceRemoved(with: Operand(value: .truth(holds), span: lhs.span.union(rhs.span)))
        case .compareOrJump(let comparison, let operatorSpan, let target):
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            if try compare(comparison, lhs, rhs, operatorSpan: operatorSpan) {
                stack.replaceRemoved(with: rhs)
            } else {
                stack.replaceRemoved(with: Operand(value: .truth(false), span: lhs.span.union(rhs.span)))
                index = target
            }
        case .testOrJump(let operation, let target):
            let top = stack[stack.count - 1]
            guard case .truth(let holds) = top.value.kind else { throw Value.expectedTruth(at: top.span) }
            if holds == (operation == .or) {
                index = target
            } else {
                _ = stack.removeLast()
            }
        case .requireTruth(let span):
            let top = stack[stack.count - 1]
            guard top.value.isTruth else { throw Value.expectedTruth(at: top.span) }
            stack.setTopSpan(span)
        case .jumpUnless(let target):
            let condition = stack.removeLast()
            guard case .truth(let holds) = condition.value.kind else { throw Value.expectedTruth(at: condition.span) }
            if !holds { index = target }
        case .jump(let target):
            index = target
        case .call:
            preconditionFailure("calls are run by the loops")
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
            case .function, .user:
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
        let entry = functions.entry(named: name)
        if case .user(let function)? = entry?.kind {
            try Arity.exactly(function.parameters.count).check(site.argumentCount, calling: name, at: site.span)
            return
        }
        guard let entry, case .function(let arity, _) = entry.kind else {
            let shown = TerminalSafeText.excerpt(name)
            if variables[name] != nil || name == "ans" || entry != nil {
                let what = entry != nil ? "a constant" : "a variable"
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
        try arity.check(site.argumentCount, calling: name, at: site.span)
    }

    /// Runs the built-in function ``FunctionTable/builtIn``.entries[function] on the
    /// `argumentCount` values on top, which its result replaces.
    @inline(never)
    private func callBuiltIn(_ function: Int, argumentCount: Int, span: SourceSpan, on stack: inout OperandStack)
        throws(Diagnostic)
    {
        guard let callable = BuiltIns.callables[function] else { preconditionFailure("not a built-in function") }
        try call(
            callable.name, callable.implementation, acceptsTruth: function == BuiltIns.conditionalIndex,
            argumentCount: argumentCount, span: span, on: &stack)
    }

    /// Applies a checked call of the function `name` (spanning `span`) to the `argumentCount`
    /// values on top, which its result replaces. They must be numbers, unless the function
    /// `acceptsTruth` (`if`, when it is not compiled to a jump, takes any value); the function
    /// reads them in place.
    private func call(
        _ name: String, _ implementation: @Sendable (FunctionCall) throws(Diagnostic) -> Value, acceptsTruth: Bool,
        argumentCount: Int, span: SourceSpan, on stack: inout OperandStack
    ) throws(Diagnostic) {
        let operands = stack.top(argumentCount)
        var settings = self.settings
        if !acceptsTruth {
            for operand in operands where operand.value.isTruth { throw Value.expectedNumber(at: operand.span) }
        }
        // A function may do more with its arguments than an operator (a gcd of two million-digit
        // numbers takes half a second): its work counts 25 times their size. Built-in functions
        // take plain numbers only.
        for index in operands.indices {
            switch operands[index].value.kind {
            case .number(let number):
                if !number.isMachineWord { try settings.chargeWork(25 * Double(number.decimalSize), at: span) }
            case .real, .truth:
                break
            case .quantity(let quantity):
                if acceptsTruth { break }
                // `sin(30 deg)`: the angle in radians, in its place, for settings that read it so.
                guard let radians = try radians(forCallOf: name, angle: quantity, at: operands[index].span) else {
                    throw Value.expectedPlainNumber(
                        quantity, at: operands[index].span, purpose: "\(name) needs plain numbers")
                }
                operands[index].value = radians
                settings.angle = .radians
            }
        }
        let arguments = CallArguments(operands: UnsafeBufferPointer(operands))
        let value = try implementation(FunctionCall(name: name, arguments: arguments, span: span, settings: settings))
        for _ in 0..<argumentCount { _ = stack.removeLast() }
        stack.append(Operand(value: value, span: span))
    }
}
