import TallyDiagnostics

/// The checks a measurement's value must pass on its own.
extension BodyMeasurement {
    /// Throws a ``Diagnostic`` at the measurement for a value that is zero, negative or outside
    /// the quantity's plausible range (with the unit it was likely meant in, when there is one).
    public func check() throws(Diagnostic) {
        guard amount.signum > 0 else {
            throw Diagnostic.bmiNotPositive(quantity.name, at: span)
        }
        if !quantity.contains(amount) {
            throw Diagnostic.bmiImplausibleMeasurement(
                quantity.name, range: acceptedRangeText, guess: unitGuess, at: span)
        }
    }

    /// The accepted range in the unit the user wrote, then in the base unit; rounded inwards,
    /// so every value in the range shown is accepted.
    private var acceptedRangeText: String {
        let range = quantity.plausibleRange
        let base = "\(range.lowest.plainText)–\(range.highest.plainText) \(quantity.baseUnit.symbol)"
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
            text = "\(Self.feetAndInches(lowest))–\(Self.feetAndInches(highest))"
        } else {
            text = "\(lowest.plainText)–\(highest.plainText) \(unit.symbol)"
        }
        return "\(text) (\(base))"
    }

    /// Inches as feet and inches: 107 in is `8ft 11in`.
    private static func feetAndInches(_ inches: Rational) -> String {
        let feet = (inches / Rational(12)).floor
        return "\(feet.plainText)ft \((inches - feet * Rational(12)).plainText)in"
    }

    /// The measurement rewritten in the unit it was likely meant in, for a height that is
    /// implausible as written but plausible so: a bare number in metres (`1.75`) or feet (`5`),
    /// metres typed as centimetres (`1.75cm`) or centimetres typed as metres (`175m`).
    private var unitGuess: String? {
        guard quantity == .height else { return nil }
        let candidates: [MeasurementUnit]
        switch unit {
        case _ where isBare: candidates = [.metre, .foot]
        case .centimetre: candidates = [.metre]
        case .metre: candidates = [.centimetre]
        default: return nil
        }
        let written = amount / unit.sizeInBaseUnit
        for candidate in candidates where quantity.contains(written * candidate.sizeInBaseUnit) {
            return valueText + candidate.symbol
        }
        return nil
    }
}
