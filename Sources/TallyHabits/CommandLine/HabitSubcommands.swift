/// The table of `habit`'s subcommands, one type each (see ``HabitSubcommand``): parsing, the
/// usage in messages, `help habit`, the shell's tab completion and the dispatch all read it.
public enum HabitSubcommands {
    /// Every subcommand, in the order messages list them and Tab offers them.
    static let all: [any HabitSubcommand.Type] = [
        TodaySubcommand.self, AddSubcommand.self, ListSubcommand.self, DoneSubcommand.self, SkipSubcommand.self,
        UndoSubcommand.self, NoteSubcommand.self, TargetSubcommand.self, DescribeSubcommand.self,
        MoveSubcommand.self, StartSubcommand.self, ArchiveSubcommand.self, RestoreSubcommand.self,
        RenameSubcommand.self, DeleteSubcommand.self, ShowSubcommand.self, ExportSubcommand.self,
        ImportSubcommand.self, AskSubcommand.self, LogSubcommand.self,
    ]

    /// The order `help habit` lists them in: the daily ones first, as a person meets them.
    static let helpOrder = [
        "today", "ask", "add", "done", "skip", "undo", "note", "list", "log", "show", "target", "describe", "move",
        "start", "archive", "restore", "rename", "delete", "export", "import",
    ]

    /// What may come first after a subcommand, which decides what Tab offers there.
    public enum FirstArgument: Sendable, Equatable {
        /// The name of a habit that exists: Tab offers the stored names.
        case habitName
        /// The name of a habit being created: there is nothing to offer.
        case newHabitName
        /// One of these fixed words (they may also be left out where the usage says so).
        case word(oneOf: [String])
    }

    /// The subcommand words, in the order of ``all``.
    public static var names: [String] { all.map { $0.name } }

    /// The subcommand written as `word`, in any case, or one of its aliases.
    static func named(_ word: String) -> (any HabitSubcommand.Type)? {
        let lowered = word.lowercased()
        return all.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }

    /// What may come first after the subcommand written `word` (as Tab completes it: its name
    /// exactly, in lower case); nil for a word that names none.
    public static func firstArgument(after word: String) -> FirstArgument? {
        all.first { $0.name == word }?.firstArgument
    }

    /// Whether the subcommand written `word` may take a DATE after the habit's name (`done`,
    /// `skip`, `undo`, `note`, `start`, `archive`): what Tab offers there.
    public static func takesDate(after word: String) -> Bool {
        all.first { $0.name == word }?.takesDate ?? false
    }

    /// Whether the subcommand written `word` takes several habit names (`done`).
    public static func takesSeveralNames(after word: String) -> Bool {
        all.first { $0.name == word }?.takesSeveralNames ?? false
    }
}
