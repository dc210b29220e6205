import TallyCalendar
import TallyDiagnostics

/// Pieces of the replies subcommands write.
enum HabitReply {
    /// A name from the user or the store, quoted and made safe to print.
    static func quoted(_ name: String) -> String {
        TerminalSafeText.escaped(MessageText.quoted(name))
    }

    /// "'Walk' done on 2026-11-29 (current streak: 3 days)": `verb` says what happened to the day.
    static func marked(_ habit: Habit, _ verb: String, _ day: CivilDate, today: CivilDate) -> String {
        "\(quoted(habit.name)) \(verb) \(day) (current streak: \(habit.periods(habit.currentStreak(today: today))))"
    }

    /// "its history (3 days done)".
    static func history(of habit: Habit) -> String {
        switch habit.daysDone.count {
        case 0: return "its history (no days done)"
        case 1: return "its history (1 day done)"
        case let count: return "its history (\(count) days done)"
        }
    }

    /// "; it now starts on …, not …" when a day done before the start moved it, else empty.
    static func movedStart(_ old: CivilDate?, habit: Habit) -> String {
        old.map { "; it now starts on \(habit.start), not \($0)" } ?? ""
    }

    /// What `list` and `today` say when no active habit is left to show.
    static func emptyList(_ repository: any HabitRepository, today: CivilDate) throws -> String {
        let archived = try ListHabits(repository: repository).execute(includeArchived: true, today: today).count
        guard archived == 0 else {
            return "no active habits; 'habit list all' also shows the \(archived) archived"
        }
        return "no habits yet; start one with: habit add NAME"
    }
}

/// The request of a subcommand that takes one habit's name and nothing else (`restore`).
struct NameRequest: HabitRequest, Equatable {
    /// The habit.
    var name: Spanned<String>

    var nameSpan: SourceSpan? { name.span }
}

/// The request of a subcommand that takes a habit's name and a day (`skip`, `undo`, `archive`,
/// `start`); the day left out is today, at the name.
struct NameAndDayRequest: HabitRequest, Equatable {
    /// The habit.
    var name: Spanned<String>
    /// The day.
    var day: Spanned<CivilDate>

    var nameSpan: SourceSpan? { name.span }
    var daySpan: SourceSpan? { day.span }
}
