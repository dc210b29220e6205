import TallyDiagnostics

/// `habit today`, or `habit` alone: each active habit with today's state.
enum TodaySubcommand: HabitSubcommand {
    static let name = "today"
    static let usage = "habit [today]"
    static let summaryLines = ["today's state, each period's progress"]
    static let firstArgument = HabitSubcommands.FirstArgument.word(oneOf: [])

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NoArguments {
        NoArguments()
    }

    static func run(_ request: NoArguments, in invocation: HabitInvocation) throws -> HabitOutput {
        let view = HabitTodayView(today: invocation.today, glyphs: invocation.context.glyphs)
        return try ListSubcommand.listing(includeArchived: false, in: invocation, drawnBy: view.render)
    }
}
