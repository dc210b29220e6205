/// The categories of BMI-for-age of the three references.
///
/// - WHO 2007 (5–19 years), by z-score: severe thinness below −3, thinness below −2,
///   overweight above +1, obesity above +2 (de Onis et al., 2007).
/// - WHO 2006 (under 5 years), by z-score: severe wasting below −3, wasting below −2, possible
///   risk of overweight above +1, overweight above +2, obesity above +3 (WHO Child Growth
///   Standards, training course "Interpreting growth indicators").
/// - CDC 2000 (2–19 years), by percentile: underweight below the 5th, healthy weight from the
///   5th to below the 85th, overweight from the 85th to below the 95th, obesity from the 95th,
///   severe obesity from 120 % of the 95th percentile (CDC, 2022).
public enum BMIForAgeCategory: String, Sendable, CaseIterable {
    case severeThinness = "severe thinness"
    case thinness = "thinness"
    case severeWasting = "severe wasting"
    case wasting = "wasting"
    case underweight = "underweight"
    case normal = "normal"
    case healthyWeight = "healthy weight"
    case possibleRiskOfOverweight = "possible risk of overweight"
    case overweight = "overweight"
    case obesity = "obesity"
    case severeObesityClass2 = "severe obesity (class 2)"
    case severeObesityClass3 = "severe obesity (class 3)"

    /// WHO 2007's category of a z-score: +2 is overweight, above it obesity.
    init(zScore z: Double) {
        switch z {
        case ..<(-3): self = .severeThinness
        case ..<(-2): self = .thinness
        case ...1: self = .normal
        case ...2: self = .overweight
        default: self = .obesity
        }
    }

    /// WHO 2006's category of a z-score: +3 is overweight, above it obesity.
    init(underFiveZScore z: Double) {
        switch z {
        case ..<(-3): self = .severeWasting
        case ..<(-2): self = .wasting
        case ...1: self = .normal
        case ...2: self = .possibleRiskOfOverweight
        case ...3: self = .overweight
        default: self = .obesity
        }
    }

    /// The CDC's category of a percentile, a percentage of the 95th percentile and the BMI
    /// (AAP clinical practice guideline, 2023): obesity from the 95th percentile, severe obesity
    /// class 2 from 120 % of it or a BMI of 35, class 3 from 140 % or a BMI of 40.
    init(cdcPercentile percentile: Double, percentOfP95 percent: Double, bmiAtLeast35: Bool, bmiAtLeast40: Bool) {
        if percent >= 140 || (bmiAtLeast40 && percentile >= 95) {
            self = .severeObesityClass3
        } else if percent >= 120 || (bmiAtLeast35 && percentile >= 95) {
            self = .severeObesityClass2
        } else if percentile >= 95 {
            self = .obesity
        } else if percentile >= 85 {
            self = .overweight
        } else if percentile >= 5 {
            self = .healthyWeight
        } else {
            self = .underweight
        }
    }

    /// The category as `help bmi` lists it: "z below -3", "5th to below 85th".
    var rangeText: String {
        switch self {
        case .severeThinness, .severeWasting: return "z below -3"
        case .thinness, .wasting: return "z from -3 to below -2"
        case .normal: return "z from -2 to +1"
        case .possibleRiskOfOverweight: return "z above +1 up to +2"
        case .overweight: return "z above +1 up to +2"
        case .obesity: return "z above +2"
        case .underweight: return "below the 5th percentile"
        case .healthyWeight: return "5th to below the 85th percentile"
        case .severeObesityClass2: return "120 % of the 95th percentile or BMI 35, and over"
        case .severeObesityClass3: return "140 % of the 95th percentile or BMI 40, and over"
        }
    }

    /// The category's range in the table of `reference`, for `help bmi`.
    func rangeText(in reference: GrowthReference) -> String {
        switch (reference, self) {
        case (.who2006, .overweight): return "z above +2 up to +3"
        case (.who2006, .obesity): return "z above +3"
        case (.who2007, _), (.who2006, _): return rangeText
        case (.cdc2000, .overweight): return "85th to below the 95th percentile"
        case (.cdc2000, .obesity): return "95th percentile and over"
        case (.cdc2000, _): return rangeText
        }
    }
}
