import TallyDiagnostics

/// Definitions of user functions: `f(x, y) = body`.
extension Parser {
    /// Whether the tokens after a name and `(` close the parentheses and then read `=`: the
    /// shape of a definition, `f(x, y) = …` (the parameters are checked as they are read).
    static func isDefinition(after lexer: Lexer) -> Bool {
        // No `=` byte, no definition: a call such as `powmod(a, b, m)` is not lexed twice.
        guard lexer.containsByte(UInt8(ascii: "="), from: lexer.offset) else { return false }
        var probe = lexer
        var depth = 1
        while true {
            guard let token = probe.nextReadable() else { return false }
            switch token.kind {
            case .leftParenthesis: depth += 1
            case .rightParenthesis:
                depth -= 1
                if depth == 0 {
                    guard let after = probe.nextReadable(), case .equals = after.kind else { return false }
                    return true
                }
            case .end: return false
            default: break
            }
        }
    }

    /// `name(parameters) = body`, the current token being the name.
    mutating func definition() throws(Diagnostic) -> FunctionDefinition {
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
                    throw Diagnostic.tooManyOperands(at: token.span)
                }
                guard case .name = token.kind else {
                    throw Diagnostic.expectedParameter(found: describe(token), at: token.span)
                }
                let parameter = lexer.text(of: token.span)
                if positions[parameter] != nil {
                    throw Diagnostic.repeatedParameter(parameter, at: token.span)
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
            throw Diagnostic.conversionInDefinition(at: conversion.span)
        }
        return FunctionDefinition(
            name: name, nameSpan: nameToken.span, parameters: names, parameterSpans: spans, body: body,
            span: nameToken.span.union(body.span))
    }
}
