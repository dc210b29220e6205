/// A Pratt parser for one line of the expression language. Precedence comes from
/// ``Precedence``; every operator decision is one exhaustive `switch` over ``TokenKind``.
public struct Parser {
    /// Parentheses, calls, prefix operators, power towers and `!` together may nest this deep.
    public static let maximumNesting = 256
    /// The most operands (numbers, names, parenthesised groups) one line may hold. Each costs
    /// a syntax tree node of about 130 bytes: without a bound a 10 MB line of `1+1+…` took
    /// 650 MB before evaluating anything.
    public static let maximumOperands = 100_000

    private var lexer: Lexer
    private var current: Token
    private var previous: Token?
    private var depth = 0
    private var operandCount = 0
    private let line: String

    /// Parses `line` from UTF-8 byte `offset` as a statement: empty, expression or assignment.
    public static func parseStatement(_ line: String, startingAt offset: Int = 0) throws(Diagnostic) -> Statement {
        var parser = try Parser(line, startingAt: offset)
        return try parser.statement()
    }

    /// Parses the part of `line` in `span` (the whole line if nil) as one expression that must
    /// fill it.
    public static func parseExpression(_ line: String, in span: SourceSpan? = nil) throws(Diagnostic) -> Expression {
        var parser = try Parser(line, startingAt: span?.start ?? 0, endingAt: span?.end)
        let expression = try parser.expression(.additive)
        try parser.expectEnd()
        return expression
    }

    private init(_ line: String, startingAt offset: Int, endingAt end: Int? = nil) throws(Diagnostic) {
        self.line = line
        lexer = Lexer(line, startingAt: offset, endingAt: end)
        current = try lexer.next()
    }

    private mutating func advance() throws(Diagnostic) {
        previous = current
        current = try lexer.next()
    }

    private mutating func statement() throws(Diagnostic) -> Statement {
        if case .end = current.kind { return .empty }
        if case .name(let name) = current.kind {
            var probe = lexer
            if case .equals = try probe.next().kind {
                let nameSpan = current.span
                try advance()
                try advance()
                let value = try expression(.additive)
                try expectEnd()
                return .assignment(name: name, nameSpan: nameSpan, value: value)
            }
        }
        let value = try expression(.additive)
        try expectEnd()
        return .expression(value)
    }

    private func expectEnd() throws(Diagnostic) {
        switch current.kind {
        case .end:
            return
        case .rightParenthesis:
            throw Diagnostic("unmatched ')'", at: current.span)
        case .equals:
            throw Diagnostic("'=' assigns to a name and must follow it directly, as in 'x = 5'", at: current.span)
        case .comma:
            throw Diagnostic("unexpected ',' outside a function call", at: current.span)
        case .number, .name, .plus, .minus, .star, .slash, .doubleSlash, .percent, .caret, .bang, .leftParenthesis:
            throw Diagnostic("unexpected \(describe(current))", at: current.span)
        }
    }

    /// Parses operators binding at least as tightly as `minimum`.
    private mutating func expression(_ minimum: Precedence) throws(Diagnostic) -> Expression {
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maximumNesting {
            throw Diagnostic("nesting deeper than \(Parser.maximumNesting) levels", at: current.span)
        }
        var left = try prefix()
        // The links of a left-associative run at one level, gathered in place (appending to an
        // enum payload would copy it each time) and folded into `left` when the run ends.
        var links: [ChainLink] = []
        var chainPrecedence: Precedence?
        var postfixCount = 0
        func foldChain() {
            if !links.isEmpty {
                left = .chain(first: left, rest: links)
                links = []
            }
            chainPrecedence = nil
        }
        while true {
            let token = current
            switch token.kind {
            case .bang:
                guard Precedence.postfix >= minimum else { foldChain(); return left }
                postfixCount += 1
                if depth + postfixCount > Parser.maximumNesting {
                    throw Diagnostic("nesting deeper than \(Parser.maximumNesting) levels", at: token.span)
                }
                try advance()
                foldChain()
                left = .postfix(.factorial, operand: left, operatorSpan: token.span)
            case .caret:
                guard Precedence.power >= minimum else { foldChain(); return left }
                try advance()
                let exponent = try expression(.power)
                foldChain()
                left = .power(base: left, exponent: exponent, operatorSpan: token.span)
            case .plus, .minus, .star, .slash, .doubleSlash, .percent:
                let operation = infixOperator(token.kind)
                let precedence = operation.precedence
                guard precedence >= minimum else { foldChain(); return left }
                try advance()
                let right = try expression(Precedence(rawValue: precedence.rawValue + 1)!)
                if chainPrecedence != precedence {
                    foldChain()
                    chainPrecedence = precedence
                    // Room for a typical run at once, rather than regrowing through 1, 2, 4.
                    links.reserveCapacity(8)
                }
                links.append(ChainLink(operation: operation, operatorSpan: token.span, operand: right))
            case .number, .name, .leftParenthesis:
                // Two operands side by side: `2x`, `2(3)`, `2 3`. Tally never guesses a `*`.
                let before = previous.map(describe) ?? "the previous value"
                throw Diagnostic("missing operator between \(before) and \(describe(token))", at: SourceSpan(at: token.span.start))
            case .rightParenthesis, .comma, .equals, .end:
                foldChain()
                return left
            }
        }
    }

    private func infixOperator(_ kind: TokenKind) -> InfixOperator {
        switch kind {
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        case .doubleSlash: return .floorDivide
        case .percent: return .modulo
        default: preconditionFailure("not an infix operator: \(kind)")
        }
    }

    /// An operand: literal, name, call, parenthesised expression, or a prefix operator and its
    /// operand.
    private mutating func prefix() throws(Diagnostic) -> Expression {
        let token = current
        operandCount += 1
        if operandCount > Parser.maximumOperands {
            throw Diagnostic("more than \(grouped(Parser.maximumOperands)) operands in one line", at: token.span)
        }
        switch token.kind {
        case .number(let literal):
            try advance()
            return .number(literal, span: token.span)
        case .name(let name):
            try advance()
            if case .leftParenthesis = current.kind,
                current.span.start == token.span.end || Functions.isBuiltIn(name)
            {
                return try call(name, nameSpan: token.span)
            }
            return .variable(name, span: token.span)
        case .leftParenthesis:
            try advance()
            if case .rightParenthesis = current.kind {
                throw Diagnostic("empty parentheses: expected an expression inside", at: token.span.union(current.span))
            }
            let inner = try expression(.additive)
            let closing = try expectClosing(opening: token)
            return .group(inner, span: token.span.union(closing.span))
        case .minus, .plus:
            try advance()
            let operand = try expression(.power)
            let operation: PrefixOperator = token.kind == .minus ? .negate : .plus
            return .prefix(operation, operand: operand, operatorSpan: token.span)
        case .end, .rightParenthesis, .comma, .equals, .star, .slash, .doubleSlash, .percent, .caret, .bang:
            let expected = "expected a number, name or '('"
            if let previous {
                throw Diagnostic("\(expected) after \(describe(previous)), found \(describe(token))", at: token.span)
            }
            throw Diagnostic("\(expected), found \(describe(token))", at: token.span)
        }
    }

    private mutating func call(_ name: String, nameSpan: SourceSpan) throws(Diagnostic) -> Expression {
        let opening = current
        try advance()
        var arguments: [Expression] = []
        if case .rightParenthesis = current.kind {
            let closing = current
            try advance()
            return .call(name: name, nameSpan: nameSpan, arguments: [], span: nameSpan.union(closing.span))
        }
        while true {
            depth += 1
            defer { depth -= 1 }
            arguments.append(try expression(.additive))
            if case .comma = current.kind {
                try advance()
                continue
            }
            let closing = try expectClosing(opening: opening)
            return .call(name: name, nameSpan: nameSpan, arguments: arguments, span: nameSpan.union(closing.span))
        }
    }

    private mutating func expectClosing(opening: Token) throws(Diagnostic) -> Token {
        let token = current
        switch token.kind {
        case .rightParenthesis:
            try advance()
            return token
        case .end:
            throw Diagnostic("this '(' is never closed", at: opening.span)
        default:
            throw Diagnostic("expected ')' to close the '(' at column \(column(of: opening.span)), found \(describe(token))", at: token.span)
        }
    }

    /// How a token reads in a message: `'*'`, `'12'`, `the end of the line`.
    private func describe(_ token: Token) -> String {
        if case .end = token.kind { return "the end of the line" }
        let bytes = line.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: token.span.start)
        let end = bytes.index(bytes.startIndex, offsetBy: token.span.end)
        return "'\(TerminalSafeText.excerpt(Substring(bytes[start..<end]), limit: 20))'"
    }

    private func column(of span: SourceSpan) -> Int {
        let bytes = line.utf8
        return Substring(bytes[..<bytes.index(bytes.startIndex, offsetBy: span.start)]).count + 1
    }
}
