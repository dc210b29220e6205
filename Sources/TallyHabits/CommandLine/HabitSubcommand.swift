import TallyDiagnostics

/// One subcommand of `habit`, as one type: its name, its usage and help, how it reads its
/// arguments into a typed request (with the span of each), and how it runs that request by
/// calling its use case. ``HabitSubcommands/all`` lists the types; parsing, the usage in
/// messages, `help habit`, the shell's completion and the dispatch all read that table, so a
/// subcommand is added as one type and one row there.
protocol HabitSubcommand: SendableMetatype {
    /// What the arguments say, each value with where it was written.
    associatedtype Request: HabitRequest

    /// The word that names it, in lower case.
    static var name: String { get }
    /// Other words accepted for it (`ls` for `list`); none by default.
    static var aliases: [String] { get }
    /// How it is written, as help and messages about its arguments show it:
    /// `habit add NAME [TARGET] [since DATE]`.
    static var usage: String { get }
    /// What it does, as `help habit` lays it out beside the usage, one line at a time.
    static var summaryLines: [String] { get }
    /// What may come first after it, which decides what Tab offers there.
    static var firstArgument: HabitSubcommands.FirstArgument { get }
    /// Whether a DATE may stand among its arguments after the name (Tab offers day words
    /// there); false by default.
    static var takesDate: Bool { get }
    /// Whether several habit names may follow it (`habit done Read Walk`); false by default.
    static var takesSeveralNames: Bool { get }
    /// How many words a line needs before an odd word after its NAME is taken for part of a
    /// name written without quotes (`habit done Read 20 pages`), so that the message shows the
    /// name quoted; nil where NAME is not its one free-text argument (the default).
    static var wordsBeforeQuotingHint: Int? { get }

    /// Reads the arguments after the subcommand word; ``HabitArguments/finish()`` then refuses
    /// any word left.
    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request
    /// Does what `request` says, through its use case, and says what happened.
    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput
}

extension HabitSubcommand {
    static var aliases: [String] { [] }
    static var wordsBeforeQuotingHint: Int? { nil }
    static var takesDate: Bool { false }
    static var takesSeveralNames: Bool { false }

    /// What it does, in one line.
    static var summary: String { summaryLines.joined(separator: " ") }
}
