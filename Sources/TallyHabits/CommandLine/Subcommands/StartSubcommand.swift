import TallyDiagnostics

/// `habit start NAME DATE`: move the start, earlier or later.
enum StartSubcommand: HabitSubcommand {
    static let name = "start"
    static let usage = "habit start NAME DATE"
    static let summaryLines = ["move the start, earlier or later"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let takesDate = true

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NameAndDayRequest {
        let name = try arguments.readName()
        guard arguments.next != nil else { throw .missingDateAfterName(at: arguments.endSpan) }
        let word = arguments.take()
        return NameAndDayRequest(name: name, day: try arguments.resolveDate(word))
    }

    static func run(_ request: NameAndDayRequest, in invocation: HabitInvocation) throws -> HabitOutput {
        let (old, habit) = try MoveStart(repository: invocation.repository).execute(
            name: request.name.value, day: request.day.value, today: invocation.today)
        return HabitOutput("\(HabitReply.quoted(habit.name)) now starts on \(habit.start) (was \(old))")
    }
}
