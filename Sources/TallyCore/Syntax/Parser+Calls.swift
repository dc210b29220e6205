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

    /// How a call's arguments are written: in parentheses, the current token being the `(`;
    /// or, for a function of one argument, bare (`sqrt 2`): the operand after the name with
    /// its powers and side-by-side products and a sign written against it (`sqrt 4^2`,
    /// `sin 2pi`, `abs -3`), but not `*` or `/` (`sin pi/6` is `sin(pi)/6`, with a warning).
    enum ArgumentList {
        case parenthesized
        case bare
    }

    /// The arguments of a call written as `list`: their number and the span to the end of
    /// the last (or of the `)`).
    mutating func readArguments(_ list: ArgumentList, nameSpan: SourceSpan) throws(Diagnostic)
        -> (count: Int, end: SourceSpan)
    {
        switch list {
        case .parenthesized:
            let opening = current
            callDepth += 1
            lexer.readsGroupingCommas = false
            try advance()
            let (count, closing) = try arguments(opening: opening)
            return (count, closing.span)
        case .bare:
            depth += 1
            let outer = (bareArgumentDepth, bareFirstFactorEnd)
            bareArgumentDepth = depth + 1  // the depth of the argument's own expression
            bareFirstFactorEnd = nil
            defer {
                depth -= 1
                (bareArgumentDepth, bareFirstFactorEnd) = outer
            }
            let argument = try expression(.juxtaposition)
            if let firstEnd = bareFirstFactorEnd { noteBareProduct(argument, firstFactorEnd: firstEnd, name: nameSpan) }
            return (1, argument)
        }
    }

    /// `sin 2 pi`, `sqrt 4 y`: the argument of a call without parentheses is the product written
    /// side by side after it, which other calculators differ on when its factors are spaced: a
    /// warning names the other reading.
    mutating func noteBareProduct(_ argument: SourceSpan, firstFactorEnd: Int, name: SourceSpan) {
        // Factors written against each other (`sin 2pi`, `sqrt 3x^2`) are one argument plainly.
        guard let gap = lexer.bytes.dropFirst(firstFactorEnd).first, gap == UInt8(ascii: " ") || gap == 0x09
        else { return }
        let first = lexer.text(of: SourceSpan(start: argument.start, end: firstFactorEnd))
        let rest = String(lexer.text(of: SourceSpan(start: firstFactorEnd, end: argument.end)).drop { $0 == " " })
        noted.notes.warn(
            Diagnostic.bareCallOfProduct(
                lexer.text(of: name), argument: lexer.text(of: argument), first: first, rest: rest,
                at: name.union(argument)))
    }

    /// After a call without parentheses: `sin pi/6` reads as `sin(pi)/6`, which other
    /// calculators differ on, so a warning names the other reading.
    mutating func noteBareArgumentBeforeDivision(call: SourceSpan, nameSpan: SourceSpan) {
        guard case .operator(let symbol) = current.kind, symbol == .slash || symbol == .doubleSlash else { return }
        var probe = lexer
        guard let next = probe.nextReadable(), case .number = next.kind else { return }
        let name = lexer.text(of: nameSpan)
        let argument = String(
            lexer.text(of: SourceSpan(start: nameSpan.end, end: call.end)).drop { $0 == " " || $0 == "\t" })
        let divisor = lexer.text(of: next.span)
        let slash = lexer.text(of: current.span)
        noted.notes.warn(
            Diagnostic.bareArgumentBeforeDivision(
                name, argument: argument, slash: slash, divisor: divisor, at: call.union(next.span)))
    }

    /// A call of the built-in function ``FunctionTable/builtIn``.entries[function], its
    /// arguments written as `list`: its count checked here, once.
    mutating func builtInCall(_ function: Int, arity: Arity, nameSpan: SourceSpan, list: ArgumentList = .parenthesized)
        throws(Diagnostic) -> SourceSpan
    {
        let argumentsStart = current.span
        let (argumentCount, end) = try readArguments(list, nameSpan: nameSpan)
        let span = nameSpan.union(end)
        // The message names the function as it was written (`arcsin` as well as `asin`).
        do {
            try arity.check(argumentCount, calling: lexer.text(of: nameSpan), at: span)
        } catch {
            // `log(100)`: other calculators' log of one argument is ln or log10.
            if argumentCount == 1, FunctionTable.builtIn.entries[function].name == "log" {
                let argument =
                    list == .bare
                    ? lexer.text(of: SourceSpan(start: argumentsStart.start, end: end.end))
                    : lexer.text(of: SourceSpan(start: argumentsStart.end, end: end.start))
                throw error.notingLogarithmReadings(of: argument)
            }
            throw error
        }
        if let semicolonCall = extras?.semicolonCall, semicolonCall == argumentsStart.start,
            FunctionTable.builtIn.entries[function].name == "log"
        {
            // `log(8; 2)`: SpeedCrunch, whose users separate arguments by `;`, puts the base first.
            noted.notes.warn(
                Diagnostic.logarithmBaseSecond(at: span))
        }
        code.instructions.append(.call(.builtIn(Int32(function)), argumentCount: Int32(argumentCount), span))
        return span
    }

    /// A call of any other name, its arguments written as `list`: a function the session
    /// defines, looked up when the line runs. On a line the evaluator checks every such call
    /// before anything runs; in a function's body, which may call a function defined later, a
    /// check runs before the arguments (so `sqr(1/0)` is about `sqr`), its count and span
    /// filled in once the arguments are read.
    mutating func call(_ name: String, nameSpan: SourceSpan, list: ArgumentList = .parenthesized) throws(Diagnostic)
        -> SourceSpan
    {
        let checkIndex = parameters == nil ? nil : code.instructions.count
        if checkIndex != nil { code.instructions.append(.checkCall(-1)) }  // a placeholder, replaced below
        let (argumentCount, end) = try readArguments(list, nameSpan: nameSpan)
        let site = CallSite(
            name: name, nameSpan: nameSpan, argumentCount: argumentCount, span: nameSpan.union(end))
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
            callDepth -= 1
            lexer.readsGroupingCommas = callDepth == 0
            try advance()
            return (0, closing)
        }
        var count = 0
        while true {
            try groupedExpression()
            count += 1
            afterEach(&code, count)
            if case .comma = current.kind {
                try noteCommaBetweenDigits()
                try advance()
                continue
            }
            if case .semicolon = current.kind {
                noted.semicolonCall = opening.span.start
                try advance()
                continue
            }
            callDepth -= 1
            lexer.readsGroupingCommas = callDepth == 0
            return (count, try expectClosing(opening: opening))
        }
    }

    /// `if(condition, then, else)`: only the branch the condition picks is evaluated.
    mutating func conditional(nameSpan: SourceSpan) throws(Diagnostic) -> SourceSpan {
        let opening = current
        callDepth += 1
        lexer.readsGroupingCommas = false
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
            throw Diagnostic.conditionalArgumentCount(argumentCount, at: span)
        }
        code.instructions[endJump] = .jump(target: code.instructions.count)
        code.instructions.append(.setSpan(span))
        return span
    }

    /// `max(1,234)`: inside a call's parentheses a `,` separates arguments, as in every other
    /// calculator, with no warning; only `max(1,000)` — where no argument can start with a
    /// zero, so one number was meant — is an error that says so.
    mutating func noteCommaBetweenDigits() throws(Diagnostic) {
        guard let (number, digits) = digitsAroundComma(), digits.end - digits.start == 3 else { return }
        let after = lexer.text(of: digits)
        if after.first == "0" {
            throw Diagnostic.commaBeforeLeadingZero(lexer.text(of: number), after, at: number.union(digits))
        }
    }

    /// One expression inside parentheses (a call's argument, a series' bound), a level deeper.
    mutating func groupedExpression() throws(Diagnostic) {
        depth += 1
        groupDepth += 1
        defer {
            depth -= 1
            groupDepth -= 1
        }
        _ = try expression(.loosest)
    }

    mutating func expectClosing(opening: Token) throws(Diagnostic) -> Token {
        let token = current
        switch token.kind {
        case .rightParenthesis:
            try advance()
            return token
        case .end:
            throw Diagnostic.unclosedParenthesis(at: opening.span)
        case .equals:
            throw misplacedEquals(token)
        default:
            throw Diagnostic.expectedClosingParenthesis(
                openedAt: column(of: opening.span), found: describe(token), at: token.span)
        }
    }
}
