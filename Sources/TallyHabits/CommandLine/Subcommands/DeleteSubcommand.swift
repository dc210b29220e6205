import TallyDiagnostics

/// `habit delete NAME [--yes]`: remove a habit and its history for good, after asking.
enum DeleteSubcommand: HabitSubcommand {
    /// The habit, and whether `--yes` was given.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        var confirmed: Bool

        var nameSpan: SourceSpan? { name.span }
    }

    static let name = "delete"
    static let aliases = ["rm"]
    static let usage = "habit delete NAME [--yes]"
    static let summaryLines = ["remove it and its history for good;", "asks first; --yes in files and pipes"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let wordsBeforeQuotingHint: Int? = 2

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let confirmed = try arguments.removeFlag("--yes", for: "habit delete")
        return Request(name: try arguments.readName(), confirmed: confirmed)
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let context = invocation.context
        guard request.confirmed || context.isInteractive else {
            throw Diagnostic.deleteNeedsConfirmation(at: invocation.endSpan)
        }
        let deleted = try DeleteHabit(repository: invocation.repository).execute(name: request.name.value) { habit in
            request.confirmed
                || context.confirm(
                    "delete \(HabitReply.quoted(habit.name)) and \(HabitReply.history(of: habit))? [y/N] ")
        }
        guard let deleted else { return HabitOutput("kept \(HabitReply.quoted(request.name.value))") }
        return HabitOutput("deleted \(HabitReply.quoted(deleted.name)) and \(HabitReply.history(of: deleted))")
    }
}
