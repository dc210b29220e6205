import TallyHabits
import TallyHealth

/// The words that start a command line rather than an expression: the one list that routing,
/// `help`, completion and the evaluator's reserved names read.
public enum CommandWord: String, CaseIterable, Sendable {
    case help, set, vars, unset, bmi, habit, exit, quit

    /// How the command is written, for `help` and messages.
    public var usage: String {
        switch self {
        case .help: return "help [\(HelpTopic.allCases.map(\.rawValue).joined(separator: "|"))]"
        case .set: return "set [\(Setting.all.map(\.usage).joined(separator: " | "))]"
        case .vars: return "vars"
        case .unset: return "unset NAME"
        case .bmi: return BMICommand.usage
        case .habit: return "habit \(HabitSubcommands.names.joined(separator: "|"))"
        case .exit, .quit: return rawValue
        }
    }

    /// The words, for the evaluator: they cannot name variables.
    public static let reservedWords = Set(allCases.map(\.rawValue))

    /// Whether a line whose first non-blank byte is `byte` may start with a command word. Most
    /// lines are expressions starting with a digit or a sign: this keeps them from being lexed
    /// twice, which cost a sixth of the batch throughput.
    @inline(__always)
    static func mayStart(with byte: UInt8) -> Bool {
        firstBytes[Int(byte)]
    }

    /// Whether `letters` spell one of the words exactly.
    static func isWord<Letters: Collection<UInt8>>(_ letters: Letters) -> Bool {
        let count = letters.count
        return words.contains { $0.utf8.count == count && $0.utf8.elementsEqual(letters) }
    }

    private static let words = allCases.map(\.rawValue)

    private static let firstBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for word in allCases { table[Int(word.rawValue.utf8.first!)] = true }
        return table
    }()
}
