import TallyCalendar
import TallyDiagnostics

/// `habit show NAME [year|YYYY]`: a habit's numbers and calendar; `year` for the last 53 weeks
/// by month, or a calendar year.
enum ShowSubcommand: HabitSubcommand {
    /// The habit and the period shown.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        /// Whether a year is shown (the last 53 weeks, or `calendarYear`).
        var year = false
        /// The calendar year written, if one was.
        var calendarYear: Spanned<Int>? = nil

        var nameSpan: SourceSpan? { name.span }
    }

    static let name = "show"
    static let usage = "habit show NAME [year|YYYY]"
    static let summaryLines = ["streaks, completion, strength and 16", "weeks of calendar (year: 53, by month)"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let wordsBeforeQuotingHint: Int? = 2

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        guard let word = arguments.next, !word.isQuoted else { return Request(name: name) }
        if word.text.utf8.count == 4, word.text.utf8.allSatisfy({ (48...57).contains($0) }),
            let year = Int(word.text), CivilDate.supportedYears.contains(year)
        {
            _ = arguments.take()
            guard year <= arguments.today.year else {
                throw .dateInFuture(String(year), today: arguments.today, at: word.span)
            }
            return Request(name: name, year: true, calendarYear: Spanned(year, at: word.span))
        }
        guard word.text.lowercased() == "year" else { return Request(name: name) }
        _ = arguments.take()
        return Request(name: name, year: true)
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let today = invocation.today
        let habit = try ShowHabit(repository: invocation.repository).execute(name: request.name.value)
        let data = invocation.context.wantsData ? JSONMember("habit", HabitViewData.show(habit, today: today)) : nil
        let view = HabitDetailView(
            today: today, glyphs: invocation.context.glyphs, columns: invocation.context.columns)
        if let calendarYear = request.calendarYear {
            let last = habit.lastTrackedDay(today: today)
            guard calendarYear.value >= habit.start.year, calendarYear.value <= last.year else {
                throw Diagnostic.yearNotTracked(
                    calendarYear.value, name: HabitReply.quoted(habit.name), from: habit.start, to: last,
                    at: calendarYear.span)
            }
            return HabitOutput(styled: view.renderYear(habit, calendarYear: calendarYear.value), data: data)
        }
        return HabitOutput(styled: request.year ? view.renderYear(habit) : view.render(habit), data: data)
    }
}
