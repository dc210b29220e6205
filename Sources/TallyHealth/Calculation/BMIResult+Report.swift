import TallyDiagnostics

/// The text a `bmi` line prints.
extension BMIResult {
    /// Two lines for an adult, three for a child, and with a waist the waist-to-height ratio
    /// (after BMI Prime for an adult), without a final newline:
    ///
    /// ```
    /// BMI 22.9  normal weight  (WHO adult classification, ages 20 and over)
    /// healthy weight at 175 cm: 56.6–76.4 kg
    ///
    /// BMI 17.4  normal  (WHO 2007 growth reference, BMI-for-age 5–19 years)
    /// girl, 10 years 6 months: z-score -0.52, percentile 30.2
    /// healthy weight at 140 cm: 29.1–41.4 kg
    /// ```
    ///
    /// The height is shown in centimetres to 0.1, after feet and inches when it was written in
    /// imperial units; the healthy weights in kilograms, and also in pounds (or stones and
    /// pounds) when the weight was written so. The BMI and the weights always carry one decimal.
    public var report: String {
        if let child = childAssessment {
            let bmi = bmiText
            let weights = child.healthyWeights(heightInCentimetres: heightInCentimetres, unit: .kilogram)
            let pounds =
                !weightUnit.isImperial
                ? nil : child.healthyWeights(heightInCentimetres: heightInCentimetres, unit: .pound)
            var extended = ""
            if child.reference == .cdc2000, let percent = child.percentOfP95Text,
                [.obesity, .severeObesityClass2, .severeObesityClass3].contains(child.category)
            {
                extended = (child.isExtended ? " (CDC 2022 extended)" : "") + ", \(percent) of the 95th percentile"
            }
            let lines = [
                "BMI \(bmi)  \(child.category.rawValue)  (\(child.reference.sourceName))",
                "\(child.age.months >= 216 ? child.sex.adultWord : child.sex.childWord), \(child.ageText): "
                    + "z-score \(child.zScoreText), percentile \(child.percentileText)\(extended)",
                "healthy weight at \(heightText): \(weightRangeText(weights, pounds: pounds))",
            ]
            return (lines + [waistLine, eighteenToNineteenLine].compactMap { $0 }).joined(separator: "\n")
        }
        let label = ageInMonths == nil ? "\(standard.sourceName), ages 20 and over" : standard.sourceName
        let weights = (healthyWeightRange.lowestInKilograms, healthyWeightRange.highestInKilograms)
        var pounds: (Rational, Rational)?
        if weightUnit.isImperial {
            let range = HealthyWeightRange(
                heightInCentimetres: heightInCentimetres, band: standard.normalBand,
                unitInKilograms: MeasurementUnit.pound.sizeInBaseUnit)
            pounds = (range.lowestInKilograms, range.highestInKilograms)
        }
        let lines = [
            "BMI \(shownText)  \(band.category)  (\(label))",
            "healthy weight at \(heightText): \(weightRangeText(weights, pounds: pounds))",
        ]
        // Every adult result shows BMI Prime, as a third line, so that the two lines scripts
        // read first stay where they were; the waist ratio follows when a waist was given.
        return (lines + [bmiPrimeLine] + [waistLine, waistCutOff?.line].compactMap { $0 }).joined(separator: "\n")
    }

    /// The BMI as shown: an adult's with the digits that decide its band; a child's to one
    /// decimal, since the reference classifies it, and for the CDC with the digits that decide
    /// the BMI of 35 and 40 its severe obesity is also read by.
    public var bmiText: String {
        guard let child = childAssessment else { return shownText }
        let boundaries = child.reference == .cdc2000 ? [Rational(35), Rational(40)] : []
        return DecidingDigits.text(value, places: 1, boundaries: boundaries)
    }

    /// From 18 years the rule in force differs: WHO's 2007 reference (and the CDC's charts) run
    /// to 19 years, the NHS classifies adults from 18 by the adult table. The reference is
    /// used, and this line says so and gives the adult reading beside it.
    private var eighteenToNineteenLine: String? {
        guard let months = ageInMonths, months >= 216, childAssessment != nil else { return nil }
        let adult = BMIStandard.who
        let band = adult.band(containing: value)
        let shown = DecidingDigits.text(value, places: 1, boundaries: adult.boundaries)
        return
            "from 18 years: \(childAssessment?.reference == .cdc2000 ? "the CDC charts run to 20" : "WHO 2007 runs to 19")"
            + " years; the NHS reads adults from 18: BMI \(shown) \(band.category) (\(adult.sourceName))"
    }

    /// `175 cm`, or `5ft 9in (175.3 cm)` for a height written in feet or inches.
    private var heightText: String {
        let centimetres = "\(heightInCentimetres.rounded(toPlaces: 1).plainText) cm"
        guard heightUnit.isImperial else { return centimetres }
        let inches = (heightInCentimetres / MeasurementUnit.inch.sizeInBaseUnit).rounded(toPlaces: 1)
        let feet = (inches / Rational(12)).floor
        return "\(feet.plainText)ft \((inches - feet * Rational(12)).plainText)in (\(centimetres))"
    }

    /// `56.6–76.4 kg`, with `(124.9–168.4 lb)` or `(8st 13lb–12st 0.4lb)` after it when the
    /// weight was written in pounds or stones.
    private func weightRangeText(_ kilograms: (Rational, Rational), pounds: (Rational, Rational)?) -> String {
        let metric = "\(kilograms.0.fixedText(places: 1))–\(kilograms.1.fixedText(places: 1)) kg"
        guard let pounds else { return metric }
        if weightUnit == .stone {
            return "\(metric) (\(stoneText(pounds.0))–\(stoneText(pounds.1)))"
        }
        return "\(metric) (\(pounds.0.fixedText(places: 1))–\(pounds.1.fixedText(places: 1)) lb)"
    }

    /// Pounds as stones and pounds: 124.9 lb is `8st 12.9lb`.
    private func stoneText(_ pounds: Rational) -> String {
        let stones = (pounds / Rational(14)).floor
        return "\(stones.plainText)st \((pounds - stones * Rational(14)).plainText)lb"
    }
}
