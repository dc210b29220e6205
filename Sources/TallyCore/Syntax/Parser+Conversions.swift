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
            Diagnostic.expectedConversion(
                after: lexer.text(of: word.span), at: first.kind == .end ? SourceSpan(at: word.span.end) : first.span)
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
                    throw Diagnostic.expectedBase(
                        at: current.kind == .end ? SourceSpan(at: first.span.end) : current.span)
                }
                target = .base(radix)
            } else {
                let known = Array(ConversionTarget.words.keys).sorted() + ["base", "digits", "places"]
                throw Diagnostic.unknownConversion(name, at: first.span).suggesting(
                    Suggestion.nearest(to: name, in: known) ?? Suggestion.nearest(to: name, in: UnitTable.names))
            }
        case .number(.integer(let count)):
            try advance()
            let unit = current
            guard case .name = unit.kind else { throw expected() }
            switch lexer.text(of: unit.span) {
            case "digits", "digit", "sf", "sig":
                guard count >= 1 else {
                    throw Diagnostic.noDigitsAsked(at: first.span)
                }
                target = .digits(count)
            case "places", "place", "dp", "decimals":
                guard count >= 0 else { throw expected() }
                target = .places(count)
            default:
                throw Diagnostic.expectedDigitsOrPlaces(after: count, at: unit.span)
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
                    throw Diagnostic.mixedUnitNotSingle(at: spans[index])
                }
                if part.dimension != unit.dimension {
                    throw Diagnostic.mixedUnitsOfTwoDimensions(part, first: unit, at: spans[index])
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
        throw Diagnostic.unexpectedAfterConversion(describe(current), at: current.span)
    }

    /// Mixed units go from the largest to the smallest, each once (`to ft in`, `to h min s`):
    /// a unit written twice, or one no smaller than the unit before it, is an error at it,
    /// with the order that works.
    static func checkMixedOrder(_ units: [CompoundUnit], spans: [SourceSpan]) throws(Diagnostic) {
        let named = units.map { $0.factors[0].unit }
        for index in 1..<named.count {
            if let first = named[..<index].firstIndex(of: named[index]) {
                throw Diagnostic.mixedUnitRepeated(named[index].symbol, at: spans[index], first: spans[first])
            }
        }
        for index in 1..<named.count where !named[index - 1].isLarger(than: named[index]) {
            let sorted = named.sorted { $0.isLarger(than: $1) }.map(\.symbol).joined(separator: " ")
            throw Diagnostic.mixedUnitsOutOfOrder(
                named[index].symbol, after: named[index - 1].symbol, sorted: sorted, at: spans[index])
        }
    }
}
