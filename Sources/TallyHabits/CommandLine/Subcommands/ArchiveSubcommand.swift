import TallyDiagnostics

/// `habit archive NAME [DATE]`: stop tracking, keeping the history; DATE is the last day.
enum ArchiveSubcommand: HabitSubcommand {
    static let name = "archive"
    static let usage = "habit archive NAME [DATE]"
    static let summaryLines = ["stop tracking, keep the history", "(DATE is the last day)"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let takesDate = true
    static let wordsBeforeQuotingHint: Int? = 3

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NameAndDayRequest {
        try arguments.readNameAndOptionalDate()
    }

    static func run(_ request: NameAndDayRequest, in invocation: HabitInvocation) throws -> HabitOutput {
        let habit = try ArchiveHabit(repository: invocation.repository).execute(
            name: request.name.value, day: request.day.value, today: invocation.today)
        return HabitOutput("archived \(HabitReply.quoted(habit.name)) (last day \(request.day.value))")
    }
}
