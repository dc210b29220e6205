import TallyDiagnostics

/// The result's values as one JSON object, for `--json`: each number as the report shows it.
extension BMIResult {
    /// `{"bmi":22.9,"category":"normal weight","standard":"WHO adult classification",...}`.
    ///
    /// Every result: `bmi`, `height_cm`, `weight_kg` (one decimal). Adults: `category`, `standard`
    /// (`who`, `asia`, `nice`, `cdc`), `standard_name`, `healthy_weight_kg` ([lowest, highest]),
    /// `bmi_prime`. Children: `reference`, `sex`, `age_months`, `age_days`, `z_score`,
    /// `percentile` (a string, as shown: `66.1`, `below 0.1`), and for the CDC `percent_of_p95`
    /// and `extended`. With a waist: `waist_to_height`, for an adult `waist_to_height_band`, and
    /// with a sex `waist_category`.
    public var jsonObject: JSONValue {
        var members = [
            JSONMember("bmi", Self.json(text: bmiText)),
            JSONMember("height_cm", Self.json(text: heightInCentimetres.fixedText(places: 1))),
            JSONMember("weight_kg", Self.json(text: weightInKilograms.fixedText(places: 1))),
        ]
        if let child = childAssessment {
            let weights = child.healthyWeights(heightInCentimetres: heightInCentimetres, unit: .kilogram)
            let zScore = child.zScoreText.hasPrefix("+") ? String(child.zScoreText.dropFirst()) : child.zScoreText
            members += [
                JSONMember("category", .string(child.category.rawValue)),
                JSONMember("reference", .string(child.reference.sourceName)),
                JSONMember("sex", .string(child.sex == .female ? "f" : "m")),
                JSONMember("age_months", .integer(child.age.months)), JSONMember("age_days", .integer(child.age.days)),
                JSONMember("z_score", Self.json(text: zScore)),
                JSONMember("percentile", .string(child.percentileText)),
                JSONMember(
                    "healthy_weight_kg",
                    .array([
                        Self.json(text: weights.lowest.fixedText(places: 1)),
                        Self.json(text: weights.highest.fixedText(places: 1)),
                    ])),
            ]
            if let percent = child.percentOfP95Text {
                members += [
                    JSONMember("percent_of_p95", Self.json(text: String(percent.dropLast()))),
                    JSONMember("extended", .bool(child.isExtended)),
                ]
            }
        } else {
            let range = healthyWeightRange
            members += [
                JSONMember("category", .string(band.category)), JSONMember("standard", .string(standard.word)),
                JSONMember("standard_name", .string(standard.sourceName)),
                JSONMember(
                    "healthy_weight_kg",
                    .array([
                        Self.json(text: range.lowestInKilograms.fixedText(places: 1)),
                        Self.json(text: range.highestInKilograms.fixedText(places: 1)),
                    ])),
                JSONMember("bmi_prime", Self.json(text: bmiPrimeText)),
            ]
        }
        if let ratio = waistToHeightRatio {
            members.append(
                JSONMember("waist_to_height", Self.json(text: waistToHeightText ?? ratio.fixedText(places: 2))))
            if childAssessment == nil, let band = waistToHeightBand {
                members.append(JSONMember("waist_to_height_band", .string(band)))
            }
            if let cutOff = waistCutOff {
                members.append(JSONMember("waist_category", .string(cutOff.category)))
            }
        }
        return .object(members)
    }

    /// A number given as the text the report shows; a text that is not a JSON number (which
    /// the report's figures never are) becomes a string rather than invalid JSON.
    private static func json(text: String) -> JSONValue { .number(text: text) ?? .string(text) }
}
