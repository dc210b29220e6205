/// The published table a child's BMI is read against.
public enum GrowthReference: String, Sendable, CaseIterable {
    /// WHO Child Growth Standards (2006), BMI-for-age by day, 2 years to 5 years 1 month.
    case who2006
    /// WHO growth reference 5–19 years (2007), BMI-for-age by month, 61 to 228 months.
    case who2007
    /// CDC 2000 growth charts, BMI-for-age 2–19 years, with the CDC's 2022 extended method
    /// above the 95th percentile.
    case cdc2000

    /// The name printed after every child's result.
    public var sourceName: String {
        switch self {
        case .who2006: return "WHO 2006 child growth standards, BMI-for-age under 5 years"
        case .who2007: return "WHO 2007 growth reference, BMI-for-age 5–19 years"
        case .cdc2000: return "CDC 2000 growth charts, BMI-for-age 2–19 years"
        }
    }

    /// The categories from lowest to highest.
    var categories: [BMIForAgeCategory] {
        switch self {
        case .who2006: return [.severeWasting, .wasting, .normal, .possibleRiskOfOverweight, .overweight, .obesity]
        case .who2007: return [.severeThinness, .thinness, .normal, .overweight, .obesity]
        case .cdc2000:
            return [.underweight, .healthyWeight, .overweight, .obesity, .severeObesityClass2, .severeObesityClass3]
        }
    }
}
