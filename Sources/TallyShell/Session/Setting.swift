import TallyCore
import TallyDiagnostics
import TallyHabits
import TallyHealth

/// The settings `set` shows and changes: the one list that `set`, its listing, `help` and
/// completion read.
public enum Setting: String, CaseIterable, Sendable {
    case digits, maxdigits, angle, grouping, standard, glyphs, suggest, preview

    /// How `set` writes the setting with its value.
    public var usage: String {
        switch self {
        case .digits: return "digits N"
        case .maxdigits: return "maxdigits N"
        case .angle: return "angle \(AngleUnit.allCases.map(\.rawValue).joined(separator: "|"))"
        case .grouping: return "grouping on|off"
        case .standard: return "standard \(BMIStandard.allCases.map(\.word).joined(separator: "|"))"
        case .glyphs: return "glyphs \(HabitGlyphs.allCases.map(\.rawValue).joined(separator: "|"))"
        case .suggest: return "suggest on|off"
        case .preview: return "preview on|off"
        }
    }

    /// What the setting means, for the listing of `set`.
    public var meaning: String {
        switch self {
        case .digits: return "significant digits shown for values that are not exact decimals"
        case .maxdigits: return "the most digits a result may have"
        case .angle: return "unit of angles for sin, cos, tan and their inverses: rad or deg"
        case .grouping: return "group digits in threes with _ (1_234_567), which reads back"
        case .standard: return "BMI classification: \(BMIStandard.allCases.map(\.word).joined(separator: " or "))"
        case .glyphs: return "marks in habit tables: unicode (■ ·) or ascii (# .)"
        case .suggest: return "at the prompt, suggest the last matching line as you type (→ takes it)"
        case .preview: return "at the prompt, show the value as you type"
        }
    }

    /// The words the setting's value may be, for completion; empty for numbers.
    public var choices: [String] {
        switch self {
        case .digits, .maxdigits: return []
        case .angle: return AngleUnit.allCases.map(\.rawValue)
        case .grouping, .suggest, .preview: return ["on", "off"]
        case .standard: return BMIStandard.allCases.map(\.word)
        case .glyphs: return HabitGlyphs.allCases.map(\.rawValue)
        }
    }

    /// The whole numbers the setting accepts under `settings`; nil when its value is a word.
    public func range(under settings: EvaluationSettings) -> ClosedRange<Int>? {
        switch self {
        case .digits: return 1...settings.maxDigits
        case .maxdigits: return 10...EvaluationSettings.maxDigitsLimit
        case .angle, .grouping, .standard, .glyphs, .suggest, .preview: return nil
        }
    }
}
