import Glibc
import TallyDiagnostics

extension Evaluator {
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

    /// Runs a call in the line itself: a built-in function at once; a user function by running
    /// its body, and the bodies of the calls it makes, in frames on the heap, until it returns
    /// its value onto the stack. On an error `frames` holds the calls in progress, for the
    /// error's notes. Ctrl-C stops it between instructions.
    @inline(never)
    func runCall(_ site: CallSite, of line: Code, on stack: inout OperandStack, frames: inout [Frame])
        throws(Diagnostic)
    {
        guard let entry = functions.entry(named: site.name) else {
            preconditionFailure("a call runs only after its check")
        }
        let first: UserFunction
        switch entry.kind {
        case .user(let function):
            first = function
        case .function(_, let implementation):
            // A function added to the table at run time (a built-in is called by `callBuiltIn`).
            try call(
                site.name, implementation, acceptsTruth: entry.evaluation == .conditional, takesAngle: entry.takesAngle,
                argumentCount: site.argumentCount, span: site.span, on: &stack)
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
        frames.append(
            Frame(function: first, returnFunction: nil, returnIndex: 0, base: base, callerBase: 0, callSpan: site.span))
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
                            site.name, implementation, acceptsTruth: entry.evaluation == .conditional,
                            takesAngle: entry.takesAngle,
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
                        function: callee, returnFunction: function, returnIndex: index, base: frameBase,
                        callerBase: base,
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

    /// Checks the count of each call of a function defined by now before anything on the line
    /// runs, as the parser checks a built-in's: `1/0 + f(1, 2)` is about `f`. (A call in a
    /// function's body is checked when it runs, as the function it calls may be defined later.)
    func checkCallCounts(in code: Code) throws(EvaluationError) {
        if code.calls.isEmpty { return }
        for site in code.calls {
            guard case .user(let function)? = functions.entry(named: site.name)?.kind else { continue }
            do {
                try Arity.exactly(function.parameters.count).check(
                    site.argumentCount, calling: site.name, at: site.span)
            } catch {
                throw .failed(error)
            }
        }
    }

    /// Fails unless the call names a function and passes it an acceptable number of arguments.
    func check(_ site: CallSite) throws(Diagnostic) {
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
                    .variableCalled,
                    "missing operator between '\(shown)' and '(': '\(shown)' is \(what), not a function",
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
    func callBuiltIn(_ function: Int, argumentCount: Int, span: SourceSpan, on stack: inout OperandStack)
        throws(Diagnostic)
    {
        guard let callable = BuiltIns.callables[function] else { preconditionFailure("not a built-in function") }
        try call(
            callable.name, callable.implementation, acceptsTruth: callable.takesTruthValues,
            takesAngle: callable.takesAngle,
            argumentCount: argumentCount, span: span, on: &stack)
    }

    /// Applies a checked call of the function `name` (spanning `span`) to the `argumentCount`
    /// values on top, which its result replaces. They must be numbers, unless the function
    /// `acceptsTruth` (`if`, when it is not compiled to a jump, takes any value); the function
    /// reads them in place.
    func call(
        _ name: String, _ implementation: @Sendable (FunctionCall) throws(Diagnostic) -> Value, acceptsTruth: Bool,
        takesAngle: Bool,
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
            case .calendar(let value):
                // Only the calendar's own functions (`weekday`, `age`, …) take dates.
                if !BuiltIns.takesCalendarValues(name) {
                    throw Value.expectedNumber(at: operands[index].span, found: value)
                }
            case .quantity(let quantity):
                if acceptsTruth { break }
                // `sin(30 deg)`: the angle in radians, in its place, for settings that read it so.
                guard let radians = try radians(takingAngle: takesAngle, angle: quantity, at: operands[index].span)
                else {
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
