import TallyDiagnostics

/// Runs `habit` lines: parses, calls the use case, and returns the text to print.
///
/// The shell makes one runner per session. The repository is opened on first use, not at
/// start-up, so a broken database file only affects `habit` lines; when opening fails the error
/// is reported and the next `habit` line tries again.
public final class HabitCommandRunner {
    private let openRepository: () throws -> any HabitRepository
    private var openedRepository: (any HabitRepository)?
    /// The directory of the SQLite database, when the runner was made on one.
    private let dataDirectory: String?
    /// The data of the view the last command showed, for ``runWithData(line:argumentsStart:context:)``.
    private var lastData: (name: String, object: String)?

    private init(dataDirectory: String?, openRepository: @escaping () throws -> any HabitRepository) {
        self.dataDirectory = dataDirectory
        self.openRepository = openRepository
    }

    /// A runner that gets its repository from `openRepository` when first needed.
    public convenience init(openRepository: @escaping () throws -> any HabitRepository) {
        self.init(dataDirectory: nil, openRepository: openRepository)
    }

    /// A runner on the SQLite database in `dataDirectory` (see ``HabitDataDirectory``).
    public convenience init(dataDirectory: String) {
        self.init(dataDirectory: dataDirectory) { try SQLiteHabitStore(directory: dataDirectory) }
    }

    /// A runner on a repository that is already open (tests use an in-memory one).
    public convenience init(repository: any HabitRepository) {
        self.init(dataDirectory: nil) { repository }
        openedRepository = repository
    }

    /// Parses and runs one `habit` line.
    ///
    /// - Parameters:
    ///   - line: the whole line as typed.
    ///   - argumentsStart: the 0-based UTF-8 byte offset just after the word `habit`.
    ///   - context: today, colour, interactivity and how to ask for confirmation.
    /// - Returns: the text to print, without a trailing newline.
    /// - Throws: a ``Diagnostic`` pointing into `line` for every failure: a malformed line, a
    ///   rule the command would break (pointing at the name or the day), or a database problem
    ///   (pointing at the subcommand, and naming the file).
    public func run(line: String, argumentsStart: Int, context: HabitRunContext) throws(Diagnostic) -> String {
        try runWithData(line: line, argumentsStart: argumentsStart, context: context).text
    }

    /// Parses and runs one `habit` line, returning its text and, for `list`, `today` and
    /// `show`, the habits' data as a JSON member for `--json` (`habits`: an array; `habit`: an
    /// object; see docs/json.md).
    public func runWithData(
        line: String, argumentsStart: Int, context: HabitRunContext
    ) throws(Diagnostic) -> (text: String, data: (name: String, object: String)?) {
        let command = try HabitCommandLine.parse(line, argumentsStart: argumentsStart, today: context.today)
        lastData = nil
        let text = try execute(command, context: context)
        defer { lastData = nil }
        return (text, lastData)
    }

    /// Runs a parsed command; see ``run(line:argumentsStart:context:)``.
    public func execute(_ command: HabitCommand, context: HabitRunContext) throws(Diagnostic) -> String {
        do {
            return try perform(command, context: context)
        } catch {
            throw diagnostic(for: error, in: command)
        }
    }

    /// The names of all habits, archived ones included, sorted ignoring case; empty when the
    /// database cannot be read. Opens the repository (creating the database) like any command:
    /// tab completion wants ``existingHabitNames()``, which never creates it.
    public func habitNames() -> [String] {
        guard let repository = try? repository() else { return [] }
        return HabitCommandRunner.names(in: repository)
    }

    /// The names of all habits for tab completion, as ``habitNames()`` gives them, without ever
    /// creating the database: from the repository when a command has opened it, else from the
    /// database file in the data directory when there is one, read without writing. Empty for a
    /// runner made on neither. Insert them with ``HabitCommandLine/quotedForInput(_:)``.
    public func existingHabitNames() -> [String] {
        if let openedRepository { return HabitCommandRunner.names(in: openedRepository) }
        guard let dataDirectory else { return [] }
        return HabitCommandRunner.existingHabitNames(dataDirectory: dataDirectory)
    }

    /// The names of the habits in the database in `dataDirectory`, for tab completion; empty
    /// when there is no database there yet or it cannot be read as it is. Creates no directory
    /// and no file.
    public static func existingHabitNames(dataDirectory: String) -> [String] {
        guard let store = try? SQLiteHabitStore(readingExistingIn: dataDirectory) else { return [] }
        return names(in: store)
    }

    /// The names in `repository`, sorted ignoring case; empty when it cannot be read.
    private static func names(in repository: any HabitRepository) -> [String] {
        // Names do not depend on the day, so any day will do for the summaries.
        let habits = try? ListHabits(repository: repository).execute(includeArchived: true, today: .currentLocal())
        return habits?.map(\.name) ?? []
    }

    /// `help habit`.
    public static var helpText: String { HabitCommandLine.helpText }

    // MARK: Running

    private func repository() throws -> any HabitRepository {
        // A store whose file was replaced since the last command is opened anew.
        if let openedRepository, openedRepository.prepareForCommand() { return openedRepository }
        openedRepository = nil
        let repository = try openRepository()
        openedRepository = repository
        return repository
    }

    private func perform(_ command: HabitCommand, context: HabitRunContext) throws -> String {
        let repository = try repository()
        let today = context.today
        switch command.action {
        case .add(let name, let target, let start):
            let habit = try AddHabit(repository: repository).execute(
                name: name.value, start: start.value, today: today, target: target)
            let targetText = target == .daily ? "" : ", \(target)"
            return "added \(quoted(habit.name)) (since \(habit.start)\(targetText))"
        case .addMeasured(let name, let measure, let period, let start):
            let habit = try AddHabit(repository: repository).execute(
                name: name.value, start: start.value, today: today, target: period, measure: measure)
            return "added \(quoted(habit.name)) (since \(habit.start), \(measure.targetText(period)))"
        case .enter(let name, let amount, let replacing, let day):
            let (habit, change, movedStart) = try EnterAmount(repository: repository).execute(
                name: name.value, amount: amount.value, replacing: replacing, day: day.value, today: today)
            guard let measure = habit.measure else { return "" }
            let was = change.old.map { " (was \(HabitMeasure.amountText($0)))" } ?? ""
            let streak = HabitDetailView.days(habit.currentStreak(today: today))
            let moved = movedStart.map { "; it now starts on \(habit.start), not \($0)" } ?? ""
            return "\(quoted(habit.name)) on \(day.value): \(measure.amount(change.new))\(was) of "
                + "\(measure.targetText(habit.target)) (current streak: \(streak))\(moved)"
        case .describe(let name, let text):
            let habit = try DescribeHabit(repository: repository).execute(name: name.value, text: text.value)
            guard let description = habit.habitDescription else { return "no description for \(quoted(habit.name))" }
            return "description of \(quoted(habit.name)): \(TerminalSafeText.escaped(description))"
        case .move(let name, let position):
            let (habit, place) = try MoveHabit(repository: repository).execute(
                name: name.value, position: position.value, today: today)
            return "moved \(quoted(habit.name)) to place \(place)"
        case .today:
            let habits = try ListHabits(repository: repository).execute(includeArchived: false, today: today)
            if context.wantsData { lastData = ("habits", HabitViewData.list(habits, today: today)) }
            guard habits.isEmpty else {
                return HabitTodayView(today: today, useColour: context.useColour, glyphs: context.glyphs).render(habits)
            }
            return try emptyListMessage(repository, today: today)
        case .list(let includeArchived):
            let list = ListHabits(repository: repository)
            let habits = try list.execute(includeArchived: includeArchived, today: today)
            if context.wantsData { lastData = ("habits", HabitViewData.list(habits, today: today)) }
            guard habits.isEmpty else {
                return HabitListView(today: today, useColour: context.useColour, glyphs: context.glyphs).render(habits)
            }
            return try emptyListMessage(repository, today: today)
        case .done(let names, let day):
            let results = try RecordCompletion(repository: repository).execute(
                names: names.map(\.value), day: day.value, today: today)
            return results.map { habit, isNew, movedStart in
                let streak = HabitDetailView.days(habit.currentStreak(today: today))
                let verb = isNew ? "done on" : "was already done on"
                let moved = movedStart.map { "; it now starts on \(habit.start), not \($0)" } ?? ""
                return "\(quoted(habit.name)) \(verb) \(day.value) (current streak: \(streak))\(moved)"
            }.joined(separator: "\n")
        case .start(let name, let day):
            let (old, habit) = try MoveStart(repository: repository).execute(
                name: name.value, day: day.value, today: today)
            return "\(quoted(habit.name)) now starts on \(habit.start) (was \(old))"
        case .skip(let name, let day):
            let (habit, isNew) = try SkipDay(repository: repository).execute(
                name: name.value, day: day.value, today: today)
            let streak = HabitDetailView.days(habit.currentStreak(today: today))
            let verb = isNew ? "skipped on" : "was already skipped on"
            return "\(quoted(habit.name)) \(verb) \(day.value) (current streak: \(streak))"
        case .note(let name, let day, let text):
            let habit = try WriteNote(repository: repository).execute(
                name: name.value, day: day.value, text: text.value, today: today)
            guard let note = habit.notes[day.value] else {
                return "no note for \(quoted(habit.name)) on \(day.value)"
            }
            return "note for \(quoted(habit.name)) on \(day.value): \(TerminalSafeText.escaped(note))"
        case .target(let name, let target):
            let (old, habit) = try ChangeTarget(repository: repository).execute(name: name.value, target: target.value)
            let was = habit.measure.map { $0.targetText(old) } ?? old.description
            return "\(quoted(habit.name)) is now \(habit.targetText) (was \(was))"
        case .measure(let name, let measure, let period):
            let (old, habit) = try ChangeTarget(repository: repository).execute(
                name: name.value, measure: measure, period: period.value)
            return "\(quoted(habit.name)) is now \(habit.targetText) (was \(old))"
        case .undo(let name, let day):
            let (habit, undone) = try UndoCompletion(repository: repository).execute(name: name.value, day: day.value)
            switch undone {
            case .done: return "\(quoted(habit.name)) no longer done on \(day.value)"
            case .skip: return "\(quoted(habit.name)) no longer skipped on \(day.value)"
            case .nothing: return "\(quoted(habit.name)) was neither done nor skipped on \(day.value); nothing to undo"
            }
        case .archive(let name, let day):
            let habit = try ArchiveHabit(repository: repository).execute(name: name.value, day: day.value, today: today)
            return "archived \(quoted(habit.name)) (last day \(day.value))"
        case .restore(let name):
            let habit = try RestoreHabit(repository: repository).execute(name: name.value, today: today)
            return "restored \(quoted(habit.name))"
        case .rename(let name, let newName):
            let (oldName, habit) = try RenameHabit(repository: repository).execute(
                name: name.value, newName: newName.value)
            return "renamed \(quoted(oldName)) to \(quoted(habit.name))"
        case .delete(let name, let confirmed):
            guard confirmed || context.isInteractive else {
                throw Diagnostic(
                    .deleteNeedsConfirmation, "habit delete needs --yes in files and pipes", at: command.endSpan)
            }
            let deleted = try DeleteHabit(repository: repository).execute(name: name.value) { habit in
                confirmed || context.confirm("delete \(quoted(habit.name)) and \(history(of: habit))? [y/N] ")
            }
            guard let deleted else { return "kept \(quoted(name.value))" }
            return "deleted \(quoted(deleted.name)) and \(history(of: deleted))"
        case .show(let name, let year, let calendarYear):
            let habit = try ShowHabit(repository: repository).execute(name: name.value)
            if context.wantsData { lastData = ("habit", HabitViewData.show(habit, today: today)) }
            let view = HabitDetailView(today: today, useColour: context.useColour, glyphs: context.glyphs)
            if let calendarYear {
                let last = habit.lastTrackedDay(today: today)
                guard calendarYear.value >= habit.start.year, calendarYear.value <= last.year else {
                    throw Diagnostic(
                        .dayBeforeStart,
                        "\(quoted(habit.name)) was tracked from \(habit.start) to \(last), not in \(calendarYear.value)",
                        at: calendarYear.span)
                }
                return view.renderYear(habit, calendarYear: calendarYear.value)
            }
            return year ? view.renderYear(habit) : view.render(habit)
        case .import(let file):
            let report = try ImportHabits(repository: repository).execute(path: file.value, today: today)
            let habits = report.habits
            let days = habits.reduce(0) { $0 + $1.daysDone.count }
            let count = habits.count == 1 ? "1 habit" : "\(habits.count) habits"
            var lines = [
                "imported \(count) (\(HabitDetailView.days(days)) done) from \(TerminalSafeText.escaped(file.value))"
            ]
            lines += report.renamed.map { "renamed \(quoted($0.from)) to \(quoted($0.to)): the name was taken" }
            lines += report.notCarried.map { "not carried: " + TerminalSafeText.escaped($0) }
            lines += report.refused.map { "refused: " + TerminalSafeText.escaped($0) }
            return lines.joined(separator: "\n")
        case .export(let format, let file, let force):
            var text = try ExportHabits(repository: repository).execute(format: format)
            if let file {
                do throws(HabitExportFile.Failure) {
                    try HabitExportFile.write(text, to: file.value, force: force)
                } catch {
                    throw Diagnostic(
                        .habitExportFailed, "\(TerminalSafeText.escaped(file.value)): \(error.problem)", at: file.span)
                }
                let count = try repository.allHabits().count
                return
                    "exported \(count == 1 ? "1 habit" : "\(count) habits") to \(TerminalSafeText.escaped(file.value))"
            }
            text.removeLast()  // the trailing newline: the shell adds its own
            return text
        }
    }

    /// What `list` and `today` say when no active habit is left to show.
    private func emptyListMessage(_ repository: any HabitRepository, today: Day) throws -> String {
        let archived = try ListHabits(repository: repository).execute(includeArchived: true, today: today).count
        guard archived == 0 else {
            return "no active habits; 'habit list all' also shows the \(archived) archived"
        }
        return "no habits yet; start one with: habit add NAME"
    }

    /// A name from the user or the store, quoted and made safe to print.
    private func quoted(_ name: String) -> String {
        TerminalSafeText.escaped(MessageText.quoted(name))
    }

    private func history(of habit: Habit) -> String {
        switch habit.daysDone.count {
        case 0: return "its history (no days done)"
        case 1: return "its history (1 day done)"
        case let count: return "its history (\(count) days done)"
        }
    }

    // MARK: Errors

    /// "No habit named …" at the name that is not found, with the hint that matters: when it
    /// and the names after it form a habit's name (`habit done cold shower`), that name in
    /// quotes; otherwise the nearest name, unless it looks the same as the one typed.
    private func notFound(_ error: HabitError, name: String, in command: HabitCommand) -> Diagnostic {
        let names = habitNames()
        var span = command.nameSpan ?? command.subcommandSpan
        if case .done(let typed, _) = command.action, let index = typed.firstIndex(where: { $0.value == name }) {
            span = typed[index].span
            let keys = Dictionary(names.map { (Habit.nameKey(for: $0), $0) }, uniquingKeysWith: { first, _ in first })
            // Only runs of words short enough to be a name: a line of many words stays linear.
            let longest = Habit.maximumNameLength
            var first = index
            while first > 0, typed[(first - 1)...index].reduce(0, { $0 + $1.value.count + 1 }) <= longest + 1 {
                first -= 1
            }
            for first in first...index {
                var last = Swift.max(index, first + 1)
                while last < typed.count {
                    let joined = typed[first...last].map(\.value).joined(separator: " ")
                    if joined.count > longest { break }
                    defer { last += 1 }
                    if let existing = keys[Habit.nameKey(for: joined)] {
                        let quotedName = HabitCommandLine.quotedForInput(existing) ?? existing
                        return Diagnostic(
                            error.diagnosticID, error.message + "; a name with spaces needs quotes: \(quotedName)",
                            at: typed[first].span.union(typed[last].span))
                    }
                }
            }
        }
        let key = Habit.nameKey(for: name)
        let suggestion = Suggestion.nearest(to: name, in: names.filter { Habit.nameKey(for: $0) != key })
        return Diagnostic(error.diagnosticID, error.message, at: span).suggesting(suggestion)
    }

    /// Every failure as a diagnostic pointing at the argument it is about.
    private func diagnostic(for error: any Error, in command: HabitCommand) -> Diagnostic {
        let fallback = command.nameSpan ?? command.subcommandSpan
        switch error {
        case let diagnostic as Diagnostic:
            return diagnostic
        case let error as HabitError:
            let span: SourceSpan
            switch error {
            case .emptyName, .controlCharacterInName, .invisibleCharacterInName, .nameTooLong, .duplicateName:
                span = command.givenNameSpan ?? fallback
            case .notFound(let name):
                return notFound(error, name: name, in: command)
            case .alreadyArchived, .notArchived, .dayStoredTwice:
                span = fallback
            case .startInFuture, .beforeStart, .inFuture, .afterArchive, .alreadyDone, .notDone,
                .archiveBeforeStart, .doneAfterArchive, .inPause, .skipOnDayDone, .alreadySkipped, .invalidTarget,
                .startAfterDone:
                span = command.daySpan ?? fallback
            case .emptyNote, .controlCharacterInNote, .noteTooLong:
                switch command.action {
                case .note(_, _, let text), .describe(_, let text): span = text.span
                default: span = fallback
                }
            case .invalidPosition:
                if case .move(_, let position) = command.action { span = position.span } else { span = fallback }
            case .invalidMeasure, .amountOverLimit, .notMeasured:
                if case .enter(_, let amount, _, _) = command.action {
                    span = amount.span
                } else {
                    span = command.daySpan ?? fallback
                }
            case .amountNeeded:
                span = fallback
            }
            return Diagnostic(error.diagnosticID, error.message, at: span)
        case let error as HabitImportError:
            var span = command.subcommandSpan
            if case .import(let file) = command.action { span = file.span }
            return Diagnostic(.habitImportFailed, error.message, at: span)
        case let error as HabitStoreError:
            return Diagnostic(error.diagnosticID, error.message, at: command.subcommandSpan)
        default:
            return Diagnostic(.unexpectedHabitError, "habit \(error)", at: command.subcommandSpan)
        }
    }
}
