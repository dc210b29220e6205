import TallyCore
import TallyHabits
import TallyHealth

/// The settings `set` shows and changes: the one list that `set`, its listing, `help` and
/// completion read.
public enum Setting: String, CaseIterable, Sendable {
    case digits, maxdigits, maxwork, angle, grouping, standard, glyphs

    /// How `set` writes the setting with its value.
    public var usage: String {
        switch self {
        case .digits: return "digits N"
        case .maxdigits: return "maxdigits N"
        case .maxwork: return "maxwork N"
        case .angle: return "angle \(AngleUnit.allCases.map(\.rawValue).joined(separator: "|"))"
        case .grouping: return "grouping on|off"
        case .standard: return "standard \(BMIStandard.allCases.map(\.word).joined(separator: "|"))"
        case .glyphs: return "glyphs \(HabitGlyphs.allCases.map(\.rawValue).joined(separator: "|"))"
        }
    }

    /// What the setting means, for the listing of `set`.
    public var meaning: String {
        switch self {
        case .digits: return "significant digits shown for values that are not exact decimals"
        case .maxdigits: return "the most digits a result may have"
        case .maxwork: return "the most work a line may do, in steps (10^8: about a second)"
        case .angle: return "unit of angles for sin, cos, tan and their inverses: rad or deg"
        case .grouping: return "group digits in threes with _ (1_234_567), which reads back"
        case .standard: return "BMI classification: \(BMIStandard.allCases.map(\.word).joined(separator: " or "))"
        case .glyphs: return "marks in habit tables: unicode (■ ·) or ascii (# .)"
        }
    }

    /// The words the setting's value may be, for completion; empty for numbers.
    public var choices: [String] {
        switch self {
        case .digits, .maxdigits, .maxwork: return []
        case .angle: return AngleUnit.allCases.map(\.rawValue)
        case .grouping: return ["on", "off"]
        case .standard: return BMIStandard.allCases.map(\.word)
        case .glyphs: return HabitGlyphs.allCases.map(\.rawValue)
        }
    }

    /// The whole numbers the setting accepts under `settings`; nil when its value is a word.
    public func range(under settings: EvaluationSettings) -> ClosedRange<Int>? {
        switch self {
        case .digits: return 1...settings.maxDigits
        case .maxdigits: return 10...EvaluationSettings.maxDigitsLimit
        case .maxwork: return 1_000...EvaluationSettings.maxWorkLimit
        case .angle, .grouping, .standard, .glyphs: return nil
        }
    }
}
