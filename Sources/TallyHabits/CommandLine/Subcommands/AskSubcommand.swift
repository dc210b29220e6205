import TallyCalendar
import TallyDiagnostics

/// `habit ask`: asks about each habit still open today and yesterday, one by one: done, skip or
/// not yet (an amount for a measured habit). Each answer is recorded at once, by the same use
/// cases as `habit done` and `habit skip`.
enum AskSubcommand: HabitSubcommand {
    static let name = "ask"
    static let usage = "habit ask"
    static let summaryLines = ["asks about each habit still open today", "and yesterday: done, skip or not yet"]
    static let firstArgument = HabitSubcommands.FirstArgument.word(oneOf: [])

    /// How often an answer that is none of the choices is asked again before moving on.
    static let attempts = 3

    /// What a person answered.
    enum Answer: Equatable {
        case done
        case amount(Int)
        case skip
        case notYet
        case quit
    }

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> NoArguments {
        NoArguments()
    }

    static func run(_ request: NoArguments, in invocation: HabitInvocation) throws -> HabitOutput {
        let today = invocation.today
        let habits = try ListHabits(repository: invocation.repository).execute(includeArchived: false, today: today)
        let questions = habits.flatMap { habit in habit.openDays(today: today).map { (habit, $0) } }
        guard !questions.isEmpty else { return HabitOutput("nothing open today or yesterday") }
        guard let readAnswer = invocation.context.readAnswer else {
            throw Diagnostic.noAnswersToRead(at: invocation.subcommandSpan)
        }
        var lines: [String] = []
        for (index, (habit, day)) in questions.enumerated() {
            let answer = ask(
                about: habit, on: day, today: today, readAnswer: readAnswer, giveBack: invocation.context.giveBack)
            guard let answer else {
                lines.append("no more answers; \(left(questions.count - index)) left open")
                break
            }
            if answer == .quit {
                lines.append("stopped; \(left(questions.count - index)) left open")
                break
            }
            lines.append(try record(answer, for: habit, on: day, in: invocation))
        }
        return HabitOutput(lines.joined(separator: "\n"))
    }

    /// "1 question", "3 questions".
    private static func left(_ count: Int) -> String {
        count == 1 ? "1 question" : "\(count) questions"
    }

    /// Asks about `habit` on `day` until the answer is one of the choices (at most
    /// ``attempts`` times, then not yet); nil at the end of the input. In a file or pipe
    /// (`giveBack` given) a line that is no answer is handed back to be run, and the asking
    /// stops there.
    static func ask(
        about habit: HabitSummary, on day: CivilDate, today: CivilDate, readAnswer: (String) -> String?,
        giveBack: ((String) -> Void)?
    ) -> Answer? {
        let when = day == today ? "today" : "yesterday (\(day))"
        let name = TerminalSafeText.escaped(habit.name)
        let question: String
        if let measure = habit.measure {
            let sofar = habit.amounts[day].map { ", \(measure.amount($0)) so far" } ?? ""
            question = "\(name) (\(habit.targetText)), \(when)\(sofar): amount to add, skip or not yet? "
        } else {
            question = "\(name) (\(habit.targetText)), \(when): done, skip or not yet? [d/s/n] "
        }
        for attempt in 1...attempts {
            let prompt = attempt == 1 ? question : "please answer d (done), s (skip), n (not yet) or q (quit): "
            guard let text = readAnswer(prompt) else { return nil }
            if let answer = answer(text, measured: habit.measure != nil) { return answer }
            if let giveBack {
                giveBack(text)
                return .quit
            }
        }
        return .notYet
    }

    /// The answer `text` gives, in any case and with spaces around it; nil for none.
    static func answer(_ text: String, measured: Bool) -> Answer? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        switch words {
        case "d", "done", "y", "yes": return measured ? nil : .done
        case "s", "skip", "skipped": return .skip
        case "", "n", "no", "not yet", "later": return .notYet
        case "q", "quit": return .quit
        default:
            guard measured, let amount = try? HabitMeasure.parseAmount(words), amount > 0 else { return nil }
            return .amount(amount)
        }
    }

    /// Records `answer` and says what happened, as `habit done` and `habit skip` say it.
    private static func record(
        _ answer: Answer, for habit: HabitSummary, on day: CivilDate, in invocation: HabitInvocation
    ) throws -> String {
        let today = invocation.today
        let quoted = HabitReply.quoted(habit.name)
        switch answer {
        case .done:
            let changed = try RecordCompletion(repository: invocation.repository).execute(
                name: habit.name, day: day, today: today
            ).habit
            return HabitReply.marked(changed, "done on", day, today: today)
        case .amount(let amount):
            let (changed, change, _) = try EnterAmount(repository: invocation.repository).execute(
                name: habit.name, amount: amount, replacing: false, day: day, today: today)
            guard let measure = changed.measure else { return "" }
            let streak = changed.periods(changed.currentStreak(today: today))
            return "\(quoted) on \(day): \(measure.amount(change.new)) of \(measure.targetText(changed.target)) "
                + "(current streak: \(streak))"
        case .skip:
            let changed = try SkipDay(repository: invocation.repository).execute(
                name: habit.name, day: day, today: today
            ).habit
            return HabitReply.marked(changed, "skipped on", day, today: today)
        case .notYet, .quit:
            return "\(quoted) not yet on \(day)"
        }
    }
}
