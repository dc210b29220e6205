import TallyDiagnostics

/// A Pratt parser for one line of the expression language. What an operator means, how tightly
/// it binds and how it associates come from ``OperatorTable``; every other decision is one
/// exhaustive `switch` over ``TokenKind``. It
/// emits postfix ``Code`` as it goes: each parsing function appends its operands, then its
/// operator, and returns the span it covered.
public struct Parser {
    /// Parentheses, calls, prefix operators, power towers and `!` together may nest this deep.
    public static let maximumNesting = 256
    /// The most operands (numbers, names, parenthesised groups) one line may hold. Each costs
    /// instructions of a few dozen bytes: without a bound a 10 MB line of `1+1+…` would take
    /// hundreds of megabytes before evaluating anything.
    public static let maximumOperands = 100_000

    var lexer: Lexer
    var current: Token
    var previous: Token?
    var depth = 0
    /// Parentheses and calls open around the current token: `to` may stand only outside them.
    var groupDepth = 0
    var operandCount = 0
    var code = Code()
    /// The `to` at the end of the line just read, if any.
    var conversion: Conversion?
    var started = false
    /// The operator table's meaning of each symbol after and before an operand, fetched once per
    /// line so that reading it costs an index, not a lazy-initialisation check per token (and,
    /// being a pointer to storage that lives as long as the program, nothing to retain).
    let operators = OperatorTable.bindings
    /// The parameters of the function whose body is being read, by position; nil outside
    /// definitions.
    var parameters: [String: Int]?
    /// Whether the operand ``expression(_:)`` read last is a percentage as written (`15%`, not
    /// `(15%)`): on the right of `+` or `-` it is then a percentage of the left operand. Read
    /// from the syntax, never by looking back at the code already emitted.
    var lastOperandIsPercentage = false
    /// The first product written side by side (`2x`) at the nesting depth of the latest one:
    /// that depth and where its second factor starts (-1, -1 before any). A divisor read at
    /// that depth (`1/2x`, not `1/(2x)`) is one, and gets a warning.
    var juxtaposed: (depth: Int32, at: Int32) = (-1, -1)
    /// How many calls' parentheses are open around the current token: between a call's
    /// arguments a `,` separates them, elsewhere it may group digits (`1,234`).
    var callDepth: Int32 = 0
    /// The ``depth`` of the argument of a call without parentheses being read (`sqrt 16`), -1
    /// when none is: a function named after it starts a factor of its own, not more of its
    /// argument (`sqrt 16 sqrt 16` is `sqrt(16)*sqrt(16)`, as other calculators read it).
    var bareArgumentDepth = -1
    /// Where the first factor of that argument ends when more factors follow it side by side.
    var bareFirstFactorEnd: Int?
    /// What a parse needs only now and then: the session's functions and the notes it leaves
    /// (``ParseExtras``). Nil for an everyday line, which so copies and frees nothing more.
    var extras: ParseExtras?

    /// Parses the UTF-8 `bytes` of a line from byte `offset` as a statement: empty, expression,
    /// assignment or definition. The code is written into `spare`'s storage (emptied first),
    /// which it takes: an evaluator hands back the storage of the line before, so that an
    /// everyday line allocates none. The lexer reads the bytes for the length of the parse:
    /// nothing it returns points into them (names and long literals are copied out).
    /// `functions` are the session's, for calls without parentheses of its one-argument
    /// functions (`f 3`). The line's warnings, and where a statement after a `;` starts, are
    /// left in `notes`.
    public static func parseStatement(
        bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int = 0, reusing spare: inout [Instruction],
        functions: FunctionTable? = nil, shadowedUnits: Set<String>? = nil, notes: inout ParseNotes
    ) throws(Diagnostic) -> Statement {
        var parser = Parser(lexer: Lexer(borrowing: bytes, startingAt: offset))
        if functions != nil || shadowedUnits != nil {
            parser.extras = ParseExtras(functions: functions, shadowedUnits: shadowedUnits ?? [])
        }
        parser.lexer.readsUnitMarks = true
        parser.lexer.readsGroupingCommas = true
        if spare.capacity > 0 {
            swap(&parser.code.instructions, &spare)
            parser.code.instructions.removeAll(keepingCapacity: true)
        } else {
            parser.code.instructions.reserveCapacity(16)
        }
        try parser.advance()
        let statement = try parser.statement()
        if let extras = parser.extras { notes = extras.notes }
        return statement
    }

    /// ``parseStatement(bytes:startingAt:reusing:functions:notes:)`` on the bytes of `line`.
    public static func parseStatement(_ line: String) throws(Diagnostic) -> Statement {
        var line = line
        var none: [Instruction] = []
        var notes = ParseNotes()
        return try line.withUTF8 { bytes in
            Result { () throws(Diagnostic) in try parseStatement(bytes: bytes, reusing: &none, notes: &notes) }
        }.get()
    }

    /// Parses the part of `line` in `span` (the whole line if nil) as one expression that must
    /// fill it.
    public static func parseExpression(_ line: String, in span: SourceSpan? = nil) throws(Diagnostic) -> Code {
        var parser = Parser(lexer: Lexer(line, startingAt: span?.start ?? 0, endingAt: span?.end))
        parser.lexer.readsUnitMarks = true
        try parser.advance()
        let code = try parser.wholeExpression()
        if let conversion = parser.conversion {
            throw Diagnostic.conversionNotHere(at: conversion.span)
        }
        return code
    }

    /// A parser before its first token: callers `advance()` once (a throwing initializer
    /// would copy the whole parser out of it, for every line).
    init(lexer: Lexer) {
        self.lexer = lexer
        current = Token(.end, SourceSpan(at: lexer.offset))
    }

    /// An expression running to the end of the input, as code.
    @inline(__always)
    mutating func wholeExpression() throws(Diagnostic) -> Code {
        code.span = try expression(.loosest)
        if case .name = current.kind,
            case .conversion? = OperatorTable.trailing(word: lexer.text(of: current.span))?.operation
        {
            conversion = try readConversion()
        }
        try expectEnd()
        // Hand the code over rather than share it with a parser that is about to go away.
        var finished = Code()
        swap(&finished, &code)
        return finished
    }

    /// Moves to the next token. The first call (from a fresh parser) reads the first token and
    /// leaves no previous one.
    mutating func advance() throws(Diagnostic) {
        if started { previous = current }
        started = true
        current = try lexer.nextValid()
    }

    mutating func statement() throws(Diagnostic) -> Statement {
        if case .end = current.kind { return .empty }
        // An empty statement (`;1`, `1;;2`, `3;;;`) is nothing, as a blank line is.
        if case .semicolon = current.kind {
            noted.notes.nextStatement = current.span.end
            return .empty
        }
        if case .name = current.kind {
            var probe = lexer
            let next = try probe.nextValid()
            if case .leftParenthesis = next.kind, Parser.isDefinition(after: probe) {
                return .definition(try definition())
            }
            if case .equals = next.kind {
                let nameSpan = current.span
                let name = lexer.text(of: nameSpan)
                try advance()
                try advance()
                let value = try wholeExpression()
                if let conversion {
                    throw Diagnostic.conversionInAssignment(at: conversion.span)
                }
                return .assignment(name: name, nameSpan: nameSpan, value: value)
            }
        }
        let code = try wholeExpression()
        return .expression(code, conversion: conversion)
    }

    @inline(__always)
    mutating func expectEnd() throws(Diagnostic) {
        switch current.kind {
        case .end:
            if lexer.offset < lexer.bytes.count, previous.map({ $0.span.end }) == current.span.start {
                noteCommentAgainstNumber()
            }
            return
        case .semicolon:
            noted.notes.nextStatement = current.span.end
            return
        case .rightParenthesis:
            throw Diagnostic.unmatchedParenthesis(at: current.span)
        case .equals:
            throw misplacedEquals(current)
        case .comma:
            throw commaOutsideCall()
        case .number, .name, .operator, .leftParenthesis, .superscript, .invalid:
            throw Diagnostic.unexpectedToken(describe(current), at: current.span)
        }
    }

    /// `=` inside an expression: an assignment in the wrong place, or more likely a comparison.
    func misplacedEquals(_ token: Token) -> Diagnostic {
        Diagnostic.misplacedEquals(at: token.span)
    }

    /// Parses operators binding at least as tightly as `minimum`; returns the span covered.
    mutating func expression(_ minimum: Precedence) throws(Diagnostic) -> SourceSpan {
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maximumNesting {
            throw nestingError(at: current.span)
        }
        var span = try prefix()
        // What the operand read so far is, as written: a percentage, or a power `a^b` whose
        // instruction waits, as a remainder follows that makes it one modular power.
        var isPercentage = false
        var powerAwaitingModulus: SourceSpan? = nil
        defer { lastOperandIsPercentage = isPercentage }
        var postfixCount = 0
        while true {
            let token = current
            let definition: OperatorBinding
            switch token.kind {
            case .operator(let symbol):
                guard let trailing = operators[OperatorTable.index(of: symbol, leading: false)] else { return span }
                definition = symbol == .percent ? try percentOrRemainder(token, trailing) : trailing
            case .name:
                if let keyword = OperatorTable.trailing(word: lexer.text(of: token.span)) {
                    definition = keyword
                    break
                }
                if bareArgumentDepth == depth, namesFunction(token) { return span }
                // A name that is no operator word starts a factor, as `(` does.
                fallthrough
            case .leftParenthesis:
                guard Precedence.juxtaposition >= minimum else { return span }
                // The first product side by side in the argument of a call without
                // parentheses (`sin 2 pi`): where its first factor ends, for a warning.
                if bareArgumentDepth == depth, bareFirstFactorEnd == nil { bareFirstFactorEnd = span.end }
                span = try juxtaposition(after: span)
                isPercentage = false
                continue
            case .number:
                throw missingOperator(before: token)
            case .superscript:
                // `x²`, `10⁻³`: a power written against its base, as tight as `^`.
                guard Precedence.power >= minimum else { return span }
                try advance()
                code.instructions.append(.integer(lexer.superscriptValue(of: token.span), token.span))
                code.instructions.append(.binary(.power, operatorSpan: token.span))
                // `2³!`: the power of what it is written against, then the factorial.
                if case .operator(.bang) = current.kind, current.span.start == token.span.end {
                    noted.notes.warn(
                        Diagnostic.superscriptBeforeFactorial(
                            base: lexer.text(of: span), written: lexer.text(of: token.span),
                            power: lexer.superscriptValue(of: token.span), at: span.union(current.span)))
                }
                span = span.union(token.span)
                isPercentage = false
                continue
            case .rightParenthesis, .comma, .semicolon, .equals, .end, .invalid:
                return span
            }
            guard definition.precedence >= minimum else { return span }
            switch definition.operation {
            case .postfix(var operation):
                postfixCount += 1
                if depth + postfixCount > Parser.maximumNesting {
                    throw nestingError(at: token.span)
                }
                try advance()
                var operatorSpan = token.span
                if operation == .factorial, case .operator(.bang) = current.kind {
                    operatorSpan = try doubleFactorial(first: token)
                    operation = .doubleFactorial
                }
                code.instructions.append(.postfix(operation, operatorSpan: operatorSpan))
                isPercentage = operation == .percent
                span = span.union(operatorSpan)
            case .binary(var operation):
                try advance()
                // A left-associative operator's right operand binds tighter, so `a - b - c` is
                // `(a - b) - c`; a right-associative one's at the same level, so `2^3^2` is
                // `2^(3^2)`.
                let operandLevel =
                    definition.associativity == .right ? definition.precedence : definition.precedence.tighter
                let left = span
                let right = try expression(operandLevel)
                span = span.union(right)
                isPercentage = false
                if operation == .divide || operation == .floorDivide || operation == .modulo
                    || operation == .power
                {
                    noteJuxtaposition(after: operation, operator: token, left: left, right: right)
                }
                if let powerSpan = powerAwaitingModulus {
                    // `a^b % m`: one modular power, never the power itself.
                    precondition(operation == .modulo, "a power waits only for the remainder that follows it")
                    code.instructions.append(.powerModulo(powerSpan: powerSpan, operatorSpan: token.span))
                    powerAwaitingModulus = nil
                    continue
                }
                if operation == .power, try remainderFollows(atLeast: minimum) {
                    powerAwaitingModulus = token.span
                    continue
                }
                // `80 + 15%`: a percentage as written, added to (or taken from) the left operand.
                if operation == .add || operation == .subtract, lastOperandIsPercentage {
                    operation = operation == .add ? .addPercentage : .subtractPercentage
                }
                code.instructions.append(.binary(operation, operatorSpan: token.span))
            case .conversion:
                if groupDepth > 0 {
                    throw Diagnostic.conversionInParentheses(lexer.text(of: token.span), at: token.span)
                }
                return span
            case .prefix:
                // A prefix-only symbol after an operand: the table has no meaning for it here.
                return span
            case .comparison(let comparison):
                span = try comparisonChain(comparison, operatorToken: token, left: span)
                isPercentage = false
            case .logical(let operation):
                try advance()
                let jump = code.instructions.count
                code.instructions.append(.testOrJump(operation, target: -1))  // the target is set below
                let right = try expression(definition.precedence.tighter)
                span = span.union(right)
                code.instructions[jump] = .testOrJump(operation, target: code.instructions.count)
                code.instructions.append(.requireTruth(span))
                isPercentage = false
            }
        }
    }

    /// Two operands side by side that do not multiply: a number after an operand (`2 3`, `x 2`).
    func missingOperator(before token: Token) -> Diagnostic {
        let before = previous.map(describe) ?? "the previous value"
        return Diagnostic.missingOperator(between: before, and: describe(token), at: SourceSpan(at: token.span.start))
    }

    func nestingError(at span: SourceSpan) -> Diagnostic {
        Diagnostic.nestingTooDeep(at: span)
    }

    /// An operand: literal, name, call, parenthesised expression, or a prefix operator and its
    /// operand. Returns the span covered.
    mutating func prefix() throws(Diagnostic) -> SourceSpan {
        let token = current
        operandCount += 1
        if operandCount > Parser.maximumOperands {
            throw Diagnostic.tooManyOperands(at: token.span)
        }
        switch token.kind {
        case .number:
            try emitNumber(token)
            try advance()
            if Parser.mayStartUnit(current.kind), startsUnit() {
                return try quantity(after: token.span, adjacentAllowed: true)
            }
            return token.span
        case .name:
            let meaning = builtInMeaning(of: token)
            if case .leadingOperator(let keyword)? = meaning {
                return try prefixOperator(keyword, token: token)
            }
            try advance()
            // A name and `(`, with or without a space between, is a call: of a built-in or a user
            // function alike.
            if case .leftParenthesis = current.kind {
                let span: SourceSpan
                if case .function(let function, let arity, let evaluation)? = meaning {
                    if evaluation == .conditional { return try conditional(nameSpan: token.span) }
                    if let form = seriesForm(of: function) { return try series(form, nameSpan: token.span) }
                    span = try builtInCall(function, arity: arity, nameSpan: token.span)
                } else {
                    span = try call(lexer.text(of: token.span), nameSpan: token.span)
                }
                if Parser.mayStartUnit(current.kind), startsUnit() {
                    return try quantity(after: span, adjacentAllowed: false)
                }
                return span
            }
            if let span = try bareCall(token, meaning: meaning) { return span }
            let first = lexer.bytes[token.span.start]
            if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") || first == 0xE2 {
                try checkNotMark(token)
            }
            let name = lexer.text(of: token.span)
            if let parameters, let index = parameters[name] {
                code.instructions.append(.parameter(index, token.span))
                return token.span
            }
            code.names.append(name)
            code.instructions.append(.name(code.names.count - 1, token.span))
            return token.span
        case .leftParenthesis:
            try advance()
            if case .rightParenthesis = current.kind {
                throw Diagnostic.emptyParentheses(at: token.span.union(current.span))
            }
            groupDepth += 1
            _ = try expression(.loosest)
            groupDepth -= 1
            let closing = try expectClosing(opening: token)
            let span = token.span.union(closing.span)
            code.instructions.append(.group(span))
            if Parser.mayStartUnit(current.kind), startsUnit() {
                return try quantity(after: span, adjacentAllowed: false)
            }
            return span
        case .operator(let symbol):
            if let definition = operators[OperatorTable.index(of: symbol, leading: true)] {
                return try prefixOperator(definition, token: token)
            }
            throw expectedOperand(found: token)
        case .end, .rightParenthesis, .comma, .semicolon, .equals, .superscript, .invalid:
            throw expectedOperand(found: token)
        }
    }

    /// Appends the instruction that pushes the number `token`.
    @inline(__always)
    mutating func emitNumber(_ token: Token) throws(Diagnostic) {
        guard case .number(let number) = token.kind else { preconditionFailure("not a number") }
        switch number {
        case .integer(let value):
            code.instructions.append(.integer(value, token.span))
        case .smallDecimal(let significand, let exponent):
            code.instructions.append(.smallDecimal(significand: significand, exponent: exponent, token.span))
        case .unsignedWord(let word):
            code.instructions.append(.unsigned(word, token.span))
        case .digits(let radix):
            if radix == 10, token.span.end - token.span.start >= 5, lexer.bytes[token.span.end - 4] == UInt8(ascii: ",")
            {
                noteOneCommaGroup(token)
            }
            code.literals.append(.digits(lexer.literalDigits(of: token), radix: radix))
            code.instructions.append(.literal(code.literals.count - 1, token.span))
        case .decimal(let exponent):
            code.literals.append(.decimal(significand: lexer.literalDigits(of: token), exponent: exponent))
            code.instructions.append(.literal(code.literals.count - 1, token.span))
        case .repeating(let fractionDigits, let repeatingDigits, let exponent):
            code.literals.append(
                .repeating(
                    digits: lexer.literalDigits(of: token), fractionDigits: fractionDigits,
                    repeatingDigits: repeatingDigits,
                    exponent: exponent))
            code.instructions.append(.literal(code.literals.count - 1, token.span))
        case .calendar(let value):
            code.instructions.append(.calendar(value, token.span))
        }
    }

    func expectedOperand(found token: Token) -> Diagnostic {
        Diagnostic.expectedOperand(after: previous.map(describe), found: describe(token), at: token.span)
    }

    /// How a token reads in a message: `'*'`, `'12'`, `the end of the line`.
    func describe(_ token: Token) -> String {
        if case .end = token.kind { return "the end of the line" }
        return "'\(TerminalSafeText.excerpt(Substring(lexer.text(of: token.span)), limit: 20))'"
    }

    func column(of span: SourceSpan) -> Int {
        lexer.text(of: SourceSpan(start: 0, end: span.start)).count + 1
    }
}
