import TallyDiagnostics

/// `habit restore NAME`: track an archived habit again.
enum RestoreSubcommand: HabitSubcommand {
    static let name = "restore"
    static let usage = "habit restore NAME"
    static let summaryLines = ["track an archived habit again"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let wordsBeforeQuotingHint: Int? = 2

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NameRequest {
        NameRequest(name: try arguments.readName())
    }

    static func run(_ request: NameRequest, in invocation: HabitInvocation) throws -> HabitOutput {
        let habit = try RestoreHabit(repository: invocation.repository).execute(
            name: request.name.value, today: invocation.today)
        return HabitOutput("restored \(HabitReply.quoted(habit.name))")
    }
}
