import TallyCore
import TallyDiagnostics
import TallyHealth

extension BMIResult {
    /// The result's fields as a JSON object, for `--json` (docs/json.md): the BMI as shown, its
    /// category and standard, the measurements, and for an adult the healthy range in kg (one
    /// decimal), for a child the age, sex, z-score and percentile against the WHO 2007 reference.
    var jsonObject: String {
        let formatter = ValueFormatter(settings: EvaluationSettings())
        func number(_ value: Number) -> String { formatter.format(.number(value)).text }
        var fields: [(String, String)] = [
            ("bmi", number(shownValue)),
            ("category", JSONText.string(childAssessment?.category.rawValue ?? band.category)),
            ("standard", JSONText.string(childAssessment == nil ? standard.word : "who2007")),
            ("height_cm", number(heightInCentimetres)),
            ("weight_kg", number(weightInKilograms)),
        ]
        if let child = childAssessment {
            fields += [
                ("age_months", String(child.months)),
                ("sex", JSONText.string(child.sex == .female ? "female" : "male")),
                ("z_score", String(child.shownZScore)),
                ("percentile", String((child.percentile * 10).rounded() / 10)),
            ]
        } else {
            // A child's healthy range comes from the reference, printed in the output only.
            let range = healthyWeightRange
            fields.append((
                "healthy_weight_kg",
                "[\(number(range.lowestInKilograms.rounded(toPlaces: 1))),"
                    + "\(number(range.highestInKilograms.rounded(toPlaces: 1)))]"
            ))
        }
        return "{" + fields.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
}
