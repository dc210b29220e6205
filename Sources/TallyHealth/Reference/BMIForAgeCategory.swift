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
    case severeObesity = "severe obesity"

    /// WHO 2007's category of a z-score as shown, to two decimals, so that the number printed and
    /// the category never disagree: +2.00 is overweight, +2.01 obesity.
    init(shownZScore z: Double) {
        switch z {
        case ..<(-3): self = .severeThinness
        case ..<(-2): self = .thinness
        case ...1: self = .normal
        case ...2: self = .overweight
        default: self = .obesity
        }
    }

    /// WHO 2006's category of a z-score as shown: +3.00 is overweight, +3.01 obesity.
    init(underFiveShownZScore z: Double) {
        switch z {
        case ..<(-3): self = .severeWasting
        case ..<(-2): self = .wasting
        case ...1: self = .normal
        case ...2: self = .possibleRiskOfOverweight
        case ...3: self = .overweight
        default: self = .obesity
        }
    }

    /// The CDC's category of a percentile and a percentage of the 95th percentile, each in tenths
    /// as shown: 95.0 is obesity, 94.9 overweight; 120.0 % of the 95th is severe obesity.
    init(cdcPercentileTenths percentile: Int, percentOfP95Tenths percent: Int) {
        if percent >= 1200 {
            self = .severeObesity
        } else if percentile >= 950 {
            self = .obesity
        } else if percentile >= 850 {
            self = .overweight
        } else if percentile >= 50 {
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
        case .severeObesity: return "120 % of the 95th percentile and over"
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
