import TallyCalendar
import TallyDiagnostics

/// `habit done NAME... [DATE]`: record one or more habits done; and for a measured habit
/// `habit done NAME AMOUNT [DATE]` adds AMOUNT to the day's amount, `=AMOUNT` replaces it.
enum DoneSubcommand: HabitSubcommand {
    /// The habits and the day, and the amount for a measured one.
    struct Request: HabitRequest, Equatable {
        /// The habits, in the order typed (one when an amount is given).
        var names: [Spanned<String>]
        /// The amount in thousandths, for a measured habit.
        var amount: Spanned<Int>? = nil
        /// Whether the amount replaces the day's (`=AMOUNT`) rather than adding to it.
        var replacing = false
        /// The day (today, at the first name, when left out).
        var day: Spanned<CivilDate>

        var nameSpan: SourceSpan? { names.first?.span }
        var daySpan: SourceSpan? { day.span }
        var amountSpan: SourceSpan? { amount?.span }
        var typedNames: [Spanned<String>] { amount == nil ? names : [] }
    }

    static let name = "done"
    static let usage = "habit done NAME... [AMOUNT] [DATE]"
    static let summaryLines = [
        "record that you did it (today unless", "DATE is given); several names at once;",
        "AMOUNT adds to a measured day, =AMOUNT", "replaces it",
    ]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let takesDate = true
    static let takesSeveralNames = true
    static let wordsBeforeQuotingHint: Int? = 3

    /// Names up to the first word written like a date (or a mistyped one); or one name and an
    /// amount.
    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let first = try arguments.readName()
        var names = [first]
        while let word = arguments.next {
            if !word.isQuoted, HabitCommandLine.looksLikeDate(word.text) || word.text.hasPrefix("=") { break }
            names.append(Spanned(word.text, at: word.span))
            _ = arguments.take()
        }
        if let word = arguments.next, !word.isQuoted {
            let replacing = word.text.hasPrefix("=")
            let text = replacing ? String(word.text.dropFirst()) : word.text
            let amount: Int?
            do throws(HabitError) {
                amount = try HabitMeasure.parseAmount(text)
            } catch {
                throw .habit(error, at: word.span)
            }
            if replacing && amount == nil { throw .missingAmountAfterEquals(at: word.span) }
            // `Read 20 pages` is a name split at its spaces, not an amount: an amount is
            // followed by a date or nothing.
            let followedByDate = arguments.following.map { HabitCommandLine.looksLikeDate($0.text) } ?? true
            if let amount, followedByDate {
                guard names.count == 1 else { throw .amountForSeveralHabits(at: word.span) }
                _ = arguments.take()
                return Request(
                    names: names, amount: Spanned(amount, at: word.span), replacing: replacing,
                    day: try arguments.readOptionalDate(after: first))
            }
        }
        return Request(names: names, day: try arguments.readOptionalDate(after: first))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let today = invocation.today
        let day = request.day.value
        if let amount = request.amount {
            let (habit, change, movedStart) = try EnterAmount(repository: invocation.repository).execute(
                name: request.names[0].value, amount: amount.value, replacing: request.replacing, day: day,
                today: today)
            guard let measure = habit.measure else { return HabitOutput("") }
            let was = change.old.map { " (was \(HabitMeasure.amountText($0)))" } ?? ""
            let streak = habit.periods(habit.currentStreak(today: today))
            return HabitOutput(
                "\(HabitReply.quoted(habit.name)) on \(day): \(measure.amount(change.new))\(was) of "
                    + "\(measure.targetText(habit.target)) (current streak: \(streak))"
                    + HabitReply.movedStart(movedStart, habit: habit))
        }
        let results = try RecordCompletion(repository: invocation.repository).execute(
            names: request.names.map(\.value), day: day, today: today)
        let lines = results.map { habit, isNew, movedStart in
            let verb = isNew ? "done on" : "was already done on"
            return HabitReply.marked(habit, verb, day, today: today) + HabitReply.movedStart(movedStart, habit: habit)
        }
        return HabitOutput(lines.joined(separator: "\n"))
    }
}
