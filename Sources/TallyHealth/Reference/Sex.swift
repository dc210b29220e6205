/// The sex a BMI-for-age reference is read for.
public enum Sex: Sendable, Equatable {
    case female
    case male

    /// Reads `f`, `m`, `female`, `male`, `girl` or `boy` in any letter case; nil otherwise.
    public init?(word: String) {
        switch word.lowercased() {
        case "f", "female", "girl": self = .female
        case "m", "male", "boy": self = .male
        default: return nil
        }
    }

    /// The word for a child of this sex in the report: "girl", "boy".
    var childWord: String {
        self == .female ? "girl" : "boy"
    }

    /// The word for someone of 18 or 19 years in the report: "female", "male".
    var adultWord: String {
        self == .female ? "female" : "male"
    }
}
