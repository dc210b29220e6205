import TallyCalendar
import TallyDiagnostics

/// `habit log [N days|weeks]`: every active habit against the last N days, one mark a day (as
/// many days as fit the window when N is left out).
enum LogSubcommand: HabitSubcommand {
    /// How many days were asked for, if any.
    struct Request: HabitRequest, Equatable {
        var days: Spanned<Int>?
    }

    static let name = "log"
    static let usage = "habit log [N days|weeks]"
    static let summaryLines = ["every habit's marks over the last N", "days (as many as fit the window)"]
    static let firstArgument = HabitSubcommands.FirstArgument.word(oneOf: [])

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        guard let word = arguments.next, !word.isQuoted else { return Request() }
        _ = arguments.take()
        let limit = HabitLogView.maximumDays
        var span = word.span
        var factor = 1
        if let unit = arguments.next, !unit.isQuoted {
            switch unit.text.lowercased() {
            case "day", "days": factor = 1
            case "week", "weeks": factor = 7
            default: throw arguments.unexpected(unit)
            }
            _ = arguments.take()
            span = span.union(unit.span)
        }
        guard word.text.utf8.count <= 5, word.text.utf8.allSatisfy({ (48...57).contains($0) }),
            let count = Int(word.text), count >= 1, count * factor <= limit
        else { throw .invalidLogLength(word.text, limit: limit, at: span) }
        return Request(days: Spanned(count * factor, at: span))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let today = invocation.today
        let context = invocation.context
        let habits = try ListHabits(repository: invocation.repository).execute(includeArchived: false, today: today)
        let view = HabitLogView(today: today, glyphs: context.glyphs, columns: context.columns)
        let count = request.days?.value ?? view.daysThatFit(habits)
        let data =
            context.wantsData ? JSONMember("log", HabitLogView.data(habits, days: view.days(count), today: today)) : nil
        guard !habits.isEmpty else {
            let message = try HabitReply.emptyList(invocation.repository, today: today)
            return HabitOutput(styled: StyledText(message), data: data)
        }
        return HabitOutput(styled: view.render(habits, days: count), data: data)
    }
}
