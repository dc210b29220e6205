import TallyCore
import TallyDiagnostics
import TallyHabits
import TallyHealth

/// A command of the session — `help`, `set`, `vars`, `unset`, `bmi`, `habit`, `exit`, `quit` —
/// as one entry that carries everything about it: its word, how it is written, what `help`
/// says of it, what Tab offers after it, and how it runs. The classifier, `help`, completion,
/// the evaluator's reserved words and the dispatch all read ``all``, as `set` reads
/// ``Setting/all`` and `habit` its subcommands' table; adding a command is adding an entry.
public struct SessionCommand: Sendable {
    /// What Tab offers after the command's word.
    public enum Arguments: Sendable, Equatable {
        /// Nothing: the command takes no argument.
        case none
        /// One of these words (a help topic).
        case words([String])
        /// A setting's name, then one of its values.
        case setting
        /// The name of a variable or a function.
        case name
        /// `bmi`'s own words (units, standards, sexes).
        case bmi
        /// A habit subcommand, then what it takes.
        case habit
    }

    /// The command's word, as typed at the start of a line.
    public let word: CommandWord
    /// How the command is written, for `help` and messages.
    public let usage: @Sendable () -> String
    /// What Tab offers after the word.
    public let arguments: Arguments
    /// Runs the command on the rest of its line.
    let run: @Sendable (inout Session, inout CommandArguments) throws(Diagnostic) -> LineOutcome

    /// The commands, in the order `help` and completion list them.
    public static let all: [SessionCommand] = [
        SessionCommand(
            word: .help, usage: { "help [\(HelpTopic.allCases.map(\.rawValue).joined(separator: "|"))]" },
            arguments: .words(HelpTopic.allCases.map(\.rawValue)),
            run: { _, arguments throws(Diagnostic) in .printing(try HelpText.topic(&arguments)) }),
        SessionCommand(
            word: .set, usage: { "set [\(Setting.all.map(\.usage).joined(separator: " | "))]" },
            arguments: .setting,
            run: { session, arguments throws(Diagnostic) in try session.runSet(&arguments) }),
        SessionCommand(
            word: .vars, usage: { "vars" }, arguments: .none,
            run: { session, arguments throws(Diagnostic) in
                try arguments.expectEnd(command: "vars")
                return .printing(session.variableListing())
            }),
        SessionCommand(
            word: .unset, usage: { "unset NAME" }, arguments: .name,
            run: { session, arguments throws(Diagnostic) in try session.runUnset(&arguments) }),
        SessionCommand(
            word: .bmi, usage: { BMICommand.usage }, arguments: .bmi,
            run: { session, arguments throws(Diagnostic) in
                try session.runBMI(line: arguments.line, argumentsStart: arguments.position)
            }),
        SessionCommand(
            word: .habit, usage: { "habit \(HabitSubcommands.names.joined(separator: "|"))" }, arguments: .habit,
            run: { session, arguments throws(Diagnostic) in
                try session.runHabit(line: arguments.line, argumentsStart: arguments.position)
            }),
        SessionCommand(word: .exit, usage: { "exit" }, arguments: .none, run: SessionCommand.end(.exit)),
        SessionCommand(word: .quit, usage: { "quit" }, arguments: .none, run: SessionCommand.end(.quit)),
    ]

    /// The entry of `word`.
    public static func entry(_ word: CommandWord) -> SessionCommand {
        all.first { $0.word == word }!
    }

    /// `exit` and `quit`: the end of the session, when nothing follows the word.
    private static func end(_ word: CommandWord)
        -> @Sendable (inout Session, inout CommandArguments) throws(Diagnostic) -> LineOutcome
    {
        { _, arguments throws(Diagnostic) in
            try arguments.expectEnd(command: word.rawValue)
            return LineOutcome(.end)
        }
    }
}

/// The words that start a command line rather than an expression: the identities of the
/// entries of ``SessionCommand/all``.
public enum CommandWord: String, CaseIterable, Sendable {
    case help, set, vars, unset, bmi, habit, exit, quit

    /// How the command is written, for `help` and messages.
    public var usage: String { SessionCommand.entry(self).usage() }

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
