import TallyDiagnostics

/// `habit undo NAME [DATE]`: take back a day done or skipped.
enum UndoSubcommand: HabitSubcommand {
    static let name = "undo"
    static let usage = "habit undo NAME [DATE]"
    static let summaryLines = ["take back a day done or skipped"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let takesDate = true
    static let wordsBeforeQuotingHint: Int? = 3

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NameAndDayRequest {
        try arguments.readNameAndOptionalDate()
    }

    static func run(_ request: NameAndDayRequest, in invocation: HabitInvocation) throws -> HabitOutput {
        let day = request.day.value
        let (habit, undone) = try UndoCompletion(repository: invocation.repository).execute(
            name: request.name.value, day: day)
        let quoted = HabitReply.quoted(habit.name)
        switch undone {
        case .done: return HabitOutput("\(quoted) no longer done on \(day)")
        case .skip: return HabitOutput("\(quoted) no longer skipped on \(day)")
        case .nothing: return HabitOutput("\(quoted) was neither done nor skipped on \(day); nothing to undo")
        }
    }
}
