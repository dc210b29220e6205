import TallyDiagnostics

extension Parser {
    /// The target after `to`: a word (`hex`, `exact`, …), `base N`, `N digits`, `N places` or `%`.
    @inline(never)
    mutating func readConversion() throws(Diagnostic) -> Conversion {
        let word = current
        try advance()
        let first = current
        let target: ConversionTarget
        func expected() -> Diagnostic {
            Diagnostic(
                .unknownConversion,
                "expected what to convert to after '\(lexer.text(of: word.span))': \(ConversionTarget.summary)",
                at: first.kind == .end ? SourceSpan(at: word.span.end) : first.span)
        }
        if let zone = try zoneConversion(word: word) { return zone }
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
                    .unknownConversion,
                    "unknown conversion '\(TerminalSafeText.excerpt(name))' (to \(ConversionTarget.summary))",
                    at: first.span
                ).suggesting(
                    Suggestion.nearest(to: name, in: known) ?? Suggestion.nearest(to: name, in: UnitTable.names))
            }
        case .number(.integer(let count)):
            try advance()
            let unit = current
            guard case .name = unit.kind else { throw expected() }
            switch lexer.text(of: unit.span) {
            case "digits", "digit", "sf", "sig":
                guard count >= 1 else {
                    throw Diagnostic(.unknownConversion, "'to N digits' needs at least 1 digit", at: first.span)
                }
                target = .digits(count)
            case "places", "place", "dp", "decimals":
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
        try expectEndAfterConversion()
        return Conversion(target: target, span: SourceSpan(start: word.span.start, end: end))
    }

    /// `to` a unit (`to km/h`, `to °C`) or to mixed units (`to ft in`): the rest of the line.
    @inline(never)
    mutating func unitConversion(word: Token) throws(Diagnostic) -> Conversion {
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
        try expectEndAfterConversion()
        return Conversion(target: target, span: span)
    }

    /// Fails unless the line ends here, after a conversion's target: `to` ends the line.
    mutating func expectEndAfterConversion() throws(Diagnostic) {
        switch current.kind {
        case .end, .semicolon: return
        default: break
        }
        throw Diagnostic(
            .unexpectedToken, "unexpected \(describe(current)) after the conversion: 'to' ends the line",
            at: current.span)
    }

    /// Mixed units go from the largest to the smallest, each once (`to ft in`, `to h min s`):
    /// a unit written twice, or one no smaller than the unit before it, is an error at it,
    /// with the order that works.
    static func checkMixedOrder(_ units: [CompoundUnit], spans: [SourceSpan]) throws(Diagnostic) {
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
}
