import TallyDiagnostics

extension Parser {
    /// Whether the current token is a `%` or `mod` that this level of ``expression(_:)``
    /// (reading operators at `minimum` or looser) will read as a remainder: then `a^b % m` is
    /// one modular power.
    mutating func remainderFollows(atLeast minimum: Precedence) throws(Diagnostic) -> Bool {
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
    mutating func percentOrRemainder(_ token: Token, _ remainder: OperatorBinding) throws(Diagnostic)
        -> OperatorBinding
    {
        // The everyday remainder, `7 % 3` or `7 % (x)`, from the next byte alone.
        let attached = previous.map { $0.span.end == token.span.start } ?? false
        if let byte = lexer.nextByte(after: token.span.end), isDigit(byte) || byte == UInt8(ascii: "(") {
            let after = lexer.bytes[token.span.end]
            if !attached || (after != UInt8(ascii: " ") && after != UInt8(ascii: "\t")) { return remainder }
        }
        var probe = lexer
        let next = try probe.nextValid()
        let startsOperand: Bool
        switch next.kind {
        case .number, .leftParenthesis: startsOperand = true
        case .name: startsOperand = OperatorTable.trailing(word: probe.text(of: next.span)) == nil
        case .operator(let symbol): startsOperand = OperatorTable.leading(symbol) != nil
        case .rightParenthesis, .comma, .semicolon, .equals, .end, .superscript, .invalid: startsOperand = false
        }
        guard startsOperand else { return OperatorTable.percentage }
        // `80+15%-3`, `100-10%-10%`: a `%` against its number with a sign written against it
        // is a percentage, then the addition or subtraction, as qalc and SpeedCrunch read it;
        // the remainder by a signed operand is named in a warning.
        if let previous, previous.span.end == token.span.start, next.span.start == token.span.end,
            case .operator(let sign) = next.kind, sign == .plus || sign == .minus
        {
            var operandEnd = probe.nextReadable()?.span.end ?? next.span.end
            // `100-10%-10%`: the operand's own percent sign belongs to what is named.
            if lexer.bytes.dropFirst(operandEnd).first == UInt8(ascii: "%") { operandEnd += 1 }
            let operand = lexer.text(of: SourceSpan(start: next.span.start, end: operandEnd))
            noted.notes.warn(
                Diagnostic.percentBeforeSign(
                    lexer.text(of: previous.span), sign: lexer.text(of: next.span), operand: operand,
                    at: token.span.union(next.span)))
            return OperatorTable.percentage
        }
        guard let previous, previous.span.end == token.span.start, next.span.start > token.span.end else {
            return remainder
        }
        // `15% - 3`: a `%` against its number, then an operator written with a space on each
        // side, is a percentage followed by that operator.
        if case .operator(let symbol) = next.kind, operators[OperatorTable.index(of: symbol, leading: false)] != nil,
            let after = lexer.bytes.dropFirst(next.span.end).first,
            after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
        {
            return OperatorTable.percentage
        }
        // The operand as written: a sign and what it signs (`-3`), or one token.
        var operandEnd = next.span.end
        if case .operator = next.kind, let signed = probe.nextReadable() { operandEnd = signed.span.end }
        let number = lexer.text(of: previous.span)
        let operand = lexer.text(of: SourceSpan(start: next.span.start, end: operandEnd))
        throw Diagnostic.ambiguousPercent(number, operand, at: token.span)
    }

    /// The comparisons after a left operand already emitted: `< b`, or a chain `< b <= c`, in
    /// which each middle operand is evaluated once and a false link ends the chain. Returns
    /// the span of the whole comparison, `left` (the first operand's span) included.
    mutating func comparisonChain(_ first: Comparison, operatorToken token: Token, left: SourceSpan)
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

    /// A prefix operator and its operand, which binds as tightly as the table says: `-2^2` is
    /// `-(2^2)`.
    @inline(__always)
    mutating func prefixOperator(_ definition: OperatorBinding, token: Token) throws(Diagnostic)
        -> SourceSpan
    {
        guard case .prefix(let operation) = definition.operation else { preconditionFailure("not a prefix row") }
        try advance()
        let operand = try expression(definition.precedence.tighter)
        code.instructions.append(.prefix(operation, operatorSpan: token.span))
        return token.span.union(operand)
    }
}
