import TallyDiagnostics

/// `habit rename NAME NEWNAME`: change the name; the history stays.
enum RenameSubcommand: HabitSubcommand {
    /// The habit and its new name.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        var newName: Spanned<String>

        var nameSpan: SourceSpan? { name.span }
        var givenNameSpan: SourceSpan? { newName.span }
    }

    static let name = "rename"
    static let usage = "habit rename NAME NEWNAME"
    static let summaryLines = ["change the name; the history stays"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        return Request(name: name, newName: try arguments.readName("new name"))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let (oldName, habit) = try RenameHabit(repository: invocation.repository).execute(
            name: request.name.value, newName: request.newName.value)
        return HabitOutput("renamed \(HabitReply.quoted(oldName)) to \(HabitReply.quoted(habit.name))")
    }
}
