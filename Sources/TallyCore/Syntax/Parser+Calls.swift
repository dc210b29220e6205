import TallyDiagnostics

extension Parser {
    /// What a name means whatever the session defines (built-in names cannot be redefined): a
    /// keyword operator before an operand (`not`), or a built-in function.
    enum BuiltInName: Sendable {
        case leadingOperator(OperatorBinding)
        case function(index: Int, arity: Arity, evaluation: FunctionEntry.Evaluation)
    }

    static let builtInNames: NameTable<BuiltInName> = {
        var names = OperatorTable.leadingByWord.map { (name: $0.0, value: BuiltInName.leadingOperator($0.1)) }
        for (index, entry) in FunctionTable.builtIn.entries.enumerated() {
            if case .function(let arity, _) = entry.kind {
                for name in [entry.name] + entry.aliases {
                    names.append((name, .function(index: index, arity: arity, evaluation: entry.evaluation)))
                }
            }
        }
        return NameTable(names)
    }()

    /// A call of the built-in function ``FunctionTable/builtIn``.entries[function], the
    /// current token being its `(`: its count checked here, once.
    mutating func builtInCall(_ function: Int, arity: Arity, nameSpan: SourceSpan) throws(Diagnostic)
        -> SourceSpan
    {
        let opening = current
        try advance()
        let (argumentCount, closing) = try arguments(opening: opening)
        let span = nameSpan.union(closing.span)
        // The message names the function as it was written (`arcsin` as well as `asin`).
        do {
            try arity.check(argumentCount, calling: lexer.text(of: nameSpan), at: span)
        } catch {
            // `log(100)`: other calculators' log of one argument is ln or log10.
            if argumentCount == 1, FunctionTable.builtIn.entries[function].name == "log" {
                let argument = lexer.text(of: SourceSpan(start: opening.span.end, end: closing.span.start))
                throw error.noting(
                    "did you mean ln(\(argument)) or log10(\(argument))? log(x, b) is the logarithm to base b")
            }
            throw error
        }
        code.instructions.append(.call(.builtIn(Int32(function)), argumentCount: Int32(argumentCount), span))
        return span
    }

    /// A call of any other name, the current token being its `(`: a function the session
    /// defines, looked up when the line runs. On a line the evaluator checks every such call
    /// before anything runs; in a function's body, which may call a function defined later, a
    /// check runs before the arguments (so `sqr(1/0)` is about `sqr`), its count and span
    /// filled in once the arguments are read.
    mutating func call(_ name: String, nameSpan: SourceSpan) throws(Diagnostic) -> SourceSpan {
        let opening = current
        try advance()
        let checkIndex = parameters == nil ? nil : code.instructions.count
        if checkIndex != nil { code.instructions.append(.checkCall(-1)) }  // a placeholder, replaced below
        let (argumentCount, closing) = try arguments(opening: opening)
        let site = CallSite(
            name: name, nameSpan: nameSpan, argumentCount: argumentCount, span: nameSpan.union(closing.span))
        code.calls.append(site)
        if let checkIndex { code.instructions[checkIndex] = .checkCall(code.calls.count - 1) }
        code.instructions.append(
            .call(.named(Int32(code.calls.count - 1)), argumentCount: Int32(argumentCount), site.span))
        return site.span
    }

    /// The arguments of a call, after its `(` (`opening`), through its `)`: each one's code,
    /// then what `afterEach` adds after the n-th (counting from 1). Returns their number and
    /// the closing parenthesis.
    mutating func arguments(opening: Token, afterEach: (inout Code, Int) -> Void = { _, _ in })
        throws(Diagnostic) -> (count: Int, closing: Token)
    {
        if case .rightParenthesis = current.kind {
            let closing = current
            try advance()
            return (0, closing)
        }
        var count = 0
        while true {
            depth += 1
            groupDepth += 1
            defer {
                depth -= 1
                groupDepth -= 1
            }
            _ = try expression(.loosest)
            count += 1
            afterEach(&code, count)
            if case .comma = current.kind {
                try advance()
                continue
            }
            return (count, try expectClosing(opening: opening))
        }
    }

    /// `if(condition, then, else)`: only the branch the condition picks is evaluated.
    mutating func conditional(nameSpan: SourceSpan) throws(Diagnostic) -> SourceSpan {
        let opening = current
        try advance()
        var branchJump = -1
        var endJump = -1
        let (argumentCount, closing) = try arguments(opening: opening) { code, count in
            if count == 1 {
                branchJump = code.instructions.count
                code.instructions.append(.jumpUnless(target: -1))
            } else if count == 2 {
                endJump = code.instructions.count
                code.instructions.append(.jump(target: -1))
                code.instructions[branchJump] = .jumpUnless(target: code.instructions.count)
            }
        }
        let span = nameSpan.union(closing.span)
        guard argumentCount == 3 else {
            let got = argumentCount == 1 ? "1 was given" : "\(argumentCount) were given"
            throw Diagnostic(
                .wrongArgumentCount,
                "if takes 3 arguments (a condition, a value if true, a value if false), but \(got)",
                at: span)
        }
        code.instructions[endJump] = .jump(target: code.instructions.count)
        code.instructions.append(.setSpan(span))
        return span
    }

    mutating func expectClosing(opening: Token) throws(Diagnostic) -> Token {
        let token = current
        switch token.kind {
        case .rightParenthesis:
            try advance()
            return token
        case .end:
            throw Diagnostic(.unclosedParenthesis, "this '(' is never closed", at: opening.span)
        case .equals:
            throw misplacedEquals(token)
        default:
            throw Diagnostic(
                .unclosedParenthesis,
                "expected ')' to close the '(' at column \(column(of: opening.span)), found \(describe(token))",
                at: token.span)
        }
    }
}
