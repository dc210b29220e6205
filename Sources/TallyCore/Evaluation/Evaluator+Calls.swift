import Glibc
import TallyDiagnostics

extension Evaluator {
    /// A call of a user function in progress: what to resume when its body ends.
    struct Frame {
        /// The function running in this frame.
        let function: UserFunction
        /// Where the caller (the line, or the function of the frame below) goes on.
        let returnIndex: Int
        /// Where the caller's arguments, this frame's parameters, start on the stack.
        let base: Int
        /// The caller's frame base, restored on return.
        let callerBase: Int
        /// The call, in the caller's code: the span the result takes.
        let callSpan: SourceSpan
    }

    /// The calls of user functions in progress while a line runs, outermost first, and the
    /// function called last. Nothing is made until the line calls a user function, so that a
    /// line without one has nothing to set up or release.
    struct CallStack {
        private final class Storage {
            var frames: [Frame] = []
            var base = 0
            /// The user function called last, by name: a recursion calls one function over and
            /// over, and the table cannot change while a line runs.
            var cachedName = ""
            var cachedFunction: UserFunction?
        }

        private var storage: Storage?

        /// The calls in progress, outermost first.
        var frames: [Frame] { storage?.frames ?? [] }
        /// Where the innermost function's arguments start on the stack (0 on the line).
        var base: Int { storage?.base ?? 0 }
        /// The function whose body is running; nil while the line itself runs.
        var innermost: UserFunction? { storage?.frames.last?.function }

        /// Whether `name` is the user function called last, and takes `count` arguments.
        func callsCached(_ name: String, withCount count: Int) -> Bool {
            guard let storage, let function = storage.cachedFunction else { return false }
            return name == storage.cachedName && function.parameters.count == count
        }

        /// How many calls are in progress.
        var depth: Int { storage?.frames.count ?? 0 }

        /// The user function named `name`, when it is the one called last.
        func cached(_ name: String) -> UserFunction? {
            guard let storage, let function = storage.cachedFunction, name == storage.cachedName else { return nil }
            return function
        }

        mutating func push(_ frame: Frame) {
            let storage = self.storage ?? Storage()
            self.storage = storage
            storage.frames.append(frame)
            storage.base = frame.base
            if storage.cachedFunction !== frame.function {
                storage.cachedName = frame.function.name
                storage.cachedFunction = frame.function
            }
        }

        /// Ends the innermost call: the body's value becomes the call's, in place of the
        /// arguments. Returns where the caller goes on.
        mutating func returnFromCall(on stack: inout OperandStack) -> Int {
            guard let storage else { preconditionFailure("a return without a call") }
            let frame = storage.frames.removeLast()
            let result = stack.removeLast()
            stack.truncate(to: frame.base)
            stack.append(Operand(value: result.value, span: frame.callSpan))
            storage.base = frame.callerBase
            return frame.returnIndex
        }
    }

    /// Runs a call in `code`: a built-in function at once, on its arguments in place (false); a
    /// user function by pushing its frame (true), the loop then going on in its body, and at
    /// `returnIndex` once it returns. Both kinds are one callable entry of the function table,
    /// and this is the one place a call is made (Lua's `luaD_precall`).
    @inline(never)
    func call(
        _ callee: Callee, in code: borrowing Code, argumentCount: Int, span: SourceSpan, returningTo returnIndex: Int,
        on stack: inout OperandStack, calls: inout CallStack
    ) throws(Diagnostic) -> Bool {
        let callable: BuiltIns.Callable
        switch callee {
        case .builtIn(let function):
            guard let builtIn = BuiltIns.callables[Int(function)] else {
                preconditionFailure("not a built-in function")
            }
            callable = builtIn
        case .named(let site):
            let name = code.calls[Int(site)].name
            if let function = calls.cached(name) {
                try enter(
                    function, argumentCount: argumentCount, span: span, returningTo: returnIndex, calls: &calls, stack)
                return true
            }
            guard let entry = functions.entry(named: name) else {
                preconditionFailure("a call runs only after its check")
            }
            switch entry.kind {
            case .user(let function):
                try enter(
                    function, argumentCount: argumentCount, span: span, returningTo: returnIndex, calls: &calls, stack)
                return true
            case .function(_, let implementation):
                // A function added to the table at run time, not one of the parser's built-ins.
                callable = BuiltIns.Callable(
                    name: entry.name, implementation: implementation,
                    takesTruthValues: entry.evaluation == .conditional, takesAngle: entry.takesAngle,
                    takesCalendarValues: entry.takesCalendarValues, shownAs: entry.shownAs)
            case .constant:
                preconditionFailure("a call runs only after its check")
            }
        }
        try call(callable, argumentCount: argumentCount, span: span, on: &stack)
        return false
    }

    /// Pushes the frame of a call of `function` whose arguments are the `argumentCount` values
    /// on top.
    private func enter(
        _ function: UserFunction, argumentCount: Int, span: SourceSpan, returningTo returnIndex: Int,
        calls: inout CallStack, _ stack: borrowing OperandStack
    ) throws(Diagnostic) {
        // A call's own work is known before it runs: its body's instructions (the calls it
        // makes are charged as they start). This is also where a long recursion stops on Ctrl-C.
        try settings.chargeWork(Evaluator.stepsPerInstruction * Double(function.body.instructions.count), at: span)
        if calls.depth >= Evaluator.maximumCallDepth {
            throw Diagnostic.recursionTooDeep(at: span)
        }
        calls.push(
            Frame(
                function: function, returnIndex: returnIndex,
                base: stack.count - argumentCount,
                callerBase: calls.base, callSpan: span))
    }

    /// Checks, in a function's body, a call before its arguments run; a call of the function
    /// called last, with its count, passes at once.
    @inline(never)
    func checkCall(_ site: Int, in code: borrowing Code, calls: inout CallStack) throws(Diagnostic) {
        let call = code.calls[site]
        if calls.callsCached(call.name, withCount: call.argumentCount) { return }
        try check(call)
    }

    /// Checks every call of a line before anything on it runs, as the parser checks a built-in's
    /// count: `1/0 + f(1, 2)` is about `f`, and `1/0 + sqr(2)` about `sqr`. (A call in a
    /// function's body is checked when it is reached, as the function it calls may be defined
    /// later.)
    func checkCalls(in code: Code) throws(EvaluationError) {
        if code.calls.isEmpty { return }
        for site in code.calls {
            do {
                try check(site)
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
            // `Pi (2)`: a built-in constant in another letter case is the constant, as `PI` is.
            let constant =
                entry ?? functions.entry(named: name.lowercased()).flatMap { $0.isBuiltIn && !$0.isFunction ? $0 : nil }
            if variables[name] != nil || name == "ans" || constant != nil {
                let what = constant != nil ? "a constant" : "a variable"
                throw Diagnostic.notAFunction(shown, is: what, at: SourceSpan(at: site.nameSpan.end))
            }
            if let suggestion = Suggestion.nearest(to: name, in: functions.functionNames) {
                throw Diagnostic.unknownFunction(shown, hasSuggestion: true, at: site.nameSpan).suggesting(suggestion)
            }
            throw Diagnostic.unknownFunction(shown, hasSuggestion: false, at: site.nameSpan)
        }
        try arity.check(site.argumentCount, calling: name, at: site.span)
    }

    /// Applies a checked call of a built-in function (spanning `span`) to the `argumentCount`
    /// values on top, which its result replaces. They must be numbers, unless the function
    /// takes truth values (`if`, when it is not compiled to a jump, takes any value); the
    /// function reads them in place.
    func call(
        _ callable: BuiltIns.Callable, argumentCount: Int, span: SourceSpan, on stack: inout OperandStack
    ) throws(Diagnostic) {
        let name = callable.name
        let acceptsTruth = callable.takesTruthValues
        let takesAngle = callable.takesAngle
        let first = stack.count - argumentCount
        var settings = self.settings
        if !acceptsTruth {
            for index in first..<stack.count where stack[index].value.isTruth {
                throw Diagnostic.expectedNumber(at: stack[index].span)
            }
        }
        // A function may do more with its arguments than an operator (a gcd of two million-digit
        // numbers takes half a second): its work counts 25 times their size. Built-in functions
        // take plain numbers only.
        for index in first..<stack.count {
            switch stack[index].value.kind {
            case .number(let number):
                if !number.isMachineWord { try settings.chargeWork(25 * Double(number.decimalSize), at: span) }
            case .real, .truth:
                break
            case .calendar(let value):
                // Only the calendar's own functions (`weekday`, `age`, …) take dates.
                if !callable.takesCalendarValues {
                    throw Value.expectedNumber(at: stack[index].span, found: value)
                }
            case .quantity(let quantity):
                if acceptsTruth { break }
                // `sin(30 deg)`: the angle in radians, in its place, for settings that read it so.
                guard let radians = try radians(takingAngle: takesAngle, angle: quantity, at: stack[index].span)
                else {
                    throw Diagnostic.expectedPlainNumber(
                        quantity, at: stack[index].span, purpose: "\(name) needs plain numbers")
                }
                stack.setValue(radians, at: index)
                settings.angle = .radians
            }
        }
        let arguments = stack.arguments(argumentCount)
        let value = try callable.implementation(
            FunctionCall(name: name, arguments: arguments, span: span, settings: settings))
        for _ in 0..<argumentCount { _ = stack.removeLast() }
        stack.append(Operand(value: value, span: span))
    }
}
