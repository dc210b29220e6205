import TallyDiagnostics

/// `sum(expr, k, from, to)` and `prod(…)`: a sum or product over a bound variable, told apart
/// from the sum of four values by its shape, read before any of it is compiled. The bound
/// variable is a lone name that the first argument uses: second (Tally's and numbat's order) or,
/// failing that, fourth (qalc's `sum(expr, from, to, k)`). `sum(a, b, c, d)` adds four values.
extension Parser {
    /// What a series call looks like: where its variable is written, and its name.
    struct SeriesForm {
        let variable: String
        let variableSpan: SourceSpan
        /// Whether the variable comes last (qalc's order) rather than second.
        let variableLast: Bool
        let isProduct: Bool
    }

    /// The functions that take a bound variable, by their index in the built-in table.
    static let seriesFunctions: [Int: Bool] = {
        var functions: [Int: Bool] = [:]
        for (name, isProduct) in [("sum", false), ("product", true)] {
            if let index = FunctionTable.builtIn.index(named: name) { functions[index] = isProduct }
        }
        return functions
    }()

    /// The form of a call of `function` whose `(` is the current token, when it is a series.
    func seriesForm(of function: Int) -> SeriesForm? {
        guard let isProduct = Parser.seriesFunctions[function] else { return nil }
        // The arguments' tokens at the call's own depth, read ahead on a copy of the lexer.
        var probe = lexer
        var arguments: [[Token]] = [[]]
        var depth = 0
        scan: while true {
            guard let token = probe.nextReadable() else { return nil }
            switch token.kind {
            case .end: return nil
            case .leftParenthesis: depth += 1
            case .rightParenthesis:
                if depth == 0 { break scan }
                depth -= 1
            case .comma, .semicolon:
                if depth == 0 {
                    arguments.append([])
                    continue scan
                }
            default: break
            }
            arguments[arguments.count - 1].append(token)
            if arguments.count > 4 { return nil }
        }
        guard arguments.count == 4, !arguments[0].isEmpty else { return nil }
        func loneName(_ tokens: [Token]) -> (String, SourceSpan)? {
            guard tokens.count == 1, case .name = tokens[0].kind else { return nil }
            let name = lexer.text(of: tokens[0].span)
            // The variable must be used by the term.
            guard arguments[0].contains(where: { $0.kind == .name && lexer.text(of: $0.span) == name }) else {
                return nil
            }
            return (name, tokens[0].span)
        }
        if let (name, span) = loneName(arguments[1]) {
            return SeriesForm(variable: name, variableSpan: span, variableLast: false, isProduct: isProduct)
        }
        if let (name, span) = loneName(arguments[3]) {
            return SeriesForm(variable: name, variableSpan: span, variableLast: true, isProduct: isProduct)
        }
        return nil
    }

    /// The series call of `form`, the current token being its `(`: the term compiled on its own
    /// (the variable its last parameter), then the two bounds, then the series instruction.
    mutating func series(_ form: SeriesForm, nameSpan: SourceSpan) throws(Diagnostic) -> SourceSpan {
        let opening = current
        callDepth += 1
        lexer.readsGroupingCommas = false
        try advance()
        // The term: its own code, reading the enclosing body's parameters and the variable.
        let outer = parameters
        var inner = outer ?? [:]
        inner[form.variable] = inner.count
        var enclosing = Code()
        swap(&enclosing, &code)
        parameters = inner
        depth += 1
        groupDepth += 1
        let termSpan: SourceSpan
        do {
            termSpan = try expression(.loosest)
        } catch {
            swap(&enclosing, &code)
            parameters = outer
            throw error
        }
        depth -= 1
        groupDepth -= 1
        code.span = termSpan
        swap(&enclosing, &code)
        let term = enclosing
        parameters = outer
        try expectSeparator(opening: opening)
        if !form.variableLast { try skipVariable(opening: opening) }
        try bound(opening: opening)
        try expectSeparator(opening: opening)
        try bound(opening: opening)
        if form.variableLast {
            try expectSeparator(opening: opening)
            try advance()  // the variable, read ahead
        }
        callDepth -= 1
        lexer.readsGroupingCommas = callDepth == 0
        let closing = try expectClosing(opening: opening)
        let span = nameSpan.union(closing.span)
        let series = Series(
            term: term, variable: form.variable, isProduct: form.isProduct,
            outerParameterCount: outer?.count ?? 0)
        code.series.append(series)
        code.instructions.append(.series(code.series.count - 1, span))
        return span
    }

    /// One bound, compiled into the enclosing code.
    private mutating func bound(opening: Token) throws(Diagnostic) {
        try groupedExpression()
    }

    /// The variable, read ahead, and the separator after it.
    private mutating func skipVariable(opening: Token) throws(Diagnostic) {
        try advance()
        try expectSeparator(opening: opening)
    }

    /// A `,` (or `;`) between arguments, which the look ahead found.
    private mutating func expectSeparator(opening: Token) throws(Diagnostic) {
        switch current.kind {
        case .comma, .semicolon: try advance()
        default: _ = try expectClosing(opening: opening)
        }
    }
}
