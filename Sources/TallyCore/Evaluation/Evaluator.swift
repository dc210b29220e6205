import Glibc
import TallyDiagnostics

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
    /// The results of a line of statements separated by `;`, in order.
    indirect case several([StatementResult])
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
    /// The variables named as a unit is (`m = 5`): after a number the parser reads such a
    /// name as the variable, with a warning.
    var shadowedUnits: Set<String> = []
    /// The last expression result.
    public private(set) var lastResult: Value?
    /// The instruction storage of the last expression line, handed to the next line's parser
    /// so that an everyday line allocates none (kept only while small).
    var spareInstructions: [Instruction] = []
    public var settings: EvaluationSettings
    /// The functions and constants names may refer to.
    public internal(set) var functions: FunctionTable
    /// The warnings the last line gave (readings a user may not have meant: `1/2x`); the line
    /// still ran.
    public internal(set) var lineWarnings: [Diagnostic] = []
    /// Words the front end reserves for its commands (`help`, `bmi`, …): they cannot be assigned.
    public let commandWords: Set<String>
    /// The work meter of the line being run, which holds the session's Ctrl-C flag (restarted
    /// for each line; a new one when a copy of
    /// this evaluator still shares it).
    var meter: WorkMeter

    /// An evaluator with no variables. `commandWords` are the words the front end reads as
    /// commands at the start of a line, which therefore cannot name variables.
    public init(
        settings: EvaluationSettings = EvaluationSettings(), functions: FunctionTable = .builtIn,
        commandWords: Set<String> = [], interruption: Interruption = Interruption()
    ) {
        self.settings = settings
        self.functions = functions
        self.commandWords = commandWords
        meter = WorkMeter(interruption: interruption)
    }

    /// The session's Ctrl-C flag, which every line's work watches.
    public var interruption: Interruption { meter.interruption }

    /// The deepest that calls of user functions may nest: a recursion that does not end stops
    /// here with an error rather than exhausting memory. Frames live on the heap, so the limit
    /// is about memory and patience, not the machine stack.
    public static let maximumCallDepth = 100_000

    /// The work steps (``LineWork``) an instruction of a user function's body counts: measured so
    /// that a budget's steps take about as long in a recursion as in arithmetic on long numbers.
    static let stepsPerInstruction = 2.0

    /// Parses and runs one line of the expression language, given as its UTF-8 `bytes`: the one
    /// way a line is run. `origin` is where the line came from, which a function defined on it
    /// remembers (with its text, made only then).
    public mutating func run(lineBytes bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin = .unnamed)
        throws(EvaluationError) -> StatementResult
    {
        if !isKnownUniquelyReferenced(&meter) { meter = WorkMeter(interruption: meter.interruption) }
        meter.restart(limit: Double(settings.maxWork))
        LineWork.install(meter)
        defer { LineWork.uninstall() }
        return try runLine(bytes, origin: origin)
    }

    /// ``run(lineBytes:origin:)`` once the line's meter is set.
    @inline(__always)
    private mutating func runLine(_ bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin)
        throws(EvaluationError) -> StatementResult
    {
        if !lineWarnings.isEmpty { lineWarnings = [] }
        if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: ";")), bytes.count) != nil {
            return try runStatements(bytes, origin: origin)
        }
        var notes = ParseNotes()
        var lineText: String?
        let result = try runStatement(bytes, from: 0, origin: origin, notes: &notes, lineText: &lineText)
        if let found = notes.found { lineWarnings = warnings(found) + lineWarnings }
        return result
    }

    /// Parses and runs the statement of `bytes` that starts at byte `offset`.
    @inline(__always)
    private mutating func runStatement(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, origin: LineOrigin, notes: inout ParseNotes,
        lineText: inout String?
    ) throws(EvaluationError) -> StatementResult {
        let statement: Statement
        do {
            statement = try Parser.parseStatement(
                bytes: bytes, startingAt: offset, reusing: &spareInstructions,
                functions: functions.hasDefinedEntries ? functions : nil,
                shadowedUnits: shadowedUnits.isEmpty ? nil : shadowedUnits,
                notes: &notes)
        } catch {
            throw .failed(error)
        }
        // Kept past the statement, whose code is gone once it has run: the storage is then
        // this reference's alone, ready for the next line.
        let instructions = statement.expressionInstructions
        let result: StatementResult
        if case .definition = statement {
            // One text of the line, shared by every function defined on it: a line of 20,000
            // definitions keeps one copy, not 20,000.
            if lineText == nil { lineText = String(decoding: bytes, as: UTF8.self) }
            result = try run(statement, line: lineText!, origin: origin)
        } else {
            result = try run(statement, origin: origin)
        }
        if let instructions, instructions.capacity <= 1024 { spareInstructions = instructions }
        return result
    }

    /// A line that may hold several statements separated by `;` (`a = 3; a + 1`), run in
    /// order. A line that fails changes nothing, whichever of its statements failed.
    @inline(never)
    private mutating func runStatements(_ bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin)
        throws(EvaluationError) -> StatementResult
    {
        let before = self
        var results: [StatementResult] = []
        var warnings: [Diagnostic] = []
        var offset = 0
        var lineText: String?
        do {
            while true {
                var notes = ParseNotes()
                results.append(
                    try runStatement(bytes, from: offset, origin: origin, notes: &notes, lineText: &lineText))
                warnings += notes.warnings
                guard let next = notes.nextStatement else { break }
                offset = next
            }
        } catch {
            self = before
            throw error
        }
        lineWarnings = self.warnings(warnings) + lineWarnings
        return results.count == 1 ? results[0] : .several(results)
    }

    /// The parser's warnings as this session gives them: with `set grouping ,` the session's
    /// own results group digits with commas, so a lone comma group (`1,234`) reads back without
    /// a warning about a decimal comma.
    private func warnings(_ found: [Diagnostic]) -> [Diagnostic] {
        guard settings.grouping == .comma else { return found }
        return found.filter { $0.id != .commaBetweenDigits }
    }

    /// ``run(lineBytes:origin:)`` on the bytes of `line`.
    public mutating func run(line: String, origin: LineOrigin = .unnamed) throws(EvaluationError) -> StatementResult {
        var line = line
        return try line.withUTF8 { bytes in
            Result { () throws(EvaluationError) in try run(lineBytes: bytes, origin: origin) }
        }
        .get()
    }

    /// Runs `body` — the display of the last line's value, say — as part of the last line's
    /// work: its size checks charge the line's budget, and Ctrl-C since the line began stops it.
    public func continuingLine<Result>(_ body: () -> Result) -> Result {
        LineWork.install(meter)
        defer { LineWork.uninstall() }
        return body()
    }

    /// The value of the expression in `span` of `line` (for commands whose arguments may be
    /// expressions, such as `bmi (170+5) w`).
    public func evaluate(line: String, in span: SourceSpan) throws(EvaluationError) -> Value {
        let code: Code
        do {
            code = try Parser.parseExpression(line, in: span)
        } catch {
            throw .failed(error)
        }
        // A meter of its own: this evaluator's may be shared with a copy (it is not mutating).
        let meter = WorkMeter(interruption: interruption)
        meter.restart(limit: Double(settings.maxWork))
        LineWork.install(meter)
        defer { LineWork.uninstall() }
        return try evaluate(code, meter: meter)
    }

    /// Runs a parsed statement of `line`. On any error nothing changes.
    mutating func run(_ statement: consuming Statement, line: String = "", origin: LineOrigin = .unnamed)
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
            try settleDigits(of: value, at: expression.span)
            lastResult = value
            return .value(value)
        case .assignment(let name, let nameSpan, let expression):
            try checkAssignable(name, at: nameSpan)
            let value = try evaluate(expression)
            if variables[name] == nil, let constant = PhysicalConstants.constant(named: name) {
                lineWarnings.append(Diagnostic.shadowsConstant(name, constant: constant.name, at: nameSpan))
            }
            variables[name] = value
            if UnitTable.unit(named: name) != nil { shadowedUnits.insert(name) }
            return .assigned(name: name, value: value)
        case .definition(let definition):
            return .defined(try define(definition, line: line, origin: origin))
        }
    }

    /// A line's value converted as its `to UNIT` asks; `ans` becomes the converted quantity.
    /// Out of line, so that `run` stays small for the lines without units.
    @inline(never)
    mutating func runUnitConversion(_ value: Value, of expression: Code, _ conversion: Conversion)
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
    func show(_ value: Value, as target: ConversionTarget, valueSpan: SourceSpan) throws(EvaluationError)
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
    func displayTarget(of code: Code, _ conversion: Conversion?) -> ConversionTarget? {
        if let conversion { return conversion.target == .decimal ? nil : conversion.target }
        if case .call(.builtIn(let function), _, let span)? = code.instructions.last, span == code.span {
            return BuiltIns.callables[Int(function)]?.shownAs
        }
        return nil
    }

    /// How this evaluator's settings write values.
    public var formatter: ValueFormatter { ValueFormatter(settings: settings) }

    /// Sets `ans` (used by commands such as `bmi` whose result is a number).
    public mutating func recordResult(_ value: Value) {
        lastResult = value
    }

    /// The value of an expression: runs its postfix code on a stack of values and their spans.
    /// Jumps make `and`, `or`, `if` and comparison chains lazy. One loop runs the line and the
    /// bodies of the user functions it calls (``run(_:from:base:on:calls:watching:)``):
    /// a call instruction runs a built-in function at once, and for a user function pushes a
    /// frame and goes on in its body, on the same stack, without recursion in Swift. As in
    /// Lua's `luaV_execute`, the running code is reloaded only when a call starts or returns,
    /// so a line pays nothing per instruction for the calls it does not make.
    func evaluate(_ code: Code) throws(EvaluationError) -> Value {
        try evaluate(code, meter: meter)
    }

    /// ``evaluate(_:)`` with the work of the line counted by `meter`; `arguments` are the
    /// parameters a body reads (a series' term), none for a line.
    @inline(__always)
    func evaluate(_ code: Code, meter: WorkMeter, arguments: [Operand] = []) throws(EvaluationError) -> Value {
        if arguments.isEmpty { try checkCalls(in: code) }
        // Without calls the stack never holds more values than there are instructions; it
        // starts in scratch space on the machine stack (the heap only for very long lines).
        return try withUnsafeTemporaryAllocation(of: Operand.self, capacity: code.instructions.count + arguments.count)
        {
            buffer throws(EvaluationError) -> Value in
            var stack = OperandStack(borrowing: buffer)
            defer { stack.removeAll() }
            for argument in arguments { stack.append(argument) }
            var calls = CallStack()
            // Ctrl-C is seen between instructions by one load and compare.
            let interruption = meter.interruption
            let requestsAtStart = meter.requestsAtStart
            // Where the running code stopped for a call it entered; nil once it has ended.
            var stopped = try run(
                code, from: 0, base: 0, on: &stack, calls: &calls, watching: (interruption, requestsAtStart))
            while let function = calls.innermost {
                let resumeAt: Int
                if stopped != nil {
                    resumeAt = 0  // a call was entered: its body from the start
                } else {
                    // The body ended: its value becomes the call's, and the caller goes on.
                    resumeAt = calls.returnFromCall(on: &stack)
                    guard let caller = calls.innermost else {
                        stopped = try run(
                            code, from: resumeAt, base: 0, on: &stack, calls: &calls,
                            watching: (interruption, requestsAtStart))
                        continue
                    }
                    stopped = try run(
                        caller.body, from: resumeAt, base: calls.base, on: &stack, calls: &calls,
                        watching: (interruption, requestsAtStart))
                    continue
                }
                stopped = try run(
                    function.body, from: resumeAt, base: calls.base, on: &stack, calls: &calls,
                    watching: (interruption, requestsAtStart))
            }
            return stack.removeLast().value
        }
    }

    /// Runs `code` from the instruction at `start`, its parameters read from `base`, until it
    /// ends (nil) or enters a call of a user function (the index to go on from when that call
    /// returns). The one instruction loop, for a line and a function's body alike.
    @inline(__always)
    func run(
        _ code: borrowing Code, from start: Int, base: Int, on stack: inout OperandStack, calls: inout CallStack,
        watching stop: (interruption: Interruption, requestsAtStart: UInt)
    ) throws(EvaluationError) -> Int? {
        var index = start
        while index < code.instructions.count {
            let instruction = code.instructions[index]
            index += 1
            do throws(Diagnostic) {
                if case .call(let callee, let argumentCount, let span) = instruction {
                    if try call(
                        callee, in: code, argumentCount: Int(argumentCount), span: span, returningTo: index,
                        on: &stack, calls: &calls)
                    {
                        return index
                    }
                } else {
                    try execute(instruction, of: code, on: &stack, index: &index, base: base, calls: &calls)
                }
            } catch {
                throw self.stopped(attributed(error, to: calls.frames))
            }
            // An operation may stop early on Ctrl-C (a long series gives up): never let its
            // unfinished value go on.
            if stop.interruption.requestCount != stop.requestsAtStart { throw .interrupted }
        }
        return nil
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
}
