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

    private var lexer: Lexer
    private var current: Token
    private var previous: Token?
    private var depth = 0
    /// Parentheses and calls open around the current token: `to` may stand only outside them.
    private var groupDepth = 0
    private var operandCount = 0
    private var code = Code()
    /// The `to` at the end of the line just read, if any.
    private var conversion: Conversion?
    private var started = false
    /// The operator table's meaning of each symbol after and before an operand, fetched once per
    /// line so that reading it costs an index, not a lazy-initialisation check per token (and,
    /// being a pointer to storage that lives as long as the program, nothing to retain).
    private let operators = OperatorTable.bindings
    /// The parameters of the function whose body is being read, by position; nil outside
    /// definitions.
    private var parameters: [String: Int]?
    /// Whether the operand ``expression(_:)`` read last is a percentage as written (`15%`, not
    /// `(15%)`): on the right of `+` or `-` it is then a percentage of the left operand. Read
    /// from the syntax, never by looking back at the code already emitted.
    private var lastOperandIsPercentage = false

    /// Parses the UTF-8 `bytes` of a line from byte `offset` as a statement: empty, expression,
    /// assignment or definition. The code is written into `spare`'s storage (emptied first),
    /// which it takes: an evaluator hands back the storage of the line before, so that an
    /// everyday line allocates none. The lexer reads the bytes for the length of the parse:
    /// nothing it returns points into them (names and long literals are copied out).
    public static func parseStatement(
        bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int = 0, reusing spare: inout [Instruction]
    ) throws(Diagnostic) -> Statement {
        var parser = Parser(lexer: Lexer(borrowing: bytes, startingAt: offset))
        if spare.capacity > 0 {
            swap(&parser.code.instructions, &spare)
            parser.code.instructions.removeAll(keepingCapacity: true)
        } else {
            parser.code.instructions.reserveCapacity(16)
        }
        try parser.advance()
        return try parser.statement()
    }

    /// ``parseStatement(bytes:startingAt:reusing:)`` on the bytes of `line`.
    public static func parseStatement(_ line: String) throws(Diagnostic) -> Statement {
        var line = line
        var none: [Instruction] = []
        return try line.withUTF8 { bytes in
            Result { () throws(Diagnostic) in try parseStatement(bytes: bytes, reusing: &none) }
        }.get()
    }

    /// Parses the part of `line` in `span` (the whole line if nil) as one expression that must
    /// fill it.
    public static func parseExpression(_ line: String, in span: SourceSpan? = nil) throws(Diagnostic) -> Code {
        var parser = Parser(lexer: Lexer(line, startingAt: span?.start ?? 0, endingAt: span?.end))
        try parser.advance()
        let code = try parser.wholeExpression()
        if let conversion = parser.conversion {
            throw Diagnostic(
                .misplacedConversion, "'to' says how to show a line's value and cannot stand here", at: conversion.span)
        }
        return code
    }

    /// A parser before its first token: callers `advance()` once (a throwing initializer
    /// would copy the whole parser out of it, for every line).
    private init(lexer: Lexer) {
        self.lexer = lexer
        current = Token(.end, SourceSpan(at: lexer.offset))
    }

    /// An expression running to the end of the input, as code.
    @inline(__always)
    private mutating func wholeExpression() throws(Diagnostic) -> Code {
        code.span = try expression(.loosest)
        if case .name = current.kind, lexer.text(of: current.span) == "to" {
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
    private mutating func advance() throws(Diagnostic) {
        if started { previous = current }
        started = true
        current = try lexer.next()
    }

    private mutating func statement() throws(Diagnostic) -> Statement {
        if case .end = current.kind { return .empty }
        if case .name = current.kind {
            var probe = lexer
            let next = try probe.next()
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
                    throw Diagnostic(
                        .misplacedConversion, "'to' says how to show a value, but an assignment shows nothing",
                        at: conversion.span)
                }
                return .assignment(name: name, nameSpan: nameSpan, value: value)
            }
        }
        let code = try wholeExpression()
        return .expression(code, conversion: conversion)
    }

    /// Whether the tokens after a name and `(` close the parentheses and then read `=`: the
    /// shape of a definition, `f(x, y) = …` (the parameters are checked as they are read).
    private static func isDefinition(after lexer: Lexer) -> Bool {
        // No `=` byte, no definition: a call such as `powmod(a, b, m)` is not lexed twice.
        guard lexer.containsByte(UInt8(ascii: "="), from: lexer.offset) else { return false }
        var probe = lexer
        var depth = 1
        while true {
            guard let token = try? probe.next() else { return false }
            switch token.kind {
            case .leftParenthesis: depth += 1
            case .rightParenthesis:
                depth -= 1
                if depth == 0 {
                    guard let after = try? probe.next(), case .equals = after.kind else { return false }
                    return true
                }
            case .end: return false
            default: break
            }
        }
    }

    /// `name(parameters) = body`, the current token being the name.
    private mutating func definition() throws(Diagnostic) -> FunctionDefinition {
        let nameToken = current
        let name = lexer.text(of: nameToken.span)
        try advance()
        let opening = current
        try advance()
        var names: [String] = []
        var positions: [String: Int] = [:]
        var spans: [SourceSpan] = []
        if case .rightParenthesis = current.kind {
            try advance()
        } else {
            while true {
                let token = current
                operandCount += 1
                if operandCount > Parser.maximumOperands {
                    throw Diagnostic(
                        .tooManyOperands, "more than \(grouped(Parser.maximumOperands)) operands in one line",
                        at: token.span)
                }
                guard case .name = token.kind else {
                    throw Diagnostic(
                        .expectedParameter, "expected a parameter name, found \(describe(token))", at: token.span)
                }
                let parameter = lexer.text(of: token.span)
                if positions[parameter] != nil {
                    throw Diagnostic(
                        .repeatedParameter, "parameter '\(TerminalSafeText.excerpt(parameter))' is named twice",
                        at: token.span)
                }
                positions[parameter] = names.count
                names.append(parameter)
                spans.append(token.span)
                try advance()
                if case .comma = current.kind {
                    try advance()
                    continue
                }
                _ = try expectClosing(opening: opening)
                break
            }
        }
        // The shape was probed: `=` follows.
        try advance()
        parameters = positions
        let body = try wholeExpression()
        if let conversion {
            throw Diagnostic(
                .misplacedConversion, "'to' says how to show a line's value, but a definition shows nothing",
                at: conversion.span)
        }
        return FunctionDefinition(
            name: name, nameSpan: nameToken.span, parameters: names, parameterSpans: spans, body: body,
            span: nameToken.span.union(body.span))
    }

    @inline(__always)
    private func expectEnd() throws(Diagnostic) {
        switch current.kind {
        case .end:
            return
        case .rightParenthesis:
            throw Diagnostic(.unmatchedParenthesis, "unmatched ')'", at: current.span)
        case .equals:
            throw misplacedEquals(current)
        case .comma:
            throw Diagnostic(.commaOutsideCall, "unexpected ',' outside a function call", at: current.span)
        case .number, .name, .operator, .leftParenthesis:
            throw Diagnostic(.unexpectedToken, "unexpected \(describe(current))", at: current.span)
        }
    }

    /// `=` inside an expression: an assignment in the wrong place, or more likely a comparison.
    private func misplacedEquals(_ token: Token) -> Diagnostic {
        Diagnostic(
            .misplacedAssignment, "'=' assigns to a name and must follow it directly, as in 'x = 5'", at: token.span
        ).noting("did you mean '=='?")
    }

    /// Parses operators binding at least as tightly as `minimum`; returns the span covered.
    private mutating func expression(_ minimum: Precedence) throws(Diagnostic) -> SourceSpan {
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
                guard let keyword = OperatorTable.trailing(word: lexer.text(of: token.span)) else {
                    throw missingOperator(before: token)
                }
                definition = keyword
            case .number, .leftParenthesis:
                throw missingOperator(before: token)
            case .rightParenthesis, .comma, .equals, .end:
                return span
            }
            guard definition.precedence >= minimum else { return span }
            switch definition.operation {
            case .postfix(let operation):
                postfixCount += 1
                if depth + postfixCount > Parser.maximumNesting {
                    throw nestingError(at: token.span)
                }
                try advance()
                code.instructions.append(.postfix(operation, operatorSpan: token.span))
                isPercentage = operation == .percent
                span = span.union(token.span)
            case .binary(var operation):
                try advance()
                // A left-associative operator's right operand binds tighter, so `a - b - c` is
                // `(a - b) - c`; a right-associative one's at the same level, so `2^3^2` is
                // `2^(3^2)`.
                let operandLevel =
                    definition.associativity == .right ? definition.precedence : definition.precedence.tighter
                let right = try expression(operandLevel)
                span = span.union(right)
                isPercentage = false
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
                    throw Diagnostic(
                        .misplacedConversion,
                        "'to' says how to show the whole line's value, so it comes last and outside parentheses",
                        at: token.span)
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

    /// Whether the current token is a `%` or `mod` that this level of ``expression(_:)``
    /// (reading operators at `minimum` or looser) will read as a remainder: then `a^b % m` is
    /// one modular power.
    private func remainderFollows(atLeast minimum: Precedence) throws(Diagnostic) -> Bool {
        let binding: OperatorBinding
        switch current.kind {
        case .operator(.percent):
            guard let remainder = operators[OperatorTable.index(of: .percent, leading: false)] else { return false }
            binding = try percentOrRemainder(current, remainder)
        case .name:
            guard let keyword = OperatorTable.trailing(word: lexer.text(of: current.span)) else { return false }
            binding = keyword
        default:
            return false
        }
        guard binding.precedence >= minimum, case .binary(.modulo) = binding.operation else { return false }
        return true
    }

    /// What a `%` after an operand means: the remainder when an operand follows (`17 % 5`,
    /// `15%80`), a percentage otherwise (`15%`, `80 + 15%`, `15% of 80`). `15% 3` — the `%`
    /// written against its number, then a space and an operand — could be read either way and
    /// is an error.
    @inline(never)
    private func percentOrRemainder(_ token: Token, _ remainder: OperatorBinding) throws(Diagnostic) -> OperatorBinding {
        // The everyday remainder, `7 % 3` or `7 % (x)`, from the next byte alone.
        let attached = previous.map { $0.span.end == token.span.start } ?? false
        if let byte = lexer.nextByte(after: token.span.end), isDigit(byte) || byte == UInt8(ascii: "(") {
            let after = lexer.bytes[token.span.end]
            if !attached || (after != UInt8(ascii: " ") && after != UInt8(ascii: "\t")) { return remainder }
        }
        var probe = lexer
        let next = try probe.next()
        let startsOperand: Bool
        switch next.kind {
        case .number, .leftParenthesis: startsOperand = true
        case .name: startsOperand = OperatorTable.trailing(word: probe.text(of: next.span)) == nil
        case .operator(let symbol): startsOperand = OperatorTable.leading(symbol) != nil
        case .rightParenthesis, .comma, .equals, .end: startsOperand = false
        }
        guard startsOperand else { return OperatorTable.percentage }
        guard let previous, previous.span.end == token.span.start, next.span.start > token.span.end else {
            return remainder
        }
        // `15% - 3`: a `%` against its number, then an operator written with a space on each
        // side, is a percentage followed by that operator.
        if case .operator(let symbol) = next.kind, operators[OperatorTable.index(of: symbol, leading: false)] != nil,
            let after = lexer.bytes.dropFirst(next.span.end).first, after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
        {
            return OperatorTable.percentage
        }
        // The operand as written: a sign and what it signs (`-3`), or one token.
        var operandEnd = next.span.end
        if case .operator = next.kind, let signed = try? probe.next() { operandEnd = signed.span.end }
        let number = lexer.text(of: previous.span)
        let operand = lexer.text(of: SourceSpan(start: next.span.start, end: operandEnd))
        throw Diagnostic(
            .ambiguousPercent,
            "'%' here could be a percentage or a remainder: write \(number) % \(operand) for the remainder, or put an operator after a percentage (\(number)% * \(operand))",
            at: token.span)
    }

    /// The target after `to`: a word (`hex`, `exact`, …), `base N`, `N digits`, `N places` or `%`.
    @inline(never)
    private mutating func readConversion() throws(Diagnostic) -> Conversion {
        let word = current
        try advance()
        let first = current
        let target: ConversionTarget
        func expected() -> Diagnostic {
            Diagnostic(
                .unknownConversion, "expected what to convert to after 'to': \(ConversionTarget.summary)",
                at: first.kind == .end ? SourceSpan(at: word.span.end) : first.span)
        }
        if startsUnit() { return try unitConversion(word: word) }
        switch first.kind {
        case .operator(.percent):
            target = .percent
        case .name:
            let name = lexer.text(of: first.span)
            if let named = ConversionTarget.words[name] {
                target = named
            } else if name == "base" {
                try advance()
                guard case .number(.integer(let radix)) = current.kind, (2...36).contains(radix) else {
                    throw Diagnostic(
                        .unknownConversion, "expected a base from 2 to 36 after 'to base'",
                        at: current.kind == .end ? SourceSpan(at: first.span.end) : current.span)
                }
                target = .base(radix)
            } else {
                let known = Array(ConversionTarget.words.keys).sorted() + ["base", "digits", "places"]
                throw Diagnostic(
                    .unknownConversion, "unknown conversion '\(TerminalSafeText.excerpt(name))' (to \(ConversionTarget.summary))",
                    at: first.span
                ).suggesting(Suggestion.nearest(to: name, in: known))
            }
        case .number(.integer(let count)):
            try advance()
            let unit = current
            guard case .name = unit.kind else { throw expected() }
            switch lexer.text(of: unit.span) {
            case "digits", "digit":
                guard count >= 1 else {
                    throw Diagnostic(.unknownConversion, "'to N digits' needs at least 1 digit", at: first.span)
                }
                target = .digits(count)
            case "places", "place":
                guard count >= 0 else { throw expected() }
                target = .places(count)
            default:
                throw Diagnostic(
                    .unknownConversion, "expected 'digits' or 'places' after 'to \(count)'", at: unit.span)
            }
        default:
            throw expected()
        }
        let end = current.span.end
        try advance()
        if case .end = current.kind {} else {
            throw Diagnostic(
                .unexpectedToken, "unexpected \(describe(current)) after the conversion: 'to' ends the line", at: current.span)
        }
        return Conversion(target: target, span: SourceSpan(start: word.span.start, end: end))
    }

    // MARK: Units

    /// Whether a token of this kind may start a unit (a name or a `°`): the one test a plain
    /// line pays after each number or `)`, on the token's kind alone, so that the parser is not
    /// copied to ask ``startsUnit()``.
    @inline(__always)
    private static func mayStartUnit(_ kind: TokenKind) -> Bool {
        switch kind {
        case .name, .operator(.degree): return true
        default: return false
        }
    }

    /// Whether the current token starts a unit: a unit's name, or `°` written against `C` or
    /// `F`. Asked only after a number, a `)` or `to`.
    @inline(never)
    private func startsUnit() -> Bool {
        switch current.kind {
        case .name:
            let name = lexer.text(of: current.span)
            return UnitTable.unit(named: name) != nil || (name == "Δ" && temperatureScale() != nil)
        case .operator(.degree):
            return temperatureScale() != nil
        default:
            return false
        }
    }

    /// Whether the token after the current one starts a unit. Only the lexer is copied to look
    /// (a copy of the parser would share its code, and the next append would copy that: a line
    /// of many quantities side by side would take quadratic time).
    private func nextStartsUnit() -> Bool {
        var probe = lexer
        guard let next = try? probe.next() else { return false }
        switch next.kind {
        case .name:
            let name = probe.text(of: next.span)
            return UnitTable.unit(named: name) != nil
                || (name == "Δ" && Parser.scale(after: next, in: probe, delta: true) != nil)
        case .operator(.degree):
            return Parser.scale(after: next, in: probe, delta: false) != nil
        default:
            return false
        }
    }

    /// `°C` or `°F` when the current token is a `°` written against `C` or `F`; `Δ°C` or
    /// `Δ°F` (the degrees as differences) when it is a `Δ` written against those; with the
    /// number of tokens they take.
    @inline(never)
    private func temperatureScale() -> (PhysicalUnit, SourceSpan, tokens: Int)? {
        switch current.kind {
        case .operator(.degree): return Parser.scale(after: current, in: lexer, delta: false)
        case .name where lexer.text(of: current.span) == "Δ": return Parser.scale(after: current, in: lexer, delta: true)
        default: return nil
        }
    }

    /// The scale written from `first` (a `°`, or with `delta` a `Δ`), reading on from `lexer`,
    /// which stands right after it: every token written against the one before.
    private static func scale(after first: Token, in lexer: Lexer, delta: Bool) -> (PhysicalUnit, SourceSpan, tokens: Int)? {
        var probe = lexer
        var end = first.span.end
        if delta {
            guard let degree = try? probe.next(), case .operator(.degree) = degree.kind, degree.span.start == end else {
                return nil
            }
            end = degree.span.end
        }
        guard let next = try? probe.next(), case .name = next.kind, next.span.start == end else { return nil }
        let letter = probe.text(of: next.span)
        guard letter == "C" || letter == "F", let unit = UnitTable.unit(named: (delta ? "Δ°" : "°") + letter) else {
            return nil
        }
        return (unit, first.span.union(next.span), delta ? 3 : 2)
    }

    /// One named unit at the current token (which ``startsUnit()``), and its span.
    private mutating func namedUnit() throws(Diagnostic) -> (PhysicalUnit, SourceSpan) {
        let span = current.span
        if case .name = current.kind, let unit = UnitTable.unit(named: lexer.text(of: span)) {
            try advance()
            return (unit, span)
        }
        guard let (unit, scaleSpan, tokens) = temperatureScale() else {
            preconditionFailure("namedUnit() follows startsUnit()")
        }
        for _ in 0..<tokens { try advance() }
        return (unit, scaleSpan)
    }

    /// A unit, as a quantity or a `to` target writes it: named units with optional integer
    /// powers, joined by `*` and `/` when a unit follows them (`m/s^2`, `kg*m^2`, `km/h`).
    private mutating func compoundUnit() throws(Diagnostic) -> (CompoundUnit, SourceSpan) {
        var factors: [CompoundUnit.Factor] = []
        var span = current.span
        var sign = 1
        while true {
            let (unit, unitSpan) = try namedUnit()
            span = span.union(unitSpan)
            var exponent = 1
            if case .operator(.caret) = current.kind {
                let caret = current
                try advance()
                var negative = false
                if case .operator(.minus) = current.kind {
                    negative = true
                    try advance()
                }
                guard case .number(.integer(let power)) = current.kind, power >= 1, power <= 100 else {
                    throw Diagnostic(
                        .invalidUnit, "a unit's power must be a whole number from -100 to 100, other than 0, as in m^2 or s^-1",
                        at: current.kind == .end ? SourceSpan(at: caret.span.end) : current.span)
                }
                exponent = negative ? -power : power
                span = span.union(current.span)
                try advance()
            }
            exponent *= sign
            if let index = factors.firstIndex(where: { $0.unit == unit }) {
                factors[index].exponent += exponent
            } else {
                factors.append(CompoundUnit.Factor(unit: unit, exponent: exponent))
            }
            // `*` or `/` continues the unit only when a unit follows it.
            guard case .operator(let symbol) = current.kind, symbol == .star || symbol == .slash else { break }
            guard nextStartsUnit() else { break }
            sign = symbol == .slash ? -1 : 1
            try advance()
        }
        factors.removeAll { $0.exponent == 0 }
        guard !factors.isEmpty else {
            throw Diagnostic(.invalidUnit, "this unit cancels out: write the number alone", at: span)
        }
        let unit = CompoundUnit(factors: factors)
        if unit.factors.contains(where: \.unit.isAffine), unit.affineUnit == nil {
            let scale = unit.factors.first(where: \.unit.isAffine)!.unit.symbol
            throw Diagnostic(
                .invalidUnit,
                "\(scale) is a point on a temperature scale and cannot be part of a compound unit or a power: use K",
                at: span)
        }
        return (unit, span)
    }

    /// The unit after an operand that ends at `operandSpan` (a number or a `)`), then, after
    /// a number, further quantities of the same dimension, which add up: `5 ft 9 in`,
    /// `2 h 30 min`. Returns the span of them all.
    @inline(never)
    private mutating func quantity(after operandSpan: SourceSpan, adjacentAllowed: Bool) throws(Diagnostic) -> SourceSpan {
        let (unit, unitSpan) = try compoundUnit()
        code.units.append(unit)
        code.instructions.append(.unit(code.units.count - 1, unitSpan))
        var span = operandSpan.union(unitSpan)
        guard adjacentAllowed else { return span }
        while case .number = current.kind {
            guard nextStartsUnit() else { break }
            let numberToken = current
            operandCount += 1
            if operandCount > Parser.maximumOperands {
                throw Diagnostic(
                    .tooManyOperands, "more than \(grouped(Parser.maximumOperands)) operands in one line", at: numberToken.span)
            }
            try emitNumber(numberToken)
            try advance()
            let (next, nextSpan) = try compoundUnit()
            if next.dimension != unit.dimension {
                throw Diagnostic(
                    .dimensionMismatch,
                    "quantities side by side add up, but \(next.dimension.name) (\(next.text)) cannot be added to \(unit.dimension.name) (\(unit.text))",
                    at: numberToken.span.union(nextSpan))
            }
            code.units.append(next)
            code.instructions.append(.unit(code.units.count - 1, nextSpan))
            code.instructions.append(.binary(.add, operatorSpan: SourceSpan(at: numberToken.span.start)))
            span = span.union(nextSpan)
        }
        return span
    }

    /// `to` a unit (`to km/h`, `to °C`) or to mixed units (`to ft in`): the rest of the line.
    @inline(never)
    private mutating func unitConversion(word: Token) throws(Diagnostic) -> Conversion {
        let (unit, unitSpan) = try compoundUnit()
        var span = word.span.union(unitSpan)
        code.units.append(unit)
        var target = ConversionTarget.unit(code.units.count - 1)
        if startsUnit() {
            var units = [unit]
            var spans = [unitSpan]
            while startsUnit() {
                let (next, nextSpan) = try compoundUnit()
                units.append(next)
                spans.append(nextSpan)
                span = span.union(nextSpan)
            }
            for (index, part) in units.enumerated() {
                guard part.isSingle, part.affineUnit == nil else {
                    throw Diagnostic(
                        .invalidUnit, "mixed units are single units of one dimension, as in 'to ft in' or 'to h min s'",
                        at: spans[index])
                }
                if part.dimension != unit.dimension {
                    throw Diagnostic(
                        .dimensionMismatch,
                        "mixed units must all measure the same thing, but \(part.text) is \(part.dimension.name) and \(unit.text) \(unit.dimension.name)",
                        at: spans[index])
                }
            }
            try Parser.checkMixedOrder(units, spans: spans)
            code.units.removeLast()
            code.units += units
            target = .mixedUnits(first: code.units.count - units.count)
        }
        if case .end = current.kind {} else {
            throw Diagnostic(
                .unexpectedToken, "unexpected \(describe(current)) after the conversion: 'to' ends the line", at: current.span)
        }
        return Conversion(target: target, span: span)
    }

    /// Mixed units go from the largest to the smallest, each once (`to ft in`, `to h min s`):
    /// a unit written twice, or one no smaller than the unit before it, is an error at it,
    /// with the order that works.
    private static func checkMixedOrder(_ units: [CompoundUnit], spans: [SourceSpan]) throws(Diagnostic) {
        let named = units.map { $0.factors[0].unit }
        for index in 1..<named.count {
            if let first = named[..<index].firstIndex(of: named[index]) {
                throw Diagnostic(
                    .invalidUnit, "\(named[index].symbol) is already in these mixed units: each unit stands once",
                    at: spans[index]
                ).noting("first written here", at: spans[first])
            }
        }
        for index in 1..<named.count where !named[index - 1].isLarger(than: named[index]) {
            let sorted = named.sorted { $0.isLarger(than: $1) }.map(\.symbol).joined(separator: " ")
            throw Diagnostic(
                .invalidUnit,
                "mixed units go from the largest to the smallest, but \(named[index].symbol) is no smaller than \(named[index - 1].symbol): write 'to \(sorted)'",
                at: spans[index])
        }
    }

    /// The comparisons after a left operand already emitted: `< b`, or a chain `< b <= c`, in
    /// which each middle operand is evaluated once and a false link ends the chain. Returns
    /// the span of the whole comparison, `left` (the first operand's span) included.
    private mutating func comparisonChain(_ first: Comparison, operatorToken token: Token, left: SourceSpan)
        throws(Diagnostic) -> SourceSpan
    {
        var comparison = first
        var operatorToken = token
        var links: [Int] = []
        var span = left
        while true {
            try advance()
            span = span.union(try expression(Precedence.comparison.tighter))
            if case .operator(let symbol) = current.kind,
                let next = operators[OperatorTable.index(of: symbol, leading: false)],
                case .comparison(let following) = next.operation
            {
                links.append(code.instructions.count)
                code.instructions.append(.compareOrJump(comparison, operatorSpan: operatorToken.span, target: -1))
                comparison = following
                operatorToken = current
                continue
            }
            code.instructions.append(.compare(comparison, operatorSpan: operatorToken.span))
            break
        }
        guard !links.isEmpty else { return span }
        let end = code.instructions.count
        for link in links {
            guard case .compareOrJump(let comparison, let operatorSpan, _) = code.instructions[link] else { continue }
            code.instructions[link] = .compareOrJump(comparison, operatorSpan: operatorSpan, target: end)
        }
        code.instructions.append(.setSpan(span))
        return span
    }

    /// Two operands side by side: `2x`, `2(3)`, `2 3`. Tally never guesses a `*`.
    private func missingOperator(before token: Token) -> Diagnostic {
        let before = previous.map(describe) ?? "the previous value"
        return Diagnostic(
            .missingOperator, "missing operator between \(before) and \(describe(token))",
            at: SourceSpan(at: token.span.start))
    }

    private func nestingError(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.nestingTooDeep, "nesting deeper than \(Parser.maximumNesting) levels", at: span)
    }

    /// An operand: literal, name, call, parenthesised expression, or a prefix operator and its
    /// operand. Returns the span covered.
    private mutating func prefix() throws(Diagnostic) -> SourceSpan {
        let token = current
        operandCount += 1
        if operandCount > Parser.maximumOperands {
            throw Diagnostic(
                .tooManyOperands, "more than \(grouped(Parser.maximumOperands)) operands in one line", at: token.span)
        }
        switch token.kind {
        case .number:
            try emitNumber(token)
            try advance()
            if Parser.mayStartUnit(current.kind), startsUnit() { return try quantity(after: token.span, adjacentAllowed: true) }
            return token.span
        case .name:
            let meaning = Parser.builtInNames.value(for: lexer.bytes(of: token.span))
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
                    span = try builtInCall(function, arity: arity, nameSpan: token.span)
                } else {
                    span = try call(lexer.text(of: token.span), nameSpan: token.span)
                }
                if Parser.mayStartUnit(current.kind), startsUnit() {
                    return try quantity(after: span, adjacentAllowed: false)
                }
                return span
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
                throw Diagnostic(
                    .emptyParentheses, "empty parentheses: expected an expression inside",
                    at: token.span.union(current.span))
            }
            groupDepth += 1
            _ = try expression(.loosest)
            groupDepth -= 1
            let closing = try expectClosing(opening: token)
            let span = token.span.union(closing.span)
            code.instructions.append(.group(span))
            if Parser.mayStartUnit(current.kind), startsUnit() { return try quantity(after: span, adjacentAllowed: false) }
            return span
        case .operator(let symbol):
            if let definition = operators[OperatorTable.index(of: symbol, leading: true)] {
                return try prefixOperator(definition, token: token)
            }
            throw expectedOperand(found: token)
        case .end, .rightParenthesis, .comma, .equals:
            throw expectedOperand(found: token)
        }
    }

    /// Appends the instruction that pushes the number `token`.
    @inline(__always)
    private mutating func emitNumber(_ token: Token) throws(Diagnostic) {
        guard case .number(let number) = token.kind else { preconditionFailure("not a number") }
        switch number {
        case .integer(let value):
            code.instructions.append(.integer(value, token.span))
        case .smallDecimal(let significand, let exponent):
            code.instructions.append(.smallDecimal(significand: significand, exponent: exponent, token.span))
        case .digits(let radix):
            if radix == 10, let word = lexer.literalWord {
                code.instructions.append(.unsigned(word, token.span))
                return
            }
            code.literals.append(.digits(lexer.literalText, radix: radix))
            code.instructions.append(.literal(code.literals.count - 1, token.span))
        case .decimal(let exponent):
            code.literals.append(.decimal(significand: lexer.literalText, exponent: exponent))
            code.instructions.append(.literal(code.literals.count - 1, token.span))
        case .repeating(let fractionDigits, let repeatingDigits, let exponent):
            code.literals.append(
                .repeating(
                    digits: lexer.literalText, fractionDigits: fractionDigits, repeatingDigits: repeatingDigits,
                    exponent: exponent))
            code.instructions.append(.literal(code.literals.count - 1, token.span))
        }
    }

    /// A prefix operator and its operand, which binds as tightly as the table says: `-2^2` is
    /// `-(2^2)`.
    @inline(__always)
    private mutating func prefixOperator(_ definition: OperatorBinding, token: Token) throws(Diagnostic)
        -> SourceSpan
    {
        guard case .prefix(let operation) = definition.operation else { preconditionFailure("not a prefix row") }
        try advance()
        let operand = try expression(definition.precedence.tighter)
        code.instructions.append(.prefix(operation, operatorSpan: token.span))
        return token.span.union(operand)
    }

    private func expectedOperand(found token: Token) -> Diagnostic {
        let expected = "expected a number, name or '('"
        if let previous {
            return Diagnostic(
                .expectedOperand, "\(expected) after \(describe(previous)), found \(describe(token))", at: token.span)
        }
        return Diagnostic(.expectedOperand, "\(expected), found \(describe(token))", at: token.span)
    }

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
                names.append((entry.name, .function(index: index, arity: arity, evaluation: entry.evaluation)))
            }
        }
        return NameTable(names)
    }()

    /// A call of the built-in function ``FunctionTable/builtIn``.entries[function], the
    /// current token being its `(`: its count checked here, once.
    private mutating func builtInCall(_ function: Int, arity: Arity, nameSpan: SourceSpan) throws(Diagnostic)
        -> SourceSpan
    {
        let opening = current
        try advance()
        let (argumentCount, closing) = try arguments(opening: opening)
        let span = nameSpan.union(closing.span)
        try arity.check(argumentCount, calling: FunctionTable.builtIn.entries[function].name, at: span)
        code.instructions.append(.callBuiltIn(function: Int32(function), argumentCount: Int32(argumentCount), span))
        return span
    }

    /// A call of any other name, the current token being its `(`. The name is checked before
    /// the arguments run (so `sqr(1/0)` is about `sqr`), as a function defined by then may
    /// answer it; the check's count and span are filled in once the arguments are read.
    private mutating func call(_ name: String, nameSpan: SourceSpan) throws(Diagnostic) -> SourceSpan {
        let opening = current
        try advance()
        let checkIndex = code.instructions.count
        code.instructions.append(.checkCall(-1))  // a placeholder, replaced below
        let (argumentCount, closing) = try arguments(opening: opening)
        let site = CallSite(
            name: name, nameSpan: nameSpan, argumentCount: argumentCount, span: nameSpan.union(closing.span))
        code.calls.append(site)
        code.instructions[checkIndex] = .checkCall(code.calls.count - 1)
        code.instructions.append(.call(code.calls.count - 1))
        return site.span
    }

    /// The arguments of a call, after its `(` (`opening`), through its `)`: each one's code,
    /// then what `afterEach` adds after the n-th (counting from 1). Returns their number and
    /// the closing parenthesis.
    private mutating func arguments(opening: Token, afterEach: (inout Code, Int) -> Void = { _, _ in })
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
    private mutating func conditional(nameSpan: SourceSpan) throws(Diagnostic) -> SourceSpan {
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
                .wrongArgumentCount, "if takes 3 arguments (a condition, a value if true, a value if false), but \(got)",
                at: span)
        }
        code.instructions[endJump] = .jump(target: code.instructions.count)
        code.instructions.append(.setSpan(span))
        return span
    }

    private mutating func expectClosing(opening: Token) throws(Diagnostic) -> Token {
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
                .unclosedParenthesis, "expected ')' to close the '(' at column \(column(of: opening.span)), found \(describe(token))",
                at: token.span)
        }
    }

    /// How a token reads in a message: `'*'`, `'12'`, `the end of the line`.
    private func describe(_ token: Token) -> String {
        if case .end = token.kind { return "the end of the line" }
        return "'\(TerminalSafeText.excerpt(Substring(lexer.text(of: token.span)), limit: 20))'"
    }

    private func column(of span: SourceSpan) -> Int {
        lexer.text(of: SourceSpan(start: 0, end: span.start)).count + 1
    }
}
