import TallyDiagnostics

/// `habit target NAME TARGET`: change how often a habit is meant to be done, or a measured
/// habit's measure and period.
enum TargetSubcommand: HabitSubcommand {
    /// The habit and its new target.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        /// The target, or a measure's period, spanning the words it was written with.
        var target: Spanned<HabitTarget>
        /// The new measure of a measured habit.
        var measure: HabitMeasure? = nil

        var nameSpan: SourceSpan? { name.span }
        var daySpan: SourceSpan? { target.span }
    }

    static let name = "target"
    static let usage = "habit target NAME TARGET"
    static let summaryLines = ["change how often it is meant to be done"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        let start = arguments.position
        if let (measure, period) = try arguments.readOptionalMeasure() {
            return Request(name: name, target: Spanned(period, at: arguments.span(fromWord: start)), measure: measure)
        }
        guard let target = try arguments.readOptionalTarget() else {
            if let word = arguments.next { throw arguments.notATarget(word) }
            throw .missingHabitTarget(at: arguments.endSpan)
        }
        return Request(name: name, target: Spanned(target, at: arguments.span(fromWord: start)))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let change = ChangeTarget(repository: invocation.repository)
        if let measure = request.measure {
            let (old, habit) = try change.execute(
                name: request.name.value, measure: measure, period: request.target.value)
            return HabitOutput("\(HabitReply.quoted(habit.name)) is now \(habit.targetText) (was \(old))")
        }
        let (old, habit) = try change.execute(name: request.name.value, target: request.target.value)
        let was = habit.measure.map { $0.targetText(old) } ?? old.description
        return HabitOutput("\(HabitReply.quoted(habit.name)) is now \(habit.targetText) (was \(was))")
    }
}
