import TallyDiagnostics

/// The result's values as one JSON object, for `--json`: each number as the report shows it.
extension BMIResult {
    /// `{"bmi":22.9,"category":"normal weight","standard":"WHO adult classification",...}`.
    ///
    /// Every result: `bmi`, `height_cm`, `weight_kg` (one decimal). Adults: `category`, `standard`
    /// (`who`, `asia`, `cdc`), `standard_name`, `healthy_weight_kg` ([lowest, highest]), `bmi_prime`. Children: `reference`, `sex`, `age_months`, `age_days`, `z_score`,
    /// `percentile` (a string, as shown: `66.1`, `below 0.1`), and for the CDC
    /// `percent_of_p95` and `extended`. With a waist: `waist_to_height` and, for an adult,
    /// `waist_to_height_band`.
    public var jsonObject: String {
        var fields: [(String, String)] = [
            ("bmi", bmiText),
            ("height_cm", heightInCentimetres.fixedText(places: 1)),
            ("weight_kg", weightInKilograms.fixedText(places: 1)),
        ]
        if let child = childAssessment {
            let weights = child.healthyWeights(heightInCentimetres: heightInCentimetres, unit: .kilogram)
            fields += [
                ("category", JSONText.string(child.category.rawValue)),
                ("reference", JSONText.string(child.reference.sourceName)),
                ("sex", JSONText.string(child.sex == .female ? "f" : "m")),
                ("age_months", String(child.age.months)), ("age_days", String(child.age.days)),
                ("z_score", child.zScoreText.hasPrefix("+") ? String(child.zScoreText.dropFirst()) : child.zScoreText),
                ("percentile", JSONText.string(child.percentileText)),
                (
                    "healthy_weight_kg",
                    "[\(weights.lowest.fixedText(places: 1)),\(weights.highest.fixedText(places: 1))]"
                ),
            ]
            if let percent = child.percentOfP95Text {
                fields += [
                    ("percent_of_p95", String(percent.dropLast())), ("extended", child.isExtended ? "true" : "false"),
                ]
            }
        } else {
            let range = healthyWeightRange
            fields += [
                ("category", JSONText.string(band.category)), ("standard", JSONText.string(standard.word)),
                ("standard_name", JSONText.string(standard.sourceName)),
                (
                    "healthy_weight_kg",
                    "[\(range.lowestInKilograms.fixedText(places: 1)),\(range.highestInKilograms.fixedText(places: 1))]"
                ),
                ("bmi_prime", bmiPrimeText),
            ]
        }
        if let ratio = waistToHeightRatio {
            fields.append(("waist_to_height", waistToHeightText ?? ratio.fixedText(places: 2)))
            if childAssessment == nil, let band = waistToHeightBand {
                fields.append(("waist_to_height_band", JSONText.string(band)))
            }
            if let cutOff = waistCutOff {
                fields.append(("waist_category", JSONText.string(cutOff.category)))
            }
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
