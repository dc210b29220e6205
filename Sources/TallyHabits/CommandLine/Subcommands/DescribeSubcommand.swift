import TallyDiagnostics

/// `habit describe NAME TEXT`: keep a habit's question or description; empty text removes it.
enum DescribeSubcommand: HabitSubcommand {
    /// The habit and its description.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        var text: Spanned<String>

        var nameSpan: SourceSpan? { name.span }
        var textSpan: SourceSpan? { text.span }
    }

    static let name = "describe"
    static let usage = "habit describe NAME TEXT"
    static let summaryLines = ["keep its question or description", "(\"\" removes it)"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        guard !arguments.isAtEnd else { throw .missingDescription(at: arguments.endSpan) }
        return Request(name: name, text: arguments.readRestOfLine())
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let habit = try DescribeHabit(repository: invocation.repository).execute(
            name: request.name.value, text: request.text.value)
        let quoted = HabitReply.quoted(habit.name)
        guard let description = habit.habitDescription else { return HabitOutput("no description for \(quoted)") }
        return HabitOutput("description of \(quoted): \(TerminalSafeText.escaped(description))")
    }
}
