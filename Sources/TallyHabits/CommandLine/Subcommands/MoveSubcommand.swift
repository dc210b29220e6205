import TallyDiagnostics

/// `habit move NAME POSITION`: put a habit at POSITION (1 is first) in `list` and `today`.
enum MoveSubcommand: HabitSubcommand {
    /// The habit and where it goes.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        var position: Spanned<Int>

        var nameSpan: SourceSpan? { name.span }
        var positionSpan: SourceSpan? { position.span }
    }

    static let name = "move"
    static let usage = "habit move NAME POSITION"
    static let summaryLines = ["put it at POSITION (1 is first) in", "list and today"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        guard arguments.next != nil else { throw .missingHabitPosition(at: arguments.endSpan) }
        let word = arguments.take()
        guard !word.isQuoted, word.text.utf8.allSatisfy({ (48...57).contains($0) }), word.text.utf8.count <= 6,
            let place = Int(word.text), place >= 1
        else { throw .invalidHabitPosition(word.text, at: word.span) }
        return Request(name: name, position: Spanned(place, at: word.span))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let (habit, place) = try MoveHabit(repository: invocation.repository).execute(
            name: request.name.value, position: request.position.value, today: invocation.today)
        return HabitOutput("moved \(HabitReply.quoted(habit.name)) to place \(place)")
    }
}
