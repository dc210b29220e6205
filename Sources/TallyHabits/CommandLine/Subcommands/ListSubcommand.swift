import TallyDiagnostics

/// `habit list [all]`: the table of habits.
enum ListSubcommand: HabitSubcommand {
    /// Whether `all` was written: archived habits too.
    struct Request: HabitRequest, Equatable {
        var includeArchived: Bool
    }

    static let name = "list"
    static let aliases = ["ls"]
    static let usage = "habit list [all]"
    static let summaryLines = ["each habit's streak, last 7 days,", "strength and total (all: archived too)"]
    static let firstArgument = HabitSubcommands.FirstArgument.word(oneOf: ["all"])

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        guard let word = arguments.next else { return Request(includeArchived: false) }
        guard !word.isQuoted, word.text.lowercased() == "all" else { throw arguments.unexpected(word) }
        _ = arguments.take()
        return Request(includeArchived: true)
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let view = HabitListView(today: invocation.today, glyphs: invocation.context.glyphs)
        return try listing(includeArchived: request.includeArchived, in: invocation, drawnBy: view.render)
    }

    /// The habits (archived ones too when `includeArchived`) drawn by `render`, with their data
    /// when it is wanted; or, when there is none to show, what to do next.
    static func listing(
        includeArchived: Bool, in invocation: HabitInvocation, drawnBy render: ([HabitSummary]) -> StyledText
    ) throws -> HabitOutput {
        let today = invocation.today
        let habits = try ListHabits(repository: invocation.repository).execute(
            includeArchived: includeArchived, today: today)
        let data = invocation.context.wantsData ? JSONMember("habits", HabitViewData.list(habits, today: today)) : nil
        guard !habits.isEmpty else {
            let message = try HabitReply.emptyList(invocation.repository, today: today)
            return HabitOutput(styled: StyledText(message), data: data)
        }
        return HabitOutput(styled: render(habits), data: data)
    }
}
