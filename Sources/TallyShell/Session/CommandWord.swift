/// The words that start a command line rather than an expression.
public enum CommandWord: String, CaseIterable, Sendable {
    case help, set, vars, bmi, habit, exit, quit

    /// What each command does, for `help` and completion.
    public var summary: String {
        switch self {
        case .help: return "help [syntax|functions|bmi|habit]"
        case .set: return "set [digits N | maxdigits N | standard who|asia]"
        case .vars: return "vars: list variables"
        case .bmi: return "bmi HEIGHT WEIGHT [who|asia]"
        case .habit: return "habit add|list|done|undo|archive|restore|rename|delete|show|export"
        case .exit, .quit: return "exit or quit: end the session"
        }
    }
}
