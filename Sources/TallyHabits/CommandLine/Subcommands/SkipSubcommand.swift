import TallyDiagnostics

/// `habit skip NAME [DATE]`: a rest day, neither done nor missed.
enum SkipSubcommand: HabitSubcommand {
    static let name = "skip"
    static let usage = "habit skip NAME [DATE]"
    static let summaryLines = ["a rest day: neither done nor missed"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let takesDate = true
    static let wordsBeforeQuotingHint: Int? = 3

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NameAndDayRequest {
        try arguments.readNameAndOptionalDate()
    }

    static func run(_ request: NameAndDayRequest, in invocation: HabitInvocation) throws -> HabitOutput {
        let today = invocation.today
        let (habit, isNew) = try SkipDay(repository: invocation.repository).execute(
            name: request.name.value, day: request.day.value, today: today)
        let verb = isNew ? "skipped on" : "was already skipped on"
        return HabitOutput(HabitReply.marked(habit, verb, request.day.value, today: today))
    }
}
