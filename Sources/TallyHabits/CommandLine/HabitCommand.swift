import TallyDiagnostics

/// A parsed `habit` line: what to do, with the position of every argument so that errors found
/// later (a day already done, an unknown name) can point at the argument they are about.
public struct HabitCommand: Sendable, Equatable {
    /// What to do. A date left out is today, placed at the name's span so that errors about it
    /// point at the habit.
    public enum Action: Sendable, Equatable {
        /// `habit add NAME [TARGET] [since DATE]`.
        case add(name: Spanned<String>, target: HabitTarget, start: Spanned<Day>)
        /// `habit add NAME [at least|at most] AMOUNT [UNIT] per PERIOD [since DATE]`: a
        /// measurable habit, its period as a target (`per day` is daily, `per week` 1/week).
        case addMeasured(name: Spanned<String>, measure: HabitMeasure, period: HabitTarget, start: Spanned<Day>)
        /// `habit done NAME AMOUNT [DATE]` adds AMOUNT (thousandths) to the day's amount;
        /// `habit done NAME =AMOUNT [DATE]` puts it in its place (`replacing`).
        case enter(name: Spanned<String>, amount: Spanned<Int>, replacing: Bool, day: Spanned<Day>)
        /// `habit target NAME MEASURE`: a new measure and period for a measurable habit.
        case measure(name: Spanned<String>, measure: HabitMeasure, period: Spanned<HabitTarget>)
        /// `habit describe NAME TEXT`; empty text removes the description.
        case describe(name: Spanned<String>, text: Spanned<String>)
        /// `habit move NAME POSITION`.
        case move(name: Spanned<String>, position: Spanned<Int>)
        /// `habit list [all]`.
        case list(includeArchived: Bool)
        /// `habit today`, or `habit` alone.
        case today
        /// `habit done NAME... [DATE]`: one or more habits.
        case done(names: [Spanned<String>], day: Spanned<Day>)
        /// `habit skip NAME [DATE]`.
        case skip(name: Spanned<String>, day: Spanned<Day>)
        /// `habit note NAME [DATE] TEXT`; empty text removes the note.
        case note(name: Spanned<String>, day: Spanned<Day>, text: Spanned<String>)
        /// `habit start NAME DATE`.
        case start(name: Spanned<String>, day: Spanned<Day>)
        /// `habit target NAME TARGET`.
        case target(name: Spanned<String>, target: Spanned<HabitTarget>)
        /// `habit undo NAME [DATE]`.
        case undo(name: Spanned<String>, day: Spanned<Day>)
        /// `habit archive NAME [DATE]`.
        case archive(name: Spanned<String>, day: Spanned<Day>)
        /// `habit restore NAME`.
        case restore(name: Spanned<String>)
        /// `habit rename NAME NEWNAME`.
        case rename(name: Spanned<String>, newName: Spanned<String>)
        /// `habit delete NAME [--yes]`; `confirmed` when `--yes` was given.
        case delete(name: Spanned<String>, confirmed: Bool)
        /// `habit show NAME [year|YYYY]`: `year` for the last 53 weeks, or the calendar year
        /// `calendarYear`.
        case show(name: Spanned<String>, year: Bool, calendarYear: Spanned<Int>? = nil)
        /// `habit export csv|json [FILE] [--force]`: to standard output, or to FILE (which
        /// `force` lets replace a file that is not an earlier export).
        case export(HabitExportFormat, file: Spanned<String>? = nil, force: Bool = false)
        /// `habit import FILE`.
        case `import`(file: Spanned<String>)
    }

    /// What to do.
    public var action: Action
    /// Where the subcommand word is; errors about the store as a whole point here.
    public var subcommandSpan: SourceSpan
    /// An empty span where the arguments end: where a missing `--yes` would go.
    public var endSpan: SourceSpan

    /// A command doing `action`.
    public init(_ action: Action, subcommandSpan: SourceSpan, endSpan: SourceSpan) {
        self.action = action
        self.subcommandSpan = subcommandSpan
        self.endSpan = endSpan
    }
}

extension HabitCommand.Action {
    /// The subcommand this action is written with.
    var subcommand: HabitSubcommand {
        switch self {
        case .add, .addMeasured: return .add
        case .enter: return .done
        case .list: return .list
        case .today: return .today
        case .done: return .done
        case .skip: return .skip
        case .target, .measure: return .target
        case .describe: return .describe
        case .move: return .move
        case .note: return .note
        case .start: return .start
        case .undo: return .undo
        case .archive: return .archive
        case .restore: return .restore
        case .rename: return .rename
        case .delete: return .delete
        case .show: return .show
        case .export: return .export
        case .import: return .import
        }
    }
}

extension HabitCommand {
    /// Where the habit's name is, for errors about the habit.
    var nameSpan: SourceSpan? {
        switch action {
        case .addMeasured(let name, _, _, _), .enter(let name, _, _, _), .measure(let name, _, _),
            .describe(let name, _), .move(let name, _):
            return name.span
        case .add(let name, _, _), .skip(let name, _), .target(let name, _), .undo(let name, _), .note(let name, _, _),
            .start(let name, _),
            .archive(let name, _), .restore(let name), .rename(let name, _), .delete(let name, _),
            .show(let name, _, _):
            return name.span
        case .done(let names, _):
            return names.first?.span
        case .list, .export, .today, .import:
            return nil
        }
    }

    /// Where the day is (the name's span when the day was left out), for errors about the day.
    var daySpan: SourceSpan? {
        switch action {
        case .addMeasured(_, _, _, let day), .enter(_, _, _, let day):
            return day.span
        case .add(_, _, let day), .done(_, let day), .skip(_, let day), .undo(_, let day), .archive(_, let day),
            .note(_, let day, _), .start(_, let day):
            return day.span
        case .target(_, let target), .measure(_, _, let target):
            return target.span
        default:
            return nil
        }
    }

    /// Where the name being given is (NEWNAME for rename, NAME for add), for errors about a name.
    var givenNameSpan: SourceSpan? {
        switch action {
        case .add(let name, _, _), .rename(_, let name), .addMeasured(let name, _, _, _):
            return name.span
        default:
            return nil
        }
    }
}
