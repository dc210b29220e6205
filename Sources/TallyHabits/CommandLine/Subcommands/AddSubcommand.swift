import TallyCalendar
import TallyDiagnostics

/// `habit add NAME [TARGET] [since DATE]`: start tracking a habit, or a measured one
/// (`habit add Water 8 glasses per day`).
enum AddSubcommand: HabitSubcommand {
    /// The new habit.
    struct Request: HabitRequest, Equatable {
        /// Its name.
        var name: Spanned<String>
        /// How often it is meant to be done; for a measured habit, the measure's period.
        var target: HabitTarget
        /// What a measured habit measures; nil for a yes-or-no habit.
        var measure: HabitMeasure? = nil
        /// Its first day (today, at the name, when left out).
        var start: Spanned<CivilDate>

        var nameSpan: SourceSpan? { name.span }
        var givenNameSpan: SourceSpan? { name.span }
        var daySpan: SourceSpan? { start.span }
    }

    static let name = "add"
    static let usage = "habit add NAME [TARGET] [since DATE]"
    static let summaryLines = ["start tracking (from today unless", "since DATE); TARGET defaults to daily"]
    static let firstArgument = HabitSubcommands.FirstArgument.newHabitName
    static let wordsBeforeQuotingHint: Int? = 2

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        if let (measure, period) = try arguments.readOptionalMeasure() {
            return Request(name: name, target: period, measure: measure, start: try arguments.readSince(after: name))
        }
        let target = try arguments.readOptionalTarget() ?? .daily
        return Request(name: name, target: target, start: try arguments.readSince(after: name))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let habit = try AddHabit(repository: invocation.repository).execute(
            name: request.name.value, start: request.start.value, today: invocation.today, target: request.target,
            measure: request.measure)
        let quoted = HabitReply.quoted(habit.name)
        if let measure = request.measure {
            return HabitOutput("added \(quoted) (since \(habit.start), \(measure.targetText(request.target)))")
        }
        let targetText = request.target == .daily ? "" : ", \(request.target)"
        return HabitOutput("added \(quoted) (since \(habit.start)\(targetText))")
    }
}
