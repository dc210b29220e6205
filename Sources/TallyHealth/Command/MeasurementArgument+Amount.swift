import TallyCore
import TallyDiagnostics

/// Turning an argument into an amount, and the checks that need its value.
extension MeasurementArgument {
    /// The argument in centimetres (height) or kilograms (weight), exactly.
    ///
    /// Each name or parenthesised expression is handed to `resolve` with its span (the
    /// parentheses included), left to right; `resolve` returns its value or throws, typically a
    /// ``Diagnostic`` at that span. Throws a ``Diagnostic`` at the argument for a value that is
    /// zero, negative or implausible, and at the part for inches or pounds out of place.
    public func amountInBaseUnit(resolve: (SourceSpan) throws -> Number) throws -> Number {
        var total = Number(0)
        for (index, part) in parts.enumerated() {
            let amount: Number
            switch part.value {
            case .literal(let number): amount = number
            case .name: amount = try resolveName(part, resolve: resolve)
            case .expression: amount = try resolve(part.valueSpan)
            case .date: preconditionFailure("a date is refused when the argument is made")
            }
            if index > 0 {
                try checkMinorAmount(amount, of: part, after: units[index - 1], in: units[index])
            }
            total = total + amount * units[index].sizeInBaseUnit
        }
        guard total.signum > 0 else {
            throw Diagnostic.bmiNotPositive(quantity.name, at: span)
        }
        let range = quantity.plausibleRange
        if Number.compare(total, range.lowest) < 0 || Number.compare(total, range.highest) > 0 {
            throw Diagnostic.bmiImplausibleMeasurement(
                quantity.name, range: acceptedRangeText, guess: unitGuess(for: total), at: span)
        }
        return total
    }

    /// The value of a variable; for an unknown one, the suggestion comes from `bmi`'s own words
    /// (`hcm` may be the variable `h` and `cm`, `centimetrs` a unit), never from function names.
    private func resolveName(_ part: ArgumentPart, resolve: (SourceSpan) throws -> Number) throws -> Number {
        do {
            return try resolve(part.valueSpan)
        } catch {
            var diagnostic: Diagnostic
            switch error {
            case let failure as Diagnostic: diagnostic = failure
            case EvaluationError.failed(let failure): diagnostic = failure
            default: throw error
            }
            guard diagnostic.id == .unknownName else { throw error }
            diagnostic.notes = []
            let name = part.valueText
            // As for the calculator's own suggestions, a name too long to be a misspelt word
            // gets none (and costs nothing more).
            guard name.utf8.count <= 4 * Suggestion.maximumComparedLength else { throw diagnostic }
            let folded = UnitTable.folded(name)
            for unitWord in MeasurementUnit.suggestedWords.reversed()
            where folded.hasSuffix(unitWord) && folded.utf8.count == name.utf8.count {
                let prefix = name.utf8.count - unitWord.utf8.count
                let prefixSpan = SourceSpan(start: part.valueSpan.start, end: part.valueSpan.start + prefix)
                if prefix > 0, (try? resolve(prefixSpan)) != nil {
                    throw diagnostic.notingVariableBeforeUnit(
                        String(decoding: name.utf8.prefix(prefix), as: UTF8.self), unit: unitWord)
                }
            }
            throw diagnostic.suggesting(
                Suggestion.nearest(to: folded, in: MeasurementUnit.suggestedWords + BMIStandard.allCases.map(\.word)))
        }
    }

    /// The inches of `5ft9in` lie in 0..<12, the pounds of `11st4lb` in 0..<14, the feet of
    /// `1yd 2ft` in 0..<3; more would be written with the larger unit.
    private func checkMinorAmount(
        _ amount: Number, of part: ArgumentPart, after major: MeasurementUnit, in minor: MeasurementUnit
    ) throws(Diagnostic) {
        let limit = major.sizeInBaseUnit / minor.sizeInBaseUnit
        if amount.signum < 0 {
            throw Diagnostic.bmiNegativeMinorAmount(minor.pluralName, after: major.pluralName, at: part.span)
        }
        if Number.compare(amount, limit) >= 0 {
            throw Diagnostic.bmiMinorAmountTooLarge(
                minor.pluralName, after: major.pluralName, limit: limit.plainText, at: part.span)
        }
    }

    /// The accepted range in the unit the user wrote, then in the base unit; rounded inwards,
    /// so every value in the range shown is accepted.
    private var acceptedRangeText: String {
        let range = quantity.plausibleRange
        let base = "\(range.lowest.plainText)–\(range.highest.plainText) \(quantity.baseUnit.symbol)"
        let unit = units[0]
        if unit == quantity.baseUnit { return base }
        // A height in feet reads best in feet and inches; other units, stones included (0.4 st
        // beats 0st 4.5lb), as decimals.
        let inFeetAndInches = unit == .foot
        let shownUnit = inFeetAndInches ? MeasurementUnit.inch : unit
        let places = shownUnit.displayPlaces
        let lowest = (range.lowest / shownUnit.sizeInBaseUnit).roundedUp(toPlaces: places)
        let highest = (range.highest / shownUnit.sizeInBaseUnit).roundedDown(toPlaces: places)
        let text: String
        if inFeetAndInches {
            text = "\(compoundText(lowest, major: unit))–\(compoundText(highest, major: unit))"
        } else {
            text = "\(lowest.plainText)–\(highest.plainText) \(unit.symbol)"
        }
        return "\(text) (\(base))"
    }

    /// An amount of the minor unit written as major and minor: 107 in is `8ft 11in`.
    private func compoundText(_ amountOfMinor: Number, major: MeasurementUnit) -> String {
        guard let minor = major.minorUnit else { preconditionFailure("a compound unit") }
        let perMajor = major.sizeInBaseUnit / minor.sizeInBaseUnit
        let majorCount = (amountOfMinor / perMajor).floor
        let rest = amountOfMinor - majorCount * perMajor
        return "\(majorCount.plainText)\(major.symbol) \(rest.plainText)\(minor.symbol)"
    }

    /// The argument rewritten in the unit it was likely meant in, for a height that is
    /// implausible as written but plausible so: a bare number in metres (`1.75`) or feet (`5`),
    /// metres typed as centimetres (`1.75cm`) or centimetres typed as metres (`175m`).
    private func unitGuess(for centimetres: Number) -> String? {
        guard quantity == .height, parts.count == 1 else { return nil }
        let candidates: [MeasurementUnit]
        switch units[0] {
        case _ where parts[0].unitText == nil: candidates = [.metre, .foot]
        case .centimetre: candidates = [.metre]
        case .metre: candidates = [.centimetre]
        default: return nil
        }
        let written = centimetres / units[0].sizeInBaseUnit
        for unit in candidates where quantity.contains(written * unit.sizeInBaseUnit) {
            return parts[0].textBeforeUnit + unit.symbol
        }
        return nil
    }
}
