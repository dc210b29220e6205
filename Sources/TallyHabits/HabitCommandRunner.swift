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

    /// Parses and runs one `habit` line, returning its text without styles (as a file or a pipe
    /// gets it).
    ///
    /// - Parameters:
    ///   - line: the whole line as typed.
    ///   - argumentsStart: the 0-based UTF-8 byte offset just after the word `habit`.
    ///   - context: today, glyphs, interactivity and how to ask for confirmation.
    /// - Returns: the text to print, without a trailing newline.
    /// - Throws: a ``Diagnostic`` pointing into `line` for every failure: a malformed line, a
    ///   rule the command would break (pointing at the name or the day), or a database problem
    ///   (pointing at the subcommand, and naming the file).
    public func run(line: String, argumentsStart: Int, context: HabitRunContext) throws(Diagnostic) -> String {
        try runWithData(line: line, argumentsStart: argumentsStart, context: context).text.plainText
    }

    /// Parses and runs one `habit` line, returning its text, styled where a mark means something
    /// (the shell colours it), and for `list`, `today` and `show` the habits' data as a JSON
    /// member for `--json` (`habits`: an array; `habit`: an object; see docs/json.md).
    public func runWithData(
        line: String, argumentsStart: Int, context: HabitRunContext
    ) throws(Diagnostic) -> (text: StyledText, data: JSONMember?) {
        let command = try HabitCommandLine.parse(line, argumentsStart: argumentsStart, today: context.today)
        let output = try execute(command, context: context)
        return (output.text, output.data)
    }

    /// Runs a parsed command; see ``runWithData(line:argumentsStart:context:)``.
    func execute(_ command: HabitCommand, context: HabitRunContext) throws(Diagnostic) -> HabitOutput {
        do {
            let invocation = HabitInvocation(
                repository: try repository(), context: context, subcommandSpan: command.subcommandSpan,
                endSpan: command.endSpan)
            return try command.run(in: invocation)
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

    // MARK: Errors

    /// "No habit named …" at the name that is not found, with the hint that matters: when it
    /// and the names after it form a habit's name (`habit done cold shower`), that name in
    /// quotes; otherwise the nearest name, unless it looks the same as the one typed.
    private func notFound(_ error: HabitError, name: String, in command: HabitCommand) -> Diagnostic {
        let names = habitNames()
        var span = command.nameSpan ?? command.subcommandSpan
        let typed = command.request.typedNames
        if let index = typed.firstIndex(where: { $0.value == name }) {
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
                        return .habitNameNeedsQuotes(
                            error, name: HabitCommandLine.quotedForInput(existing) ?? existing,
                            at: typed[first].span.union(typed[last].span))
                    }
                }
            }
        }
        let key = Habit.nameKey(for: name)
        let suggestion = Suggestion.nearest(to: name, in: names.filter { Habit.nameKey(for: $0) != key })
        return Diagnostic.habit(error, at: span).suggesting(suggestion)
    }

    /// Every failure as a diagnostic pointing at the argument it is about.
    private func diagnostic(for error: any Error, in command: HabitCommand) -> Diagnostic {
        let request = command.request
        let fallback = request.nameSpan ?? command.subcommandSpan
        switch error {
        case let diagnostic as Diagnostic:
            return diagnostic
        case let error as HabitError:
            let span: SourceSpan
            switch error {
            case .emptyName, .controlCharacterInName, .invisibleCharacterInName, .nameTooLong, .duplicateName:
                span = request.givenNameSpan ?? fallback
            case .notFound(let name):
                return notFound(error, name: name, in: command)
            case .alreadyArchived, .notArchived, .dayStoredTwice, .amountNeeded:
                span = fallback
            case .startInFuture, .beforeStart, .inFuture, .afterArchive, .alreadyDone, .notDone,
                .archiveBeforeStart, .doneAfterArchive, .inPause, .skipOnDayDone, .alreadySkipped, .invalidTarget,
                .startAfterDone:
                span = request.daySpan ?? fallback
            case .emptyNote, .controlCharacterInNote, .noteTooLong:
                span = request.textSpan ?? fallback
            case .invalidPosition:
                span = request.positionSpan ?? fallback
            case .invalidMeasure, .amountOverLimit, .notMeasured:
                span = request.amountSpan ?? request.daySpan ?? fallback
            }
            return .habit(error, at: span)
        case let error as HabitImportError:
            return .habitImportFailed(error.message, at: request.fileSpan ?? command.subcommandSpan)
        case let error as HabitStoreError:
            return .habitStore(error, at: command.subcommandSpan)
        default:
            return .unexpectedHabitError(error, at: command.subcommandSpan)
        }
    }
}
