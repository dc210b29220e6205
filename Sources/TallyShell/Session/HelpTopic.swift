/// The topics of `help`, as typed after it: the one list that `help`, its overview and
/// completion read.
public enum HelpTopic: String, CaseIterable, Sendable {
    case syntax, functions, constants, units, dates, bmi, habit

    /// The text of the topic.
    public var text: String {
        switch self {
        case .syntax: return HelpText.syntax
        case .functions: return HelpText.functions
        case .constants: return HelpText.constants
        case .units: return HelpText.units
        case .dates: return HelpText.dates
        case .bmi: return HelpText.bmi
        case .habit: return HelpText.habit
        }
    }
}
