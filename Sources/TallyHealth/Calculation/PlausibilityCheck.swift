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
    let height: BodyMeasurement
    let weight: BodyMeasurement

    /// The smallest and largest BMI accepted, both inclusive.
    static let bmiRange = (lowest: Rational(10), highest: Rational(150))

    /// Throws an error at both arguments when their BMI is outside ``bmiRange``, with a note
    /// for each reading of bare numbers (swapped; inches; pounds) that would be plausible.
    func checkBMI() throws(Diagnostic) {
        let centimetres = height.amount
        let kilograms = weight.amount
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
                "\(weight.valueText) \(height.valueText)",
                bmi: Self.bmi(kilograms, centimetres).fixedText(places: 1), at: height.span.union(weight.span))
        }
        var heights: [(centimetres: Rational, unit: MeasurementUnit?)] = [(centimetres, nil)]
        var weights: [(kilograms: Rational, unit: MeasurementUnit?)] = [(kilograms, nil)]
        if heightIsBare { heights.append((centimetres * MeasurementUnit.inch.sizeInBaseUnit, .inch)) }
        if weightIsBare { weights.append((kilograms * MeasurementUnit.pound.sizeInBaseUnit, .pound)) }
        for (newHeight, heightUnit) in heights {
            for (newWeight, weightUnit) in weights where heightUnit != nil || weightUnit != nil {
                guard Self.isLikely(newHeight, newWeight) else { continue }
                var rewritten: [String] = []
                var span: SourceSpan?
                if let heightUnit {
                    rewritten.append(height.valueText + heightUnit.symbol)
                    span = height.span
                }
                if let weightUnit {
                    rewritten.append(weight.valueText + weightUnit.symbol)
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

    /// An error for a bare number beside an imperial unit on the other measurement, when the
    /// imperial reading would be plausible too: `bmi 69 in 160` could be 160 kg or 160 lb, so
    /// the line asks which rather than guess.
    func checkUnitGuess() throws(Diagnostic) {
        let centimetres = height.amount
        let kilograms = weight.amount
        if [.inch, .foot, .yard].contains(height.unit), weight.isBare,
            Self.isPlausible(centimetres, kilograms * MeasurementUnit.pound.sizeInBaseUnit)
        {
            throw Self.unitGuess(weight, read: .kilogram, meant: .pound, beside: "a height in feet or inches")
        }
        if [.pound, .stone, .ounce].contains(weight.unit), height.isBare,
            Self.isPlausible(centimetres * MeasurementUnit.inch.sizeInBaseUnit, kilograms)
        {
            throw Self.unitGuess(height, read: .centimetre, meant: .inch, beside: "a weight in pounds or stones")
        }
    }

    /// `give the unit of 160: …`, at the bare measurement.
    private static func unitGuess(
        _ measurement: BodyMeasurement, read: MeasurementUnit, meant: MeasurementUnit, beside: String
    ) -> Diagnostic {
        Diagnostic.bmiUnitGuess(
            measurement.quantity.name, beside: beside, value: measurement.valueText, read: read.symbol,
            meant: meant.symbol, at: measurement.span)
    }

    static func bmi(_ centimetres: Rational, _ kilograms: Rational) -> Rational {
        let metres = centimetres / Rational(100)
        return kilograms / (metres * metres)
    }

    private static func isInRange(_ bmi: Rational) -> Bool {
        Rational.compare(bmi, bmiRange.lowest) >= 0 && Rational.compare(bmi, bmiRange.highest) <= 0
    }

    /// Whether a height and a weight are each in range and give a BMI in range.
    private static func isPlausible(_ centimetres: Rational, _ kilograms: Rational) -> Bool {
        BodyQuantity.height.contains(centimetres) && BodyQuantity.weight.contains(kilograms)
            && isInRange(bmi(centimetres, kilograms))
    }

    /// Whether a reading is worth suggesting: a BMI most adults have (15–40), so that only the
    /// likely mistakes are named, not every reading that is merely possible.
    private static func isLikely(_ centimetres: Rational, _ kilograms: Rational) -> Bool {
        let bmi = bmi(centimetres, kilograms)
        return isPlausible(centimetres, kilograms) && Rational.compare(bmi, Rational(15)) >= 0
            && Rational.compare(bmi, Rational(40)) <= 0
    }

    private static func text(_ amount: Rational, _ unit: String) -> String {
        "\(amount.rounded(toPlaces: 1).plainText) \(unit)"
    }
}
