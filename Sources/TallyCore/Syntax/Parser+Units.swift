import TallyDiagnostics

extension Parser {
    /// Whether a token of this kind may start a unit (a name or a `°`): the one test a plain
    /// line pays after each number or `)`, on the token's kind alone, so that the parser is not
    /// copied to ask ``startsUnit()``.
    @inline(__always)
    static func mayStartUnit(_ kind: TokenKind) -> Bool {
        switch kind {
        case .name, .operator(.degree): return true
        default: return false
        }
    }

    /// Whether the current token starts a unit: a unit's name, or `°` written against `C` or
    /// `F`. Asked only after a number, a `)` or `to`.
    @inline(never)
    mutating func startsUnit() -> Bool {
        switch current.kind {
        case .name:
            let span = current.span
            // A name the line gave a meaning of its own wins over a unit: a parameter in its
            // function's body (`f(t) = 2t`), and a variable of the session, with a warning.
            if let parameters, parameters[lexer.text(of: span)] != nil { return false }
            if let extras, !extras.shadowedUnits.isEmpty, extras.shadowedUnits.contains(lexer.text(of: span)) {
                noted.notes.warn(Diagnostic.variableNotUnit(lexer.text(of: span), at: span))
                return false
            }
            return lexer.unit(at: span) != nil || (lexer.text(of: span, is: "Δ") && temperatureScale() != nil)
                || Parser.unitWordPower(at: span, in: lexer) != nil && nextStartsUnit()
                || lexer.text(of: span, is: "fl") && nextIsOunce()
        case .operator(.degree):
            return temperatureScale() != nil
        default:
            return false
        }
    }

    /// Whether the token after the current one is `oz` (`fl oz`).
    func nextIsOunce() -> Bool {
        var probe = lexer
        guard let next = probe.nextReadable(), case .name = next.kind else { return false }
        return probe.text(of: next.span, is: "oz")
    }

    /// The power a word before a unit gives it, as people write areas and volumes: `sq ft`,
    /// `square metres`, `cu in`, `cubic feet`.
    static func unitWordPower(at span: SourceSpan, in lexer: Lexer) -> Int? {
        if lexer.text(of: span, is: "sq") || lexer.text(of: span, is: "square") { return 2 }
        if lexer.text(of: span, is: "cu") || lexer.text(of: span, is: "cubic") { return 3 }
        return nil
    }

    /// Whether the token after the current one starts a unit. Only the lexer is copied to look
    /// (a copy of the parser would share its code, and the next append would copy that: a line
    /// of many quantities side by side would take quadratic time).
    func nextStartsUnit() -> Bool {
        var probe = lexer
        guard let next = probe.nextReadable() else { return false }
        switch next.kind {
        case .name:
            return probe.unit(at: next.span) != nil
                || (probe.text(of: next.span, is: "Δ") && Parser.scale(after: next, in: probe, delta: true) != nil)
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
    func temperatureScale() -> (PhysicalUnit, SourceSpan, tokens: Int)? {
        switch current.kind {
        case .operator(.degree): return Parser.scale(after: current, in: lexer, delta: false)
        case .name where lexer.text(of: current.span, is: "Δ"):
            return Parser.scale(after: current, in: lexer, delta: true)
        default: return nil
        }
    }

    /// The scale written from `first` (a `°`, or with `delta` a `Δ`), reading on from `lexer`,
    /// which stands right after it: every token written against the one before.
    static func scale(after first: Token, in lexer: Lexer, delta: Bool) -> (PhysicalUnit, SourceSpan, tokens: Int)? {
        var probe = lexer
        var end = first.span.end
        if delta {
            guard let degree = probe.nextReadable(), case .operator(.degree) = degree.kind, degree.span.start == end
            else {
                return nil
            }
            end = degree.span.end
        }
        guard let next = probe.nextReadable(), case .name = next.kind, next.span.start == end else { return nil }
        let letter = probe.text(of: next.span)
        guard letter == "C" || letter == "F", let unit = UnitTable.unit(named: (delta ? "Δ°" : "°") + letter) else {
            return nil
        }
        return (unit, first.span.union(next.span), delta ? 3 : 2)
    }

    /// The current token as a named unit standing alone — `days` in `30 days`, not `m` in `m/s`,
    /// `m^2` or `m²` — read: its index among ``UnitTable/singles`` and its span. Nil, reading
    /// nothing, for any other unit, which ``compoundUnit()`` reads.
    mutating func singleNamedUnit() throws(Diagnostic) -> (Int, SourceSpan)? {
        guard case .name = current.kind, let single = lexer.singleUnitIndex(at: current.span),
            // The words ``compoundUnit()`` reads before a unit are its own, should one ever be a
            // unit's name too.
            Parser.unitWordPower(at: current.span, in: lexer) == nil, !lexer.text(of: current.span, is: "fl")
        else { return nil }
        var probe = lexer
        guard let next = probe.nextReadable() else { return nil }
        switch next.kind {
        case .operator(.caret), .operator(.star), .operator(.slash), .superscript: return nil
        default: break
        }
        let span = current.span
        try advance()
        return (single, span)
    }

    /// One named unit at the current token (which ``startsUnit()``), and its span.
    mutating func namedUnit() throws(Diagnostic) -> (PhysicalUnit, SourceSpan) {
        let span = current.span
        if case .name = current.kind, lexer.text(of: span, is: "fl"), nextIsOunce(),
            let fluidOunce = UnitTable.unit(named: "floz")
        {
            // `fl oz`, the US fluid ounce written as two words.
            try advance()
            let ounce = current.span
            try advance()
            return (fluidOunce, span.union(ounce))
        }
        if case .name = current.kind, let unit = lexer.unit(at: span) {
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
    mutating func compoundUnit() throws(Diagnostic) -> (CompoundUnit, SourceSpan) {
        var factors: [CompoundUnit.Factor] = []
        var span = current.span
        var sign = 1
        while true {
            var wordPower = 1
            if case .name = current.kind, let power = Parser.unitWordPower(at: current.span, in: lexer),
                nextStartsUnit()
            {
                wordPower = power
                try advance()
            }
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
                    throw Diagnostic.unitPowerNotWhole(
                        withExample: true, at: current.kind == .end ? SourceSpan(at: caret.span.end) : current.span)
                }
                exponent = negative ? -power : power
                span = span.union(current.span)
                try advance()
            } else if case .superscript = current.kind {
                // `m²`, `s⁻¹`: the power written against the unit is the unit's.
                let power = lexer.superscriptValue(of: current.span)
                guard power != 0, (-100...100).contains(power) else {
                    throw Diagnostic.unitPowerNotWhole(withExample: false, at: current.span)
                }
                exponent = power
                span = span.union(current.span)
                try advance()
            }
            exponent *= sign * wordPower
            if factors.isEmpty {
                // One allocation of the right size: most units are one named unit.
                factors = [CompoundUnit.Factor(unit: unit, exponent: exponent)]
            } else if let index = factors.firstIndex(where: { $0.unit == unit }) {
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
        if factors.contains(where: { $0.exponent == 0 }) { factors.removeAll { $0.exponent == 0 } }
        guard !factors.isEmpty else {
            throw Diagnostic.unitCancelsOut(at: span)
        }
        let unit = CompoundUnit(factors: factors)
        if unit.factors.contains(where: { $0.unit.isAffine }), unit.affineUnit == nil {
            let scale = unit.factors.first(where: { $0.unit.isAffine })!.unit.symbol
            throw Diagnostic.temperatureScaleInCompound(scale, at: span)
        }
        return (unit, span)
    }

    /// The unit after an operand that ends at `operandSpan` (a number or a `)`), then, after
    /// a number, further quantities of the same dimension, which add up: `5 ft 9 in`,
    /// `2 h 30 min`. Returns the span of them all.
    @inline(never)
    mutating func quantity(after operandSpan: SourceSpan, adjacentAllowed: Bool) throws(Diagnostic) -> SourceSpan {
        let unit: CompoundUnit
        let unitSpan: SourceSpan
        if let (single, singleSpan) = try singleNamedUnit() {
            unit = UnitTable.singles[single]
            unitSpan = singleSpan
            code.instructions.append(.namedUnit(single, unitSpan))
        } else {
            (unit, unitSpan) = try compoundUnit()
            code.units.append(unit)
            code.instructions.append(.unit(code.units.count - 1, unitSpan))
        }
        var span = operandSpan.union(unitSpan)
        guard adjacentAllowed else { return span }
        while case .number = current.kind {
            guard nextStartsUnit() else { break }
            let numberToken = current
            operandCount += 1
            if operandCount > Parser.maximumOperands {
                throw Diagnostic.tooManyOperands(at: numberToken.span)
            }
            try emitNumber(numberToken)
            try advance()
            let (next, nextSpan) = try compoundUnit()
            if next.dimension != unit.dimension {
                throw Diagnostic.quantitiesSideBySide(next, after: unit, at: numberToken.span.union(nextSpan))
            }
            code.units.append(next)
            code.instructions.append(.unit(code.units.count - 1, nextSpan))
            code.instructions.append(.binary(.add, operatorSpan: SourceSpan(at: numberToken.span.start)))
            span = span.union(nextSpan)
        }
        return span
    }
}
