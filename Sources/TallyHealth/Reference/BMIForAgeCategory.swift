/// WHO's categories of BMI-for-age for 5 to 19 years, by z-score: severe thinness below −3 SD,
/// thinness below −2 SD, overweight above +1 SD, obesity above +2 SD (de Onis et al., 2007;
/// WHO growth reference 5–19 years).
public enum BMIForAgeCategory: String, Sendable, CaseIterable {
    case severeThinness = "severe thinness"
    case thinness = "thinness"
    case normal = "normal"
    case overweight = "overweight"
    case obesity = "obesity"

    /// The category of a z-score as shown, to two decimals, so that the number printed and the
    /// category never disagree: +2.00 is overweight, +2.01 obesity.
    init(shownZScore z: Double) {
        switch z {
        case ..<(-3): self = .severeThinness
        case ..<(-2): self = .thinness
        case ...1: self = .normal
        case ...2: self = .overweight
        default: self = .obesity
        }
    }

    /// The category as `help bmi` lists it: "below -3 SD", "above +2 SD".
    var rangeText: String {
        switch self {
        case .severeThinness: return "z below -3"
        case .thinness: return "z from -3 to below -2"
        case .normal: return "z from -2 to +1"
        case .overweight: return "z above +1 up to +2"
        case .obesity: return "z above +2"
        }
    }
}
