import TallyCore
import TallyDiagnostics

/// The checks that need both measurements: a BMI no person has, and a plausible BMI that rests
/// on reading a bare number in the default unit beside an imperial one.
///
/// Each measurement is already within its own range (50–272 cm, 2–650 kg), so what is left is a
/// unit left off one of them (`bmi 69 154`: inches and pounds) or the two swapped
/// (`bmi 70 175`). Beyond the BMI bounds, 10 and 150, such a mistake is far likelier than a
/// real person (and the rare person there needs a clinician, not a screening number); the error
/// says what each argument was read as and which readings would give a likely BMI.
struct PlausibilityCheck {
    let height: MeasurementArgument
    let weight: MeasurementArgument

    /// The smallest and largest BMI accepted, both inclusive.
    static let bmiRange = (lowest: Number(10), highest: Number(150))

    /// Throws an error at both arguments when their BMI is outside ``bmiRange``, with a note
    /// for each reading of bare numbers (swapped; inches; pounds) that would be plausible.
    func checkBMI(heightInCentimetres centimetres: Number, weightInKilograms kilograms: Number) throws(Diagnostic) {
        let bmi = Self.bmi(centimetres, kilograms)
        guard !Self.isInRange(bmi) else { return }
        var error = Diagnostic.bmiImplausibleResult(
            bmi.fixedText(places: 1), range: (Self.bmiRange.lowest.plainText, Self.bmiRange.highest.plainText),
            height: Self.text(centimetres, "cm"), weight: Self.text(kilograms, "kg"), at: height.span.union(weight.span)
        )
        let heightIsBare = height.isBare
        let weightIsBare = weight.isBare
        if heightIsBare && weightIsBare && Self.isLikely(kilograms, centimetres) {
            error = error.notingHeightFirst(
                "\(weight.parts[0].valueText) \(height.parts[0].valueText)",
                bmi: Self.bmi(kilograms, centimetres).fixedText(places: 1), at: height.span.union(weight.span))
        }
        var heights: [(centimetres: Number, unit: MeasurementUnit?)] = [(centimetres, nil)]
        var weights: [(kilograms: Number, unit: MeasurementUnit?)] = [(kilograms, nil)]
        if heightIsBare { heights.append((centimetres * MeasurementUnit.inch.sizeInBaseUnit, .inch)) }
        if weightIsBare { weights.append((kilograms * MeasurementUnit.pound.sizeInBaseUnit, .pound)) }
        for (newHeight, heightUnit) in heights {
            for (newWeight, weightUnit) in weights where heightUnit != nil || weightUnit != nil {
                guard Self.isLikely(newHeight, newWeight) else { continue }
                var rewritten: [String] = []
                var span: SourceSpan?
                if let heightUnit {
                    rewritten.append(height.parts[0].textBeforeUnit + heightUnit.symbol)
                    span = height.span
                }
                if let weightUnit {
                    rewritten.append(weight.parts[0].textBeforeUnit + weightUnit.symbol)
                    span = span.map { $0.union(weight.span) } ?? weight.span
                }
                error = error.notingPlausibleUnits(
                    rewritten.joined(separator: " "),
                    units: [heightUnit?.pluralName, weightUnit?.pluralName].compactMap { $0 }.joined(
                        separator: " and "),
                    bmi: Self.bmi(newHeight, newWeight).fixedText(places: 1), at: span)
            }
        }
        throw error
    }

    /// Warnings for a bare number read in the default unit beside an imperial unit on the other
    /// argument, when the imperial reading would be plausible too: `bmi 5'9" 154` reads 154 kg.
    func unitGuessWarnings(heightInCentimetres centimetres: Number, weightInKilograms kilograms: Number)
        -> [Diagnostic]
    {
        var warnings: [Diagnostic] = []
        if [.inch, .foot].contains(height.units[0]), weight.isBare,
            Self.isPlausible(centimetres, kilograms * MeasurementUnit.pound.sizeInBaseUnit)
        {
            warnings.append(
                Self.guessWarning(weight, read: .kilogram, meant: .pound, beside: "a height in feet or inches"))
        }
        if [.pound, .stone].contains(weight.units[0]), height.isBare,
            Self.isPlausible(centimetres * MeasurementUnit.inch.sizeInBaseUnit, kilograms)
        {
            warnings.append(
                Self.guessWarning(height, read: .centimetre, meant: .inch, beside: "a weight in pounds or stones"))
        }
        return warnings
    }

    /// `154 was read as kg; write 154lb for pounds`, at the bare argument.
    private static func guessWarning(
        _ argument: MeasurementArgument, read: MeasurementUnit, meant: MeasurementUnit, beside: String
    ) -> Diagnostic {
        let part = argument.parts[0]
        return Diagnostic.bmiUnitGuess(
            argument.quantity.name, beside: beside, value: part.valueText, read: read.symbol,
            rewritten: part.textBeforeUnit + meant.symbol, meant: meant.pluralName, at: argument.span)
    }

    static func bmi(_ centimetres: Number, _ kilograms: Number) -> Number {
        let metres = centimetres / Number(100)
        return kilograms / (metres * metres)
    }

    private static func isInRange(_ bmi: Number) -> Bool {
        Number.compare(bmi, bmiRange.lowest) >= 0 && Number.compare(bmi, bmiRange.highest) <= 0
    }

    /// Whether a height and a weight are each in range and give a BMI in range.
    private static func isPlausible(_ centimetres: Number, _ kilograms: Number) -> Bool {
        BodyQuantity.height.contains(centimetres) && BodyQuantity.weight.contains(kilograms)
            && isInRange(bmi(centimetres, kilograms))
    }

    /// Whether a reading is worth suggesting: a BMI most adults have (15–40), so that only the
    /// likely mistakes are named, not every reading that is merely possible.
    private static func isLikely(_ centimetres: Number, _ kilograms: Number) -> Bool {
        let bmi = bmi(centimetres, kilograms)
        return isPlausible(centimetres, kilograms) && Number.compare(bmi, Number(15)) >= 0
            && Number.compare(bmi, Number(40)) <= 0
    }

    private static func text(_ amount: Number, _ unit: String) -> String {
        "\(amount.rounded(toPlaces: 1).plainText) \(unit)"
    }
}
